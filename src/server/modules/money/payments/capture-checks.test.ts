// A provider's word is checked before it moves money (issue 38). A correctly signed capture of another amount,
// currency or order than the payment it names books nothing, issues no document and posts nothing: it is an
// exception for the admins, and the webhook is still answered. The same holds for the provider's answer when the
// checkout or the checkouts job asks it, and for a milestone's funding. Another account's checkout confirm is
// told the checkout does not exist, as its GET is; a checkout opened before a price change quotes and charges the
// amount it held. After each test the ledger's trial balance is zero.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  courseBookings,
  engagementMilestones,
  ledgerTransactions,
  moneyDocuments,
  paymentWebhookEvents,
  testGatewayObjects,
} from '#server/db/schema.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import type { ReconciliationPage } from '#shared/reconciliation.ts';
import { testDatabase } from '#server/test/app.ts';
import { eveningSlot as slot, pinnedApp } from '#server/test/pinned-app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { createEngagement } from '#server/test/marketplace.ts';
import { checkoutOf, gatewayCheckout, payCheckout } from '#server/test/payments.ts';
import { reconcileCheckouts } from '#server/jobs/payments.ts';
import { trialBalance } from '#server/modules/money/ledger/service.ts';
import { signWebhook } from './gateway';
import { TEST_GATEWAY } from '#server/modules/money/test-gateway/service.ts';

const t = pinnedApp({ COMPANY_GSTIN: '29ABCDE1234F1Z5' });
afterEach(async () => {
  expect((await trialBalance((await testDatabase()).db)).totalPaise).toBe(0);
});

const COURSE = {
  title: 'Web App Pentesting',
  description: 'OWASP Top 10 hands-on.',
  duration: 6,
  pricePaise: 150_000,
  courseCode: '',
  enrollmentFormUrl: '',
  requiredDevices: '',
  requiredKnowledge: '',
};

