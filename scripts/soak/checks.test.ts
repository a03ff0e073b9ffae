// The soak's end-of-run checks on PGlite: a booking paid through the product breaks none of them, and a captured
// payment that names no booking is counted by the two checks it breaks. The mail check counts each way a mail can
// go wrong between the outbox and the SMTP server.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { availabilityWeekly, payments, sharkAvailability } from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createCourse, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { setClock } from '#server/time.ts';
import { mailOnce, soakChecks } from './checks';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});
beforeEach(async () => {
  setClock(() => new Date('2026-11-23T00:30:00Z'));
  await resetDb();
});

async function paidBooking() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', published: true, userId: sharkAccount.id });
  await db
    .insert(sharkAvailability)
    .values({ sharkId: shark.id, timeZone: 'UTC', minNoticeMinutes: 0, horizonDays: 30, published: true });
  await db.insert(availabilityWeekly).values(
    [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      sharkId: shark.id,
      weekday,
      startTime: '09:00',
      endTime: '21:00',
    })),
  );
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const bookingId = await bookAndPay(app, await sessionCookie(db, learner.id), {
    courseId: course.id,
    hours: 1,
    startsAt: '2026-11-26T10:00:00.000Z',
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });
  return { db, bookingId };
}

const byName = (checks: Awaited<ReturnType<typeof soakChecks>>) =>
  Object.fromEntries(checks.map((c) => [c.name, c.count]));

describe('soakChecks', () => {
  it('finds nothing wrong with a booking paid through the checkout', async () => {
    const { db } = await paidBooking();
    const counts = byName(await soakChecks((text) => queryRows(db, sql.raw(text))));
    expect(counts['double bookings (overlapping active sessions of one shark)']).toBe(0);
    expect(counts['captured payments without a booking']).toBe(0);
    expect(counts['bookings paid twice (two captured payments kept)']).toBe(0);
    expect(counts['captured payments without their ledger transaction']).toBe(0);
    expect(counts['ledger trial balance (paise off zero)']).toBe(0);
    expect(counts['ledger transactions that do not sum to zero']).toBe(0);
    expect(counts['refunds not matched to a captured payment of at least their amount']).toBe(0);
    expect(counts['session counters that differ from the bookings']).toBe(0);
  });

  it('counts the learner and the shark whose session counters differ from their bookings', async () => {
    const { db } = await paidBooking();
    // Written past the trigger, as a lost update would leave them.
    await queryRows(db, sql`UPDATE session_counters SET requested = requested + 1`);
    const counts = byName(await soakChecks((text) => queryRows(db, sql.raw(text))));
    expect(counts['session counters that differ from the bookings']).toBe(2);
  });

  it('counts a captured payment that names no booking', async () => {
    const { db, bookingId } = await paidBooking();
    const [paid] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    await db.insert(payments).values({
      ...paid,
      id: randomUUID(),
      bookingId: randomUUID(),
      providerOrderId: 'order_orphan0000001',
      providerPaymentId: 'pay_orphan00000001',
    });
    const counts = byName(await soakChecks((text) => queryRows(db, sql.raw(text))));
    expect(counts['captured payments without a booking']).toBe(1);
    expect(counts['captured payments without their ledger transaction']).toBe(1);
  });
});

describe('mailOnce', () => {
  it('counts mails never received, received twice and received unknown', () => {
    expect(
      mailOnce(['a', 'b', 'c'], ['<a@127.0.0.1>', '<b@127.0.0.1>', '<b@127.0.0.1>', '<z@127.0.0.1>']),
    ).toEqual({ missing: 1, duplicates: 1, unknown: 1 });
  });
});
