import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { payCheckout } from '#server/test/payments.ts';
import { availabilityWeekly, courseBookings, sharkAvailability, sharksWithMeta } from '#server/db/schema.ts';
import { setClock, todayIn } from '#server/time.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // Many bookings from one test IP within a minute: the per-minute limit is not what these tests are about.
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});
// Monday 2026-11-23, 06:00 in India.
const NOW = new Date('2026-11-23T00:30:00Z');
beforeEach(async () => {
  setClock(() => NOW);
  await resetDb();
});

/** Opens the shark's calendar: every day 09:00-21:00 in India, no notice, 30 days ahead. */
async function openCalendar(
  sharkId: string,
  opts: Partial<typeof sharkAvailability.$inferInsert> = {},
  hours = { start: '09:00', end: '21:00' },
) {
  const { db } = await testDatabase();
  await db.insert(sharkAvailability).values({
    sharkId,
    timeZone: 'Asia/Kolkata',
    minNoticeMinutes: 0,
    horizonDays: 30,
    published: true,
    ...opts,
  });
  await db.insert(availabilityWeekly).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      sharkId,
      weekday,
      startTime: hours.start,
      endTime: hours.end,
    })),
  );
}
/** 18:30 in India, `days` after Monday 2026-11-23. */
const slot = (days: number, hhmm = '18:30') =>
  new Date(Date.parse(`2026-11-${23 + days}T${hhmm}:00+05:30`)).toISOString();

