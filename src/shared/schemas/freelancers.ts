// A freelancer's small profile (spec: freelancers.name, skills; updated by user_id).
import { z } from 'zod';
import { MSG } from '../messages';

export const freelancerProfileSchema = z.object({
  name: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, 'Name is too long (120 characters at most)'),
  skills: z.string({ error: MSG.skillsRequired }).trim().min(1, MSG.skillsRequired).max(1000, 'Skills are too long (1000 characters at most)'),
});
export type FreelancerProfileInput = z.input<typeof freelancerProfileSchema>;
export type FreelancerProfile = z.infer<typeof freelancerProfileSchema>;

/** What GET sends: a new freelancer's skills may still be empty. */
export const freelancerProfileViewSchema = z.object({ name: z.string(), skills: z.string() });
