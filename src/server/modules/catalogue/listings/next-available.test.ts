// The sharks list's cards say when each shark is next free (issue 25, decision 165): the first free 1-hour
// start within 60 days from the shark's published calendar, less its bookings; null without one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { setClock } from '#server/time.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});
// Thursday 2026-11-26, 06:00 in India.
const NOW = new Date('2026-11-26T00:30:00Z');
beforeEach(async () => {
  setClock(() => NOW);
  await resetDb();
});

const calendar = (weekly: Array<{ weekday: number; start: string; end: string }>, over = {}) => ({
  timeZone: 'Asia/Kolkata',
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 60,
  dailyCap: null,
  published: true,
  weekly,
  overrides: [],
  ...over,
});

async function sharkWithCalendar(name: string, settings: object | null) {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name });
  if (settings) {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/workspace/availability',
      headers: { cookie: await sessionCookie(db, shark.userId) },
      payload: settings,
    });
    expect(res.statusCode).toBe(200);
  }
  return shark;
}

const listed = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/sharks?sort=experience' });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().items as Array<{ name: string; nextAvailable: string | null }>).map((s) => [
      s.name,
      s.nextAvailable,
    ]),
  );
};

describe('GET /api/sharks: next available', () => {
  it("gives each card its shark's first free start, skipping booked time, or null without an open calendar", async () => {
    const fridays = await sharkWithCalendar(
      'Friday Shark',
      calendar([{ weekday: 5, start: '10:00', end: '12:00' }]),
    );
    await sharkWithCalendar(
      'Closed Shark',
      calendar([{ weekday: 1, start: '10:00', end: '12:00' }], { published: false }),
    );
    await sharkWithCalendar('No Calendar Shark', null);
    // Open only on a date more than 60 days ahead: nothing in the cards' look-ahead.
    await sharkWithCalendar(
      'Far Shark',
      calendar([], {
        horizonDays: 90,
        overrides: [{ date: '2027-02-10', ranges: [{ start: '10:00', end: '12:00' }] }],
      }),
    );

    // Open only three weeks ahead: past the first week the cards look at first, within the 60 days.
    await sharkWithCalendar(
      'Later Shark',
      calendar([], { overrides: [{ date: '2026-12-17', ranges: [{ start: '15:00', end: '16:00' }] }] }),
    );

    expect(await listed()).toEqual({
      'Friday Shark': '2026-11-27T04:30:00.000Z',
      'Later Shark': '2026-12-17T09:30:00.000Z',
      'Closed Shark': null,
      'No Calendar Shark': null,
      'Far Shark': null,
    });

    // A learner books Friday 10:00-11:00 IST: the card moves on to 11:00.
    const { db } = await testDatabase();
    const course = await createCourse(db, fridays.id);
    const learner = await createAccount(db, { roles: ['user'] });
    await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: '2026-11-27',
      preferredTime: '10:00',
    });
    expect((await listed())['Friday Shark']).toBe('2026-11-27T05:30:00.000Z');
  });

  it('a list answered as not modified is made again once its five minutes pass (its cards name a time)', async () => {
    await sharkWithCalendar('Friday Shark', calendar([{ weekday: 5, start: '10:00', end: '12:00' }]));
    const first = await app.inject({ method: 'GET', url: '/api/sharks' });
    const etag = first.headers.etag as string;
    const again = await app.inject({ method: 'GET', url: '/api/sharks', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    setClock(() => new Date(NOW.getTime() + 5 * 60_000));
    const later = await app.inject({ method: 'GET', url: '/api/sharks', headers: { 'if-none-match': etag } });
    expect(later.statusCode).toBe(200);
    expect(later.json().items[0].nextAvailable).toBe('2026-11-27T04:30:00.000Z');
  });
});
