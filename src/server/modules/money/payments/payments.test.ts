// Learners pay through the product, and get their money back when a session does not happen (issue 23). Every
// path runs through HTTP against the built-in test gateway, which speaks Razorpay's API and signs like it: the
// checkout and its hold, the signed callback (and tampered ones), webhooks (raw bodies, replays, any order),
// refunds by the policy (pending, processed, failed, retried), duplicates, lapsed holds and lost callbacks.
// After each test the ledger's trial balance is zero.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import {
  checkoutHolds,
  courseBookings,
  courses,
  ledgerTransactions,
  moneyDocuments,
  payments,
  refunds,
  testGatewayObjects,
} from '#server/db/schema.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { bookAndPay, checkoutOf, gatewayCheckout, payCheckout } from '#server/test/payments.ts';
import { tickSessions } from '#server/modules/sessions/sessions/service.ts';
import { reconcileCheckouts } from '#server/jobs/payments.ts';
import { payeeBalance, trialBalance } from '#server/modules/money/ledger/service.ts';
import { razorpayGateway, signWebhook } from './gateway';
import { refundSubject, sendRefund } from './service';
import { TEST_GATEWAY } from '#server/modules/money/test-gateway/service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100', COMPANY_GSTIN: '29ABCDE1234F1Z5' });
});
afterAll(() => {
  setClock();
  return app.close();
});
// Monday 2026-11-23, 06:00 in India.
const NOW = new Date('2026-11-23T00:30:00Z');
let clock = NOW.getTime();
const advance = (minutes: number) => {
  clock += minutes * 60_000;
};
beforeEach(async () => {
  clock = NOW.getTime();
  setClock(() => new Date(clock));
  await resetDb();
  await control({ refunds: 'process', orders: 'up' });
});
afterEach(async () => {
  // Every rupee in the ledger: whatever a test did, the whole ledger balances.
  expect((await trialBalance((await testDatabase()).db)).totalPaise).toBe(0);
});

const control = (body: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/test-gateway/control', payload: body });

/** 18:30 in India, `days` after Monday 2026-11-23. */
const slot = (days: number, hhmm = '18:30') =>
  new Date(Date.parse(`2026-11-${23 + days}T${hhmm}:00+05:30`)).toISOString();

async function setup(opts: { pricePaise?: number; cancellationHours?: number; late?: number } = {}) {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', published: true, userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, {
    title: 'Web App Hacking',
    pricePaise: opts.pricePaise ?? 150_000,
  });
  await db
    .update(courses)
    .set({ cancellationHours: opts.cancellationHours ?? 24, lateCancellationRefund: opts.late ?? 50 })
    .where(eq(courses.id, course.id));
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const other = await createAccount(db, { roles: ['user'], name: 'Kiran Rao' });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    db,
    shark,
    course,
    learner,
    cookie: await sessionCookie(db, learner.id),
    otherCookie: await sessionCookie(db, other.id),
    sharkCookie: await sessionCookie(db, sharkAccount.id),
    adminCookie: await sessionCookie(db, admin.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const body = (courseId: string, overrides: Record<string, unknown> = {}) => ({
  courseId,
  hours: 2,
  startsAt: slot(3),
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '+91 98765 43210',
  requestId: randomUUID(),
  ...overrides,
});

const book = (cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload });

const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as Array<{
    subject: string;
    text: string;
    template: string;
    attachments?: Array<{ filename: string }>;
  }>;

const freeStarts = async (w: World, hours = 2) => {
  const res = await app.inject({ method: 'GET', url: `/api/sharks/${w.shark.id}/slots?hours=${hours}` });
  return (res.json() as { days: Array<{ starts: string[] }> }).days.flatMap((d) => d.starts);
};

