// A paid request's deadline (issue 43, decision 206): the shark answers within a day, or by its own minimum notice
// before the start if that is sooner, never in under an hour. Every list and page that shows the request shows it;
// at the deadline the clock expires the request, refunds it in full and tells both sides, once.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookingEvents, courseBookings, payments, refunds, sharkAvailability } from '#server/db/schema.ts';
import { testDatabase } from '#server/test/app.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { MONDAY_MORNING, eveningSlot, pinnedApp } from '#server/test/pinned-app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';

const t = pinnedApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** hh:mm in India on Monday 2026-11-23 (the pinned day), as an ISO instant. */
const monday = (hhmm: string) => new Date(`2026-11-23T${hhmm}:00+05:30`).toISOString();
const later = (iso: string | Date, ms: number) => new Date(new Date(iso).getTime() + ms).toISOString();

const SHARK_EMAIL = 'arjun@example.test';
const LEARNER_EMAIL = 'priya@example.test';

/** A shark open every day in India asking `noticeHours` of notice, its ₹1,500 course, and a learner. */
async function setup(noticeHours: number) {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], email: SHARK_EMAIL, name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id, published: true });
  await openEveryDayInIndia(db, shark.id);
  await db
    .update(sharkAvailability)
    .set({ minNoticeMinutes: noticeHours * 60 })
    .where(eq(sharkAvailability.sharkId, shark.id));
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], email: LEARNER_EMAIL, name: 'Priya Raman' });
  return {
    db,
    course,
    learner: await sessionCookie(db, learner.id),
    shark: await sessionCookie(db, sharkAccount.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** Books and pays for an hour at `startsAt`: the request's id. */
const request = (w: World, startsAt: string) =>
  bookAndPay(t.app, w.learner, {
    courseId: w.course.id,
    hours: 1,
    startsAt,
    name: 'Priya Raman',
    email: 'priya.contact@example.test',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });

/** The deadline each side reads: on the session page, and on its row of each side's lists. */
async function deadlinesOf(w: World, id: string) {
  const row = async (cookie: string, url: string) =>
    ((await get(cookie, url)).json() as { items: Array<{ id: string; answerBy: string | null }> }).items.find(
      (i) => i.id === id,
    )?.answerBy;
  return {
    learnerPage: (await get(w.learner, `/api/sessions/${id}`)).json().answerBy,
    sharkPage: (await get(w.shark, `/api/sessions/${id}`)).json().answerBy,
    learnerList: await row(w.learner, '/api/me/sessions?group=upcoming&page=1'),
    sharkList: await row(w.shark, '/api/workspace/sessions?group=needsAction&page=1'),
  };
}
const everywhere = (answerBy: string) => ({
  learnerPage: answerBy,
  sharkPage: answerBy,
  learnerList: answerBy,
  sharkList: answerBy,
});

/** One tick of the sessions' clock, as the per-minute job runs it, then the jobs it leaves (mail, refunds). */
async function tick() {
  const { db } = await testDatabase();
  await t.app.jobs.enqueue(db, 'sessions', { task: 'tick' });
  await t.app.jobs.runAll();
}

const templatesTo = async (to: string) =>
  (
    (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })
    ).json() as Array<{
      template: string;
    }>
  ).map((m) => m.template);

describe("a paid request's deadline", () => {
  it('is a day after the request for a session days ahead, on every screen of both sides', async () => {
    const w = await setup(12);
    const id = await request(w, eveningSlot(5));
    expect(await deadlinesOf(w, id)).toEqual(everywhere(later(MONDAY_MORNING, 24 * HOUR)));

    // Once answered there is no deadline to show.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/sessions/${id}/accept`,
          headers: { cookie: w.shark },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get(w.learner, `/api/sessions/${id}`)).json().answerBy).toBeNull();
  });

  it('is the notice before the start when that is sooner, and never under an hour after the request', async () => {
    const w = await setup(4);
    // Ten hours ahead, four hours' notice: answered by 12:00, four hours before the 16:00 start.
    const soon = await request(w, monday('16:00'));
    expect(await deadlinesOf(w, soon)).toEqual(everywhere(monday('12:00')));
    // The first start the notice allows (10:00) would leave no time at all: the shark gets an hour.
    const first = await request(w, monday('10:00'));
    expect((await get(w.learner, `/api/sessions/${first}`)).json().answerBy).toBe(
      later(MONDAY_MORNING, HOUR),
    );
  });

  it('expires the request unanswered at its deadline: a full refund and both sides told, once', async () => {
    const w = await setup(4);
    const id = await request(w, monday('16:00'));
    const deadline = monday('12:00');
    const [paid] = await w.db.select().from(payments).where(eq(payments.bookingId, id));

    t.now = Date.parse(deadline) - MINUTE;
    await tick();
    expect((await get(w.learner, `/api/sessions/${id}`)).json().status).toBe('requested');

    t.now = Date.parse(deadline) + MINUTE;
    await tick();
    const page = (await get(w.learner, `/api/sessions/${id}`)).json();
    expect(page.status).toBe('expired');
    expect(page.answerBy).toBeNull();
    expect(page.payment.refund).toMatchObject({ reason: 'expired', percent: 100, amountPaise: 150_000 });
    expect(paid.amountPaise).toBe(150_000);
    expect(await templatesTo(SHARK_EMAIL)).toContain('session-expired');
    expect(await templatesTo(LEARNER_EMAIL)).toContain('session-expired');

    // A second tick (and a later one) changes nothing: one expiry, one refund, one mail each.
    await tick();
    t.now += HOUR;
    await tick();
    const [row] = await w.db.select().from(courseBookings).where(eq(courseBookings.id, id));
    expect(row.status).toBe('expired');
    const events = await w.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.filter((e) => e.kind === 'expired')).toHaveLength(1);
    const all = await w.db.select().from(refunds).where(eq(refunds.paymentId, paid.id));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      reason: 'expired',
      percent: 100,
      amountPaise: 150_000,
      status: 'processed',
    });
    for (const to of [SHARK_EMAIL, LEARNER_EMAIL])
      expect((await templatesTo(to)).filter((m) => m === 'session-expired')).toHaveLength(1);
  });
});
