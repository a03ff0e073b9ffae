import { describe, expect, it } from 'vitest';
import { calendar, LONDON_VTIMEZONE } from '#server/test/ical-server.ts';
import { expandBusy, FeedError, HOSTILE_RULE_MSG } from './expand';

const KOLKATA = 'Asia/Kolkata';
const window = (from: string, to: string, zone = KOLKATA) => ({
  from: new Date(from),
  to: new Date(to),
  zone,
});
const iso = (list: Array<{ startsAt: Date; endsAt: Date }>) =>
  list.map((i) => [i.startsAt.toISOString(), i.endsAt.toISOString()]);

const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'];

describe('expanding a calendar feed into busy times', () => {
  it('walks a weekly meeting, leaving out its exception and its cancelled instance and moving its edited one', () => {
    const text = calendar(
      ...event(
        'UID:weekly-1',
        'SUMMARY:Team sync',
        'DTSTART;TZID=Asia/Kolkata:20261102T100000',
        'DTEND;TZID=Asia/Kolkata:20261102T110000',
        'RRULE:FREQ=WEEKLY;COUNT=6',
        'EXDATE;TZID=Asia/Kolkata:20261109T100000',
      ),
      ...event(
        'UID:weekly-1',
        'RECURRENCE-ID;TZID=Asia/Kolkata:20261116T100000',
        'DTSTART;TZID=Asia/Kolkata:20261116T150000',
        'DTEND;TZID=Asia/Kolkata:20261116T160000',
      ),
      ...event(
        'UID:weekly-1',
        'RECURRENCE-ID;TZID=Asia/Kolkata:20261123T100000',
        'STATUS:CANCELLED',
        'DTSTART;TZID=Asia/Kolkata:20261123T100000',
        'DTEND;TZID=Asia/Kolkata:20261123T110000',
      ),
    );
    expect(iso(expandBusy(text, window('2026-11-01T00:00:00Z', '2027-01-01T00:00:00Z')))).toEqual([
      ['2026-11-02T04:30:00.000Z', '2026-11-02T05:30:00.000Z'],
      ['2026-11-16T09:30:00.000Z', '2026-11-16T10:30:00.000Z'],
      ['2026-11-30T04:30:00.000Z', '2026-11-30T05:30:00.000Z'],
      ['2026-12-07T04:30:00.000Z', '2026-12-07T05:30:00.000Z'],
    ]);
  });

  it("keeps a Europe/London meeting at 09:00 London across the clocks' change (VTIMEZONE)", () => {
    const text = calendar(
      ...LONDON_VTIMEZONE,
      ...event(
        'UID:london-1',
        'DTSTART;TZID=Europe/London:20270319T090000',
        'DTEND;TZID=Europe/London:20270319T093000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
      ),
    );
    expect(iso(expandBusy(text, window('2027-03-01T00:00:00Z', '2027-04-30T00:00:00Z')))).toEqual([
      ['2027-03-19T09:00:00.000Z', '2027-03-19T09:30:00.000Z'],
      ['2027-03-26T09:00:00.000Z', '2027-03-26T09:30:00.000Z'],
      // British Summer Time from 28 March: 09:00 London is 08:00 UTC.
      ['2027-04-02T08:00:00.000Z', '2027-04-02T08:30:00.000Z'],
    ]);
  });

  it('reads a well-known TZID without a VTIMEZONE, and UTC times', () => {
    const text = calendar(
      ...event(
        'UID:a',
        'DTSTART;TZID=Europe/London:20270402T100000',
        'DTEND;TZID=Europe/London:20270402T110000',
      ),
      ...event('UID:b', 'DTSTART:20270405T120000Z', 'DTEND:20270405T123000Z'),
    );
    expect(iso(expandBusy(text, window('2027-03-01T00:00:00Z', '2027-04-30T00:00:00Z')))).toEqual([
      ['2027-04-02T09:00:00.000Z', '2027-04-02T10:00:00.000Z'],
      ['2027-04-05T12:00:00.000Z', '2027-04-05T12:30:00.000Z'],
    ]);
  });

  it("makes an all-day event busy for that whole day in the shark's zone", () => {
    const text = calendar(...event('UID:day', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261211'));
    expect(iso(expandBusy(text, window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z')))).toEqual([
      ['2026-12-09T18:30:00.000Z', '2026-12-10T18:30:00.000Z'],
    ]);
  });

  it('leaves out transparent (free) and cancelled events, and events outside the window', () => {
    const text = calendar(
      ...event('UID:free', 'TRANSP:TRANSPARENT', 'DTSTART:20261210T100000Z', 'DTEND:20261210T110000Z'),
      ...event('UID:gone', 'STATUS:CANCELLED', 'DTSTART:20261211T100000Z', 'DTEND:20261211T110000Z'),
      ...event('UID:old', 'DTSTART:20251211T100000Z', 'DTEND:20251211T110000Z'),
      ...event('UID:busy', 'TRANSP:OPAQUE', 'DTSTART:20261212T100000Z', 'DTEND:20261212T110000Z'),
    );
    expect(iso(expandBusy(text, window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z')))).toEqual([
      ['2026-12-12T10:00:00.000Z', '2026-12-12T11:00:00.000Z'],
    ]);
  });

  it('merges overlapping events into one busy time', () => {
    const text = calendar(
      ...event('UID:1', 'DTSTART:20261212T100000Z', 'DTEND:20261212T110000Z'),
      ...event('UID:2', 'DTSTART:20261212T103000Z', 'DTEND:20261212T120000Z'),
    );
    expect(iso(expandBusy(text, window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z')))).toEqual([
      ['2026-12-12T10:00:00.000Z', '2026-12-12T12:00:00.000Z'],
    ]);
  });

  it('refuses text that is not a calendar, and a calendar past the event count limit', () => {
    const w = window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z');
    expect(() => expandBusy('<html>Sign in</html>', w)).toThrow(FeedError);
    const many = calendar(
      ...Array.from({ length: 4 }, (_, i) => event(`UID:${i}`, 'DTSTART:20261212T100000Z')).flat(),
    );
    expect(() => expandBusy(many, w, { maxEvents: 3, maxIntervals: 100, maxSteps: 100 })).toThrow(
      'The calendar has more than 3 events.',
    );
    const endless = calendar(...event('UID:m', 'DTSTART:19900101T000000Z', 'RRULE:FREQ=DAILY'));
    expect(() => expandBusy(endless, w, { maxEvents: 10, maxIntervals: 100, maxSteps: 1000 })).toThrow(
      'The calendar repeats its events too often to be read.',
    );
  });

  // Issue 38: ical.js loops forever inside one next() on these; they are refused before any expansion.
  it.each([
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', HOSTILE_RULE_MSG.neverMatches],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;UNTIL=20300101T000000Z', HOSTILE_RULE_MSG.neverMatches],
    ['FREQ=DAILY;BYMONTH=4,6;BYMONTHDAY=31,-31', HOSTILE_RULE_MSG.neverMatches],
    ['FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=-30', HOSTILE_RULE_MSG.neverMatches],
    ['FREQ=HOURLY', HOSTILE_RULE_MSG.subDaily],
    ['FREQ=MINUTELY;COUNT=10', HOSTILE_RULE_MSG.subDaily],
    ['FREQ=SECONDLY;COUNT=1000000000', HOSTILE_RULE_MSG.subDaily],
  ])('refuses RRULE:%s before expanding it', (rule, message) => {
    const w = window('2026-12-01T00:00:00Z', '2026-12-31T00:00:00Z');
    const text = calendar(
      ...event('UID:hostile', 'DTSTART:20260101T100000Z', 'DTEND:20260101T110000Z', `RRULE:${rule}`),
    );
    expect(() => expandBusy(text, w)).toThrow(message);
  });

  it('still reads a rule that can happen: 29 February, and the 31st of the months that have one', () => {
    const w = window('2028-02-01T00:00:00Z', '2028-04-01T00:00:00Z', 'UTC');
    const leap = calendar(
      ...event(
        'UID:leap',
        'DTSTART:20260101T100000Z',
        'DTEND:20260101T110000Z',
        'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29',
      ),
      ...event(
        'UID:31',
        'DTSTART:20260101T120000Z',
        'DTEND:20260101T130000Z',
        'RRULE:FREQ=DAILY;BYMONTH=2,3;BYMONTHDAY=31',
      ),
    );
    expect(iso(expandBusy(leap, w))).toEqual([
      ['2028-02-29T10:00:00.000Z', '2028-02-29T11:00:00.000Z'],
      ['2028-03-31T12:00:00.000Z', '2028-03-31T13:00:00.000Z'],
    ]);
  });
});
