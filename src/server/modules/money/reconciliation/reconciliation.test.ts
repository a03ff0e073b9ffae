// The daily reconciliation (issue 24): the provider's payments of a day (the built-in test gateway, asked over
// HTTP as Razorpay is) against the payments and the ledger's captures, and the ledger's payouts marked paid
// twice. Each kind of exception found; a run again, or two at once, adds none and mails nothing more; admins get
// one digest a run; an admin resolves an exception with a note; no one else may read or resolve them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { adminAuditLog, reconciliationExceptions, testGatewayObjects } from '#server/db/schema.ts';
import { RECONCILIATION_MSG, type ReconciliationPage } from '#shared/reconciliation.ts';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { bookAndPay, checkoutOf, gatewayCheckout } from '#server/test/payments.ts';
import { PAYOUT_PAID, payoutPaidKey, post, trialBalance } from '#server/modules/money/ledger/service.ts';
import { findCheckoutPayment } from '#server/modules/money/payments/checkout.ts';
import { dayRange, previousDay, reconcileDay } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});

// Monday 2026-11-23, 06:00 in India: the payments are taken on that day, which is then reconciled.
const NOW = new Date('2026-11-23T00:30:00Z');
const DAY = '2026-11-23';
let clock = NOW.getTime();
beforeEach(async () => {
  clock = NOW.getTime();
  setClock(() => new Date(clock));
  await resetDb();
  await app.inject({
    method: 'POST',
    url: '/api/test-gateway/control',
    payload: { refunds: 'process', orders: 'up' },
  });
});

const slot = (days: number) => new Date(Date.parse(`2026-11-${23 + days}T18:30:00+05:30`)).toISOString();

async function setup() {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', published: true, userId: account.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const admin = await createAccount(db, { roles: ['admin'], email: 'asha@example.test' });
  const otherAdmin = await createAccount(db, { roles: ['admin'], email: 'ravi@example.test' });
  return {
    db,
    shark,
    course,
    learnerCookie: await sessionCookie(db, learner.id),
    sharkCookie: await sessionCookie(db, account.id),
    adminCookie: await sessionCookie(db, admin.id),
    admin,
    otherAdmin,
  };
}
type World = Awaited<ReturnType<typeof setup>>;

/** A paid session, a minute after the one before (the provider's list and ours then have one order). */
async function paid(w: World, days: number) {
  clock += 60_000;
  const bookingId = await bookAndPay(app, w.learnerCookie, {
    courseId: w.course.id,
    hours: 2,
    startsAt: slot(days),
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });
  const payment = (await findCheckoutPayment(w.db, { purpose: 'session', id: bookingId }))!;
  return { bookingId, payment };
}

const ctxOf = () => ({
  db: app.db,
  gateway: app.payments.gateway,
  mailer: app.mailer,
  appOrigin: app.config.appOrigin,
  timeZone: 'Asia/Kolkata',
});

/** The nightly job, for a day. */
async function runJob(day?: string) {
  await app.jobs.enqueue(app.db, 'reconciliation', day ? { day } : {});
  await app.jobs.runAll();
}

const list = (cookie: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/reconciliation/exceptions${query}`, headers: { cookie } });
const resolve = (cookie: string, id: string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/reconciliation/exceptions/${id}/resolve`,
    headers: { cookie },
    payload: payload as object,
  });

const digests = async (to: string) =>
  (
    (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
      template: string;
      subject: string;
      text: string;
    }[]
  ).filter((m) => m.template === 'reconciliation-exceptions');

/** A payout's "paid" posting, as the payouts module will post it: the shark's available money leaves. */
const payoutPaid = (w: World, payoutId: string, reference: string, key = payoutPaidKey(payoutId)) =>
  w.db.transaction((tx) =>
    post(tx, {
      key,
      kind: PAYOUT_PAID,
      memo: `Payout paid (${reference})`,
      payoutId,
      reference,
      lines: [
        [{ payee: { kind: 'shark', id: w.shark.id }, part: 'available' }, 50_000],
        ['provider_clearing', -50_000],
      ],
    }),
  );

