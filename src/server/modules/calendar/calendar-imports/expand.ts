// A calendar feed (RFC 5545 text) turned into the busy intervals of a window, by ical.js (decision 152):
// recurrences (RRULE, RDATE, EXDATE) and their edited instances (RECURRENCE-ID), times in the feed's VTIMEZONEs or
// in a well-known IANA TZID, all-day events as whole days in the shark's zone, and nothing from events that are
// free (TRANSP:TRANSPARENT) or cancelled. Titles, places and people are never read.
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface ExpandLimits {
  /** Most VEVENTs a feed may hold. */
  maxEvents: number;
  /** Most busy intervals a feed may give in the window. */
  maxIntervals: number;
  /** Most recurrence steps walked in the whole feed (a FREQ=MINUTELY rule from 1990 must not spin). */
  maxSteps: number;
}

export const EXPAND_LIMITS: ExpandLimits = { maxEvents: 20_000, maxIntervals: 5_000, maxSteps: 200_000 };

/** What the expanding worker thread is given (expand-worker.ts), and what it answers. */
export interface ExpandInput {
  text: string;
  window: { from: Date; to: Date; zone: string };
  limits: ExpandLimits;
}
export type ExpandAnswer = { ok: true; intervals: Interval[] } | { ok: false; error: string };

/** A feed that cannot be used: its message is shown to the shark as the source's last error. */
export class FeedError extends Error {}

/** The shark reads these as the calendar's last error (issue 38). */
export const HOSTILE_RULE_MSG = {
  subDaily: 'The calendar has an event that repeats more often than once a day, which cannot be read.',
  neverMatches: 'The calendar has a repeating event whose rule can never happen (such as 30 February).',
} as const;

/** The most days each month can have (February in a leap year). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Refuses, before any expansion, the rules that make ical.js's iterator loop inside one next() call (issue 38):
 * a frequency under a day, and a BYMONTHDAY that no month of BYMONTH has (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30).
 */
function refuseHostileRules(comp: Vevent): void {
  for (const prop of comp.getAllProperties('rrule')) {
    const rule = prop.getFirstValue() as InstanceType<typeof ICAL.Recur> | null;
    if (!rule) continue;
    if (rule.freq === 'SECONDLY' || rule.freq === 'MINUTELY' || rule.freq === 'HOURLY')
      throw new FeedError(HOSTILE_RULE_MSG.subDaily);
    const parts = rule.parts as Record<string, number[] | undefined>;
    const days = parts.BYMONTHDAY;
    if (!days?.length) continue;
    const months = parts.BYMONTH?.length ? parts.BYMONTH : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
    const fits = months.some((m) => days.some((d) => d !== 0 && Math.abs(d) <= (MONTH_DAYS[m - 1] ?? 0)));
    if (!fits) throw new FeedError(HOSTILE_RULE_MSG.neverMatches);
  }
}

type Time = InstanceType<typeof ICAL.Time>;
type Vevent = InstanceType<typeof ICAL.Component>;

const validZones = new Map<string, boolean>();
function isZone(name: string): boolean {
  let ok = validZones.get(name);
  if (ok === undefined) {
    try {
      Temporal.Now.zonedDateTimeISO(name);
      ok = true;
    } catch {
      ok = false;
    }
    validZones.set(name, ok);
  }
  return ok;
}

/** The IANA zone a TZID names (also Mozilla's "/mozilla.org/20050126_1/Europe/London" style), or null. */
function ianaZone(tzid: string | null): string | null {
  if (!tzid) return null;
  if (isZone(tzid)) return tzid;
  const tail = tzid.split('/').slice(-2).join('/');
  return isZone(tail) ? tail : null;
}

/** A date-time as an instant: UTC, a VTIMEZONE of the feed, a known TZID, else (floating) the shark's zone. */
function instantOf(t: Time, tzid: string | null, defaultZone: string): number {
  const zone = t.zone;
  if (zone && (zone === ICAL.Timezone.utcTimezone || zone.tzid === 'UTC' || zone.component))
    return t.toUnixTime() * 1000;
  return Temporal.PlainDateTime.from({
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.hour,
    minute: t.minute,
    second: t.second,
  }).toZonedDateTime(ianaZone(tzid) ?? defaultZone).epochMilliseconds;
}

/** Midnight starting a date (an all-day event's) in the shark's zone. */
const dayStart = (t: Time, zone: string): number =>
  Temporal.PlainDate.from({ year: t.year, month: t.month, day: t.day }).toZonedDateTime({ timeZone: zone })
    .epochMilliseconds;

const upper = (comp: Vevent, name: string) => String(comp.getFirstPropertyValue(name) ?? '').toUpperCase();
/** Free or cancelled: takes no time. */
const takesNoTime = (comp: Vevent) =>
  upper(comp, 'transp') === 'TRANSPARENT' || upper(comp, 'status') === 'CANCELLED';
