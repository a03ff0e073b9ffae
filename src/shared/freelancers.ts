// A freelancer's small profile (spec: freelancers.name, skills; updated by user_id).
import { z } from 'zod';
import { nameField } from './fields';

export const FREELANCER_MSG = {
  skillsRequired: 'Please list your skills',
  skillsTooLong: 'Skills are too long (1000 characters at most)',
} as const;

/** The freelancer's skills, as the signup, "become a freelancer" and the profile form ask for them. */
export const skillsField = z
  .string({ error: FREELANCER_MSG.skillsRequired })
  .trim()
  .min(1, FREELANCER_MSG.skillsRequired)
  .max(1000, FREELANCER_MSG.skillsTooLong);

export const freelancerProfileSchema = z.object({ name: nameField, skills: skillsField });
export type FreelancerProfileInput = z.input<typeof freelancerProfileSchema>;
export type FreelancerProfile = z.infer<typeof freelancerProfileSchema>;

/** What GET sends: a new freelancer's skills may still be empty. */
export const freelancerProfileViewSchema = z.object({ name: z.string(), skills: z.string() });