describe('the daily reconciliation', () => {
  it('finds nothing on a day where the provider, the payments and the ledger agree, and mails nobody', async () => {
    const w = await setup();
    await paid(w, 1);
    await paid(w, 2);
    await runJob(DAY);
    expect(await w.db.$count(reconciliationExceptions)).toBe(0);
    expect(await digests('asha@example.test')).toEqual([]);
  });

  it('reconciles yesterday in the app zone by default', async () => {
    const w = await setup();
    const { payment } = await paid(w, 1);
    // The payment's provider record goes missing; the next morning's run (04:40 in India) looks at that day.
    await w.db.delete(testGatewayObjects).where(eq(testGatewayObjects.parentId, payment.providerOrderId));
    clock = Date.parse('2026-11-24T04:40:00+05:30');
    expect(previousDay('Asia/Kolkata')).toBe(DAY);
    expect(dayRange(DAY, 'Asia/Kolkata')).toEqual({
      from: new Date('2026-11-22T18:30:00Z'),
      to: new Date('2026-11-23T18:30:00Z'),
    });
    await runJob();
    expect(await w.db.select({ kind: reconciliationExceptions.kind }).from(reconciliationExceptions)).toEqual(
      [{ kind: 'booking_without_provider_payment' }],
    );
  });

  it('finds each kind of exception, mails each admin one digest word for word, and adds none on a run again', async () => {
    const w = await setup();
    await paid(w, 1); // agrees everywhere

    // 1. The provider took a payment that no booking records (an order made outside the checkout).
    clock += 60_000;
    const stray = await app.payments.gateway.createOrder({ amountPaise: 99_900, receipt: 'walk-in' });
    const strayPaid = await gatewayCheckout(app, stray.id, 'success');
    const strayPaymentId = strayPaid.razorpay_payment_id as string;

    // 2. A paid booking whose payment the provider has no record of.
    const lost = await paid(w, 2);
    await w.db
      .delete(testGatewayObjects)
      .where(eq(testGatewayObjects.parentId, lost.payment.providerOrderId));
    await w.db.delete(testGatewayObjects).where(eq(testGatewayObjects.id, lost.payment.providerOrderId));

    // 3. The provider's amount differs from the payment's and the ledger's.
    const short = await paid(w, 3);
    await w.db
      .update(testGatewayObjects)
      .set({ body: sql`jsonb_set(${testGatewayObjects.body}, '{amount}', '100000')` })
      .where(
        and(
          eq(testGatewayObjects.id, short.payment.providerPaymentId!),
          eq(testGatewayObjects.entity, 'payment'),
        ),
      );

    // 4. Payouts marked paid twice: one payout with two "paid" postings, and one UTR on two payouts.
    const twice = randomUUID();
    // A second apart: the exceptions and their payouts are told in the order they were marked paid.
    await payoutPaid(w, twice, 'UTR000111');
    clock += 1_000;
    await payoutPaid(w, twice, 'UTR000222', `${payoutPaidKey(twice)}:again`);
    const [first, second] = [randomUUID(), randomUUID()];
    clock += 1_000;
    await payoutPaid(w, first, 'UTR000333');
    clock += 1_000;
    await payoutPaid(w, second, 'UTR000333');

    await runJob(DAY);
    const res = await list(w.adminCookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as ReconciliationPage;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 5, open: 5 });
    const byKind = (kind: string) => page.items.filter((e) => e.kind === kind);

    expect(byKind('provider_payment_without_booking')).toEqual([
      expect.objectContaining({
        day: DAY,
        providerPaymentId: strayPaymentId,
        bookingId: null,
        providerAmountPaise: 99_900,
        ledgerAmountPaise: null,
        summary: `The provider captured ₹999 as ${strayPaymentId} (order ${stray.id}), and no paid booking records it.`,
        resolvedAt: null,
      }),
    ]);
    expect(byKind('booking_without_provider_payment')).toEqual([
      expect.objectContaining({
        providerPaymentId: lost.payment.providerPaymentId,
        paymentId: lost.payment.id,
        bookingId: lost.bookingId,
        providerAmountPaise: null,
        ledgerAmountPaise: 300_000,
        summary: `Booking ${lost.bookingId} is paid (₹3,000, provider payment ${lost.payment.providerPaymentId}), and the provider has no captured payment for it.`,
      }),
    ]);
    expect(byKind('amount_mismatch')).toEqual([
      expect.objectContaining({
        providerPaymentId: short.payment.providerPaymentId,
        bookingId: short.bookingId,
        providerAmountPaise: 100_000,
        ledgerAmountPaise: 300_000,
        summary: `The provider captured ₹1,000 as ${short.payment.providerPaymentId}; the booking's payment records ₹3,000 and the ledger ₹3,000.`,
      }),
    ]);
    expect(byKind('payout_paid_twice').map((e) => [e.payoutIds, e.reference, e.summary])).toEqual(
      expect.arrayContaining([
        [[twice], null, `Payout ${twice} is marked paid 2 times in the ledger.`],
        [
          [first, second],
          'UTR000333',
          `The bank reference UTR000333 marks 2 payouts paid: ${first}, ${second}.`,
        ],
      ]),
    );

    // One digest to each admin, naming every new exception.
    for (const to of ['asha@example.test', 'ravi@example.test']) {
      const mails = await digests(to);
      expect(mails).toHaveLength(1);
      expect(mails[0].subject).toBe('Reconciliation of 23 Nov 2026: 5 new exceptions');
      expect(mails[0].text).toBe(
        [
          'Reconciliation exceptions',
          "The daily reconciliation of 23 Nov 2026 compared the provider's payments with our payments and the ledger, and found 5 new exceptions:",
          `Provider payment with no booking: The provider captured ₹999 as ${strayPaymentId} (order ${stray.id}), and no paid booking records it.`,
          `Paid booking with no provider record: Booking ${lost.bookingId} is paid (₹3,000, provider payment ${lost.payment.providerPaymentId}), and the provider has no captured payment for it.`,
          `Amount mismatch: The provider captured ₹1,000 as ${short.payment.providerPaymentId}; the booking's payment records ₹3,000 and the ledger ₹3,000.`,
          `Payout marked paid twice: Payout ${twice} is marked paid 2 times in the ledger.`,
          `Payout marked paid twice: The bank reference UTR000333 marks 2 payouts paid: ${first}, ${second}.`,
          'Open the reconciliation:\nhttp://localhost:3000/admin?tab=finance&section=exceptions',
          'Each stays open in the admin console until an admin resolves it with a note.',
          '-- \nShark Security',
        ].join('\n\n') + '\n',
      );
    }

    // The same day again, and twice at once (a retry, two servers): nothing new, nothing mailed.
    await runJob(DAY);
    const again = await Promise.all([reconcileDay(ctxOf(), DAY), reconcileDay(ctxOf(), DAY)]);
    expect(again.map((r) => r.created)).toEqual([[], []]);
    expect(await w.db.$count(reconciliationExceptions)).toBe(5);
    await app.jobs.runAll();
    expect(await digests('asha@example.test')).toHaveLength(1);
    expect((await trialBalance(w.db)).totalPaise).toBe(0);
  });

  it('asks the provider through the order for a payment taken just before midnight and recorded after it', async () => {
    const w = await setup();
    clock = Date.parse('2026-11-23T23:59:58+05:30');
    const bookingRes = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: w.learnerCookie },
      payload: {
        courseId: w.course.id,
        hours: 2,
        startsAt: slot(2),
        name: 'Priya Raman',
        email: 'priya@example.com',
        phone: '+91 98765 43210',
        requestId: randomUUID(),
      },
    });
    expect(bookingRes.statusCode, bookingRes.body).toBe(201);
    const bookingId = (bookingRes.json() as { checkout: { bookingId: string } }).checkout.bookingId;
    const { orderId } = await checkoutOf(app, w.learnerCookie, bookingId);
    const callback = await gatewayCheckout(app, orderId, 'success');
    clock += 5_000; // the callback arrives on the next day
    const confirm = await app.inject({
      method: 'POST',
      url: `/api/sessions/${bookingId}/checkout/confirm`,
      headers: { cookie: w.learnerCookie },
      payload: callback,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await runJob(DAY);
    await runJob('2026-11-24');
    expect(await w.db.$count(reconciliationExceptions)).toBe(0);
  });
});

