// A shark's availability (time zone, weekly hours, date overrides, buffer, notice, horizon, daily cap) and the
// free slots learners may book. Its texts are in availability-texts.ts.
import { z } from 'zod';
import { AVAILABILITY_MSG } from './availability-texts';
import { isCalendarDate } from './fields';
import { canonicalZone } from './time-zones';
import { importedBusySchema } from './calendar-imports';
import { queryNumberInput } from './query-numbers';

/** ISO weekday names, index 0 = Monday (1). */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const BUFFER_CHOICES = [0, 15, 30, 60] as const;
/** Candidate starts are every 30 minutes of the shark's wall clock (decision 052). */
export const SLOT_STEP_MINUTES = 30;
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** HH:MM, or 24:00 as the end of a day. */
const timeField = z
  .string({ error: AVAILABILITY_MSG.timeInvalid })
  .transform((v) => v.slice(0, 5))
  .refine((v) => HHMM.test(v) || v === '24:00', AVAILABILITY_MSG.timeInvalid);
const dateField = z
  .string({ error: AVAILABILITY_MSG.dateInvalid })
  .refine(isCalendarDate, AVAILABILITY_MSG.dateInvalid);

/**
 * An IANA zone name the runtime knows. Intl.supportedValuesOf('timeZone') lists only canonical ICU names
 * (Asia/Calcutta, not Asia/Kolkata), so a name is accepted when it has the Area/City shape and Intl accepts it.
 */
export const isTimeZone = (tz: string): boolean => {
  if (tz !== 'UTC' && !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** Minutes since midnight of an HH:MM (24:00 = 1440). */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const rangeSchema = z
  .object({ start: timeField, end: timeField })
  .refine((r) => minutesOf(r.start) < minutesOf(r.end), {
    message: AVAILABILITY_MSG.rangeOrder,
    path: ['end'],
  });

const noOverlap = (ranges: Array<{ start: string; end: string }>) => {
  const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  return sorted.every((r, i) => i === 0 || minutesOf(sorted[i - 1].end) <= minutesOf(r.start));
};

export const weeklyRangeSchema = rangeSchema.and(
  z.object({
    weekday: z
      .number({ error: AVAILABILITY_MSG.weekdayInvalid })
      .int()
      .min(1, AVAILABILITY_MSG.weekdayInvalid)
      .max(7, AVAILABILITY_MSG.weekdayInvalid),
  }),
);
/** One date's override: `ranges` empty = a day off. */
export const overrideSchema = z.object({
  date: dateField,
  ranges: z
    .array(rangeSchema)
    .max(12, AVAILABILITY_MSG.tooManyRanges)
    .refine(noOverlap, AVAILABILITY_MSG.rangesOverlap),
});

export const availabilitySettingsSchema = z.object({
  timeZone: z
    .string({ error: AVAILABILITY_MSG.timeZoneInvalid })
    .refine(isTimeZone, AVAILABILITY_MSG.timeZoneInvalid)
    // Stored under its current name: Asia/Calcutta is Asia/Kolkata (issue 25).
    .transform(canonicalZone),
  bufferMinutes: z
    .number({ error: AVAILABILITY_MSG.bufferInvalid })
    .refine((v) => (BUFFER_CHOICES as readonly number[]).includes(v), AVAILABILITY_MSG.bufferInvalid),
  minNoticeMinutes: z
    .number({ error: AVAILABILITY_MSG.noticeInvalid })
    .int(AVAILABILITY_MSG.noticeInvalid)
    .min(0, AVAILABILITY_MSG.noticeInvalid)
    .max(10080, AVAILABILITY_MSG.noticeInvalid),
  horizonDays: z
    .number({ error: AVAILABILITY_MSG.horizonInvalid })
    .int(AVAILABILITY_MSG.horizonInvalid)
    .min(1, AVAILABILITY_MSG.horizonInvalid)
    .max(180, AVAILABILITY_MSG.horizonInvalid),
  dailyCap: z
    .number({ error: AVAILABILITY_MSG.capInvalid })
    .int(AVAILABILITY_MSG.capInvalid)
    .min(1, AVAILABILITY_MSG.capInvalid)
    .max(24, AVAILABILITY_MSG.capInvalid)
    .nullable(),
  published: z.boolean(),
  weekly: z
    .array(weeklyRangeSchema)
    .max(200, AVAILABILITY_MSG.tooManyRanges)
    .refine(
      (ranges) => [1, 2, 3, 4, 5, 6, 7].every((d) => noOverlap(ranges.filter((r) => r.weekday === d))),
      AVAILABILITY_MSG.rangesOverlap,
    ),
  overrides: z
    .array(overrideSchema)
    .max(200, AVAILABILITY_MSG.tooManyRanges)
    .refine((o) => new Set(o.map((x) => x.date)).size === o.length, AVAILABILITY_MSG.rangesOverlap),
});
export type AvailabilitySettings = z.output<typeof availabilitySettingsSchema>;
export type AvailabilitySettingsInput = z.input<typeof availabilitySettingsSchema>;

/** One local date of the shark with the instants (ISO, UTC) at which a session may start. */
export const slotDaySchema = z.object({ date: z.string(), starts: z.array(z.string()) });
export type SlotDay = z.infer<typeof slotDaySchema>;

export const slotsSchema = z.object({
  sharkId: z.uuid(),
  timeZone: z.string(),
  hours: z.number(),
  days: z.array(slotDaySchema),
});
export type Slots = z.infer<typeof slotsSchema>;

export const slotsQuerySchema = z.object({
  courseId: z.uuid({ error: 'Choose a course' }).optional(),
  hours: z
    .preprocess(
      queryNumberInput,
      z
        .number({ error: 'Hours must be a number' })
        .int('Hours must be a whole number')
        .min(1, 'Book at least 1 hour')
        .max(12, 'You can book at most 12 hours at a time'),
    )
    .default(1),
  from: dateField.optional(),
  to: dateField.optional(),
});

/** What GET/PUT /api/workspace/availability answer (plain types: responses are not re-validated). */
const plainRange = z.object({ start: z.string(), end: z.string() });
export const availabilityViewSchema = z.object({
  timeZone: z.string(),
  bufferMinutes: z.number(),
  minNoticeMinutes: z.number(),
  horizonDays: z.number(),
  dailyCap: z.number().nullable(),
  published: z.boolean(),
  weekly: z.array(plainRange.extend({ weekday: z.number() })),
  overrides: z.array(z.object({ date: z.string(), ranges: z.array(plainRange) })),
  preview: z.array(slotDaySchema),
  /** Busy times from the shark's other calendars in the preview's days (issue 26): when only, never a title. */
  imported: z.array(importedBusySchema),
});
export type AvailabilityView = z.infer<typeof availabilityViewSchema>;

export const availabilitySavedSchema = z.object({
  message: z.string(),
  availability: availabilityViewSchema,
});

export const calendarStateSchema = z.object({
  published: z.boolean(),
  timeZone: z.string(),
  notifying: z.boolean(),
});
export type CalendarState = z.infer<typeof calendarStateSchema>;