async function setup() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', published: true, userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: COURSE.title, pricePaise: COURSE.pricePaise });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const other = await createAccount(db, { roles: ['user'], name: 'Kiran Rao' });
  const admin = await createAccount(db, { roles: ['admin'], email: 'asha@example.test' });
  return {
    db,
    course,
    cookie: await sessionCookie(db, learner.id),
    otherCookie: await sessionCookie(db, other.id),
    sharkCookie: await sessionCookie(db, sharkAccount.id),
    adminCookie: await sessionCookie(db, admin.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

/** A learner's open checkout of one hour of the ₹1,500 course: its booking and the provider's order. */
async function openCheckout(w: World, hours = 1) {
  const res = await post(w.cookie, '/api/bookings', {
    courseId: w.course.id,
    hours,
    startsAt: slot(3),
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  const bookingId = res.json().checkout.bookingId as string;
  const checkout = await checkoutOf(t.app, w.cookie, bookingId);
  return { bookingId, orderId: checkout.orderId, paymentId: checkout.paymentId };
}

/** Delivers a webhook signed with the gateway's webhook secret, as the provider sends it. */
const deliver = (name: string, payload: Record<string, unknown>) => {
  const raw = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event: name,
    contains: Object.keys(payload),
    payload,
    created_at: 1_795_000_100,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/razorpay',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signWebhook(raw, TEST_GATEWAY.webhookSecret),
      'x-razorpay-event-id': `evt_${randomUUID()}`,
    },
    payload: raw,
  });
};

/** A captured payment as Razorpay's webhooks carry it; by default ₹1 on the order. */
const capturedPayment = (orderId: string, over: Record<string, unknown> = {}) => ({
  id: 'pay_Forged00000001',
  entity: 'payment',
  amount: 100,
  currency: 'INR',
  status: 'captured',
  order_id: orderId,
  method: 'upi',
  captured: true,
  email: 'priya@example.com',
  contact: '+919876543210',
  fee: 2,
  tax: 0,
  error_code: null,
  error_description: null,
  created_at: 1_795_000_000,
  amount_refunded: 0,
  ...over,
});

const exceptions = async (w: World) => {
  const res = await get(w.adminCookie, '/api/admin/reconciliation/exceptions');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ReconciliationPage).items;
};
const adminDigests = async () =>
  (
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent('asha@example.test')}`,
      })
    ).json() as Array<{ template: string; subject: string; text: string }>
  ).filter((m) => m.template === 'reconciliation-exceptions');

/** Nothing was booked or counted: no request, the checkout still open and unpaid, no document, no ledger entry. */
async function expectNothingBooked(w: World, bookingId: string) {
  expect((await get(w.cookie, '/api/me/bookings')).json()).toEqual([]);
  expect(await checkoutOf(t.app, w.cookie, bookingId)).toMatchObject({ status: 'created' });
  expect(await w.db.$count(courseBookings)).toBe(0);
  expect(await w.db.$count(moneyDocuments)).toBe(0);
  expect(await w.db.$count(ledgerTransactions)).toBe(0);
}

describe("a provider's capture is checked against what was ordered (issue 38)", () => {
  it('books nothing for a signed ₹1 capture of a ₹1,500 order, and lists it for the admins once', async () => {
    const w = await setup();
    const { bookingId, orderId, paymentId } = await openCheckout(w);
    const forged = capturedPayment(orderId);

    // The provider is answered as for any event it sends, so it does not send it again.
    const res = await deliver('payment.captured', { payment: { entity: forged } });
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    // The same word again, and as order.paid: still one exception, one mail.
    await deliver('payment.captured', { payment: { entity: forged } });
    await deliver('order.paid', {
      payment: { entity: forged },
      order: { entity: { id: orderId, entity: 'order', amount: 150_000, status: 'paid' } },
    });
    await t.app.jobs.runAll();
    // Every event applied: none is left to retry.
    expect(await w.db.$count(paymentWebhookEvents, sql`${paymentWebhookEvents.processedAt} IS NULL`)).toBe(0);

    await expectNothingBooked(w, bookingId);
    const summary = `The provider reported ₹1 captured as pay_Forged00000001 on order ${orderId}, but booking ${bookingId}'s payment is ₹1,500 on order ${orderId}: nothing was booked or counted.`;
    expect(await exceptions(w)).toEqual([
      expect.objectContaining({
        kind: 'capture_mismatch',
        day: '2026-11-23',
        providerPaymentId: 'pay_Forged00000001',
        paymentId,
        bookingId,
        providerAmountPaise: 100,
        ledgerAmountPaise: null,
        summary,
        resolvedAt: null,
      }),
    ]);
    const mails = await adminDigests();
    expect(mails.map((m) => m.subject)).toEqual(['Reconciliation of 23 Nov 2026: 1 new exception']);
    expect(mails[0].text).toContain(
      'On 23 Nov 2026 the provider reported a capture that does not match what was ordered. Nothing was booked or counted; it is recorded as 1 new exception:',
    );
    expect(mails[0].text).toContain(`Capture refused: not what was ordered: ${summary}`);

    // The learner's genuine payment of the order still books it, once, for ₹1,500.
    const paid = await payCheckout(t.app, w.cookie, bookingId);
    expect(paid.confirm.json()).toEqual({ message: PAYMENT_MSG.paid, bookingId });
    await t.app.jobs.runAll();
    expect((await get(w.cookie, `/api/sessions/${bookingId}`)).json().payment).toMatchObject({
      status: 'captured',
      amountPaise: 150_000,
    });
    expect(await w.db.$count(ledgerTransactions, eq(ledgerTransactions.kind, 'payment_captured'))).toBe(1);
    expect(await exceptions(w)).toHaveLength(1);
  });

  it('books nothing for a signed capture of the right amount in another currency', async () => {
    const w = await setup();
    const { bookingId, orderId } = await openCheckout(w);
    await deliver('payment.captured', {
      payment: { entity: capturedPayment(orderId, { amount: 150_000, currency: 'USD' }) },
    });
    await t.app.jobs.runAll();

    await expectNothingBooked(w, bookingId);
    expect(await exceptions(w)).toEqual([
      expect.objectContaining({
        kind: 'capture_mismatch',
        bookingId,
        // Not rupees: the console's provider amount stays empty, and the line tells the currency.
        providerAmountPaise: null,
        summary: `The provider reported 1500.00 USD captured as pay_Forged00000001 on order ${orderId}, but booking ${bookingId}'s payment is ₹1,500 on order ${orderId}: nothing was booked or counted.`,
      }),
    ]);
  });

  it('books nothing for an order.paid whose payment was taken on another order', async () => {
    const w = await setup();
    const { bookingId, orderId } = await openCheckout(w);
    const elsewhere = capturedPayment('order_Elsewhere0001', { amount: 150_000 });
    await deliver('order.paid', {
      payment: { entity: elsewhere },
      order: { entity: { id: orderId, entity: 'order', amount: 150_000, status: 'paid' } },
    });
    // A capture naming only an order that is not ours changes nothing of ours (the nightly run asks the
    // provider's own list for payments of no order of ours).
    await deliver('payment.captured', { payment: { entity: { ...elsewhere, id: 'pay_Elsewhere00001' } } });
    await t.app.jobs.runAll();

    await expectNothingBooked(w, bookingId);
    expect(await exceptions(w)).toEqual([
      expect.objectContaining({
        kind: 'capture_mismatch',
        providerPaymentId: 'pay_Forged00000001',
        bookingId,
        providerAmountPaise: 150_000,
        summary: `The provider reported ₹1,500 captured as pay_Forged00000001 on order order_Elsewhere0001, but booking ${bookingId}'s payment is ₹1,500 on order ${orderId}: nothing was booked or counted.`,
      }),
    ]);
  });

  it('books nothing from what the provider answers when asked, if it is not what was ordered', async () => {
    const w = await setup();
    const { bookingId, orderId } = await openCheckout(w);
    // The provider lists a ₹1 payment on the order (its callback and webhooks never came).
    const short = capturedPayment(orderId, { id: 'pay_Short00000001' });
    await w.db
      .insert(testGatewayObjects)
      .values({ id: short.id, entity: 'payment', parentId: orderId, body: short });

    // The checkouts job asks about the hold after two minutes: nothing books.
    t.now += 3 * 60_000;
    expect(await reconcileCheckouts({ ...t.app.payments, db: t.app.db })).toEqual({
      fulfilled: 0,
      closed: 0,
    });
    // The learner closes the window: the provider is asked again, and the checkout closes unpaid.
    const closed = await post(w.cookie, `/api/sessions/${bookingId}/checkout/abandon`, { outcome: 'closed' });
    expect(closed.json()).toEqual({ message: PAYMENT_MSG.abandoned, bookingId });

    expect((await get(w.cookie, '/api/me/bookings')).json()).toEqual([]);
    expect(await w.db.$count(moneyDocuments)).toBe(0);
    expect(await w.db.$count(ledgerTransactions)).toBe(0);
    expect(await exceptions(w)).toEqual([
      expect.objectContaining({
        kind: 'capture_mismatch',
        providerPaymentId: 'pay_Short00000001',
        bookingId,
        providerAmountPaise: 100,
      }),
    ]);
  });

  it('funds no milestone from a signed ₹1 capture of its ₹60,000 order', async () => {
    const { db } = await testDatabase();
    const h = await createEngagement(t.app, db);
    const admin = await createAccount(db, { roles: ['admin'], email: 'asha@example.test' });
    const adminCookie = await sessionCookie(db, admin.id);
    const call = (url: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: h.client.cookie },
        ...(payload ? { payload } : {}),
      });
    expect((await call(`/api/engagements/${h.engagementId}/roe`, { acknowledge: true })).statusCode).toBe(
      200,
    );
    const [first] = await db
      .select()
      .from(engagementMilestones)
      .where(eq(engagementMilestones.engagementId, h.engagementId))
      .orderBy(engagementMilestones.position);
    const checkout = await call(`/api/engagements/${h.engagementId}/milestones/${first.id}/checkout`);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const { orderId, paymentId, amountPaise } = checkout.json();
    expect(amountPaise).toBe(6_000_000);

    await deliver('payment.captured', { payment: { entity: capturedPayment(orderId) } });
    await t.app.jobs.runAll();

    const e = (await get(h.client.cookie, `/api/engagements/${h.engagementId}`)).json();
    expect(e.milestones[0].status).toBe('awaiting_funding');
    expect(await db.$count(moneyDocuments)).toBe(0);
    expect(await db.$count(ledgerTransactions)).toBe(0);
    const res = await get(adminCookie, '/api/admin/reconciliation/exceptions');
    expect((res.json() as ReconciliationPage).items).toEqual([
      expect.objectContaining({
        kind: 'capture_mismatch',
        paymentId,
        bookingId: null,
        summary: `The provider reported ₹1 captured as pay_Forged00000001 on order ${orderId}, but payment ${paymentId} is ₹60,000 on order ${orderId}: nothing was booked or counted.`,
      }),
    ]);
  });
});

