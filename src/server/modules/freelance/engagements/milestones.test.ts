// A milestone's money (issue 27, decisions 176-179), through HTTP against the built-in test gateway: the client
// funds it through the same checkout as a session (callback, webhook, reconciliation, each once), the freelancer
// delivers, the client approves (pending → available) or asks for changes, 14 days approve it, disputes are
// ruled by an admin (release or refund with its credit note). Every test ends with the trial balance at 0.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { AUDIT_ACTION_LABEL } from '#shared/admin.ts';
import { MILESTONE_MSG, ENGAGEMENT_MSG } from '#shared/engagements.ts';
import {
  adminAuditLog,
  engagementEvents,
  engagementMilestones,
  engagements,
  ledgerTransactions,
  outbox,
  moneyDocuments,
  payments,
  refunds,
} from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createEngagement, createFreelancer } from '#server/test/marketplace.ts';
import { gatewayCheckout } from '#server/test/payments.ts';
import { payeeBalance, trialBalance } from '#server/modules/money/ledger/service.ts';
import { reconcileCheckouts } from '#server/jobs/payments.ts';
import { autoApproveDue } from './milestones';
import { sendRefund } from '#server/modules/money/payments/service.ts';
import { signWebhook } from '#server/modules/money/payments/gateway.ts';
import { TEST_GATEWAY } from '#server/modules/money/test-gateway/service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100', COMPANY_GSTIN: '29ABCDE1234F1Z5' });
});
afterAll(() => {
  setClock();
  return app.close();
});
const NOW = new Date('2026-11-23T00:30:00Z');
let clock = NOW.getTime();
const advance = (minutes: number) => {
  clock += minutes * 60_000;
};
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
afterEach(async () => {
  expect((await trialBalance((await testDatabase()).db)).totalPaise).toBe(0);
});

// Each call a minute after the last, so the timeline reads in order.
const call = (url: string, cookie: string, payload?: object) => {
  advance(1);
  return app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
};
/** The timeline's kinds after the engagement's start (whose row the database stamps with its own clock). */
const kinds = (e: { events: { kind: string }[] }) =>
  e.events.map((x) => x.kind).filter((k) => k !== 'created');
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

async function hired(opts: { roe?: boolean } = {}) {
  const { db } = await testDatabase();
  const h = await createEngagement(app, db);
  if (opts.roe !== false)
    expect(
      (await call(`/api/engagements/${h.engagementId}/roe`, h.client.cookie, { acknowledge: true }))
        .statusCode,
    ).toBe(200);
  const ms = await db
    .select()
    .from(engagementMilestones)
    .where(eq(engagementMilestones.engagementId, h.engagementId))
    .orderBy(engagementMilestones.position);
  const admin = await createAccount(db, { roles: ['admin'] });
  const url = (i: number, action: string) =>
    `/api/engagements/${h.engagementId}/milestones/${ms[i].id}/${action}`;
  return { db, ...h, ms, url, adminCookie: await sessionCookie(db, admin.id) };
}
type Hired = Awaited<ReturnType<typeof hired>>;

// A freelancer is paid as its profile row, as a shark is as its shark row (decision 181).
const freelancerPayee = (h: Hired) => ({ kind: 'freelancer' as const, id: h.freelancer.profileId });
const milestone = async (h: Hired, i: number) =>
  (await h.db.select().from(engagementMilestones).where(eq(engagementMilestones.id, h.ms[i].id)))[0];

/** Opens the milestone's checkout, pays at the test gateway and confirms the signed callback. */
async function fund(h: Hired, i: number) {
  const checkout = await call(h.url(i, 'checkout'), h.client.cookie);
  expect(checkout.statusCode, checkout.body).toBe(200);
  const callback = await gatewayCheckout(app, checkout.json().orderId, 'success');
  const confirm = await call(h.url(i, 'checkout/confirm'), h.client.cookie, callback);
  return { checkout: checkout.json(), callback, confirm };
}