const holdCheckout = async (w: World, overrides: Record<string, unknown> = {}) => {
  const res = await book(w.cookie, body(w.course.id, overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    message: string;
    booking: null;
    checkout: { bookingId: string; path: string; amountPaise: number };
  };
};

const sessionOf = async (cookie: string, id: string) => (await get(cookie, `/api/sessions/${id}`)).json();

async function paidSession(w: World, overrides: Record<string, unknown> = {}) {
  const id = await bookAndPay(app, w.cookie, body(w.course.id, overrides));
  await app.jobs.runAll();
  return id;
}
const refundOf = async (w: World, id: string) => (await sessionOf(w.cookie, id)).payment.refund;
const tick = () => tickSessions({ ...app.payments, db: app.db, log: app.log });
const HOUR = 3_600_000;
/** The shark's share of a ₹3,000 session: less the 10% fee and 18% GST on it. */
const NET = 300_000 - 30_000 - 5_400;

describe('paying for a session', () => {
  it('holds the slot while the learner pays, then sends the request to the shark; the ledger holds every rupee', async () => {
    const w = await setup();
    // A client-sent amount is ignored: the server computes it.
    const held = await holdCheckout(w, { totalPricePaise: 1, amountPaise: 100 });
    expect(held.message).toBe(PAYMENT_MSG.hold);
    expect(held.booking).toBeNull();
    expect(held.checkout).toMatchObject({
      path: `/sessions/${held.checkout.bookingId}/checkout`,
      amountPaise: 300_000,
    });
    // Held: the slot is not offered to anyone else, and there is no request yet.
    expect(await freeStarts(w)).not.toContain(slot(3));
    expect((await get(w.cookie, '/api/me/bookings')).json()).toEqual([]);
    expect(await w.db.$count(courseBookings)).toBe(0);

    const checkout = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    expect(checkout).toMatchObject({
      amountPaise: 300_000,
      status: 'created',
      provider: 'test',
      currency: 'INR',
    });
    expect((checkout as unknown as { quote: { feePaise: number; feeTaxPaise: number } }).quote).toMatchObject(
      {
        feePaise: 30_000,
        feeTaxPaise: 5_400,
      },
    );

    const paid = await payCheckout(app, w.cookie, held.checkout.bookingId);
    expect(paid.confirm.statusCode).toBe(200);
    expect(paid.confirm.json()).toEqual({ message: PAYMENT_MSG.paid, bookingId: held.checkout.bookingId });

    const session = await sessionOf(w.cookie, held.checkout.bookingId);
    expect(session.status).toBe('requested');
    expect(session.payment).toMatchObject({ status: 'captured', amountPaise: 300_000, refund: null });
    expect(session.payment.receiptNumber).toBe('INV/26-27/000001');
    expect(session.payment.cancelRefund).toEqual({ percent: 100, amountPaise: 300_000 });
    // The shark sees the request, and its share pending in the ledger.
    expect((await sessionOf(w.sharkCookie, held.checkout.bookingId)).status).toBe('requested');
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.shark.id })).toEqual({
      pendingPaise: 300_000 - 30_000 - 5_400,
      availablePaise: 0,
    });
    // The payment mail carries the tax invoice.
    await app.jobs.runAll();
    const mails = await outbox(w.learner.email);
    const receipt = mails.find((m) => m.template === 'payment-received');
    expect(receipt?.attachments?.map((a) => a.filename)).toEqual(['tax-invoice-INV-26-27-000001.pdf']);
    // Money mail goes to the account's own address, never to the contact typed in the booking form, which only
    // the shark reads (issue 38): anyone could type another person's address there.
    expect(w.learner.email).not.toBe('priya@example.com');
    expect((await outbox('priya@example.com')).map((m) => m.template)).not.toContain('payment-received');
  });

  it('answers a quote with price × hours, the fee inside it, the GST on the fee and every case of refund', async () => {
    const w = await setup({ late: 0 });
    const res = await app.inject({
      method: 'GET',
      url: `/api/bookings/quote?courseId=${w.course.id}&hours=2`,
    });
    expect(res.statusCode).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      hourlyPaise: 150_000,
      hours: 2,
      totalPaise: 300_000,
      feePaise: 30_000,
      feeTaxPaise: 5_400,
    });
    expect(q.refunds.find((r: { reason: string }) => r.reason === 'learner_late_cancelled')).toEqual({
      reason: 'learner_late_cancelled',
      percent: 0,
      amountPaise: 0,
    });
    const bad = await app.inject({
      method: 'GET',
      url: `/api/bookings/quote?courseId=${w.course.id}&hours=13`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('hours');
  });

  it('books a free course at once, with no checkout', async () => {
    const w = await setup({ pricePaise: 0 });
    const res = await book(w.cookie, body(w.course.id));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: BOOKING_MSG.booked,
      checkout: null,
      booking: { status: 'requested' },
    });
    expect(await w.db.$count(payments)).toBe(0);
  });

  it('refuses tampered callbacks with a clear message, and changes nothing', async () => {
    const w = await setup();
    const a = await holdCheckout(w);
    const b = await holdCheckout(w, { startsAt: slot(4) });
    const { orderId } = await checkoutOf(app, w.cookie, a.checkout.bookingId);
    const good = (await gatewayCheckout(app, orderId, 'success')) as Record<string, string>;
    const confirm = (cookie: string, id: string, payload: Record<string, unknown>) =>
      post(cookie, `/api/sessions/${id}/checkout/confirm`, payload);

    const wrongSig = await confirm(w.cookie, a.checkout.bookingId, {
      ...good,
      razorpay_signature: 'a'.repeat(64),
    });
    expect(wrongSig.statusCode).toBe(400);
    expect(wrongSig.json().error).toMatchObject({
      message: PAYMENT_MSG.badSignature,
      fields: { razorpay_signature: PAYMENT_MSG.badSignature },
    });
    // This order's callback presented for another booking.
    const otherOrder = await confirm(w.cookie, b.checkout.bookingId, good);
    expect(otherOrder.statusCode).toBe(400);
    expect(otherOrder.json().error.fields).toEqual({ razorpay_order_id: PAYMENT_MSG.wrongOrder });
    // Another learner's checkout does not exist for them, as on its GET (issue 38).
    const notYours = await confirm(w.otherCookie, a.checkout.bookingId, good);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().error.message).toBe(SESSION_MSG.notFound);
    const malformed = await confirm(w.cookie, a.checkout.bookingId, { ...good, razorpay_signature: 'xyz' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('razorpay_signature');

    expect(await w.db.$count(courseBookings)).toBe(0);
    expect(await w.db.$count(ledgerTransactions)).toBe(0);
    // The genuine callback still works.
    expect((await confirm(w.cookie, a.checkout.bookingId, good)).json().message).toBe(PAYMENT_MSG.paid);
  });

  it('makes one payment of 50 parallel callbacks: one capture, one ledger transaction, one document', async () => {
    const w = await setup();
    const held = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    const callback = await gatewayCheckout(app, orderId, 'success');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(w.cookie, `/api/sessions/${held.checkout.bookingId}/checkout/confirm`, callback),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    // The webhooks of the same payment arrive too.
    await app.jobs.runAll();
    expect(await w.db.$count(courseBookings)).toBe(1);
    expect(await w.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, 'payment_captured'))).toBe(1);
    expect(await w.db.$count(moneyDocuments)).toBe(1);
  });

  it('says "paid" to a callback that comes after the webhook booked the session, and to a late "close"', async () => {
    const w = await setup();
    const held = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    const callback = await gatewayCheckout(app, orderId, 'success');
    // The gateway's webhooks run first (in the server they are jobs that run at once): the session is booked.
    await app.jobs.runAll();
    expect((await sessionOf(w.cookie, held.checkout.bookingId)).status).toBe('requested');
    const res = await post(w.cookie, `/api/sessions/${held.checkout.bookingId}/checkout/confirm`, callback);
    expect(res.json()).toEqual({ message: PAYMENT_MSG.paid, bookingId: held.checkout.bookingId });
    const closed = await post(w.cookie, `/api/sessions/${held.checkout.bookingId}/checkout/abandon`, {
      outcome: 'closed',
    });
    expect(closed.json().message).toBe(PAYMENT_MSG.alreadyPaid);
    expect(await w.db.$count(courseBookings)).toBe(1);
  });

  it('lets the learner close or fail the checkout: no request, the slot free again, a clear message', async () => {
    const w = await setup();
    const held = await holdCheckout(w);
    const closed = await post(w.cookie, `/api/sessions/${held.checkout.bookingId}/checkout/abandon`, {
      outcome: 'closed',
    });
    expect(closed.json().message).toBe(PAYMENT_MSG.abandoned);
    expect(await freeStarts(w)).toContain(slot(3));
    const again = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, again.checkout.bookingId);
    expect((await gatewayCheckout(app, orderId, 'failure')).error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
    });
    const failed = await post(w.cookie, `/api/sessions/${again.checkout.bookingId}/checkout/abandon`, {
      outcome: 'failed',
    });
    expect(failed.json().message).toBe(PAYMENT_MSG.failed);
    expect(await freeStarts(w)).toContain(slot(3));
    expect(await w.db.$count(courseBookings)).toBe(0);
    const gone = await get(w.cookie, `/api/sessions/${again.checkout.bookingId}/checkout`);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error.message).toBe(PAYMENT_MSG.closed);
  });

  it('holds nothing when the provider is down, and says to try again', async () => {
    const w = await setup();
    await control({ orders: 'down' });
    const res = await book(w.cookie, body(w.course.id));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(PAYMENT_MSG.providerDown);
    expect(await w.db.$count(checkoutHolds)).toBe(0);
    expect(await freeStarts(w)).toContain(slot(3));
    await control({ orders: 'up' });
    expect((await book(w.cookie, body(w.course.id))).statusCode).toBe(201);
  });

  it('closes a hold after its time, and still books a payment that arrives late if the slot is free', async () => {
    const w = await setup();
    const held = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    advance(16);
    // The checkouts job (every minute) closes it: the slot is offered again.
    expect(await reconcileCheckouts({ ...app.payments, db: app.db })).toEqual({
      fulfilled: 0,
      closed: 1,
    });
    expect(await freeStarts(w)).toContain(slot(3));
    // The learner paid in the provider's window anyway: the slot is still free, so the session is booked.
    const callback = await gatewayCheckout(app, orderId, 'success');
    const res = await post(w.cookie, `/api/sessions/${held.checkout.bookingId}/checkout/confirm`, callback);
    expect(res.json().message).toBe(PAYMENT_MSG.paid);
    expect((await sessionOf(w.cookie, held.checkout.bookingId)).status).toBe('requested');
  });

  it('refunds in full a payment that arrives after its slot was taken', async () => {
    const w = await setup();
    const held = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    advance(16);
    await reconcileCheckouts({ ...app.payments, db: app.db });
    await bookAndPay(
      app,
      w.otherCookie,
      body(w.course.id, { name: 'Kiran Rao', email: 'kiran@example.com' }),
    );
    const callback = await gatewayCheckout(app, orderId, 'success');
    const res = await post(w.cookie, `/api/sessions/${held.checkout.bookingId}/checkout/confirm`, callback);
    expect(res.json().message).toBe(PAYMENT_MSG.closed);
    await app.jobs.runAll();
    const [refund] = await w.db.select().from(refunds);
    expect(refund).toMatchObject({
      reason: 'checkout_closed',
      percent: 100,
      amountPaise: 300_000,
      status: 'processed',
    });
  });

  it('finds a payment whose callback never came (a closed tab, a crash before our commit) and books it', async () => {
    const w = await setup();
    const held = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    await gatewayCheckout(app, orderId, 'success');
    // The webhooks are lost too: their jobs never run.
    const { db } = await testDatabase();
    await db.execute(sql`DELETE FROM pgboss.job WHERE name = 'test-gateway-webhook'`);
    advance(3);
    expect(await reconcileCheckouts({ ...app.payments, db: app.db })).toEqual({
      fulfilled: 1,
      closed: 0,
    });
    expect((await sessionOf(w.cookie, held.checkout.bookingId)).status).toBe('requested');
    expect(await w.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, 'payment_captured'))).toBe(1);
  });
});

