// The contact form (spec section 7): the page and POST /api/contact validate with the same schema.
import { z } from 'zod';
import { emailField, nameField } from './fields';

export const CONTACT_MSG = {
  messageRequired: 'Message is required',
  messageTooLong: 'Message is too long (5000 characters at most)',
  success: "Thank you for reaching out! We'll get back to you within 24 hours.",
} as const;

export const contactSchema = z.object({
  name: nameField,
  email: emailField(),
  message: z
    .string({ error: CONTACT_MSG.messageRequired })
    .trim()
    .min(1, CONTACT_MSG.messageRequired)
    .max(5000, CONTACT_MSG.messageTooLong),
});
export type ContactInput = z.infer<typeof contactSchema>;