const TZ = 'Asia/Kolkata';
const dayOffset = (days: number) => {
  const d = new Date(`${todayIn(TZ)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function setup(
  opts: {
    pricePaise?: number;
    published?: boolean;
    enrollmentFormUrl?: string | null;
    calendar?: boolean;
  } = {},
) {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Arjun Mehta', published: opts.published ?? true });
  if (opts.calendar ?? true) await openCalendar(shark.id);
  const course = await createCourse(db, shark.id, {
    title: 'Web App Hacking',
    pricePaise: opts.pricePaise ?? 150_000,
    enrollmentFormUrl: opts.enrollmentFormUrl ?? null,
  });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const cookie = await sessionCookie(db, learner.id);
  return { db, shark, course, learner, cookie };
}

const body = (courseId: string, overrides: Record<string, unknown> = {}) => ({
  courseId,
  hours: 2,
  startsAt: slot(3),
  name: 'Priya Raman',
  email: 'Priya@Example.com',
  phone: '+91 98765 43210',
  requestId: randomUUID(),
  ...overrides,
});

const post = (cookie: string | undefined, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/bookings', headers: cookie ? { cookie } : {}, payload });

/**
 * Books as a learner does (issue 23): the POST, and for a paid course its checkout paid at the test gateway.
 * Answers the POST's status, and the booking it became (with the POST's message) or the POST's own answer.
 */
async function book(cookie: string | undefined, payload: Record<string, unknown>) {
  const res = await post(cookie, payload);
  const checkout = res.statusCode === 201 ? (res.json().checkout as { bookingId: string } | null) : null;
  if (!cookie || !checkout) return { statusCode: res.statusCode, json: () => res.json() };
  const paid = await payCheckout(app, cookie, checkout.bookingId);
  expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
  const mine = (await app.inject({ method: 'GET', url: '/api/me/bookings', headers: { cookie } })).json();
  const booking = (mine as Array<{ id: string }>).find((b) => b.id === checkout.bookingId);
  return { statusCode: res.statusCode, json: () => ({ ...booking, message: res.json().message }) };
}

describe('POST /api/bookings', () => {
  it('stores the booking with the total computed by the server from the current price, ignoring a client price', async () => {
    const { db, course, learner, cookie } = await setup({ pricePaise: 149_950 });
    const res = await book(cookie, {
      ...body(course.id, { hours: 3, startsAt: slot(3, '17:30') }),
      totalPricePaise: 1,
      pricePaise: 1,
    });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({
      courseTitle: 'Web App Hacking',
      sharkName: 'Arjun Mehta',
      hours: 3,
      totalPricePaise: 449_850,
      preferredDate: '2026-11-26',
      preferredTime: '17:30',
      startsAt: '2026-11-26T12:00:00.000Z',
      endsAt: '2026-11-26T15:00:00.000Z',
      timeZone: 'Asia/Kolkata',
      status: 'requested',
      email: 'priya@example.com',
      upcoming: true,
    });
    expect(json.message).toBe('Your slot is held for 15 minutes while you pay.');
    const rows = await db.select().from(courseBookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: learner.id,
      courseId: course.id,
      totalPricePaise: 449_850,
      hours: 3,
    });
    expect(rows[0].blockedUntil.toISOString()).toBe('2026-11-26T15:00:00.000Z');
  });

  it('refuses hours 0, 13 and 1.5 with a message on the hours field', async () => {
    const { course, cookie } = await setup();
    const cases: Array<[unknown, string]> = [
      [0, 'Book at least 1 hour'],
      [13, 'You can book at most 12 hours at a time'],
      [1.5, 'Hours must be a whole number'],
      ['two', 'Hours must be a number'],
    ];
    for (const [hours, message] of cases) {
      const res = await book(cookie, body(course.id, { hours }));
      expect(res.statusCode, String(hours)).toBe(400);
      expect(res.json().error.fields.hours).toBe(message);
    }
    const { db } = await testDatabase();
    expect(await db.select().from(courseBookings)).toEqual([]);
  });

  it('accepts 1 and 12 hours, the limits', async () => {
    const { course, cookie } = await setup({ pricePaise: 10_000 });
    expect((await book(cookie, body(course.id, { hours: 1 }))).json().totalPricePaise).toBe(10_000);
    const twelve = await book(cookie, body(course.id, { hours: 12, startsAt: slot(5, '09:00') }));
    expect(twelve.json().totalPricePaise).toBe(120_000);
  });

  it('refuses a missing or malformed start, and a time the shark does not offer, on the startsAt field', async () => {
    const { course, cookie } = await setup();
    for (const startsAt of [undefined, '', 'tomorrow', '2026-11-26 18:30']) {
      const res = await book(cookie, body(course.id, { startsAt }));
      expect(res.statusCode, String(startsAt)).toBe(400);
      expect(res.json().error.fields.startsAt).toBe('Choose a start time');
    }
    // 03:00 in India (outside 09:00-21:00), 18:10 (not on the half hour), the past, beyond the horizon,
    // and a 4-hour session from 18:30 that would end after 21:00.
    const cases: Array<[string, number]> = [
      [slot(3, '03:00'), 2],
      [slot(3, '18:10'), 2],
      [new Date(NOW.getTime() - 3_600_000).toISOString(), 1],
      [new Date(NOW.getTime() + 40 * 86_400_000).toISOString(), 1],
      [slot(3), 4],
    ];
    for (const [startsAt, hours] of cases) {
      const res = await book(cookie, body(course.id, { startsAt, hours }));
      expect(res.statusCode, startsAt).toBe(400);
      expect(res.json().error.fields).toEqual({ startsAt: 'Choose one of the free times' });
    }
    const { db } = await testDatabase();
    expect(await db.select().from(courseBookings)).toEqual([]);
  });

  it('refuses a booking until the shark has opened their calendar', async () => {
    const { course, cookie } = await setup({ calendar: false });
    const res = await book(cookie, body(course.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ courseId: 'This shark has not opened their calendar yet.' });
  });

  it('answers 409 with the "just taken" text for an overlapping slot, including the buffer, and keeps the first', async () => {
    const { db, shark, course, cookie } = await setup({ calendar: false });
    await openCalendar(shark.id, { bufferMinutes: 30 });
    expect((await book(cookie, body(course.id, { startsAt: slot(3, '12:00') }))).statusCode).toBe(201);
    const other = await sessionCookie(db, (await createAccount(db, { roles: ['user'] })).id);
    // 13:00 overlaps 12:00-14:00; 14:00 is inside the 30-minute buffer; 10:00-12:00 leaves no gap before.
    for (const hhmm of ['13:00', '14:00', '10:00']) {
      const res = await book(other, body(course.id, { startsAt: slot(3, hhmm) }));
      expect(res.statusCode, hhmm).toBe(409);
      expect(res.json().error.message).toBe(
        'This time was just booked by someone else. Please pick another slot.',
      );
    }
    expect((await book(other, body(course.id, { startsAt: slot(3, '14:30') }))).statusCode).toBe(201);
    expect((await book(other, body(course.id, { startsAt: slot(3, '09:30') }))).statusCode).toBe(201);
    expect(await db.select().from(courseBookings)).toHaveLength(3);
  });

  it("stops at the daily cap, counted in the shark's time zone", async () => {
    const { shark, course, cookie } = await setup({ calendar: false });
    await openCalendar(shark.id, { dailyCap: 2 });
    expect((await book(cookie, body(course.id, { startsAt: slot(3, '09:00'), hours: 1 }))).statusCode).toBe(
      201,
    );
    expect((await book(cookie, body(course.id, { startsAt: slot(3, '12:00'), hours: 1 }))).statusCode).toBe(
      201,
    );
    const third = await book(cookie, body(course.id, { startsAt: slot(3, '15:00'), hours: 1 }));
    expect(third.statusCode).toBe(409);
    const slots = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/slots?hours=1` });
    expect(slots.json().days.find((d: { date: string }) => d.date === '2026-11-26').starts).toEqual([]);
    expect((await book(cookie, body(course.id, { startsAt: slot(4, '15:00'), hours: 1 }))).statusCode).toBe(
      201,
    );
  });

  it('50 learners racing for one slot: exactly one books it, 49 get the "just taken" answer', async () => {
    const { db, course } = await setup();
    const cookies = await Promise.all(
      Array.from({ length: 50 }, async () =>
        sessionCookie(db, (await createAccount(db, { roles: ['user'] })).id),
      ),
    );
    const results = await Promise.all(cookies.map((c) => book(c, body(course.id))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe(
        'This time was just booked by someone else. Please pick another slot.',
      );
    expect(await db.select().from(courseBookings)).toHaveLength(1);
  });

  it('the database itself refuses two overlapping active bookings of one shark', async () => {
    const { db, course, learner } = await setup();
    await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: '2026-11-30',
      hours: 2,
    });
    await expect(
      createBooking(db, {
        courseId: course.id,
        userId: learner.id,
        preferredDate: '2026-11-30',
        preferredTime: '11:00',
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
    // A cancelled booking does not hold the time.
    await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: '2026-11-30',
      preferredTime: '11:00',
      status: 'cancelled',
    });
  });

  it('validates name, email and phone with field messages', async () => {
    const { course, cookie } = await setup();
    const res = await book(cookie, body(course.id, { name: ' ', email: '', phone: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });
    const invalid = await book(cookie, body(course.id, { email: 'nope', phone: 'call me' }));
    expect(invalid.json().error.fields).toEqual({
      email: 'Please enter a valid email',
      phone: 'Please enter a valid phone number',
    });
  });

  it('refuses a course of an unpublished shark, and an unknown course', async () => {
    const { course, cookie } = await setup({ published: false });
    const res = await book(cookie, body(course.id));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ courseId: 'This course is not open for booking.' });
    const unknown = await book(cookie, body(randomUUID()));
    expect(unknown.json().error.fields).toEqual({ courseId: 'This course is not open for booking.' });
    const { db } = await testDatabase();
    expect(await db.select().from(courseBookings)).toEqual([]);
  });

  it('makes one booking for a requestId sent twice (a double-clicked Confirm), even at the same moment', async () => {
    const { db, course, cookie } = await setup();
    const payload = body(course.id);
    const [a, b] = await Promise.all([post(cookie, payload), post(cookie, payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const id = a.json().checkout.bookingId as string;
    expect(b.json().checkout.bookingId).toBe(id);
    expect((await payCheckout(app, cookie, id)).confirm.statusCode).toBe(200);
    const again = await post(cookie, { ...payload, hours: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json().booking).toMatchObject({ id, hours: 2 });
    expect(await db.select().from(courseBookings)).toHaveLength(1);
  });

  it("never returns another learner's booking for a reused requestId", async () => {
    const { db, course, cookie } = await setup();
    const payload = body(course.id);
    await book(cookie, payload);
    const other = await createAccount(db, { roles: ['user'] });
    const res = await book(await sessionCookie(db, other.id), payload);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This booking request was already used.');
  });

  it('asks a visitor to log in and stores nothing', async () => {
    const { db, course } = await setup();
    const res = await book(undefined, body(course.id));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please log in to continue.');
    expect(await db.select().from(courseBookings)).toEqual([]);
  });

  it('lets a freelancer (who also holds the user role) book, but not a shark-only account', async () => {
    const { db, course } = await setup();
    const freelancer = await createAccount(db, { roles: ['freelancer', 'user'] });
    expect((await book(await sessionCookie(db, freelancer.id), body(course.id))).statusCode).toBe(201);
    const sharkOnly = await createAccount(db, { roles: ['shark'] });
    const res = await book(await sessionCookie(db, sharkOnly.id), body(course.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'Only learner accounts can book sessions. Log in with a user account to book.',
    );
    // Refused before the body is read: no field messages for someone who may not book at all.
    const empty = await book(await sessionCookie(db, sharkOnly.id), {});
    expect(empty.statusCode).toBe(403);
    expect(empty.json().error.fields).toBeUndefined();
    const visitor = await book(undefined, {});
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a request from another site', async () => {
    const { course, cookie } = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie, origin: 'https://evil.example' },
      payload: body(course.id),
    });
    expect(res.statusCode).toBe(403);
  });

  it("does not count a learner in the shark's student_count for requests alone", async () => {
    const { db, shark, course, cookie } = await setup();
    await book(cookie, body(course.id, { startsAt: slot(1) }));
    await book(cookie, body(course.id, { startsAt: slot(2) }));
    const second = await createCourse(db, shark.id, { title: 'API Security' });
    await book(cookie, body(second.id, { startsAt: slot(3) }));
    const other = await createAccount(db, { roles: ['user'] });
    await book(await sessionCookie(db, other.id), body(course.id, { startsAt: slot(4) }));
    const [meta] = await db.select().from(sharksWithMeta).where(eq(sharksWithMeta.id, shark.id));
    // Four requests, none accepted yet: no student (the confirmed ones count, sessions.test.ts).
    expect(meta.studentCount).toBe(0);
  });
});