describe('webhooks', () => {
  const deliver = (raw: string, opts: { signature?: string; eventId?: string } = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/razorpay',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': opts.signature ?? signWebhook(raw, TEST_GATEWAY.webhookSecret),
        ...(opts.eventId ? { 'x-razorpay-event-id': opts.eventId } : {}),
      },
      payload: raw,
    });

  async function paidAtGateway(w: World) {
    const held = await holdCheckout(w);
    const { orderId } = await checkoutOf(app, w.cookie, held.checkout.bookingId);
    const callback = (await gatewayCheckout(app, orderId, 'success')) as Record<string, string>;
    // Only our own deliveries: the gateway's jobs are dropped, the test sends the events.
    await (await testDatabase()).db.execute(sql`DELETE FROM pgboss.job WHERE name = 'test-gateway-webhook'`);
    const payment = {
      id: callback.razorpay_payment_id,
      entity: 'payment',
      amount: 300_000,
      currency: 'INR',
      status: 'captured',
      order_id: orderId,
      method: 'upi',
      captured: true,
      fee: 6_000,
      tax: 1_080,
      created_at: 1_795_000_000,
    };
    return { held, orderId, payment };
  }
  const event = (name: string, payload: Record<string, unknown>) =>
    JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: 1_795_000_100,
    });

  it('refuses a tampered body with 400, needs no cookie, and books once for a replayed or out-of-order event', async () => {
    const w = await setup();
    const { held, orderId, payment } = await paidAtGateway(w);
    const orderPaid = event('order.paid', {
      payment: { entity: payment },
      order: { entity: { id: orderId, entity: 'order', amount: 300_000, status: 'paid' } },
    });
    const tampered = orderPaid.replace('300000', '100');
    const bad = await deliver(tampered, {
      signature: signWebhook(orderPaid, TEST_GATEWAY.webhookSecret),
      eventId: 'evt_1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('payment_not_verified');
    // order.paid first, then payment.captured, then order.paid replayed.
    expect((await deliver(orderPaid, { eventId: 'evt_1' })).statusCode).toBe(200);
    expect(
      (await deliver(event('payment.captured', { payment: { entity: payment } }), { eventId: 'evt_2' }))
        .statusCode,
    ).toBe(200);
    expect((await deliver(orderPaid, { eventId: 'evt_1' })).statusCode).toBe(200);
    await app.jobs.runAll();
    expect((await sessionOf(w.cookie, held.checkout.bookingId)).status).toBe('requested');
    expect(await w.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, 'payment_captured'))).toBe(1);
    // The provider's fee is our expense, once.
    expect(await w.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, 'provider_fee'))).toBe(1);
    // A paid payment never moves back.
    await deliver(event('payment.failed', { payment: { entity: { ...payment, status: 'failed' } } }), {
      eventId: 'evt_3',
    });
    await app.jobs.runAll();
    const [p] = await w.db.select().from(payments);
    expect(p.status).toBe('captured');
  });

  it('refunds in full a second payment taken on a paid order', async () => {
    const w = await setup();
    const { held, payment, orderId } = await paidAtGateway(w);
    // The provider took a second payment on the same order (two tabs racing in its own checkout): it is in the
    // gateway's books, as it would be in Razorpay's, so it can be refunded.
    const second = { ...payment, id: 'pay_second0000001', amount_refunded: 0 };
    await w.db
      .insert(testGatewayObjects)
      .values({ id: second.id, entity: 'payment', parentId: orderId, body: second });
    await deliver(event('payment.captured', { payment: { entity: payment } }), { eventId: 'evt_a' });
    await deliver(
      event('payment.captured', { payment: { entity: { ...payment, id: 'pay_second0000001' } } }),
      { eventId: 'evt_b' },
    );
    await app.jobs.runAll();
    expect((await sessionOf(w.cookie, held.checkout.bookingId)).status).toBe('requested');
    const all = await w.db.select().from(refunds);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      reason: 'duplicate_payment',
      percent: 100,
      amountPaise: 300_000,
      status: 'processed',
    });
  });
});

