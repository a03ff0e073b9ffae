// "Be a Shark": an application stored for an admin to review. It creates no account (sharks are made by the company).
import { z } from 'zod';
import { SPECIALIZATIONS } from '../constants';
import { MSG } from '../messages';
import { emailField } from './common';

export const APPLICATION_MSG = {
  received: "Thanks for applying! Our team will review your application and email you. No account has been created: if you are accepted, we'll set one up for you.",
  motivationRequired: 'Tell us why you want to mentor',
  motivationShort: 'Please write at least 20 characters',
  experienceRequired: 'Experience must be a number of years',
} as const;

export const sharkApplicationSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, 'Name is too long (120 characters at most)'),
  email: emailField(),
  specialization: z.enum(SPECIALIZATIONS, { error: 'Choose a specialization' }),
  experience: z
    .number({ error: APPLICATION_MSG.experienceRequired })
    .int('Experience must be a whole number of years')
    .min(0, 'Experience cannot be negative')
    .max(80, 'Experience must be 80 years or less'),
  links: z.string().trim().max(1000, 'Links are too long (1000 characters at most)').optional().default(''),
  motivation: z
    .string({ error: APPLICATION_MSG.motivationRequired })
    .trim()
    .min(1, APPLICATION_MSG.motivationRequired)
    .min(20, APPLICATION_MSG.motivationShort)
    .max(3000, 'Please keep it under 3000 characters'),
});
export type SharkApplicationInput = z.input<typeof sharkApplicationSchema>;

export const sharkApplicationRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  specialization: z.string(),
  experience: z.number(),
  links: z.string().nullable(),
  motivation: z.string(),
  status: z.enum(['new', 'reviewed']),
  createdAt: z.string(),
});
export type SharkApplication = z.infer<typeof sharkApplicationRowSchema>;