// ₹60,000 milestone: 10% fee ₹6,000 and 18% GST on it ₹1,080 → the freelancer's share ₹52,920.
const SHARE_1 = 6_000_000 - 600_000 - 108_000;

describe('funding a milestone', () => {
  it('funds the first milestone in one transaction: ledger, receipt, timeline and mails to both', async () => {
    const h = await hired();
    const { checkout, confirm } = await fund(h, 0);
    expect(checkout).toMatchObject({
      amountPaise: 6_000_000,
      feePaise: 600_000,
      feeTaxPaise: 108_000,
      provider: 'test',
    });
    expect([confirm.statusCode, confirm.json().message]).toEqual([200, MILESTONE_MSG.funded]);
    expect(await milestone(h, 0)).toMatchObject({ status: 'funded', paymentId: checkout.paymentId });
    const [p] = await h.db.select().from(payments);
    expect(p).toMatchObject({
      purpose: 'milestone',
      milestoneId: h.ms[0].id,
      bookingId: null,
      sharkId: null,
      payeeKind: 'freelancer',
      payeeId: h.freelancer.profileId,
      status: 'captured',
    });
    expect(await payeeBalance(h.db, freelancerPayee(h))).toEqual({
      pendingPaise: SHARE_1,
      availablePaise: 0,
    });
    const docs = await h.db.select().from(moneyDocuments);
    expect(docs.map((d) => d.kind)).toEqual(['tax_invoice']);
    const e = (await get(`/api/engagements/${h.engagementId}`, h.freelancer.cookie)).json();
    expect(kinds(e)).toEqual(['roe_acknowledged', 'milestone_funded']);
    expect(e.milestones[0].actions).toEqual(['deliver', 'dispute']);
    await app.jobs.runAll();
    const mails = await h.db.select().from(outbox);
    // The client's receipt (its tax invoice attached) and the freelancer's word that work can start.
    expect(mails.map((m) => [m.template, m.toAddress]).sort()).toEqual([
      ['milestone-payment-received', h.client.email],
      ['milestone-update', h.freelancer.email],
    ]);
  });

  it('counts a replayed callback and the webhooks once', async () => {
    const h = await hired();
    const { callback } = await fund(h, 0);
    const again = await call(h.url(0, 'checkout/confirm'), h.client.cookie, callback);
    // The same answer as the first time: the payment was received (not a message that reads like a second charge).
    expect([again.statusCode, again.json().message]).toEqual([200, MILESTONE_MSG.funded]);
    // A window closed after the payment went through says the same.
    const closed = await call(h.url(0, 'checkout/abandon'), h.client.cookie, { outcome: 'closed' });
    expect([closed.statusCode, closed.json().message]).toEqual([200, MILESTONE_MSG.funded]);
    // The test gateway's own webhooks (payment.captured, order.paid) and a replay of one.
    const [p] = await h.db.select().from(payments);
    const body = JSON.stringify({
      event: 'payment.captured',
      created_at: 1,
      payload: {
        payment: {
          entity: {
            id: p.providerPaymentId,
            order_id: p.providerOrderId,
            status: 'captured',
            amount: p.amountPaise,
            fee: null,
          },
        },
      },
    });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/razorpay',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signWebhook(body, TEST_GATEWAY.webhookSecret),
          'x-razorpay-event-id': `evt_${p.id}`,
        },
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    }
    const captured = await h.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'payment_captured'));
    expect(captured).toHaveLength(1);
    expect(await payeeBalance(h.db, freelancerPayee(h))).toEqual({
      pendingPaise: SHARE_1,
      availablePaise: 0,
    });
  });

  it('a lost callback still funds through the checkouts job; a lapsed unpaid one is closed', async () => {
    const h = await hired();
    const checkout = (await call(h.url(0, 'checkout'), h.client.cookie)).json();
    await gatewayCheckout(app, checkout.orderId, 'success');
    advance(3);
    const ctx = { ...app.payments, db: app.db };
    expect(await reconcileCheckouts(ctx)).toEqual({ fulfilled: 1, closed: 0 });
    expect((await milestone(h, 0)).status).toBe('funded');
    // The second milestone's checkout is opened and never paid: closed once past its time.
    const second = (await call(h.url(1, 'checkout'), h.client.cookie)).json();
    advance(20);
    expect(await reconcileCheckouts(ctx)).toEqual({ fulfilled: 0, closed: 1 });
    const [p] = await h.db.select().from(payments).where(eq(payments.id, second.paymentId));
    expect(p.status).toBe('expired');
    expect((await milestone(h, 1)).status).toBe('awaiting_funding');
  });

  it('refuses funding before the rules are acknowledged, out of order, twice, by the freelancer, and strangers', async () => {
    const h = await hired({ roe: false });
    const early = await call(h.url(0, 'checkout'), h.client.cookie);
    expect([early.statusCode, early.json().error.message]).toEqual([409, ENGAGEMENT_MSG.roeFirst]);
    await call(`/api/engagements/${h.engagementId}/roe`, h.client.cookie, { acknowledge: true });
    const outOfOrder = await call(h.url(1, 'checkout'), h.client.cookie);
    expect([outOfOrder.statusCode, outOfOrder.json().error.message]).toEqual([409, MILESTONE_MSG.inOrder]);
    const byFreelancer = await call(h.url(0, 'checkout'), h.freelancer.cookie);
    expect(byFreelancer.statusCode).toBe(403);
    const stranger = await createAccount(h.db, { roles: ['user'] });
    const byStranger = await call(h.url(0, 'checkout'), await sessionCookie(h.db, stranger.id));
    expect(byStranger.statusCode).toBe(404);
    const other = await createEngagement(app, h.db, {
      clientName: 'Other Client',
      freelancerName: 'Other Freelancer',
    });
    const byOtherClient = await call(h.url(0, 'checkout'), other.client.cookie);
    expect(byOtherClient.statusCode).toBe(404);
    const byOtherFreelancer = await call(h.url(0, 'deliver'), other.freelancer.cookie, {});
    expect(byOtherFreelancer.statusCode).toBe(404);
    const wrongMilestone = await call(
      `/api/engagements/${h.engagementId}/milestones/${randomUUID()}/checkout`,
      h.client.cookie,
    );
    expect([wrongMilestone.statusCode, wrongMilestone.json().error.message]).toEqual([
      404,
      MILESTONE_MSG.notFound,
    ]);
    const badId = await call(`/api/engagements/${h.engagementId}/milestones/nope/checkout`, h.client.cookie);
    expect(badId.statusCode).toBe(400);
    expect(await h.db.select().from(payments)).toEqual([]);
    await fund(h, 0);
    const twice = await call(h.url(0, 'checkout'), h.client.cookie);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, MILESTONE_MSG.notAwaitingFunding]);
  });

  it('a tampered callback changes nothing', async () => {
    const h = await hired();
    const checkout = (await call(h.url(0, 'checkout'), h.client.cookie)).json();
    const callback = await gatewayCheckout(app, checkout.orderId, 'success');
    const bad = await call(h.url(0, 'checkout/confirm'), h.client.cookie, {
      ...callback,
      razorpay_signature: '0'.repeat(64),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['razorpay_signature']);
    expect((await milestone(h, 0)).status).toBe('awaiting_funding');
    // The provider did take it: closing the window asks the provider, which funds it after all.
    const closed = await call(h.url(0, 'checkout/abandon'), h.client.cookie, { outcome: 'closed' });
    expect(closed.json().message).toBe(MILESTONE_MSG.funded);
  });
});