describe("a learner's checkout (issue 38)", () => {
  it("answers another account's confirm 404 with the message its GET gives, and the owner still pays", async () => {
    const w = await setup();
    const { bookingId, orderId } = await openCheckout(w);
    const callback = await gatewayCheckout(t.app, orderId, 'success');

    const seen = await get(w.otherCookie, `/api/sessions/${bookingId}/checkout`);
    const confirmed = await post(w.otherCookie, `/api/sessions/${bookingId}/checkout/confirm`, callback);
    expect([seen.statusCode, seen.json().error.message]).toEqual([404, SESSION_MSG.notFound]);
    expect([confirmed.statusCode, confirmed.json().error.message]).toEqual([404, SESSION_MSG.notFound]);
    // A checkout that does not exist answers the same.
    const unknown = await post(w.otherCookie, `/api/sessions/${randomUUID()}/checkout/confirm`, callback);
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, SESSION_MSG.notFound]);
    expect(await w.db.$count(courseBookings)).toBe(0);

    const own = await post(w.cookie, `/api/sessions/${bookingId}/checkout/confirm`, callback);
    expect([own.statusCode, own.json()]).toEqual([200, { message: PAYMENT_MSG.paid, bookingId }]);
    await t.app.jobs.runAll();
  });

  it('quotes and charges the amount a checkout held when the shark changes the price meanwhile', async () => {
    const w = await setup();
    const { bookingId, orderId } = await openCheckout(w, 2);
    const before = (await get(w.cookie, `/api/sessions/${bookingId}/checkout`)).json();
    expect(before.amountPaise).toBe(300_000);

    const repriced = await t.app.inject({
      method: 'PUT',
      url: `/api/workspace/courses/${w.course.id}`,
      headers: { cookie: w.sharkCookie },
      payload: { ...COURSE, pricePaise: 200_000 },
    });
    expect(repriced.statusCode, repriced.body).toBe(200);
    // A new quote is at the new price.
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/quote?courseId=${w.course.id}&hours=2`,
    });
    expect(fresh.json().totalPaise).toBe(400_000);

    // The open checkout still reads what it will charge: ₹1,500 × 2 hours, its fee and the GST on it.
    const after = await get(w.cookie, `/api/sessions/${bookingId}/checkout`);
    expect(after.statusCode).toBe(200);
    expect(after.json().amountPaise).toBe(300_000);
    expect(after.json().quote).toEqual(before.quote);
    expect(after.json().quote).toMatchObject({
      hourlyPaise: 150_000,
      hours: 2,
      totalPaise: 300_000,
      feePaise: 30_000,
      feeTaxPaise: 5_400,
      sharkPaise: 300_000 - 30_000 - 5_400,
    });
    expect(
      after.json().quote.refunds.find((r: { reason: string }) => r.reason === 'learner_late_cancelled'),
    ).toEqual({ reason: 'learner_late_cancelled', percent: 50, amountPaise: 150_000 });

    // And that is what is charged.
    const callback = await gatewayCheckout(t.app, orderId, 'success');
    const paid = await post(w.cookie, `/api/sessions/${bookingId}/checkout/confirm`, callback);
    expect(paid.json().message).toBe(PAYMENT_MSG.paid);
    await t.app.jobs.runAll();
    expect((await get(w.cookie, `/api/sessions/${bookingId}`)).json().payment).toMatchObject({
      status: 'captured',
      amountPaise: 300_000,
    });
  });
});
