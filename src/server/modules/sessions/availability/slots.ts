// The one rule of free slots, a pure function of the shark's rules, its active bookings and the clock. Weekly
// hours are wall-clock times in the shark's zone, turned into instants with the zone's daylight-saving rules
// (a wall time that does not exist that day is skipped, not moved). The 60 days of a busy shark are the
// route's hottest work (issue 12, decision 068): days are numbers, each day's offset is looked up once
// (zone-offsets.ts; Temporal only when the zone's offsets are first needed), and the bookings are walked once.
import { Temporal } from 'temporal-polyfill';
import { SLOT_STEP_MINUTES, minutesOf, type SlotDay } from '#shared/availability.ts';
import { zoneOffsets } from './zone-offsets';

export interface Range {
  start: string;
  end: string;
}

export interface SlotRules {
  timeZone: string;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  dailyCap: number | null;
  weekly: Array<Range & { weekday: number }>;
  /** date -> ranges; an empty list is a day off. */
  overrides: Map<string, Range[]>;
}

/** A time the shark is busy in another calendar (issue 26): blocks the slots it overlaps, nothing more. */
export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

/** An active (requested or confirmed) booking of the shark. */
export interface Busy {
  startsAt: Date;
  blockedUntil: Date;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A date (YYYY-MM-DD) in the zone at an instant. */
export const localDate = (at: Date | number, timeZone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(typeof at === 'number' ? at : at.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();

/** The first and last local date a learner may book on, from the zone's today to today + horizon. */
export function bookingWindow(rules: SlotRules, now: Date): { first: string; last: string } {
  const at = now.getTime();
  const offsets = zoneOffsets(rules.timeZone, at - 3 * DAY, at + (rules.horizonDays + 4) * DAY);
  const today = Math.floor((at + offsets.offsetAt(at)) / DAY);
  return { first: dateOf(today), last: dateOf(today + rules.horizonDays) };
}

/** YYYY-MM-DD of a day number (days since 1970-01-01). */
const dateOf = (day: number): string => new Date(day * DAY).toISOString().slice(0, 10);
const dayOf = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
/** ISO weekday (1 = Monday) of a day number: 1970-01-01 was a Thursday. */
const weekdayOf = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

const pad2 = (n: number) => String(n).padStart(2, '0');
/** "HH:MM" of every minute of a day, so a start's ISO string is two concatenations, not a Date. */
const CLOCK = Array.from({ length: 1440 }, (_, m) => `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`);

/** toISOString of whole-minute instants, remembering the last UTC day's "YYYY-MM-DDT". */
function isoWriter(): (at: number) => string {
  let day = NaN;
  let prefix = '';
  return (at) => {
    if (at % MINUTE !== 0) return new Date(at).toISOString();
    const d = Math.floor(at / DAY);
    if (d !== day) {
      day = d;
      prefix = new Date(d * DAY).toISOString().slice(0, 11);
    }
    return `${prefix}${CLOCK[(at - d * DAY) / MINUTE]}:00.000Z`;
  };
}

/**
 * Every local date from `from` to `to` (inside today..today+horizon) with the instants a session of `hours`
 * may start at: inside that date's hours (its overrides, else its weekday's weekly hours), at least the
 * minimum notice from now, before now + horizon, clear of every active booking by the buffer on both sides,
 * and only on days whose active bookings are below the daily cap. `imported` (busy times from the shark's other
 * calendars) takes away each slot it overlaps, without the buffer and without counting towards the cap: it is
 * not a session here. `ignoreBookings` gives the slots the shark offers at all (to tell "just taken" from "never
 * offered").
 */
export function computeSlots(
  rules: SlotRules,
  busy: Busy[],
  hours: number,
  now: Date,
  opts: { from?: string; to?: string; ignoreBookings?: boolean; imported?: Interval[] } = {},
): SlotDay[] {
  const { first, last } = bookingWindow(rules, now);
  const from = opts.from && opts.from > first ? opts.from : first;
  const to = opts.to && opts.to < last ? opts.to : last;
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE;
  const latest = now.getTime() + rules.horizonDays * 1440 * MINUTE;
  const length = hours * 60 * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const offsets = zoneOffsets(rules.timeZone, now.getTime() - 3 * DAY, latest + 4 * DAY);
  const firstDay = dayOf(from);
  const lastDay = dayOf(to);

  // The active bookings as two arrays sorted by start, walked once with a moving pointer (`next`) as the
  // candidate starts go forward in time.
  const active = opts.ignoreBookings
    ? []
    : [...busy].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const busyFrom = active.map((b) => b.startsAt.getTime());
  const busyUntil = active.map((b) => b.blockedUntil.getTime());
  let next = 0;
  let previous = -Infinity;
  // The imported busy times (sorted by start), walked the same way: a pointer past those ended by this start.
  const imported = opts.ignoreBookings ? [] : (opts.imported ?? []);
  const importedFrom = imported.map((b) => b.startsAt.getTime());
  const importedUntil = imported.map((b) => b.endsAt.getTime());
  let nextImported = 0;
  const isFree = (start: number): boolean => {
    // Starts go forward within a day and from day to day; should one go back, the walk starts over.
    if (start < previous) next = nextImported = 0;
    previous = start;
    while (nextImported < importedFrom.length && importedUntil[nextImported]! <= start) nextImported++;
    for (let i = nextImported; i < importedFrom.length && importedFrom[i]! < start + length; i++)
      if (start < importedUntil[i]!) return false;
    // A booking whose blocked time ends by this start cannot block a later one either.
    while (next < busyFrom.length && busyUntil[next]! <= start) next++;
    const blockedUntil = start + length + buffer;
    for (let i = next; i < busyFrom.length && busyFrom[i]! < blockedUntil; i++)
      if (start < busyUntil[i]!) return false;
    return true;
  };

  const perDay: number[] = [];
  if (rules.dailyCap !== null)
    for (const at of busyFrom) {
      const day = Math.floor((at + offsets.offsetAt(at)) / DAY) - firstDay;
      if (day >= 0 && day <= lastDay - firstDay) perDay[day] = (perDay[day] ?? 0) + 1;
    }

  const weekly = new Map<number, Range[]>();
  for (const range of rules.weekly) weekly.set(range.weekday, [...(weekly.get(range.weekday) ?? []), range]);
  const iso = isoWriter();
  const starts: number[] = [];
  const days: SlotDay[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const key = dateOf(day);
    const capped = rules.dailyCap !== null && (perDay[day - firstDay] ?? 0) >= rules.dailyCap;
    const ranges = rules.overrides.get(key) ?? weekly.get(weekdayOf(day)) ?? [];
    const midnight = day * DAY;
    // Every day but the few around a daylight-saving change has one offset: wall time minus it is the instant.
    const steady = offsets.steadyOffset(midnight);
    starts.length = 0;
    let ordered = true;
    if (!capped)
      for (const range of ranges) {
        const startMin = minutesOf(range.start);
        const endMin = minutesOf(range.end);
        const rangeEnd =
          steady === null
            ? offsets.instant(midnight + endMin * MINUTE, false)!
            : midnight + endMin * MINUTE - steady;
        for (let m = startMin; m + hours * 60 <= endMin + 60; m += SLOT_STEP_MINUTES) {
          const wall = midnight + m * MINUTE;
          // A wall time the clocks skip that day is no start (not moved to the next hour).
          const start = steady === null ? offsets.instant(wall, true) : wall - steady;
          if (start === null) continue;
          // Measured in real time: a session across a DST change still ends by the range's wall-clock end.
          if (start + length > rangeEnd) continue;
          if (start < earliest || start >= latest) continue;
          if (starts.length && start <= starts[starts.length - 1]!) ordered = false;
          starts.push(start);
        }
      }
    // Ranges of a day do not overlap and come sorted, so only a clocks-back night gives starts out of order.
    if (!ordered) starts.sort((a, b) => a - b);
    const free: string[] = [];
    for (let i = 0; i < starts.length; i++) {
      const start = starts[i]!;
      if (i > 0 && start === starts[i - 1]) continue;
      if (isFree(start)) free.push(iso(start));
    }
    days.push({ date: key, starts: free });
  }
  return days;
}
