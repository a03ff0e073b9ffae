import { describe, expect, it } from 'vitest';
import { formatDayOf, zoneName } from './format';

describe('time wording (issue 25)', () => {
  it("dates an instant by the viewer's day: a reply at 04:38 on Thu 26 Nov in India is the 26th", () => {
    expect(formatDayOf('2026-11-25T23:08:00.000Z', 'Asia/Kolkata')).toBe('Thu, 26 Nov, 2026');
    expect(formatDayOf('2026-11-25T23:08:00.000Z', 'Europe/London')).toBe('Wed, 25 Nov, 2026');
  });

  it('names a zone once, by one name, whichever spelling the browser reports', () => {
    const at = new Date('2026-11-26T00:00:00Z');
    expect(zoneName('Asia/Kolkata', at)).toBe('India Standard Time');
    expect(zoneName('Asia/Calcutta', at)).toBe('India Standard Time');
    expect(zoneName('UTC', at)).toBe('Coordinated Universal Time');
  });
});
