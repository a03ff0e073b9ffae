// Building blocks shared by the domain schemas: one error shape, ids, emails.
import { z } from 'zod';
import { MSG } from '../messages';

/** The one error shape every API error uses. `fields` maps a field name to its first message. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const idParamSchema = z.object({ id: z.uuid({ error: MSG.notFound }) });

/** A required, trimmed, lower-cased email with the spec's two messages. */
export const emailField = (invalidMessage: string = MSG.emailInvalid) =>
  z
    .string({ error: MSG.emailRequired })
    .trim()
    .min(1, MSG.emailRequired)
    .max(254, invalidMessage)
    .pipe(z.email({ error: invalidMessage }))
    .transform((e) => e.toLowerCase());

export const messageSchema = z.object({ message: z.string() });
