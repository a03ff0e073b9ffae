import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, resetDb, testDatabase } from '../../test/app';
import { createAccount, createBooking, createCourse, createShark, sessionCookie } from '../../test/fixtures';
import { courseBookings, sharksWithMeta } from '../../db/schema';
import { todayIn } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  // Many bookings from one test IP within a minute: the per-minute limit is not what these tests are about.
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const TZ = 'Asia/Kolkata';
const dayOffset = (days: number) => {
  const d = new Date(`${todayIn(TZ)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function setup(opts: { price?: number; published?: boolean; enrollmentFormUrl?: string | null } = {}) {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Arjun Mehta', published: opts.published ?? true });
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', price: opts.price ?? 1500, enrollmentFormUrl: opts.enrollmentFormUrl ?? null });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const cookie = await sessionCookie(db, learner.id);
  return { db, shark, course, learner, cookie };
}

const body = (courseId: string, overrides: Record<string, unknown> = {}) => ({
  courseId,
  hours: 2,
  preferredDate: dayOffset(3),
  preferredTime: '18:30',
  name: 'Priya Raman',
  email: 'Priya@Example.com',
  phone: '+91 98765 43210',
  requestId: randomUUID(),
  ...overrides,
});

const book = (cookie: string | undefined, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/bookings', headers: cookie ? { cookie } : {}, payload });

describe('POST /api/bookings', () => {
  it('stores the booking with the total computed by the server from the current price, ignoring a client price', async () => {
    const { db, course, learner, cookie } = await setup({ price: 1499.5 });
    const res = await book(cookie, { ...body(course.id, { hours: 3 }), totalPrice: 1, price: 1 });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json).toMatchObject({ courseTitle: 'Web App Hacking', sharkName: 'Arjun Mehta', hours: 3, totalPrice: 4498.5, preferredTime: '18:30', email: 'priya@example.com', upcoming: true });
    expect(json.message).toBe('Booking confirmed! Payment is not taken online yet: the shark will contact you to arrange it.');
    const rows = await db.select().from(courseBookings);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: learner.id, courseId: course.id, totalPrice: 4498.5, hours: 3 });
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
    const { course, cookie } = await setup({ price: 100 });
    expect((await book(cookie, body(course.id, { hours: 1 }))).json().totalPrice).toBe(100);
    expect((await book(cookie, body(course.id, { hours: 12 }))).json().totalPrice).toBe(1200);
  });

  it('refuses a date in the past but accepts today in the app time zone', async () => {
    const { course, cookie } = await setup();
    const past = await book(cookie, body(course.id, { preferredDate: dayOffset(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual({ preferredDate: 'Choose today or a later date' });
    const today = await book(cookie, body(course.id, { preferredDate: todayIn(TZ) }));
    expect(today.statusCode).toBe(201);
    expect(today.json().upcoming).toBe(true);
  });

  it('refuses an impossible date and an invalid time', async () => {
    const { course, cookie } = await setup();
    const badDate = await book(cookie, body(course.id, { preferredDate: '2030-02-30' }));
    expect(badDate.json().error.fields.preferredDate).toBe('Choose a preferred date');
    for (const preferredTime of ['25:00', '12:60', 'noon', '9:5']) {
      const res = await book(cookie, body(course.id, { preferredTime }));
      expect(res.statusCode, preferredTime).toBe(400);
      expect(res.json().error.fields.preferredTime).toBe('Enter a valid time (HH:MM)');
    }
    const empty = await book(cookie, body(course.id, { preferredTime: '' }));
    expect(empty.json().error.fields.preferredTime).toBe('Choose a preferred time');
  });

  it('validates name, email and phone with field messages', async () => {
    const { course, cookie } = await setup();
    const res = await book(cookie, body(course.id, { name: ' ', email: '', phone: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: 'Name is required', email: 'Email is required', phone: 'Phone is required' });
    const invalid = await book(cookie, body(course.id, { email: 'nope', phone: 'call me' }));
    expect(invalid.json().error.fields).toEqual({ email: 'Please enter a valid email', phone: 'Please enter a valid phone number' });
  });

  it("refuses a course of an unpublished shark, and an unknown course", async () => {
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
    const [a, b] = await Promise.all([book(cookie, payload), book(cookie, payload)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await book(cookie, { ...payload, hours: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: a.json().id, hours: 2 });
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
    expect(res.json().error.message).toBe('Only learner accounts can book sessions. Log in with a user account to book.');
    // Refused before the body is read: no field messages for someone who may not book at all.
    const empty = await book(await sessionCookie(db, sharkOnly.id), {});
    expect(empty.statusCode).toBe(403);
    expect(empty.json().error.fields).toBeUndefined();
    const visitor = await book(undefined, {});
    expect(visitor.statusCode).toBe(401);
  });

  it('refuses a request from another site', async () => {
    const { course, cookie } = await setup();
    const res = await app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie, origin: 'https://evil.example' }, payload: body(course.id) });
    expect(res.statusCode).toBe(403);
  });

  it("counts distinct learners in the shark's student_count", async () => {
    const { db, shark, course, cookie } = await setup();
    await book(cookie, body(course.id));
    await book(cookie, body(course.id));
    const second = await createCourse(db, shark.id, { title: 'API Security' });
    await book(cookie, body(second.id));
    const other = await createAccount(db, { roles: ['user'] });
    await book(await sessionCookie(db, other.id), body(course.id));
    const [meta] = await db.select().from(sharksWithMeta).where(eq(sharksWithMeta.id, shark.id));
    expect(meta.studentCount).toBe(2);
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
    const list = res.json() as Array<{ preferredDate: string; upcoming: boolean; courseTitle: string; sharkId: string; sharkName: string }>;
    expect(list.map((b) => b.preferredDate)).toEqual([dayOffset(0), dayOffset(7), dayOffset(-2), dayOffset(-10)]);
    expect(list.map((b) => b.upcoming)).toEqual([true, true, false, false]);
    expect(list[0]).toMatchObject({ courseTitle: 'Web App Hacking', sharkId: shark.id, sharkName: 'Arjun Mehta' });

    const theirs = await app.inject({ method: 'GET', url: '/api/me/bookings', headers: { cookie: await sessionCookie(db, other.id) } });
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
