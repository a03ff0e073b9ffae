// Issue 10, finding 12: inputs that reached the database and came back as a 500. A course duration that
// numeric(6,2) rounds to 0.00, and a booking whose course is deleted while it is being written.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { COURSE_MSG } from '#shared/courses.ts';
import { checkoutHolds, courseBookings, courses } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const course = (duration: unknown) => ({
  title: 'Web App Pentesting',
  description: 'OWASP Top 10 hands-on.',
  duration,
  pricePaise: 150_000,
  courseCode: '',
  enrollmentFormUrl: '',
  requiredDevices: '',
  requiredKnowledge: '',
});

describe('bad input that reached the database (issue 10, finding 12)', () => {
  it('a course duration below 0.01 hours or finer than 0.01 is a 400 on the duration field', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const cookie = await sessionCookie(db, shark.userId);
    for (const duration of [0.001, 0.004, 0.005, 0.0049999, 1.234]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/workspace/courses',
        headers: { cookie },
        payload: course(duration),
      });
      expect(res.statusCode, String(duration)).toBe(400);
      expect(res.json().error.fields.duration).toBe(COURSE_MSG.durationStep);
    }
    expect(await db.select().from(courses)).toEqual([]);
    for (const duration of [0.01, 0.5, 1.25, 1000]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/workspace/courses',
        headers: { cookie },
        payload: course(duration),
      });
      expect(res.statusCode, String(duration)).toBe(201);
    }
  });

  it('a booking whose course is deleted while it is written is a 400 on courseId, not a 500', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const target = await createCourse(db, shark.id);
    const learner = await createAccount(db, { roles: ['user'] });
    const cookie = await sessionCookie(db, learner.id);
    // The shark's calendar is open every day 09:00-21:00 in India; the booking asks for 18:30 in five days.
    await openEveryDayInIndia(db, shark.id);
    const day = new Date(Date.now() + 5 * 86_400_000).toLocaleDateString('en-CA', {
      timeZone: 'Asia/Kolkata',
    });
    const startsAt = new Date(Date.parse(`${day}T18:30:00+05:30`)).toISOString();
    // The race made deterministic: the course goes away after the insert has read it, before its foreign key
    // is checked (what a shark deleting the course at that instant does).
    await db.execute(sql`CREATE FUNCTION test_delete_course() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM courses WHERE id = NEW.course_id; RETURN NEW; END $$`);
    await db.execute(sql`CREATE TRIGGER test_delete_course BEFORE INSERT ON ${courseBookings}
      FOR EACH ROW EXECUTE FUNCTION test_delete_course()`);
    // A paid course's slot is first held while its learner pays (issue 23): the same race there.
    await db.execute(sql`CREATE TRIGGER test_delete_course BEFORE INSERT ON ${checkoutHolds}
      FOR EACH ROW EXECUTE FUNCTION test_delete_course()`);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie },
        payload: {
          courseId: target.id,
          hours: 2,
          startsAt,
          name: 'Priya Raman',
          email: 'priya@example.com',
          phone: '+91 98765 43210',
          requestId: randomUUID(),
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.courseId).toBe(BOOKING_MSG.courseNotBookable);
    } finally {
      await db.execute(sql`DROP TRIGGER test_delete_course ON ${courseBookings}`);
      await db.execute(sql`DROP TRIGGER test_delete_course ON ${checkoutHolds}`);
      await db.execute(sql`DROP FUNCTION test_delete_course()`);
    }
    expect(await db.select().from(courseBookings)).toEqual([]);
  });
});
