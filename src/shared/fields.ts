// The zod building blocks every domain's schemas share: the one error shape, ids, the name and email fields.
// The name and email fields are zod/mini schemas, which classic schemas take as they are: the booking form (zod/mini,
// decision 199) uses them, and one classic schema on its path would load the whole of classic zod on a profile.
import { z } from 'zod';
import * as zm from 'zod/mini';
import { COMMON_MSG } from './common';

/** The one error shape every API error uses. `fields` maps a field name to its first message. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A person's or a shark's name: required, trimmed, 120 characters at most. */
export const nameField = zm
  .string({ error: COMMON_MSG.nameRequired })
  .check(zm.trim(), zm.minLength(1, COMMON_MSG.nameRequired), zm.maxLength(120, COMMON_MSG.nameTooLong));

/** A required, trimmed, lower-cased email with the spec's two messages. */
export const emailField = (invalidMessage: string = COMMON_MSG.emailInvalid) =>
  zm.pipe(
    zm.pipe(
      zm
        .string({ error: COMMON_MSG.emailRequired })
        .check(zm.trim(), zm.minLength(1, COMMON_MSG.emailRequired), zm.maxLength(254, invalidMessage)),
      zm.email({ error: invalidMessage }),
    ),
    zm.transform((e: string) => e.toLowerCase()),
  );

export const messageSchema = z.object({ message: z.string() });

/**
 * A number field as forms send it: '' or blank text counts as not given (so the "required" message shows), other
 * text is read as a number (so "abc" gets the "must be a number" message). Used with z.preprocess.
 */
export const numberInput = (v: unknown) => {
  const given = typeof v === 'string' ? v.trim() : v;
  if (given === '' || given === null || given === undefined) return undefined;
  // Only decimal text is a number: Number() would also read '0x10' as 16, '0b11' as 3 and 'Infinity' (issue 21,
  // finding 12). Anything else (text, true) goes on as it is, for the schema's "must be a number" message.
  if (typeof given === 'string') return DECIMAL.test(given) ? Number(given) : given;
  return given;
};
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar date written YYYY-MM-DD: 2026-02-30, 2025-02-29 and 2026-04-31 are refused. Date.parse alone
 * is not enough (it reads 2026-02-30 as March 2nd), and PostgreSQL refuses such a date with an error (issue 21,
 * finding 5); the one check every date field uses.
 */
export const isCalendarDate = (v: string) => {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
