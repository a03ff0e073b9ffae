import { describe, expect, it } from 'vitest';
import { computeSlots, type SlotRules } from './slots';

const rules = (over: Partial<SlotRules> = {}): SlotRules => ({
  timeZone: 'America/New_York',
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 60,
  dailyCap: null,
  weekly: [],
  overrides: new Map(),
  ...over,
});
const day = (days: ReturnType<typeof computeSlots>, date: string) =>
  days.find((d) => d.date === date)!.starts;

describe('computeSlots', () => {
  it('spring forward in New York (2027-03-14): 02:00-03:00 does not exist, sessions end by 04:00 local', () => {
    // Sunday 2027-03-14 is ISO weekday 7.
    const r = rules({ weekly: [{ weekday: 7, start: '01:00', end: '04:00' }] });
    const now = new Date('2027-03-13T12:00:00Z');
    const days = computeSlots(r, [], 1, now, { from: '2027-03-14', to: '2027-03-14' });
    // 01:00 EST = 06:00Z, 01:30 EST = 06:30Z, 03:00 EDT = 07:00Z (the 1-hour 03:30 would end at 04:30).
    expect(day(days, '2027-03-14')).toEqual([
      '2027-03-14T06:00:00.000Z',
      '2027-03-14T06:30:00.000Z',
      '2027-03-14T07:00:00.000Z',
    ]);
    const twoHours = computeSlots(r, [], 2, now, { from: '2027-03-14', to: '2027-03-14' });
    expect(day(twoHours, '2027-03-14')).toEqual(['2027-03-14T06:00:00.000Z']);
    // The week after, the same hours give the full three hours again, one hour earlier in UTC.
    const next = computeSlots(r, [], 1, now, { from: '2027-03-21', to: '2027-03-21' });
    expect(day(next, '2027-03-21')).toHaveLength(5);
    expect(day(next, '2027-03-21')[0]).toBe('2027-03-21T05:00:00.000Z');
  });

  it('fall back in New York (2026-11-01): the longer night offers wall-clock starts once each, measured in real time', () => {
    const r = rules({ weekly: [{ weekday: 7, start: '01:00', end: '04:00' }] });
    const now = new Date('2026-10-31T12:00:00Z');
    const days = computeSlots(r, [], 1, now, { from: '2026-11-01', to: '2026-11-01' });
    // 01:00 and 01:30 EDT (05:00Z, 05:30Z), then 02:00, 02:30, 03:00 EST (07:00Z...).
    expect(day(days, '2026-11-01')).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
    // A 4-hour session fits: the night between 01:00 and 04:00 lasts four real hours.
    expect(day(computeSlots(r, [], 4, now, { from: '2026-11-01', to: '2026-11-01' }), '2026-11-01')).toEqual([
      '2026-11-01T05:00:00.000Z',
    ]);
  });

  it('Asia/Kolkata (UTC+05:30): weekly hours, overrides (other hours, day off), notice and horizon', () => {
    const r = rules({
      timeZone: 'Asia/Kolkata',
      minNoticeMinutes: 12 * 60,
      horizonDays: 3,
      weekly: [
        { weekday: 1, start: '09:00', end: '11:00' },
        { weekday: 2, start: '09:00', end: '11:00' },
        { weekday: 3, start: '09:00', end: '11:00' },
      ],
      overrides: new Map([
        ['2026-11-24', []],
        ['2026-11-25', [{ start: '18:00', end: '19:30' }]],
      ]),
    });
    // Monday 2026-11-23 06:00 IST: 12 hours of notice leave nothing that morning.
    const now = new Date('2026-11-23T00:30:00Z');
    const days = computeSlots(r, [], 1, now);
    expect(days.map((d) => d.date)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']);
    expect(day(days, '2026-11-23')).toEqual([]);
    expect(day(days, '2026-11-24')).toEqual([]);
    expect(day(days, '2026-11-25')).toEqual(['2026-11-25T12:30:00.000Z', '2026-11-25T13:00:00.000Z']);
    // Thursday has no weekly hours; and the horizon ends 3 days from now.
    expect(day(days, '2026-11-26')).toEqual([]);
    const noNotice = computeSlots({ ...r, minNoticeMinutes: 0 }, [], 1, now);
    expect(day(noNotice, '2026-11-23')).toEqual([
      '2026-11-23T03:30:00.000Z',
      '2026-11-23T04:00:00.000Z',
      '2026-11-23T04:30:00.000Z',
    ]);
  });

  it('keeps the buffer on both sides of an active booking, and stops at the daily cap', () => {
    const r = rules({
      timeZone: 'UTC',
      bufferMinutes: 30,
      weekly: [{ weekday: 1, start: '08:00', end: '14:00' }],
    });
    const now = new Date('2026-11-22T00:00:00Z');
    const busy = [
      { startsAt: new Date('2026-11-23T10:00:00Z'), blockedUntil: new Date('2026-11-23T11:30:00Z') },
    ];
    const starts = day(computeSlots(r, busy, 1, now), '2026-11-23').map((s) => s.slice(11, 16));
    // 09:00 would end at 10:00 with no 30-minute gap (08:30 leaves exactly 30); 11:30 is the first after.
    expect(starts).toEqual(['08:00', '08:30', '11:30', '12:00', '12:30', '13:00']);
    expect(day(computeSlots({ ...r, dailyCap: 1 }, busy, 1, now), '2026-11-23')).toEqual([]);
    expect(day(computeSlots({ ...r, dailyCap: 2 }, busy, 1, now), '2026-11-23')).toHaveLength(6);
  });

  // The bookings are walked once, sorted by start, while the day's starts go forward in time: these pin the
  // edges of that walk (decision 068).
  it('a booking across midnight and buffers across days block the starts on both dates', () => {
    const r = rules({
      timeZone: 'UTC',
      bufferMinutes: 60,
      // Evening hours listed before the night's, so a day's starts come out of order and are sorted.
      weekly: [1, 2, 3].flatMap((weekday) => [
        { weekday, start: '20:00', end: '24:00' },
        { weekday, start: '00:00', end: '04:00' },
      ]),
    });
    const now = new Date('2026-11-22T00:00:00Z');
    const busy = [
      // Wednesday 00:30-01:30: its buffer before reaches back into Tuesday evening.
      { startsAt: new Date('2026-11-25T00:30:00Z'), blockedUntil: new Date('2026-11-25T02:30:00Z') },
      // Monday 23:00 to Tuesday 00:30, blocked until 01:30 by the buffer.
      { startsAt: new Date('2026-11-23T23:00:00Z'), blockedUntil: new Date('2026-11-24T01:30:00Z') },
    ];
    const days = computeSlots(r, busy, 1, now, { from: '2026-11-23', to: '2026-11-25' });
    const hm = (date: string) => day(days, date).map((s) => s.slice(11, 16));
    expect(hm('2026-11-23')).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '20:00',
      '20:30',
      '21:00',
    ]);
    expect(hm('2026-11-24')).toEqual([
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
    ]);
    expect(hm('2026-11-25')).toEqual([
      '02:30',
      '03:00',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
      '22:30',
      '23:00',
    ]);
  });

  it("counts a booking toward the daily cap on its date in the shark's zone, not in UTC", () => {
    const r = rules({
      timeZone: 'Asia/Kolkata',
      dailyCap: 1,
      weekly: [2, 3].map((weekday) => ({ weekday, start: '09:00', end: '11:00' })),
    });
    const now = new Date('2026-11-22T00:00:00Z');
    // Tuesday 20:00 UTC is Wednesday 01:30 in Kolkata.
    const busy = [
      { startsAt: new Date('2026-11-24T20:00:00Z'), blockedUntil: new Date('2026-11-24T21:00:00Z') },
    ];
    const days = computeSlots(r, busy, 1, now, { from: '2026-11-24', to: '2026-11-25' });
    expect(day(days, '2026-11-24')).toHaveLength(3);
    expect(day(days, '2026-11-25')).toEqual([]);
  });

  it('walks the bookings on daylight-saving days whose hours cross the change', () => {
    // Fall back (2026-11-01): 01:00-02:00 happens twice; a booking in the second 01:00 (EST, 06:00Z).
    const fall = rules({ weekly: [{ weekday: 7, start: '00:00', end: '04:00' }] });
    const fallBusy = [
      { startsAt: new Date('2026-11-01T06:00:00Z'), blockedUntil: new Date('2026-11-01T07:00:00Z') },
    ];
    const fallDays = computeSlots(fall, fallBusy, 1, new Date('2026-10-31T00:00:00Z'), {
      from: '2026-11-01',
      to: '2026-11-01',
    });
    expect(day(fallDays, '2026-11-01')).toEqual([
      '2026-11-01T04:00:00.000Z',
      '2026-11-01T04:30:00.000Z',
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T07:30:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
    // Spring forward (2027-03-14): 02:00-03:00 does not exist; a booking at 03:30 EDT (07:30Z).
    const spring = rules({ weekly: [{ weekday: 7, start: '01:00', end: '05:00' }] });
    const springBusy = [
      { startsAt: new Date('2027-03-14T07:30:00Z'), blockedUntil: new Date('2027-03-14T08:30:00Z') },
    ];
    const springDays = computeSlots(spring, springBusy, 1, new Date('2027-03-13T00:00:00Z'), {
      from: '2027-03-14',
      to: '2027-03-14',
    });
    expect(day(springDays, '2027-03-14')).toEqual(['2027-03-14T06:00:00.000Z', '2027-03-14T06:30:00.000Z']);
  });

  it('takes out the slots an imported busy time overlaps, without the buffer and without counting it for the cap', () => {
    // Monday 2026-11-30, 09:00-13:00 in India (03:30Z-07:30Z), a 30-minute buffer and one session a day.
    const r = rules({
      timeZone: 'Asia/Kolkata',
      bufferMinutes: 30,
      dailyCap: 1,
      weekly: [{ weekday: 1, start: '09:00', end: '13:00' }],
    });
    const now = new Date('2026-11-23T00:00:00Z');
    const opts = { from: '2026-11-30', to: '2026-11-30' };
    // Busy 10:00-11:00 in the shark's other calendar (04:30Z-05:30Z).
    const imported = [
      { startsAt: new Date('2026-11-30T04:30:00Z'), endsAt: new Date('2026-11-30T05:30:00Z') },
    ];
    expect(day(computeSlots(r, [], 1, now, { ...opts, imported }), '2026-11-30')).toEqual([
      '2026-11-30T03:30:00.000Z', // 09:00-10:00 ends as the event starts: no buffer against it
      '2026-11-30T05:30:00.000Z', // 11:00, as soon as it ends
      '2026-11-30T06:00:00.000Z',
      '2026-11-30T06:30:00.000Z',
    ]);
    // Offered at all (to tell "taken" from "never offered"): the imported time does not count there.
    expect(
      day(computeSlots(r, [], 1, now, { ...opts, imported, ignoreBookings: true }), '2026-11-30'),
    ).toHaveLength(7);
  });
});