describe('resolving an exception', () => {
  async function withException() {
    const w = await setup();
    const { payment } = await paid(w, 1);
    await w.db.delete(testGatewayObjects).where(eq(testGatewayObjects.parentId, payment.providerOrderId));
    await runJob(DAY);
    const [e] = (await list(w.adminCookie).then((r) => r.json() as ReconciliationPage)).items;
    return { w, e };
  }

  it('takes a note, keeps it with the exception and in the audit log, and lists it as resolved', async () => {
    const { w, e } = await withException();
    for (const body of [{}, { note: '   ' }]) {
      const refused = await resolve(w.adminCookie, e.id, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: RECONCILIATION_MSG.noteRequired,
        fields: { note: RECONCILIATION_MSG.noteRequired },
      });
    }
    clock += 3_600_000;
    const note = 'Razorpay support confirmed the payment was reversed by the bank; nothing is owed.';
    const res = await resolve(w.adminCookie, e.id, { note });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Exception resolved. Your note is kept with it and in the audit log.',
      exception: {
        ...e,
        resolvedAt: new Date(clock).toISOString(),
        resolvedByEmail: 'asha@example.test',
        resolutionNote: note,
      },
    });
    expect(await list(w.adminCookie).then((r) => r.json())).toMatchObject({ items: [], total: 0, open: 0 });
    expect(await list(w.adminCookie, '?status=resolved').then((r) => r.json())).toMatchObject({
      items: [{ id: e.id, resolutionNote: note }],
      total: 1,
      open: 0,
    });
    expect(await w.db.select().from(adminAuditLog)).toEqual([
      expect.objectContaining({
        actorId: w.admin.id,
        action: 'reconciliation.resolve',
        targetType: 'reconciliation_exception',
        targetId: e.id,
        reason: note,
      }),
    ]);

    // Once only; an unknown exception is not found.
    const twice = await resolve(w.adminCookie, e.id, { note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(RECONCILIATION_MSG.alreadyResolved);
    const unknown = await resolve(w.adminCookie, randomUUID(), { note: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(RECONCILIATION_MSG.notFound);
    // A resolved exception is not raised again by a run over its day.
    await runJob(DAY);
    expect(await w.db.$count(reconciliationExceptions)).toBe(1);
    expect(await list(w.adminCookie).then((r) => r.json())).toMatchObject({ total: 0 });
  });

  it('refuses a bad status filter with a 400 naming the field', async () => {
    const w = await setup();
    const res = await list(w.adminCookie, '?status=closed');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ status: RECONCILIATION_MSG.statusInvalid });
  });

  it('is for admins only: learners and sharks are refused, visitors asked to log in', async () => {
    const { w, e } = await withException();
    for (const cookie of [w.learnerCookie, w.sharkCookie]) {
      expect((await list(cookie)).statusCode).toBe(403);
      expect((await resolve(cookie, e.id, { note: 'mine now' })).statusCode).toBe(403);
    }
    const visitor = await app.inject({ method: 'GET', url: '/api/admin/reconciliation/exceptions' });
    expect(visitor.statusCode).toBe(401);
    const [row] = await w.db.select().from(reconciliationExceptions);
    expect(row.resolvedAt).toBeNull();
  });
});
