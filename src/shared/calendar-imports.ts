// Busy times from a shark's other calendars (issue 26, decisions 151-153): the secret iCal addresses a shark adds,
// as the API takes and shows them, and every text about them.
import { z } from 'zod';

/** How many calendars one shark may add. */
export const MAX_CALENDAR_SOURCES = 5;

export const CALENDAR_IMPORT_MSG = {
  urlRequired: "Paste your calendar's secret address in iCal format",
  urlInvalid: 'Use the secret address in iCal format: it starts with https:// or webcal://',
  urlTooLong: 'This address is too long for a calendar address',
  notPublic: 'This address is not on the public internet: use the address your calendar gives',
  tooMany: `You can add up to ${MAX_CALENDAR_SOURCES} calendars. Remove one to add another.`,
  duplicate: 'This calendar is already added',
  notFound: 'This calendar does not exist.',
  added: 'Calendar added: we are reading its busy times now.',
  removed: 'Calendar removed: its busy times no longer block your free slots.',
  /** The preview's label of an imported busy time (its title is never stored). */
  busyLabel: 'busy in your calendar',
  neverRead: 'Not read yet',
} as const;

/** https:// and webcal:// (and webcals://, Apple's) addresses; webcal is https on the wire. */
export const calendarUrlField = z
  .string({ error: CALENDAR_IMPORT_MSG.urlRequired })
  .trim()
  .min(1, CALENDAR_IMPORT_MSG.urlRequired)
  .max(2000, CALENDAR_IMPORT_MSG.urlTooLong)
  .refine((s) => {
    try {
      const u = new URL(s);
      return ['https:', 'webcal:', 'webcals:', 'http:'].includes(u.protocol) && !!u.hostname;
    } catch {
      return false;
    }
  }, CALENDAR_IMPORT_MSG.urlInvalid)
  .transform((s) => s.replace(/^webcals?:\/\//i, 'https://'));

/** POST /api/workspace/calendar-sources */
export const calendarSourceInputSchema = z.object({ url: calendarUrlField });
export type CalendarSourceInput = z.input<typeof calendarSourceInputSchema>;

/** A calendar as its shark sees it: the address masked (it is a secret), and how its last reads went. */
export const calendarSourceSchema = z.object({
  id: z.uuid(),
  address: z.string(),
  createdAt: z.iso.datetime(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  failingSince: z.iso.datetime().nullable(),
});
export type CalendarSource = z.infer<typeof calendarSourceSchema>;

/** An imported busy time as the availability preview shows it: only when, never what. */
export const importedBusySchema = z.object({ startsAt: z.iso.datetime(), endsAt: z.iso.datetime() });
export type ImportedBusy = z.infer<typeof importedBusySchema>;

/** A secret address shown back: its host and a short last path part (basic.ics), the secret parts elided. */
export function maskCalendarUrl(url: string): string {
  try {
    const u = new URL(url);
    const parts = u.pathname.split('/').filter(Boolean);
    const last = parts.at(-1);
    const tail = last && last.length <= 20 && parts.length > 1 ? `/${last}` : '';
    return parts.length || u.search ? `${u.host}/…${tail}` : u.host;
  } catch {
    return '…';
  }
}
