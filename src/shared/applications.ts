// "Be a Shark": an application stored for an admin to review. It creates no account (sharks are made by the company).
import { z } from 'zod';
import { specializationSchema } from './catalogue';
import { emailField, nameField } from './fields';

export const APPLICATION_MSG = {
  received:
    "Thanks for applying! Our team will review your application and email you. No account has been created: if you are accepted, we'll set one up for you.",
  motivationRequired: 'Tell us why you want to mentor',
  motivationShort: 'Please write at least 20 characters',
  experienceRequired: 'Experience must be a number of years',
} as const;

/** new -> approved | rejected; an email that already has an account waits for the person's confirmation. */
export const APPLICATION_STATUSES = ['new', 'awaiting_confirmation', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** POST /api/shark-applications/confirm: the token of the mailed link. */
export const confirmRoleSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is invalid or has expired.' })
    .min(10, 'This confirmation link is invalid or has expired.')
    .max(200, 'This confirmation link is invalid or has expired.'),
});

/** The answer to an admin's decision on an application. */
export const applicationDecisionSchema = z.object({
  message: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  userId: z.uuid().nullable(),
  sharkId: z.uuid().nullable(),
});
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;

export const sharkApplicationSchema = z.object({
  name: nameField,
  email: emailField(),
  specialization: specializationSchema,
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
  status: z.enum(APPLICATION_STATUSES),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SharkApplication = z.infer<typeof sharkApplicationRowSchema>;