describe('refunds by the policy', () => {
  it('refunds in full when the shark declines; pending then processed, with a credit note and a mail at each', async () => {
    const w = await setup();
    const id = await paidSession(w);
    await control({ refunds: 'hold' });
    await post(w.sharkCookie, `/api/sessions/${id}/decline`, { reason: 'Not available that week' });
    expect(await refundOf(w, id)).toMatchObject({
      status: 'pending',
      reason: 'declined',
      percent: 100,
      amountPaise: 300_000,
    });
    await app.jobs.runAll();
    const [r] = await w.db.select().from(refunds);
    expect(r.providerRefundId).toMatch(/^rfnd_/);
    expect(await refundOf(w, id)).toMatchObject({ status: 'pending' });
    await app.inject({
      method: 'POST',
      url: `/api/test-gateway/refunds/${r.providerRefundId}/settle`,
      payload: { status: 'processed' },
    });
    await app.jobs.runAll();
    const done = await refundOf(w, id);
    expect(done).toMatchObject({ status: 'processed', creditNoteNumber: 'CN/26-27/000001' });
    expect((await get(w.cookie, done.creditNoteUrl)).headers['content-type']).toBe('application/pdf');
    const states = (await outbox(w.learner.email)).filter((m) => m.template === 'refund-update');
    expect(states).toHaveLength(2);
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.shark.id })).toEqual({
      pendingPaise: 0,
      availablePaise: 0,
    });
  });

  it('marks a refund failed when the provider fails it, and an admin sends it again', async () => {
    const w = await setup();
    const id = await paidSession(w);
    await control({ refunds: 'fail' });
    await post(w.cookie, `/api/sessions/${id}/cancel`, { reason: 'Change of plans' });
    await app.jobs.runAll();
    expect(await refundOf(w, id)).toMatchObject({ status: 'failed' });
    const [r] = await w.db.select().from(refunds);
    expect((await post(w.cookie, `/api/admin/refunds/${r.id}/retry`)).statusCode).toBe(403);
    await control({ refunds: 'process' });
    const retried = await post(w.adminCookie, `/api/admin/refunds/${r.id}/retry`);
    expect(retried.json()).toEqual({ message: PAYMENT_MSG.refundRetried });
    await app.jobs.runAll();
    expect(await refundOf(w, id)).toMatchObject({ status: 'processed', creditNoteNumber: 'CN/26-27/000001' });
    const again = await post(w.adminCookie, `/api/admin/refunds/${r.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PAYMENT_MSG.refundNotFailed);
  });

  it('keeps a refund pending while the provider is down, and sends it once it answers', async () => {
    const w = await setup();
    const id = await paidSession(w);
    await control({ refunds: 'process' });
    // The refund job's first attempt meets a provider that refuses connections (a closed port).
    const down = {
      ...app.payments,
      db: app.db,
      log: app.log,
      gateway: razorpayGateway({
        provider: 'test',
        apiUrl: 'http://127.0.0.1:9',
        ...TEST_GATEWAY,
        timeoutMs: 500,
      }),
    };
    await post(w.sharkCookie, `/api/sessions/${id}/decline`, { reason: 'Not available that week' });
    const [r] = await w.db.select().from(refunds);
    await expect(sendRefund(down, r.id)).rejects.toThrow();
    const [after] = await w.db.select().from(refunds);
    expect(after).toMatchObject({ status: 'pending', attempts: 1, providerRefundId: null });
    expect(after.lastError).toBeTruthy();
    expect(await refundOf(w, id)).toMatchObject({ status: 'pending' });
    // The queue's retry (here: the jobs run now) reaches the provider: sent once, processed.
    await app.jobs.runAll();
    expect(await refundOf(w, id)).toMatchObject({ status: 'processed', percent: 100 });
    expect(await w.db.$count(testGatewayObjects, eq(testGatewayObjects.entity, 'refund'))).toBe(1);
  });

  // who acts, when, the course's late refund, the percentage refunded
  // Monday 06:00 in India: 3 days ahead is before the 24 h window; 17:30 today is inside it.
  const EARLY = slot(3);
  const TODAY = slot(0, '17:30');
  const CASES: Array<[string, 'learner' | 'shark' | 'admin', string, number, number]> = [
    ['the learner cancels before the window', 'learner', EARLY, 50, 100],
    ['the learner cancels inside the window (late refund 50%)', 'learner', TODAY, 50, 50],
    ['the learner cancels inside the window (late refund 0%)', 'learner', TODAY, 0, 0],
    ['the shark cancels', 'shark', TODAY, 0, 100],
    ['an admin cancels', 'admin', TODAY, 0, 100],
  ];
  it.each(CASES)('%s', async (_name, who, startsAt, late, percent) => {
    const w = await setup({ late });
    const id = await paidSession(w, { startsAt, hours: 1 });
    // Only an accepted session is cancelled late; a request is withdrawn freely (issue 25).
    expect((await post(w.sharkCookie, `/api/sessions/${id}/accept`)).statusCode).toBe(200);
    const cookie = who === 'learner' ? w.cookie : who === 'shark' ? w.sharkCookie : w.adminCookie;
    const res = await post(cookie, `/api/sessions/${id}/cancel`, { reason: 'Something came up' });
    expect(res.statusCode, res.body).toBe(200);
    await app.jobs.runAll();
    const refund = await refundOf(w, id);
    if (percent === 0) expect(refund).toBeNull();
    else
      expect(refund).toMatchObject({ percent, amountPaise: (150_000 * percent) / 100, status: 'processed' });
  });

  it('shows the cancel dialog what a cancellation now would refund', async () => {
    const w = await setup({ late: 50 });
    const id = await paidSession(w, { startsAt: slot(0, '17:30'), hours: 1 });
    // A request is withdrawn in full; once accepted, the late refund applies (issue 25).
    expect((await sessionOf(w.cookie, id)).payment.cancelRefund).toEqual({
      percent: 100,
      amountPaise: 150_000,
    });
    expect((await post(w.sharkCookie, `/api/sessions/${id}/accept`)).statusCode).toBe(200);
    expect((await sessionOf(w.cookie, id)).payment.cancelRefund).toEqual({
      percent: 50,
      amountPaise: 75_000,
    });
    expect((await sessionOf(w.sharkCookie, id)).payment.cancelRefund).toEqual({
      percent: 100,
      amountPaise: 150_000,
    });
    expect((await sessionOf(w.sharkCookie, id)).payment.receiptUrl).toBeNull();
  });

  it("refunds an expired request, holds a completed session's share through its no-show window, and refunds an upheld shark no-show", async () => {
    const w = await setup();
    const expiring = await paidSession(w, { startsAt: slot(1) });
    const held = await paidSession(w, { startsAt: slot(2) });
    const noShow = await paidSession(w, { startsAt: slot(4) });
    await post(w.sharkCookie, `/api/sessions/${held}/accept`);
    await post(w.sharkCookie, `/api/sessions/${noShow}/accept`);
    // Past the first request's answer time and the second session's end: the clock expires and completes them.
    clock = Date.parse(slot(2)) + 3 * HOUR;
    await tick();
    await app.jobs.runAll();
    expect(await refundOf(w, expiring)).toMatchObject({ reason: 'expired', percent: 100 });
    // The completed session's share stays pending through its 48-hour no-show window.
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.shark.id })).toEqual({
      pendingPaise: 2 * NET,
      availablePaise: 0,
    });
    // The shark's dashboard reads the same ledger: the completed session is earned, the other is booked, not held.
    const dashboard = async () => (await get(w.sharkCookie, '/api/workspace/dashboard')).json();
    expect(await dashboard()).toMatchObject({
      completedSessions: 1,
      earningsPaise: NET,
      bookedNotHeldPaise: NET,
    });
    // The learner reports the shark did not come; an admin upholds it.
    clock = Date.parse(slot(4)) + 3 * HOUR;
    await post(w.cookie, `/api/sessions/${noShow}/no-show`, { note: 'The shark never joined the call.' });
    const ruled = await post(w.adminCookie, `/api/admin/bookings/${noShow}/resolve-no-show`, {
      outcome: 'upheld',
      reason: 'The shark admitted missing it.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    await app.jobs.runAll();
    expect(await refundOf(w, noShow)).toMatchObject({
      reason: 'shark_no_show',
      percent: 100,
      status: 'processed',
    });
    expect(await dashboard()).toMatchObject({ earningsPaise: NET, bookedNotHeldPaise: 0 });
    // The held session's window has ended: the next tick makes its share available; earnings do not change.
    await tick();
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.shark.id })).toEqual({
      pendingPaise: 0,
      availablePaise: NET,
    });
    expect(await dashboard()).toMatchObject({ earningsPaise: NET, bookedNotHeldPaise: 0 });
    // The learner's mail of the expired request says the refund follows on its own.
    const expired = (await outbox(w.learner.email)).find((m) => m.template === 'session-expired');
    expect(expired?.text).toContain(SESSION_MSG.refundFollows);
  });

  it('refunds an upheld shark no-show reported after the session completed from the pending share', async () => {
    const w = await setup();
    const id = await paidSession(w, { startsAt: slot(2) });
    await post(w.sharkCookie, `/api/sessions/${id}/accept`);
    clock = Date.parse(slot(2)) + 3 * HOUR;
    await tick();
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.shark.id })).toEqual({
      pendingPaise: NET,
      availablePaise: 0,
    });
    // Within 48 hours of the end the learner reports that the shark never came, and an admin upholds it.
    const reported = await post(w.cookie, `/api/sessions/${id}/no-show`, { note: 'The shark never joined.' });
    expect(reported.statusCode, reported.body).toBe(200);
    const ruled = await post(w.adminCookie, `/api/admin/bookings/${id}/resolve-no-show`, {
      outcome: 'upheld',
      reason: 'The shark admitted missing it.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    await app.jobs.runAll();
    expect(await refundOf(w, id)).toMatchObject({
      reason: 'shark_no_show',
      percent: 100,
      status: 'processed',
    });
    // Nothing is left owed to the shark, and no part of it shows as negative, even once the window is over.
    clock = Date.parse(slot(2)) + 51 * HOUR;
    await tick();
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.shark.id })).toEqual({
      pendingPaise: 0,
      availablePaise: 0,
    });
    expect((await get(w.sharkCookie, '/api/workspace/dashboard')).json()).toMatchObject({
      earningsPaise: 0,
      bookedNotHeldPaise: 0,
    });
    expect(await sharesReleased(w)).toBe(0);
  });
});

/** How many share_released postings the ledger holds. */
const sharesReleased = async (w: World) =>
  w.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, 'share_released'));

describe('when a share becomes available (issue 24, decision 140)', () => {
  /** A paid session of 2 h on day 2 (18:30 to 20:30 in India), accepted and completed by the clock. */
  async function completedSession(w: World) {
    const id = await paidSession(w, { startsAt: slot(2) });
    await post(w.sharkCookie, `/api/sessions/${id}/accept`);
    clock = Date.parse(slot(2)) + 2 * HOUR + 60_000;
    await tick();
    expect((await sessionOf(w.sharkCookie, id)).status).toBe('completed');
    return id;
  }
  const END = () => Date.parse(slot(2)) + 2 * HOUR;
  const balance = (w: World) => payeeBalance(w.db, { kind: 'shark', id: w.shark.id });

  it('keeps the share pending after completion, and makes it available once the clock passes the end plus 48 hours', async () => {
    const w = await setup();
    const id = await completedSession(w);
    expect(await balance(w)).toEqual({ pendingPaise: NET, availablePaise: 0 });
    // The session page tells both sides until when a no-show can be reported.
    expect((await sessionOf(w.sharkCookie, id)).noShowUntil).toBe(new Date(END() + 48 * HOUR).toISOString());
    // A minute before the window ends nothing moves; at its end the tick releases the share.
    clock = END() + 48 * HOUR - 60_000;
    expect((await tick()).sharesReleased).toBe(0);
    expect(await balance(w)).toEqual({ pendingPaise: NET, availablePaise: 0 });
    clock = END() + 48 * HOUR;
    expect((await tick()).sharesReleased).toBe(1);
    expect(await balance(w)).toEqual({ pendingPaise: 0, availablePaise: NET });
    // Once: the next ticks post nothing more.
    clock += 60_000;
    expect((await tick()).sharesReleased).toBe(0);
    expect(await sharesReleased(w)).toBe(1);
  });

  it('keeps the share pending while a no-show reported inside the window waits for an admin, and releases it at once on "took place"', async () => {
    const w = await setup();
    const id = await completedSession(w);
    clock = END() + 10 * HOUR;
    const reported = await post(w.sharkCookie, `/api/sessions/${id}/no-show`, {
      note: 'The learner never joined the call.',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    // The window ends with the report unanswered: the share waits for the ruling.
    clock = END() + 72 * HOUR;
    await tick();
    expect(await balance(w)).toEqual({ pendingPaise: NET, availablePaise: 0 });
    const ruled = await post(w.adminCookie, `/api/admin/bookings/${id}/resolve-no-show`, {
      outcome: 'took_place',
      reason: 'The call log shows both sides joined.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(await balance(w)).toEqual({ pendingPaise: 0, availablePaise: NET });
    // The session is completed again, and the clock leaves its released share alone.
    await tick();
    expect(await sharesReleased(w)).toBe(1);
  });

  it('releases the share at once when an admin rules "took place" inside the window', async () => {
    const w = await setup();
    const id = await completedSession(w);
    clock = END() + HOUR;
    await post(w.cookie, `/api/sessions/${id}/no-show`, { note: 'The shark never joined the call.' });
    const ruled = await post(w.adminCookie, `/api/admin/bookings/${id}/resolve-no-show`, {
      outcome: 'took_place',
      reason: 'The recording shows the session.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(await balance(w)).toEqual({ pendingPaise: 0, availablePaise: NET });
    clock = END() + 49 * HOUR;
    expect((await tick()).sharesReleased).toBe(0);
    expect(await sharesReleased(w)).toBe(1);
  });

  it("releases the share at once when an admin upholds the shark's report against the learner", async () => {
    const w = await setup();
    const id = await completedSession(w);
    clock = END() + HOUR;
    await post(w.sharkCookie, `/api/sessions/${id}/no-show`, { note: 'The learner never joined the call.' });
    const ruled = await post(w.adminCookie, `/api/admin/bookings/${id}/resolve-no-show`, {
      outcome: 'upheld',
      reason: 'The learner did not come.',
    });
    expect(ruled.statusCode, ruled.body).toBe(200);
    expect(await balance(w)).toEqual({ pendingPaise: 0, availablePaise: NET });
    expect(await refundOf(w, id)).toBeNull();
  });

  it('releases only what a refund before the end of the window left of the share', async () => {
    const w = await setup();
    const id = await completedSession(w);
    // No route refunds part of a completed session yet (the finance console's manual refunds will): the
    // payments module's refund path is called as those will call it, at half the price.
    clock = END() + HOUR;
    await w.db.transaction((tx) =>
      refundSubject(tx, app.payments, { purpose: 'session', id }, 'learner_late_cancelled', 50),
    );
    const left = NET - Math.round(NET / 2);
    expect(await balance(w)).toEqual({ pendingPaise: left, availablePaise: 0 });
    clock = END() + 48 * HOUR;
    await tick();
    await app.jobs.runAll();
    expect(await balance(w)).toEqual({ pendingPaise: 0, availablePaise: left });
  });

  it('posts a share once when two servers tick at the same time', async () => {
    const w = await setup();
    // Two sessions the same day, so each tick has more than one row to claim.
    const ids = [
      await paidSession(w, { startsAt: slot(2) }),
      await paidSession(w, { startsAt: slot(2, '14:00'), hours: 1 }),
    ];
    for (const id of ids) await post(w.sharkCookie, `/api/sessions/${id}/accept`);
    clock = END() + 60_000;
    expect((await tick()).completed).toBe(2);
    clock = END() + 48 * HOUR;
    const [a, b] = await Promise.all([tick(), tick()]);
    expect(a.sharesReleased + b.sharesReleased).toBe(2);
    expect(await sharesReleased(w)).toBe(2);
    const net1h = 150_000 - 15_000 - 2_700;
    expect(await balance(w)).toEqual({ pendingPaise: 0, availablePaise: NET + net1h });
  });
});

describe('documents', () => {
  it('lets the payer and an admin download the receipt; anyone else gets 404', async () => {
    const w = await setup();
    const id = await bookAndPay(app, w.cookie, body(w.course.id));
    const url = (await sessionOf(w.cookie, id)).payment.receiptUrl as string;
    const mine = await get(w.cookie, url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain('tax-invoice-INV-26-27-000001.pdf');
    expect((await get(w.adminCookie, url)).statusCode).toBe(200);
    expect((await get(w.otherCookie, url)).statusCode).toBe(404);
    expect((await get(w.sharkCookie, url)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('lists each paid booking with what was paid, its refund and its documents, to the payer only', async () => {
    const w = await setup();
    const { db } = w;
    const free = await createCourse(db, w.shark.id, { title: 'Free Recon Hour', pricePaise: 0 });
    const kept = await bookAndPay(app, w.cookie, body(w.course.id));
    const declined = await bookAndPay(app, w.cookie, body(w.course.id, { startsAt: slot(4) }));
    const freeRes = await book(w.cookie, body(free.id, { startsAt: slot(5), hours: 1 }));
    expect(freeRes.statusCode, freeRes.body).toBe(201);
    await app.jobs.runAll();
    await post(w.sharkCookie, `/api/sessions/${declined}/decline`, { reason: 'Not available that week' });
    await app.jobs.runAll();

    type Row = { id: string; payment: Record<string, unknown> | null };
    const group = async (cookie: string, name: string) =>
      ((await get(cookie, `/api/me/sessions?group=${name}&page=1`)).json() as { items: Row[] }).items;
    const upcoming = await group(w.cookie, 'upcoming');
    expect(upcoming.map((r) => r.id).sort()).toEqual([kept, freeRes.json().booking.id].sort());
    expect(upcoming.find((r) => r.id === kept)?.payment).toEqual({
      status: 'captured',
      amountPaise: 300_000,
      paidAt: NOW.toISOString(),
      receiptNumber: 'INV/26-27/000001',
      receiptUrl: expect.stringMatching(/^\/api\/payments\/documents\/[0-9a-f-]{36}\.pdf$/),
      refund: null,
    });
    // A free course has nothing to pay and no document.
    expect(upcoming.find((r) => r.id !== kept)?.payment).toBeNull();
    // Declined: under Cancelled, not Past (issue 43).
    expect(await group(w.cookie, 'past')).toEqual([]);
    const [gone] = await group(w.cookie, 'cancelled');
    expect(gone.id).toBe(declined);
    expect(gone.payment).toMatchObject({
      amountPaise: 300_000,
      receiptNumber: 'INV/26-27/000002',
      refund: {
        status: 'processed',
        reason: 'declined',
        percent: 100,
        amountPaise: 300_000,
        creditNoteNumber: 'CN/26-27/000001',
        creditNoteUrl: expect.stringMatching(/^\/api\/payments\/documents\/.+\.pdf$/),
      },
    });
    // Paid 2 × ₹3,000, ₹3,000 of it refunded.
    expect((await get(w.cookie, '/api/me/sessions/overview')).json()).toMatchObject({ paidPaise: 300_000 });

    // The links download the learner's own PDFs; another learner gets 404 for each and lists none of it.
    const refund = gone.payment!.refund as { creditNoteUrl: string };
    for (const url of [
      upcoming.find((r) => r.id === kept)!.payment!.receiptUrl as string,
      refund.creditNoteUrl,
    ]) {
      const mine = await get(w.cookie, url);
      expect(mine.statusCode).toBe(200);
      expect(mine.headers['content-type']).toBe('application/pdf');
      expect((await get(w.otherCookie, url)).statusCode).toBe(404);
    }
    expect(await group(w.otherCookie, 'upcoming')).toEqual([]);
    expect(await group(w.otherCookie, 'cancelled')).toEqual([]);
    expect((await get(w.otherCookie, '/api/me/sessions/overview')).json()).toMatchObject({ paidPaise: 0 });
  });
});
