// Free slots kept in memory per slots version (issue 28, decision 197): every write they read shows on the next
// read, whether this server made it or another one (here: a write straight to the database, as another
// server's would be).
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
import { calendarBusy, calendarSources, checkoutHolds } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});
const NOW = new Date('2026-11-23T00:30:00Z');
beforeEach(async () => {
  setClock(() => NOW);
  await resetDb();
});

// Sundays 10:00-13:00 in India: on 2026-11-29 the 1-hour starts are 10:00 to 12:00 every half hour.
const SUNDAY = '2026-11-29';
const ALL = ['04:30', '05:00', '05:30', '06:00', '06:30'].map((t) => `${SUNDAY}T${t}:00.000Z`);
const settings = (weekly = [{ weekday: 7, start: '10:00', end: '13:00' }]) => ({
  timeZone: 'Asia/Kolkata',
  bufferMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 60,
  dailyCap: null,
  published: true,
  weekly,
  overrides: [],
});

async function setup() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Maya Cole' });
  const sharkCookie = await sessionCookie(db, shark.userId);
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/workspace/availability',
    headers: { cookie: sharkCookie },
    payload: settings(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const course = await createCourse(db, shark.id, { pricePaise: 0 });
  const learner = await createAccount(db, { roles: ['user'] });
  return { db, shark, sharkCookie, course, learner, learnerCookie: await sessionCookie(db, learner.id) };
}

/** The Sunday's free starts, asked twice so the second answer is the one kept in memory. */
async function sunday(sharkId: string): Promise<string[]> {
  let starts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/sharks/${sharkId}/slots?hours=1&from=${SUNDAY}&to=${SUNDAY}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    starts = (res.json().days as Array<{ starts: string[] }>)[0]!.starts;
  }
  return starts;
}

describe('free slots kept per slots version', () => {
  it('a booked slot disappears right after booking and comes back right after the learner cancels', async () => {
    const { shark, course, learnerCookie } = await setup();
    expect(await sunday(shark.id)).toEqual(ALL);
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: learnerCookie },
      payload: {
        courseId: course.id,
        hours: 1,
        startsAt: ALL[0],
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '+91 98450 12345',
        requestId: '6f1b7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // 10:00 is taken, and 10:30 would overlap it.
    expect(await sunday(shark.id)).toEqual(ALL.slice(2));
    const id = booked.json().booking.id as string;
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/cancel`,
      headers: { cookie: learnerCookie },
      payload: { reason: 'Something came up' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await sunday(shark.id)).toEqual(ALL);
  });

  it('shows an availability change at once', async () => {
    const { shark, sharkCookie } = await setup();
    expect(await sunday(shark.id)).toEqual(ALL);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/workspace/availability',
      headers: { cookie: sharkCookie },
      payload: settings([{ weekday: 7, start: '11:00', end: '12:00' }]),
    });
    expect(saved.statusCode).toBe(200);
    expect(await sunday(shark.id)).toEqual([ALL[2]]);
    const closed = await app.inject({
      method: 'PUT',
      url: '/api/workspace/availability',
      headers: { cookie: sharkCookie },
      payload: { ...settings(), published: false },
    });
    expect(closed.statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/slots?hours=1` });
    expect(res.json()).toMatchObject({ published: false, days: [] });
  });

  it("sees another server's writes on the next read: a booking, an imported busy time", async () => {
    const { db, shark, course, learner } = await setup();
    expect(await sunday(shark.id)).toEqual(ALL);
    // Written straight to the database, as another server's transaction would be: 12:00 India time.
    await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: SUNDAY,
      preferredTime: '12:00',
    });
    expect(await sunday(shark.id)).toEqual(ALL.slice(0, 3));
    const [source] = await db
      .insert(calendarSources)
      .values({ sharkId: shark.id, url: 'https://calendar.example.com/secret.ics' })
      .returning();
    await db.insert(calendarBusy).values({
      sourceId: source!.id,
      sharkId: shark.id,
      startsAt: new Date(ALL[0]!),
      endsAt: new Date(ALL[1]!),
    });
    expect(await sunday(shark.id)).toEqual([ALL[1], ALL[2]]);
  });

  it('gives a held slot back once the hold lapses, though the lapse writes nothing', async () => {
    const { db, shark, course, learner } = await setup();
    await db.insert(checkoutHolds).values({
      id: crypto.randomUUID(),
      courseId: course.id,
      sharkId: shark.id,
      userId: learner.id,
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+91 98450 12345',
      hours: 1,
      requestId: crypto.randomUUID(),
      startsAt: new Date(ALL[4]!),
      endsAt: new Date(Date.parse(ALL[4]!) + 3_600_000),
      blockedUntil: new Date(Date.parse(ALL[4]!) + 3_600_000),
      timeZone: 'Asia/Kolkata',
      expiresAt: new Date(NOW.getTime() + 20_000),
    });
    // 12:00 and 11:30 (which would run into it) are held.
    expect(await sunday(shark.id)).toEqual(ALL.slice(0, 3));
    // 30 s later, in the same minute: the hold has lapsed with no write.
    setClock(() => new Date(NOW.getTime() + 30_000));
    expect(await sunday(shark.id)).toEqual(ALL);
  });

  it('drops a start once it is inside the minimum notice, even from memory', async () => {
    const { shark } = await setup();
    expect(await sunday(shark.id)).toEqual(ALL);
    // At 10:00 sharp 10:00 may still be booked (no notice here); half a second later, in the same minute (so
    // from the answer kept at 10:00), it may not.
    setClock(() => new Date(ALL[0]!));
    expect(await sunday(shark.id)).toEqual(ALL);
    setClock(() => new Date(Date.parse(ALL[0]!) + 500));
    expect(await sunday(shark.id)).toEqual(ALL.slice(1));
  });
});