describe('GET /api/me/bookings', () => {
  it('lists only my bookings, upcoming (soonest first) then past (latest first), with course and shark', async () => {
    const { db, shark, course, learner, cookie } = await setup();
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: dayOffset(-10) });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: dayOffset(-2) });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: dayOffset(7) });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: dayOffset(0) });
    const other = await createAccount(db, { roles: ['user'] });
    await createBooking(db, { courseId: course.id, userId: other.id, preferredDate: dayOffset(1) });

    const res = await app.inject({ method: 'GET', url: '/api/me/bookings', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{
      preferredDate: string;
      upcoming: boolean;
      courseTitle: string;
      sharkId: string;
      sharkName: string;
    }>;
    expect(list.map((b) => b.preferredDate)).toEqual([
      dayOffset(0),
      dayOffset(7),
      dayOffset(-2),
      dayOffset(-10),
    ]);
    expect(list.map((b) => b.upcoming)).toEqual([true, true, false, false]);
    expect(list[0]).toMatchObject({
      courseTitle: 'Web App Hacking',
      sharkId: shark.id,
      sharkName: 'Arjun Mehta',
    });

    const theirs = await app.inject({
      method: 'GET',
      url: '/api/me/bookings',
      headers: { cookie: await sessionCookie(db, other.id) },
    });
    expect(theirs.json()).toHaveLength(1);
  });

  it('asks a visitor to log in', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/me/bookings' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Please log in to continue.');
  });
});

describe('todayIn', () => {
  it('uses the calendar date of the time zone, not UTC', () => {
    // 20:00 UTC on 1 March is already 2 March in India.
    expect(todayIn('Asia/Kolkata', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(todayIn('UTC', new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-01');
  });
});
