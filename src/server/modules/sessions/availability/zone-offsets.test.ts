import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { zoneOffsets } from './zone-offsets';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** What the free slots asked Temporal before: a wall time's instant, 'compatible', or null when skipped. */
function temporalInstant(timeZone: string, wall: number, exact: boolean): number | null {
  const d = new Date(wall);
  const fields = {
    timeZone,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
  const zdt = Temporal.ZonedDateTime.from(fields, { disambiguation: 'compatible' });
  if (exact && (zdt.hour !== fields.hour || zdt.minute !== fields.minute)) return null;
  return zdt.epochMilliseconds;
}

describe('zoneOffsets', () => {
  // New York (hour-long changes), Lord Howe (half-hour changes), Santiago (changes at local midnight),
  // Kolkata (none): every half hour of 240 days, both of each zone's changes inside, gives Temporal's instant.
  it.each(['America/New_York', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata'])(
    '%s: every half hour of 240 days converts as Temporal does, skipped and repeated wall times included',
    (timeZone) => {
      const from = Date.parse('2026-09-01T00:00:00Z');
      const to = from + 240 * DAY;
      const offsets = zoneOffsets(timeZone, from - 3 * DAY, to + 3 * DAY);
      const mismatches: string[] = [];
      for (let wall = from; wall < to; wall += 30 * MINUTE)
        for (const exact of [true, false]) {
          const want = temporalInstant(timeZone, wall, exact);
          if (offsets.instant(wall, exact) !== want)
            mismatches.push(`${new Date(wall).toISOString()} exact=${exact}`);
        }
      expect(mismatches).toEqual([]);
    },
  );

  it('tells the days whose wall times are all one offset away from the days near a change', () => {
    const offsets = zoneOffsets('America/New_York', Date.parse('2027-01-01'), Date.parse('2027-06-01'));
    // Clocks go forward on 2027-03-14 at 07:00Z: days more than two days away have one offset.
    expect(offsets.steadyOffset(Date.parse('2027-03-10T00:00:00Z'))).toBe(-5 * 60 * MINUTE);
    expect(offsets.steadyOffset(Date.parse('2027-03-12T00:00:00Z'))).toBeNull();
    expect(offsets.steadyOffset(Date.parse('2027-03-14T00:00:00Z'))).toBeNull();
    expect(offsets.steadyOffset(Date.parse('2027-03-17T00:00:00Z'))).toBe(-4 * 60 * MINUTE);
    // An instant outside the announced span is still answered exactly (by Temporal).
    expect(offsets.offsetAt(Date.parse('2030-07-01T00:00:00Z'))).toBe(-4 * 60 * MINUTE);
    expect(offsets.offsetAt(Date.parse('2020-01-01T00:00:00Z'))).toBe(-5 * 60 * MINUTE);
  });
});