describe('delivery, approval and changes', () => {
  it('delivers, asks for changes with a note, delivers again, approves: the share becomes available', async () => {
    const h = await hired();
    await fund(h, 0);
    const early = await call(h.url(1, 'deliver'), h.freelancer.cookie, {});
    expect([early.statusCode, early.json().error.message]).toEqual([409, MILESTONE_MSG.notFunded]);
    const delivered = await call(h.url(0, 'deliver'), h.freelancer.cookie, { note: 'Report attached.' });
    expect([delivered.statusCode, delivered.json().message]).toEqual([200, MILESTONE_MSG.delivered]);
    const m = await milestone(h, 0);
    expect(m.status).toBe('delivered');
    expect(m.autoApproveAt!.getTime() - m.deliveredAt!.getTime()).toBe(14 * 24 * 60 * 60_000);
    // The freelancer's earnings line says when the pending share becomes available without an answer.
    const pending = (await get('/api/freelancer/earnings', h.freelancer.cookie)).json();
    expect(pending.lines).toMatchObject([
      {
        engagementTitle: expect.any(String),
        milestoneTitle: 'Testing and report',
        state: 'pending',
        milestoneStatus: 'delivered',
        availableFrom: m.autoApproveAt!.toISOString(),
      },
    ]);
    // Another freelancer reads only its own (empty) earnings, never this one's.
    const other = await createFreelancer((await testDatabase()).db, { name: 'Ira Das' });
    expect((await get('/api/freelancer/earnings', other.cookie)).json()).toEqual({
      balance: { pendingPaise: 0, availablePaise: 0, paidOutPaise: 0, onTheWayPaise: 0 },
      lines: [],
    });
    const noNote = await call(h.url(0, 'changes'), h.client.cookie, { note: '  ' });
    expect([noNote.statusCode, noNote.json().error.fields]).toEqual([
      400,
      { note: MILESTONE_MSG.changesNoteRequired },
    ]);
    expect((await milestone(h, 0)).status).toBe('delivered');
    const byFreelancer = await call(h.url(0, 'approve'), h.freelancer.cookie);
    expect(byFreelancer.statusCode).toBe(403);
    const changes = await call(h.url(0, 'changes'), h.client.cookie, {
      note: 'Add the evidence for finding 3.',
    });
    expect([changes.statusCode, changes.json().message]).toEqual([200, MILESTONE_MSG.changesRequested]);
    expect(await milestone(h, 0)).toMatchObject({
      status: 'changes_requested',
      changesNote: 'Add the evidence for finding 3.',
      autoApproveAt: null,
    });
    const approveEarly = await call(h.url(0, 'approve'), h.client.cookie);
    expect([approveEarly.statusCode, approveEarly.json().error.message]).toEqual([
      409,
      MILESTONE_MSG.notDelivered,
    ]);
    await call(h.url(0, 'deliver'), h.freelancer.cookie, {});
    const approved = await call(h.url(0, 'approve'), h.client.cookie);
    expect([approved.statusCode, approved.json().message]).toEqual([200, MILESTONE_MSG.approved]);
    const twice = await call(h.url(0, 'approve'), h.client.cookie);
    expect(twice.statusCode).toBe(409);
    expect(await payeeBalance(h.db, freelancerPayee(h))).toEqual({
      pendingPaise: 0,
      availablePaise: SHARE_1,
    });
    const earnings = (await get('/api/freelancer/earnings', h.freelancer.cookie)).json();
    expect(earnings.balance).toEqual({
      pendingPaise: 0,
      availablePaise: SHARE_1,
      paidOutPaise: 0,
      onTheWayPaise: 0,
    });
    expect(earnings.lines).toMatchObject([
      {
        milestoneTitle: 'Testing and report',
        amountPaise: 6_000_000,
        netPaise: SHARE_1,
        state: 'available',
        milestoneStatus: 'approved',
        availableFrom: null,
      },
    ]);
    // The dashboard's Earnings tile reads the same payee.
    expect((await get('/api/freelancer/balance', h.freelancer.cookie)).json()).toEqual({
      pendingPaise: 0,
      availablePaise: SHARE_1,
    });
    expect((await get('/api/freelancer/earnings', h.client.cookie)).statusCode).toBe(403);
    const e = (await get(`/api/engagements/${h.engagementId}`, h.client.cookie)).json();
    expect(e.status).toBe('active');
    expect(kinds(e)).toEqual([
      'roe_acknowledged',
      'milestone_funded',
      'milestone_delivered',
      'milestone_changes_requested',
      'milestone_delivered',
      'milestone_approved',
    ]);
  });

  it('approves a delivered milestone after 14 days unanswered, once, and completes the engagement', async () => {
    const h = await hired();
    await fund(h, 0);
    await call(h.url(0, 'deliver'), h.freelancer.cookie, {});
    await call(h.url(0, 'approve'), h.client.cookie);
    await fund(h, 1);
    await call(h.url(1, 'deliver'), h.freelancer.cookie, {});
    const ctx = { db: app.db, mailer: app.payments.mailer, appOrigin: app.payments.appOrigin };
    advance(14 * 24 * 60 - 1);
    expect(await autoApproveDue(ctx)).toBe(0);
    advance(1);
    const [a, b] = await Promise.all([autoApproveDue(ctx), autoApproveDue(ctx)]);
    expect(a + b).toBe(1);
    expect((await milestone(h, 1)).status).toBe('approved');
    const share2 = 3_000_000 - 300_000 - 54_000;
    expect(await payeeBalance(h.db, freelancerPayee(h))).toEqual({
      pendingPaise: 0,
      availablePaise: SHARE_1 + share2,
    });
    const [row] = await h.db.select().from(engagements);
    expect(row.status).toBe('completed');
    // Fourteen days on, the sign-in has lapsed: the timeline is read from its table.
    const timeline = await h.db
      .select({ kind: engagementEvents.kind })
      .from(engagementEvents)
      .where(eq(engagementEvents.engagementId, h.engagementId))
      .orderBy(engagementEvents.createdAt);
    // Both in the approval's transaction, at the same instant.
    expect(timeline.slice(-2).map((x) => x.kind)).toEqual(
      expect.arrayContaining(['milestone_auto_approved', 'completed']),
    );
  });
});

