// Unpaid slot holds are capped per account (issue 38, finding 3): one new account held 14 sessions of one shark at
// once, each an order at the provider. Now no account keeps more than MAX_OPEN_CHECKOUTS slots off calendars; at
// the cap a new checkout with a shark it holds a time of replaces the oldest such hold, with another it is refused.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { checkoutHolds, payments } from '#server/db/schema.ts';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { MAX_OPEN_CHECKOUTS } from '#shared/constants.ts';
import { SLOT_HOLD_MINUTES } from '#shared/payments-texts.ts';
import { testDatabase } from '#server/test/app.ts';
import { eveningSlot as slot, pinnedApp } from '#server/test/pinned-app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';

const t = pinnedApp();

async function setup() {
  const { db } = await testDatabase();
  const courses: string[] = [];
  const sharks: string[] = [];
  for (const name of ['Arjun Mehta', 'Neha Kapoor', 'Ravi Iyer', 'Sara Khan']) {
    const shark = await createShark(db, { name, published: true });
    await openEveryDayInIndia(db, shark.id);
    sharks.push(shark.id);
    courses.push((await createCourse(db, shark.id, { title: `${name}'s course`, pricePaise: 150_000 })).id);
  }
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  return { db, sharks, courses, learnerId: learner.id, cookie: await sessionCookie(db, learner.id) };
}

const hold = (cookie: string, courseId: string, startsAt: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie },
    payload: {
      courseId,
      hours: 1,
      startsAt,
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '+91 98765 43210',
      requestId: randomUUID(),
    },
  });
const freeStarts = async (sharkId: string) =>
  (
    (await t.app.inject({ method: 'GET', url: `/api/sharks/${sharkId}/slots?hours=1` })).json() as {
      days: Array<{ starts: string[] }>;
    }
  ).days.flatMap((d) => d.starts);

describe('unpaid checkouts per account', () => {
  it(`holds at most ${MAX_OPEN_CHECKOUTS} at once, refusing another shark with a clear message and no order`, async () => {
    const w = await setup();
    expect((await hold(w.cookie, w.courses[0], slot(1))).statusCode).toBe(201);
    expect((await hold(w.cookie, w.courses[1], slot(1))).statusCode).toBe(201);
    const orders = await w.db.$count(payments);

    const third = await hold(w.cookie, w.courses[2], slot(1));
    expect(third.statusCode).toBe(409);
    expect(third.json().error).toMatchObject({
      code: 'too_many_checkouts',
      message: BOOKING_MSG.tooManyCheckouts,
    });
    expect(BOOKING_MSG.tooManyCheckouts).toBe(
      'You already have 2 checkouts waiting for payment with other sharks. Pay for one or close it before holding another time.',
    );
    // Nothing held, nothing ordered at the provider: the third shark's time stays free.
    expect(await w.db.$count(payments)).toBe(orders);
    expect(await freeStarts(w.sharks[2])).toContain(slot(1));

    // Once a hold lapses, the account may hold another.
    t.now += (SLOT_HOLD_MINUTES + 1) * 60_000;
    expect((await hold(w.cookie, w.courses[2], slot(2))).statusCode).toBe(201);
  });

  it('replaces the oldest hold with the same shark at the cap, giving its time back', async () => {
    const w = await setup();
    const first = (await hold(w.cookie, w.courses[0], slot(1))).json().checkout.bookingId as string;
    expect((await hold(w.cookie, w.courses[0], slot(2))).statusCode).toBe(201);
    expect(await freeStarts(w.sharks[0])).not.toContain(slot(1));

    const third = await hold(w.cookie, w.courses[0], slot(3));
    expect(third.statusCode, third.body).toBe(201);
    const open = await w.db
      .select({ id: checkoutHolds.id, startsAt: checkoutHolds.startsAt })
      .from(checkoutHolds)
      .where(and(eq(checkoutHolds.userId, w.learnerId), isNull(checkoutHolds.closedAt)));
    expect(open.map((h) => h.startsAt.toISOString()).sort()).toEqual([slot(2), slot(3)]);
    expect(open.map((h) => h.id)).not.toContain(first);
    expect(await freeStarts(w.sharks[0])).toContain(slot(1));
    const [replaced] = await w.db.select().from(payments).where(eq(payments.bookingId, first));
    expect(replaced.status).toBe('expired');
  });

  it('keeps the cap under parallel checkouts with four sharks', async () => {
    const w = await setup();
    const answers = await Promise.all(w.courses.map((c) => hold(w.cookie, c, slot(1))));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_OPEN_CHECKOUTS);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(w.courses.length - MAX_OPEN_CHECKOUTS);
    expect(
      await w.db.$count(
        checkoutHolds,
        and(eq(checkoutHolds.userId, w.learnerId), isNull(checkoutHolds.closedAt)),
      ),
    ).toBe(MAX_OPEN_CHECKOUTS);
  });
});
