import { z } from 'zod';
import { MSG } from '../messages';
import { emailField } from './common';

export const contactSchema = z.object({
  name: z.string({ error: MSG.contactNameRequired }).trim().min(1, MSG.contactNameRequired).max(120, 'Name is too long (120 characters at most)'),
  email: emailField(),
  message: z.string({ error: MSG.contactMessageRequired }).trim().min(1, MSG.contactMessageRequired).max(5000, 'Message is too long (5000 characters at most)'),
});
export type ContactInput = z.infer<typeof contactSchema>;
