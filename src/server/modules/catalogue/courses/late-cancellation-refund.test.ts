// The late-cancellation refund, end to end (issue 23): the shark chooses 50% or nothing in the course form, the
// quote shown before booking says so, and a learner who cancels a paid session inside the window gets exactly
// that back through the provider. Everything goes through HTTP against the built-in test gateway.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie, openEveryDayInIndia } from '#server/test/fixtures.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { trialBalance } from '#server/modules/money/ledger/service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});
// Monday 2026-11-23, 06:00 in India: a session at 17:30 today is inside a 24 h window.
const NOW = new Date('2026-11-23T00:30:00Z');
const TODAY_1730 = new Date('2026-11-23T17:30:00+05:30').toISOString();
beforeEach(async () => {
  setClock(() => NOW);
  await resetDb();
  await app.inject({
    method: 'POST',
    url: '/api/test-gateway/control',
    payload: { refunds: 'process', orders: 'up' },
  });
});
afterEach(async () => {
  expect((await trialBalance((await testDatabase()).db)).totalPaise).toBe(0);
});

/** A published shark open every day 09:00-21:00 in India, signed in, and a signed-in learner. */
async function world() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  return {
    sharkCookie: await sessionCookie(db, sharkAccount.id),
    learnerCookie: await sessionCookie(db, learner.id),
  };
}

const COURSE = {
  title: 'Web App Hacking',
  description: 'OWASP Top 10 hands-on.',
  duration: 1,
  pricePaise: 150_000,
  cancellationHours: 24,
};

describe('the late-cancellation refund the shark chooses', () => {
  // The shark first saves the other choice, then changes it in the form: the change is what counts.
  const CASES: Array<[string, 0 | 50, 0 | 50]> = [
    ['no refund: the learner who cancels late gets nothing back', 50, 0],
    ['50%: the learner who cancels late gets half back', 0, 50],
  ];
  it.each(CASES)('%s', async (_name, first, chosen) => {
    const w = await world();
    const created = await app.inject({
      method: 'POST',
      url: '/api/workspace/courses',
      headers: { cookie: w.sharkCookie },
      payload: { ...COURSE, lateCancellationRefund: first },
    });
    expect(created.statusCode, created.body).toBe(201);
    const courseId = created.json().course.id as string;
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/workspace/courses/${courseId}`,
      headers: { cookie: w.sharkCookie },
      payload: { ...COURSE, lateCancellationRefund: String(chosen) },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().course.lateCancellationRefund).toBe(chosen);

    // Before booking, the quote's refund table states the shark's choice.
    const quote = await app.inject({
      method: 'GET',
      url: `/api/bookings/quote?courseId=${courseId}&hours=1`,
    });
    expect(quote.json()).toMatchObject({ lateCancellationRefund: chosen });
    expect(
      (quote.json().refunds as Array<{ reason: string }>).find((r) => r.reason === 'learner_late_cancelled'),
    ).toEqual({ reason: 'learner_late_cancelled', percent: chosen, amountPaise: (150_000 * chosen) / 100 });

    const id = await bookAndPay(app, w.learnerCookie, {
      courseId,
      hours: 1,
      startsAt: TODAY_1730,
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '+91 98765 43210',
      requestId: randomUUID(),
    });
    await app.jobs.runAll();
    // Only an accepted session can be cancelled late; a request is withdrawn freely (issue 25).
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/accept`,
      headers: { cookie: w.sharkCookie },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const session = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: { cookie: w.learnerCookie } })
      ).json();
    // The cancel dialog says what cancelling now refunds.
    expect((await session()).payment.cancelRefund).toEqual({
      percent: chosen,
      amountPaise: (150_000 * chosen) / 100,
    });

    const cancel = await app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/cancel`,
      headers: { cookie: w.learnerCookie },
      payload: { reason: 'Something came up' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await app.jobs.runAll();
    const after = await session();
    expect(after.status).toBe('cancelled');
    if (chosen === 0) expect(after.payment.refund).toBeNull();
    else
      expect(after.payment.refund).toMatchObject({
        reason: 'learner_late_cancelled',
        percent: 50,
        amountPaise: 75_000,
        status: 'processed',
      });
    // What the refund leaves of the shark's share (₹1,500 less the 10% fee; this app has no GSTIN, so no tax:
    // ₹1,350) is the shark's at once: nothing stays pending for a session that will not be held.
    const dashboard = await app.inject({
      method: 'GET',
      url: '/api/workspace/dashboard',
      headers: { cookie: w.sharkCookie },
    });
    expect(dashboard.json()).toMatchObject({
      earningsPaise: chosen === 0 ? 135_000 : 67_500,
      bookedNotHeldPaise: 0,
    });
  });
});

describe('the terms a learner paid under', () => {
  it('stay with the booking when the shark later changes the course: window and late refund alike', async () => {
    const w = await world();
    const created = await app.inject({
      method: 'POST',
      url: '/api/workspace/courses',
      headers: { cookie: w.sharkCookie },
      payload: { ...COURSE, cancellationHours: 0, lateCancellationRefund: 50 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const courseId = created.json().course.id as string;
    // Booked and paid at 06:00 for 17:30 today with no window: a cancellation until the start is free.
    const id = await bookAndPay(app, w.learnerCookie, {
      courseId,
      hours: 1,
      startsAt: TODAY_1730,
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '+91 98765 43210',
      requestId: randomUUID(),
    });
    await app.jobs.runAll();
    // The shark then widens the window to 72 hours and takes away the late refund.
    const changed = await app.inject({
      method: 'PUT',
      url: `/api/workspace/courses/${courseId}`,
      headers: { cookie: w.sharkCookie },
      payload: { ...COURSE, cancellationHours: 72, lateCancellationRefund: 0 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const quote = await app.inject({
      method: 'GET',
      url: `/api/bookings/quote?courseId=${courseId}&hours=1`,
    });
    expect(quote.json()).toMatchObject({ cancellationHours: 72, lateCancellationRefund: 0 });

    // The learner's session keeps the terms shown before paying: cancelling now is still free and in full.
    const session = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/sessions/${id}`, headers: { cookie: w.learnerCookie } })
      ).json();
    expect((await session()).payment.cancelRefund).toEqual({ percent: 100, amountPaise: 150_000 });
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/sessions/${id}/cancel`,
      headers: { cookie: w.learnerCookie },
      payload: { reason: 'Something came up' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await app.jobs.runAll();
    const after = await session();
    expect(after).toMatchObject({ status: 'cancelled', lateCancellation: false });
    expect(after.payment.refund).toMatchObject({
      reason: 'learner_cancelled',
      percent: 100,
      amountPaise: 150_000,
      status: 'processed',
    });
  });
});
