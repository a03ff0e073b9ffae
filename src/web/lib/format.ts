// The one home of display formats: ratings, years, calendar dates and instants. Money has its one formatter in
// src/shared/money.ts (formatPaise, formatPerHour; decision 210).
import { canonicalZone, zoneLabel } from '#shared/time-zones.ts';

// An Intl formatter is costly to build (the first of a locale loads its data; building four of them when this
// module loaded was a tenth of a profile's start-up work on a throttled phone), so each is built on first use and
// kept, one per locale and options: a slot list formats hundreds of times in a few zones.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** 4.5 -> "4.5" (one decimal, the way ratings are shown) */
export const formatRating = (rating: number) => rating.toFixed(1);

/** "1 review", "3 reviews". */
export const formatReviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** 1 -> "1 year", 7 -> "7 years" */
export const formatYears = (years: number) => `${years} ${years === 1 ? 'year' : 'years'}`;

// A calendar date (YYYY-MM-DD, a booking's preferred date) has no time zone: it is read and shown as UTC, so it
// is never shifted to the day before or after.
const calendarDate: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

/** "2026-11-24" -> "Tue, 24 Nov, 2026"; anything that is not a date is shown as written. */
export const formatDate = (isoDate: string) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : dateTimeFormat('en-IN', calendarDate).format(d);
};

// An instant (when a message arrived) is shown in the viewer's own time zone.
const instant: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** "2026-11-20T10:00:00.000Z" -> "20 Nov 2026, 3:30 pm" in India; anything that is not a time as written. */
export const formatDateTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : dateTimeFormat('en-IN', { ...instant, timeZone: viewerTimeZone() }).format(d);
};

/** The viewer's own IANA time zone (from the browser), under its current name (Asia/Kolkata, not Asia/Calcutta). */
export const viewerTimeZone = (): string =>
  canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** "Asia/Kolkata" -> "India Standard Time": one name per zone in a sentence (issue 25). */
export const zoneName = (timeZone: string, at: Date = new Date()): string => zoneLabel(timeZone, at);

/** An instant's calendar day in the viewer's zone, as formatDate writes a day: "Thu, 26 Nov, 2026" (never the UTC
 * day before: a reply at 04:38 on 26 Nov in India is dated the 26th). */
export const formatDayOf = (iso: string, timeZone: string = viewerTimeZone()) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat('en-IN', { ...calendarDate, timeZone }).format(d);
};

/** An instant's time of day in a zone: "18:30". */
export const formatTimeIn = (iso: string, timeZone: string) =>
  dateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

/** An instant's date and time in a zone: "Thu, 26 Nov 2026, 18:30". */
export const formatDateTimeIn = (iso: string, timeZone: string) =>
  dateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** A short start, weekday first, with the zone's abbreviation: "Fri 27 Nov, 10:00 IST". */
export function formatSlotStartIn(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const day = dateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' })
    .format(at)
    .replace(',', '');
  // en-IN names India's zone "IST" (en-GB says "GMT+5:30"); other zones read the same in both.
  const zone = dateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${day}, ${formatTimeIn(iso, timeZone)}${zone ? ` ${zone}` : ''}`;
}

/** An instant's day and time in a zone, without the year: "28 Nov, 18:30". */
export const formatDayTimeIn = (iso: string, timeZone: string) =>
  dateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

/** A calendar date written out for screen readers: "Thursday 26 November 2026". */
export const formatLongDate = (isoDate: string) =>
  dateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