describe('disputes', () => {
  it('an admin releases a disputed milestone with a reason, audit-logged', async () => {
    const h = await hired();
    await fund(h, 0);
    await call(h.url(0, 'deliver'), h.freelancer.cookie, {});
    const noReason = await call(h.url(0, 'dispute'), h.client.cookie, {});
    expect([noReason.statusCode, noReason.json().error.fields]).toEqual([
      400,
      { reason: MILESTONE_MSG.disputeReasonRequired },
    ]);
    const opened = await call(h.url(0, 'dispute'), h.client.cookie, { reason: 'The report misses the API.' });
    expect([opened.statusCode, opened.json().message]).toEqual([200, MILESTONE_MSG.disputed]);
    const list = (await get('/api/admin/disputes', h.adminCookie)).json();
    expect(list).toMatchObject({
      total: 1,
      page: 1,
      items: [
        {
          milestoneId: h.ms[0].id,
          reason: 'The report misses the API.',
          clientName: 'Asha Menon',
          freelancerName: 'Kabir Shah',
        },
      ],
    });
    expect((await get('/api/admin/disputes', h.client.cookie)).statusCode).toBe(403);
    const noRuling = await call(`/api/admin/disputes/${h.ms[0].id}/ruling`, h.adminCookie, {
      outcome: 'release',
    });
    expect([noRuling.statusCode, noRuling.json().error.fields]).toEqual([
      400,
      { reason: MILESTONE_MSG.rulingReasonRequired },
    ]);
    const badOutcome = await call(`/api/admin/disputes/${h.ms[0].id}/ruling`, h.adminCookie, {
      outcome: 'keep',
      reason: 'x',
    });
    expect(Object.keys(badOutcome.json().error.fields)).toEqual(['outcome']);
    const byClient = await call(`/api/admin/disputes/${h.ms[0].id}/ruling`, h.client.cookie, {
      outcome: 'release',
      reason: 'x',
    });
    expect(byClient.statusCode).toBe(403);
    const ruled = await call(`/api/admin/disputes/${h.ms[0].id}/ruling`, h.adminCookie, {
      outcome: 'release',
      reason: 'The API was out of scope.',
    });
    expect([ruled.statusCode, ruled.json().message]).toEqual([200, MILESTONE_MSG.released]);
    const again = await call(`/api/admin/disputes/${h.ms[0].id}/ruling`, h.adminCookie, {
      outcome: 'refund',
      reason: 'again',
    });
    expect([again.statusCode, again.json().error.message]).toEqual([409, MILESTONE_MSG.notDisputed]);
    expect((await milestone(h, 0)).status).toBe('approved');
    expect(await payeeBalance(h.db, freelancerPayee(h))).toEqual({
      pendingPaise: 0,
      availablePaise: SHARE_1,
    });
    const audit = await h.db.select().from(adminAuditLog);
    expect(audit.map((a) => [a.action, a.targetId, a.reason])).toEqual([
      ['milestone.dispute_release', h.ms[0].id, 'The API was out of scope.'],
    ]);
    // The console's audit log reads it as a sentence: who ruled, for whom, on which milestone of which engagement.
    const [engagement] = await h.db
      .select({ title: engagements.title })
      .from(engagements)
      .where(eq(engagements.id, h.engagementId));
    const [entry] = (await get('/api/admin/audit-log', h.adminCookie)).json().items;
    expect(entry).toMatchObject({
      action: 'milestone.dispute_release',
      targetName: `the milestone “${h.ms[0].title}” of “${engagement.title}”`,
      reason: 'The API was out of scope.',
    });
    expect(AUDIT_ACTION_LABEL[entry.action]).toBe('ruled for the freelancer on');
  });

  it('an admin refunds a disputed milestone: the ledger reversed from pending, the refund sent, a credit note', async () => {
    const h = await hired();
    await fund(h, 0);
    await call(h.url(0, 'dispute'), h.freelancer.cookie, { reason: 'No access to the targets.' });
    expect((await milestone(h, 0)).status).toBe('disputed');
    const ruled = await call(`/api/admin/disputes/${h.ms[0].id}/ruling`, h.adminCookie, {
      outcome: 'refund',
      reason: 'The work could not start.',
    });
    expect([ruled.statusCode, ruled.json().message]).toEqual([200, MILESTONE_MSG.refunded]);
    expect((await milestone(h, 0)).status).toBe('refunded');
    const [r] = await h.db.select().from(refunds);
    expect(r).toMatchObject({
      reason: 'dispute_refund',
      amountPaise: 6_000_000,
      note: 'The work could not start.',
    });
    expect(await payeeBalance(h.db, freelancerPayee(h))).toEqual({ pendingPaise: 0, availablePaise: 0 });
    await sendRefund({ ...app.payments, db: app.db, log: app.log }, r.id);
    const settled = (await h.db.select().from(refunds))[0];
    if (settled.status === 'processed')
      expect((await h.db.select().from(moneyDocuments)).map((d) => d.kind).sort()).toEqual([
        'credit_note',
        'tax_invoice',
      ]);
    const audit = await h.db.select().from(adminAuditLog);
    expect(audit.map((a) => a.action)).toEqual(['milestone.dispute_refund']);
    // Nothing to deliver or approve on a refunded milestone.
    expect((await call(h.url(0, 'deliver'), h.freelancer.cookie, {})).statusCode).toBe(409);
  });

  it('refuses a dispute on a milestone not yet funded', async () => {
    const h = await hired();
    const res = await call(h.url(0, 'dispute'), h.client.cookie, { reason: 'Too slow.' });
    expect([res.statusCode, res.json().error.message]).toEqual([409, MILESTONE_MSG.notDisputable]);
    expect((await milestone(h, 0)).status).toBe('awaiting_funding');
  });
});
