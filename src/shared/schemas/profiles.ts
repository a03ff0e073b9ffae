// The signed-in account's own profile: full name and phone (used to prefill bookings); email is read-only.
import { z } from 'zod';
import { MSG } from '../messages';
import { phoneField } from './bookings';

export const profileSchema = z.object({ fullName: z.string().nullable(), email: z.string(), phone: z.string().nullable() });
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  fullName: z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, 'Name is too long (120 characters at most)'),
  /** Optional: an empty box clears it. */
  phone: z.union([z.literal(''), phoneField]).optional().default(''),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
