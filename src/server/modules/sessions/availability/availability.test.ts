import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { availabilityWatchers, outbox } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});
// Sunday 2026-11-22, 19:30 in New York (sessions are created on the real clock, so it stays near today).
const NOW = new Date('2026-11-23T00:30:00Z');
beforeEach(async () => {
  setClock(() => NOW);
  await resetDb();
});

const settings = (over: Record<string, unknown> = {}) => ({
  timeZone: 'America/New_York',
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 180,
  dailyCap: null,
  published: true,
  weekly: [{ weekday: 7, start: '01:00', end: '04:00' }],
  overrides: [],
  ...over,
});

async function sharkWithCookie(name = 'Maya Cole') {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name });
  return { db, shark, cookie: await sessionCookie(db, shark.userId) };
}
const put = (cookie: string, payload: object, query = '') =>
  app.inject({ method: 'PUT', url: `/api/workspace/availability${query}`, headers: { cookie }, payload });

describe('availability API', () => {
  it('a shark saves weekly hours in its zone; learners see free slots right across the spring-forward change', async () => {
    const { shark, cookie } = await sharkWithCookie();
    const res = await put(cookie, settings());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Availability saved.');
    // The preview: the next 14 days of 1-hour slots, from today in the shark's zone.
    const preview = res.json().availability.preview as Array<{ date: string; starts: string[] }>;
    expect(preview).toHaveLength(14);
    expect(preview[0]).toEqual({ date: '2026-11-22', starts: [] });
    expect(preview.find((d) => d.date === '2026-11-29')!.starts).toEqual([
      '2026-11-29T06:00:00.000Z',
      '2026-11-29T06:30:00.000Z',
      '2026-11-29T07:00:00.000Z',
      '2026-11-29T07:30:00.000Z',
      '2026-11-29T08:00:00.000Z',
    ]);
    const slots = await app.inject({
      method: 'GET',
      url: `/api/sharks/${shark.id}/slots?hours=1&from=2027-03-14&to=2027-03-15`,
    });
    expect(slots.statusCode).toBe(200);
    expect(slots.json()).toMatchObject({ published: true, timeZone: 'America/New_York', hours: 1 });
    expect(slots.json().days).toEqual([
      {
        date: '2027-03-14',
        starts: ['2027-03-14T06:00:00.000Z', '2027-03-14T06:30:00.000Z', '2027-03-14T07:00:00.000Z'],
      },
      { date: '2027-03-15', starts: [] },
    ]);
    const again = await app.inject({
      method: 'GET',
      url: '/api/workspace/availability',
      headers: { cookie },
    });
    expect(again.json()).toMatchObject({
      timeZone: 'America/New_York',
      weekly: settings().weekly,
      published: true,
    });
  });

  it('refuses overlapping ranges, bad times, zones, buffers and caps with field messages', async () => {
    const { cookie } = await sharkWithCookie();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone', 'Choose a valid time zone'],
      [{ bufferMinutes: 20 }, 'bufferMinutes', 'Choose a buffer of 0, 15, 30 or 60 minutes'],
      [{ dailyCap: 30 }, 'dailyCap', 'The daily cap must be between 1 and 24 sessions'],
      [{ horizonDays: 0 }, 'horizonDays', 'Booking horizon must be between 1 and 180 days'],
      [{ minNoticeMinutes: 20000 }, 'minNoticeMinutes', 'Minimum notice must be between 0 and 168 hours'],
      [
        {
          weekly: [
            { weekday: 1, start: '09:00', end: '12:00' },
            { weekday: 1, start: '11:00', end: '13:00' },
          ],
        },
        'weekly',
        'Hours on one day must not overlap',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await put(cookie, settings(over));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fields[field], field).toBe(message);
    }
    const badTime = await put(cookie, settings({ weekly: [{ weekday: 1, start: '9:00', end: '12:00' }] }));
    expect(badTime.statusCode).toBe(400);
    expect(JSON.stringify(badTime.json().error.fields)).toContain('Enter a valid time (HH:MM)');
    const reversed = await put(cookie, settings({ weekly: [{ weekday: 1, start: '12:00', end: '09:00' }] }));
    expect(JSON.stringify(reversed.json().error.fields)).toContain(
      'The end time must be after the start time',
    );
  });

  it('an admin acts for a shark with ?sharkId=; another shark, a learner and a visitor are refused', async () => {
    const { db, shark } = await sharkWithCookie();
    const admin = await createAccount(db, { roles: ['admin'] });
    const adminCookie = await sessionCookie(db, admin.id);
    expect((await put(adminCookie, settings(), `?sharkId=${shark.id}`)).statusCode).toBe(200);
    const other = await sharkWithCookie('Other Shark');
    expect((await put(other.cookie, settings(), `?sharkId=${shark.id}`)).statusCode).toBe(403);
    const learner = await sessionCookie(db, (await createAccount(db, { roles: ['user'] })).id);
    expect((await put(learner, settings())).statusCode).toBe(403);
    const visitor = await app.inject({ method: 'GET', url: '/api/workspace/availability' });
    expect(visitor.statusCode).toBe(401);
  });

  it('a closed calendar offers no days; "notify me" is stored and mailed when the shark publishes', async () => {
    const { db, shark, cookie } = await sharkWithCookie('Maya Cole');
    const closed = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/slots` });
    expect(closed.json()).toMatchObject({ published: false, days: [] });
    const learner = await createAccount(db, { roles: ['user'], email: 'waiting@example.com' });
    const watch = await app.inject({
      method: 'PUT',
      url: `/api/sharks/${shark.id}/calendar-watch`,
      headers: { cookie: await sessionCookie(db, learner.id) },
    });
    expect(watch.statusCode).toBe(200);
    expect(watch.json().message).toBe('We will email you when their calendar opens.');
    const visitor = await app.inject({ method: 'PUT', url: `/api/sharks/${shark.id}/calendar-watch` });
    expect(visitor.json().error.message).toBe('Please log in to be notified.');

    await put(cookie, settings({ published: false }));
    expect(await db.select().from(outbox)).toEqual([]);
    await put(cookie, settings());
    const mails = await db.select().from(outbox);
    expect(mails.map((m) => [m.toAddress, m.template, m.subject])).toEqual([
      ['waiting@example.com', 'calendar-open', 'Maya Cole has opened their calendar'],
    ]);
    expect(await db.select().from(availabilityWatchers)).toEqual([]);
  });

  it('answers 404 for an unpublished or unknown shark and 400 for bad hours', async () => {
    const { db } = await testDatabase();
    const hidden = await createShark(db, { published: false });
    expect((await app.inject({ method: 'GET', url: `/api/sharks/${hidden.id}/slots` })).statusCode).toBe(404);
    const bad = await app.inject({ method: 'GET', url: `/api/sharks/${hidden.id}/slots?hours=20` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.hours).toBe('You can book at most 12 hours at a time');
  });
});