const tzidOf = (comp: Vevent) =>
  (comp.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null;

/**
 * The busy intervals of `text` meeting [from, to), sorted and merged. Throws FeedError when the text is not a
 * calendar or passes a limit.
 */
export function expandBusy(
  text: string,
  window: { from: Date; to: Date; zone: string },
  limits: ExpandLimits = EXPAND_LIMITS,
): Interval[] {
  let root: Vevent;
  try {
    root = new ICAL.Component(ICAL.parse(text));
  } catch {
    throw new FeedError('This is not an iCalendar feed.');
  }
  const calendar = root.name === 'vcalendar' ? root : root.getFirstSubcomponent('vcalendar');
  if (!calendar) throw new FeedError('This is not an iCalendar feed.');
  const vevents = calendar.getAllSubcomponents('vevent');
  if (vevents.length > limits.maxEvents)
    throw new FeedError(`The calendar has more than ${limits.maxEvents} events.`);

  // Edited instances grouped by their series' UID, so each series is built once with its own exceptions.
  const masters: Vevent[] = [];
  const edits = new Map<string, Vevent[]>();
  for (const v of vevents) {
    if (v.hasProperty('recurrence-id')) {
      const uid = String(v.getFirstPropertyValue('uid') ?? '');
      edits.set(uid, [...(edits.get(uid) ?? []), v]);
    } else masters.push(v);
  }
  const masterUids = new Set(masters.map((m) => String(m.getFirstPropertyValue('uid') ?? '')));
  // An edited instance whose series is not in the feed stands alone.
  for (const [uid, list] of edits) if (!masterUids.has(uid)) masters.push(...list);

  const from = window.from.getTime();
  const to = window.to.getTime();
  const out: Array<[number, number]> = [];
  let steps = 0;
  const add = (item: Vevent, start: Time, end: Time) => {
    if (takesNoTime(item)) return;
    let s: number;
    let e: number;
    if (start.isDate) {
      s = dayStart(start, window.zone);
      e = end.isDate && end.compare(start) > 0 ? dayStart(end, window.zone) : s + 86_400_000;
      if (e <= s) e = dayStart(start, window.zone) + 86_400_000;
    } else {
      const tzid = tzidOf(item);
      s = instantOf(start, tzid, window.zone);
      e = instantOf(
        end,
        (item.getFirstProperty('dtend')?.getParameter('tzid') as string) ?? tzid,
        window.zone,
      );
    }
    if (e <= s || e <= from || s >= to) return;
    out.push([Math.max(s, from), Math.min(e, to)]);
    if (out.length > limits.maxIntervals)
      throw new FeedError(`The calendar has more than ${limits.maxIntervals} busy times in the next weeks.`);
  };

  for (const comp of masters) {
    if (!comp.hasProperty('dtstart')) continue;
    if (upper(comp, 'status') === 'CANCELLED') continue;
    refuseHostileRules(comp);
    const uid = String(comp.getFirstPropertyValue('uid') ?? '');
    const own = comp.hasProperty('recurrence-id') ? [] : (edits.get(uid) ?? []);
    let event: InstanceType<typeof ICAL.Event>;
    try {
      event = new ICAL.Event(comp, { strictExceptions: true, exceptions: own });
    } catch {
      continue;
    }
    if (!event.isRecurring()) {
      add(comp, event.startDate, event.endDate);
      continue;
    }
    const iterator = event.iterator();
    const tzid = tzidOf(comp);
    for (let next = iterator.next(); next; next = iterator.next()) {
      if (++steps > limits.maxSteps)
        throw new FeedError('The calendar repeats its events too often to be read.');
      // Occurrences come in order: once one starts past the window (a day's margin for all-day ones), stop.
      const at = next.isDate ? dayStart(next, window.zone) : instantOf(next, tzid, window.zone);
      if (at >= to + 86_400_000) break;
      const details = event.getOccurrenceDetails(next);
      add(details.item.component, details.startDate, details.endDate);
    }
    // An edited instance moved into the window from a time the series never reaches there is still busy.
    for (const edit of own) {
      const moved = new ICAL.Event(edit);
      const original = moved.recurrenceId;
      if (!original) continue;
      const originalAt = original.isDate
        ? dayStart(original, window.zone)
        : instantOf(original, tzid, window.zone);
      if (originalAt >= to + 86_400_000) add(edit, moved.startDate, moved.endDate);
    }
  }

  // Sorted and merged: fewer rows, and overlapping events count once.
  out.sort((a, b) => a[0] - b[0]);
  const merged: Interval[] = [];
  let last: Interval | undefined;
  for (const [s, e] of out) {
    if (last && s <= last.endsAt.getTime()) {
      if (e > last.endsAt.getTime()) last.endsAt = new Date(e);
    } else {
      last = { startsAt: new Date(s), endsAt: new Date(e) };
      merged.push(last);
    }
  }
  return merged;
}
