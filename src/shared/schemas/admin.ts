// The admin console's API: creating shark accounts, the shark picker list, the contact inbox.
import { z } from 'zod';
import { SPECIALIZATIONS } from '../constants';
import { MSG } from '../messages';
import { emailField } from './common';

const name = z
  .string({ error: MSG.nameRequired })
  .trim()
  .min(1, MSG.nameRequired)
  .max(120, 'Name is too long (120 characters at most)');

/** POST /api/admin/sharks. Specialization defaults to pentesting; the shark changes it in their profile. */
export const createSharkSchema = z.object({
  email: emailField(),
  name,
  specialization: z.enum(SPECIALIZATIONS, { error: 'Choose a specialization' }).optional(),
});
export type CreateSharkInput = z.input<typeof createSharkSchema>;

export const createSharkResultSchema = z.object({ userId: z.uuid(), sharkId: z.uuid() });
export type CreateSharkResult = z.infer<typeof createSharkResultSchema>;

/** GET /api/admin/sharks: every shark, published or not, ordered by name. */
export const adminSharkSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  specialization: z.enum(SPECIALIZATIONS),
  published: z.boolean(),
});
export type AdminShark = z.infer<typeof adminSharkSchema>;
export const adminSharksSchema = z.array(adminSharkSchema);

/** GET /api/admin/contact-messages: newest first. */
export const contactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessagesSchema = z.array(contactMessageSchema);
