// The one rule of free slots, a pure function of the shark's rules, its active bookings and the clock. Weekly
// hours are wall-clock times in the shark's zone; Temporal turns each wall time into an instant with the
// zone's daylight-saving rules (a wall time that does not exist that day is skipped, not moved).
import { Temporal } from 'temporal-polyfill';
import { SLOT_STEP_MINUTES, minutesOf, type SlotDay } from '#shared/availability.ts';

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

/** An active (requested or confirmed) booking of the shark. */
export interface Busy {
  startsAt: Date;
  blockedUntil: Date;
}

const MINUTE = 60_000;

/** The instant of a wall-clock time on a date in a zone, or null when that wall time does not exist (DST gap). */
function wallInstant(
  date: Temporal.PlainDate,
  minutes: number,
  timeZone: string,
  exact = true,
): number | null {
  const day = minutes >= 1440 ? date.add({ days: 1 }) : date;
  const m = minutes % 1440;
  const hour = Math.floor(m / 60);
  const minute = m % 60;
  const zdt = Temporal.ZonedDateTime.from(
    { timeZone, year: day.year, month: day.month, day: day.day, hour, minute },
    { disambiguation: 'compatible' },
  );
  if (exact && (zdt.hour !== hour || zdt.minute !== minute)) return null;
  return zdt.epochMilliseconds;
}

/** A date (YYYY-MM-DD) in the zone at an instant. */
export const localDate = (at: Date | number, timeZone: string): string =>
  Temporal.Instant.fromEpochMilliseconds(typeof at === 'number' ? at : at.getTime())
    .toZonedDateTimeISO(timeZone)
    .toPlainDate()
    .toString();

/** The wall-clock date and HH:MM of an instant in a zone (what preferred_date/preferred_time store). */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const zdt = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: zdt.toPlainDate().toString(), time: `${pad(zdt.hour)}:${pad(zdt.minute)}` };
}

/** The first and last local date a learner may book on, from the zone's today to today + horizon. */
export function bookingWindow(rules: SlotRules, now: Date): { first: string; last: string } {
  const today = Temporal.PlainDate.from(localDate(now, rules.timeZone));
  return { first: today.toString(), last: today.add({ days: rules.horizonDays }).toString() };
}

/**
 * Every local date from `from` to `to` (inside today..today+horizon) with the instants a session of `hours`
 * may start at: inside that date's hours (its overrides, else its weekday's weekly hours), at least the
 * minimum notice from now, before now + horizon, clear of every active booking by the buffer on both sides,
 * and only on days whose active bookings are below the daily cap. `ignoreBookings` gives the slots the
 * shark offers at all (to tell "just taken" from "never offered").
 */
export function computeSlots(
  rules: SlotRules,
  busy: Busy[],
  hours: number,
  now: Date,
  opts: { from?: string; to?: string; ignoreBookings?: boolean } = {},
): SlotDay[] {
  const { first, last } = bookingWindow(rules, now);
  const from = opts.from && opts.from > first ? opts.from : first;
  const to = opts.to && opts.to < last ? opts.to : last;
  const earliest = now.getTime() + rules.minNoticeMinutes * MINUTE;
  const latest = now.getTime() + rules.horizonDays * 1440 * MINUTE;
  const length = hours * 60 * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  const active = opts.ignoreBookings ? [] : busy;

  const perDay = new Map<string, number>();
  if (rules.dailyCap !== null)
    for (const b of active) {
      const d = localDate(b.startsAt, rules.timeZone);
      perDay.set(d, (perDay.get(d) ?? 0) + 1);
    }

  const days: SlotDay[] = [];
  for (let date = Temporal.PlainDate.from(from); Temporal.PlainDate.compare(date, to) <= 0;) {
    const key = date.toString();
    const starts: string[] = [];
    const capped = rules.dailyCap !== null && (perDay.get(key) ?? 0) >= rules.dailyCap;
    const ranges = rules.overrides.get(key) ?? rules.weekly.filter((r) => r.weekday === date.dayOfWeek);
    const seen = new Set<number>();
    if (!capped)
      for (const range of ranges) {
        const startMin = minutesOf(range.start);
        const endMin = minutesOf(range.end);
        const rangeEnd = wallInstant(date, endMin, rules.timeZone, false)!;
        // On a day whose offset does not change inside the range (every day but a DST change's), wall time is
        // instant + offset: each start is the range's start plus its minutes. Temporal per start cost the free
        // slots ~10 ms of CPU for 60 days (npm run bench), so it is asked only for the range's ends then.
        const rangeStart = wallInstant(date, startMin, rules.timeZone, false)!;
        const linear = rangeEnd - rangeStart === (endMin - startMin) * MINUTE;
        for (let m = startMin; m + hours * 60 <= endMin + 60; m += SLOT_STEP_MINUTES) {
          const start = linear ? rangeStart + (m - startMin) * MINUTE : wallInstant(date, m, rules.timeZone);
          if (start === null || seen.has(start)) continue;
          // Measured in real time: a session across a DST change still ends by the range's wall-clock end.
          if (start + length > rangeEnd) continue;
          if (start < earliest || start >= latest) continue;
          const blockedUntil = start + length + buffer;
          if (active.some((b) => b.startsAt.getTime() < blockedUntil && start < b.blockedUntil.getTime()))
            continue;
          seen.add(start);
          starts.push(new Date(start).toISOString());
        }
      }
    starts.sort();
    days.push({ date: key, starts });
    date = date.add({ days: 1 });
  }
  return days;
}
