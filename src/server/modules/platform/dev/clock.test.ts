// The dev clock of the browser tests: it moves the server's `now` by an offset from the real time, runs the
// sessions' tick at once (a confirmed session whose end has passed is completed), resets with 0, refuses
// offsets outside 0..525600, and does not exist in production.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, resetDb, testDatabase, PRODUCTION_PAYMENT_KEYS } from '#server/test/app.ts';
import { createAccount, createBooking, createCourse, createShark } from '#server/test/fixtures.ts';
import { courseBookings } from '#server/db/schema.ts';
import { now, setClock, todayIn } from '#server/time.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

const moveClock = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/dev/clock', payload: payload as object });

describe('POST /api/dev/clock', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => {
    setClock();
    return app.close();
  });
  beforeEach(async () => {
    setClock();
    await resetDb();
  });

  it('moves now by the offset, completes a session whose end has passed, and resets with 0', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const course = await createCourse(db, shark.id);
    const learner = await createAccount(db, { roles: ['user'] });
    // The day after tomorrow in India, 10:00: ends within three days of now.
    const booking = await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: todayIn('Asia/Kolkata', new Date(Date.now() + 2 * DAY)),
      status: 'confirmed',
    });

    const before = Date.now();
    const moved = await moveClock(app, { offsetMinutes: 3 * 24 * 60 });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers['cache-control']).toBe('no-store');
    const body = moved.json();
    expect(body).toMatchObject({ offsetMinutes: 4320, tick: { completed: 1, expired: 0 } });
    expect(Date.parse(body.now) - before).toBeGreaterThanOrEqual(3 * DAY);
    expect(Date.parse(body.now) - Date.now()).toBeLessThanOrEqual(3 * DAY);
    expect(now().getTime() - Date.now()).toBeGreaterThan(3 * DAY - MINUTE);

    const [row] = await db.select().from(courseBookings).where(eq(courseBookings.id, booking.id));
    expect(row!.status).toBe('completed');

    const reset = await moveClock(app, { offsetMinutes: 0 });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ offsetMinutes: 0, tick: { completed: 0 } });
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(MINUTE);
  });

  it('refuses an offset that is not a whole number of minutes from 0 to 525600', async () => {
    for (const offsetMinutes of [-1, 525_601, 1.5, '60']) {
      const res = await moveClock(app, { offsetMinutes });
      expect(res.statusCode, String(offsetMinutes)).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    expect((await moveClock(app, { offsetMinutes: -1 })).json().error.fields).toEqual({
      offsetMinutes: 'offsetMinutes must be between 0 and 525600',
    });
    expect((await moveClock(app, { offsetMinutes: 525_600 })).statusCode).toBe(200);
    expect(Math.abs(now().getTime() - Date.now() - 525_600 * MINUTE)).toBeLessThan(MINUTE);
  });
});

describe('POST /api/dev/clock in production', () => {
  let prod: FastifyInstance;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...PRODUCTION_PAYMENT_KEYS,
      APP_ORIGIN: 'https://sharks.example',
    });
  });
  afterAll(() => {
    setClock();
    return prod.close();
  });

  it('does not exist, and leaves the clock alone', async () => {
    const res = await moveClock(prod, { offsetMinutes: 600 });
    expect((await moveClock(prod, { offsetMinutes: -5 })).statusCode).toBe(404);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Not found');
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(MINUTE);
  });
});
