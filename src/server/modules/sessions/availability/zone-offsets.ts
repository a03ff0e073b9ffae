// A time zone's UTC offsets as plain numbers, so the free slots turn wall-clock times into instants by
// arithmetic. Temporal is asked once per zone for the offset changes over a span of time and the answer is kept
// for the life of the process (a zone's rules do not change while it runs): Temporal per day and per start was
// most of the free slots' CPU (docs/benchmarks.md, issue 12). The conversion repeats temporal-polyfill's own
// (candidates from the offsets one day either side, the earlier of a repeated wall time, a skipped one moved
// forward by the gap), and zone-offsets.test.ts checks it against Temporal on every half hour of a year.
import { Temporal } from 'temporal-polyfill';

const DAY = 86_400_000;
/** A cached span is at least this long, so a running server asks Temporal about a zone about once a year. */
const MIN_SPAN = 400 * DAY;

interface Span {
  from: number;
  to: number;
  /** Instants (epoch ms) at which the offset changes, ascending. */
  changes: number[];
  /** The offset (ms) before changes[0], then the offset from each change on: changes.length + 1 entries. */
  offsets: number[];
}

const spans = new Map<string, Span>();

function loadSpan(timeZone: string, from: number, to: number): Span {
  const start = Temporal.Instant.fromEpochMilliseconds(from).toZonedDateTimeISO(timeZone);
  const changes: number[] = [];
  const offsets = [start.offsetNanoseconds / 1e6];
  for (
    let next = start.getTimeZoneTransition('next');
    next && next.epochMilliseconds <= to;
    next = next.getTimeZoneTransition('next')
  ) {
    changes.push(next.epochMilliseconds);
    offsets.push(next.offsetNanoseconds / 1e6);
  }
  return { from, to, changes, offsets };
}

export interface ZoneOffsets {
  /** The zone's offset (ms) at an instant: local wall time = instant + offset. */
  offsetAt(instant: number): number;
  /**
   * The offset of every instant from two days before to three days after the wall-clock midnight `dayWall`
   * (epoch ms of that midnight read as UTC), or null when the offset changes in that stretch. Every wall time
   * of that day, its 24:00 included, is then `wall - offset`: what `instant` would answer, without asking it.
   */
  steadyOffset(dayWall: number): number | null;
  /**
   * The instant of a wall-clock time (epoch ms of it read as UTC). A repeated wall time (clocks set back)
   * gives the earlier instant. A skipped one (clocks set forward) gives null when `exact`, else the instant
   * the gap's length later, as Temporal's 'compatible' disambiguation does.
   */
  instant(wall: number, exact: boolean): number | null;
}

/** The offsets of a zone, covering at least the instants from `from` to `to` (epoch ms). */
export function zoneOffsets(timeZone: string, from: number, to: number): ZoneOffsets {
  let span = spans.get(timeZone);
  if (!span || span.from > from || span.to < to) {
    const start = Math.min(from, span?.from ?? from);
    span = loadSpan(timeZone, start, Math.max(to, span?.to ?? to, start + MIN_SPAN));
    spans.set(timeZone, span);
  }
  const { changes, offsets } = span;
  const spanFrom = span.from;
  const spanTo = span.to;

  const offsetAt = (instant: number): number => {
    // Outside the span (an instant the caller did not announce) Temporal answers, so the result stays exact.
    if (instant < spanFrom || instant > spanTo)
      return (
        Temporal.Instant.fromEpochMilliseconds(instant).toZonedDateTimeISO(timeZone).offsetNanoseconds / 1e6
      );
    let i = 0;
    while (i < changes.length && changes[i]! <= instant) i++;
    return offsets[i]!;
  };

  // Temporal's candidates for a wall time: one instant, two (the earlier and the later of a repeated wall
  // time) or none (a skipped one); `pick` chooses the earlier or the later of two.
  const candidate = (wall: number, pick: 'earlier' | 'later'): number | null => {
    const before = offsetAt(wall - DAY);
    const after = offsetAt(wall + DAY);
    if (before === after) return wall - before;
    const narrow = offsetAt(wall - before);
    if (narrow === offsetAt(wall - after)) return wall - narrow;
    if (before < after) return null;
    return pick === 'earlier' ? wall - before : wall - after;
  };

  return {
    offsetAt,
    steadyOffset(dayWall) {
      const lo = dayWall - 2 * DAY;
      const hi = dayWall + 3 * DAY;
      if (lo < spanFrom || hi > spanTo) return null;
      for (const at of changes) if (at > lo && at <= hi) return null;
      return offsetAt(dayWall);
    },
    instant(wall, exact) {
      const found = candidate(wall, 'earlier');
      if (found !== null || exact) return found;
      // Clocks set forward: the wall time moved on by the gap's length, then the later of its instants.
      return candidate(wall + offsetAt(wall + DAY) - offsetAt(wall - DAY), 'later');
    },
  };
}
