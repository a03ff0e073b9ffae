// The one rule that turns a slot into a session's instants (issue 22, decision 171). A booking, a move, a paid
// hold, the demo seed and the test fixtures all ask it; the database stores the instants and derives the spec's
// preferred date and time (the shark's wall clock) from them.
import { Temporal } from 'temporal-polyfill';

/** Where a session sits in time: what course_bookings stores. */
export interface SessionSlot {
  /** The shark's IANA zone: its wall clock is the session's preferred date and time. */
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  /** The end plus the shark's buffer: the shark's calendar is blocked until then. */
  blockedUntil: Date;
}

/** A start given as the shark's wall clock: a date (YYYY-MM-DD) and a time (HH:MM or HH:MM:SS) in its zone. */
export interface WallClockStart {
  date: string;
  time: string;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

/**
 * A session of `hours` starting at `start` (an instant, or the shark's wall clock in `timeZone`). A wall time
 * that falls in a daylight-saving gap moves forward, as PostgreSQL's AT TIME ZONE does.
 */
export function sessionSlot(
  start: Date | WallClockStart,
  opts: { hours: number; timeZone: string; bufferMinutes?: number },
): SessionSlot {
  const startsAt =
    start instanceof Date
      ? start
      : new Date(
          Temporal.PlainDateTime.from(`${start.date}T${start.time}`).toZonedDateTime(opts.timeZone)
            .epochMilliseconds,
        );
  const endsAt = new Date(startsAt.getTime() + opts.hours * HOUR);
  return {
    timeZone: opts.timeZone,
    startsAt,
    endsAt,
    blockedUntil: new Date(endsAt.getTime() + (opts.bufferMinutes ?? 0) * MINUTE),
  };
}
