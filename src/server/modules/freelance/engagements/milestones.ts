// A milestone's life and its money (issue 27, decisions 176-179): the client funds it through the payments'
// checkout, the freelancer delivers, the client approves (the freelancer's share moves from pending to
// available) or asks for changes; 14 days without an answer approve it; a dispute goes to an admin, who
// releases or refunds. One table of allowed moves; every move is one transaction with its timeline event, its
// ledger posting and its mails. The provider is never called inside a transaction.
import { randomUUID } from 'node:crypto';
import {
  AUTO_APPROVE_DAYS,
  ENGAGEMENT_MSG,
  MILESTONE_MSG,
  type DisputeOutcome,
  type DisputePage,
  type FreelancerEarnings,
  type EngagementEventKind,
  type MilestoneCheckout,
  MILESTONE_MOVES,
  type MilestoneActor,
  type MilestoneMove,
} from '#shared/engagements.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { type CheckoutCallback } from '#shared/payments.ts';
import { formatPaise } from '#shared/payments-texts.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import { forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { now } from '#server/time.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import type { MilestoneChange } from '#server/modules/platform/mail/templates.tsx';
import {
  findPaymentByOrder,
  paymentDay,
  paymentsByIds,
  refundSubject,
  releaseShare,
  verifyCallback,
  type PaymentsContext,
  type ReportedCapture,
} from '#server/modules/money/payments/service.ts';
import {
  abandonCheckout,
  checkoutView,
  findCheckoutPayment,
  insertCheckout,
  openOrder,
  settleCapture,
  type PaymentRow,
  type Product,
  type Settlement,
} from '#server/modules/money/payments/checkout.ts';
import { payeeBalance, payeeEarningLines } from '#server/modules/money/ledger/service.ts';
import { captureChecked } from '#server/modules/money/reconciliation/service.ts';
import { findFreelancerPayeeId, freelancerPayeeId } from '#server/modules/freelance/freelancers/service.ts';
import { payoutTotals } from '#server/modules/money/payouts/service.ts';
import * as repo from './repository';

const MOVES = MILESTONE_MOVES;

/** A milestone as the one checkout names what a payment pays for. */
const milestoneOf = (milestoneId: string) => ({ purpose: 'milestone' as const, id: milestoneId });
type Move = MilestoneMove;

const refused = (message: string) => new HttpError(409, message, ERROR_CODE.conflict);

function mustAllow(move: Move, m: repo.MilestoneRow, refusal: string) {
  if (!MOVES[move].from.includes(m.status)) throw refused(refusal);
}

type Side = 'client' | 'freelancer';

/** The engagement as one of its two parties sees it; 404 to anyone else (admins act only through rulings). */
async function asParty(db: DbOrTx, auth: AuthContext, engagementId: string, lock = false) {
  const row = await repo.findEngagement(db, engagementId, lock);
  const side: Side | null =
    row?.clientId === auth.user.id ? 'client' : row?.freelancerId === auth.user.id ? 'freelancer' : null;
  if (!row || !side) throw notFound(ENGAGEMENT_MSG.notFound);
  return { row, side };
}

/** The caller's engagement (as a party) and its milestone, locked; 404 for anyone else or another's milestone. */
async function partyMilestone(tx: DbOrTx, auth: AuthContext, engagementId: string, milestoneId: string) {
  const { row, side } = await asParty(tx, auth, engagementId, true);
  const m = await repo.findMilestone(tx, engagementId, milestoneId, true);
  if (!m) throw notFound(MILESTONE_MSG.notFound);
  return { engagement: row, side, milestone: m };
}

function mustBeSide(side: Side, allowed: readonly MilestoneActor[], message: string) {
  if (!allowed.includes(side)) throw forbidden(message, ERROR_CODE.forbidden);
}

// ---- Mails ------------------------------------------------------------------------------------------------

interface MailCtx {
  appOrigin: string;
  mailer: PaymentsContext['mailer'];
}

/** The milestone's mail to one party (or both), written in the move's transaction. */
async function mailParties(
  tx: DbOrTx,
  ctx: MailCtx,
  e: repo.EngagementRow,
  m: repo.MilestoneRow,
  to: ReadonlyArray<'client' | 'freelancer'>,
  change: MilestoneChange,
  extra: { note?: string | null; share?: number | null } = {},
) {
  const names = await repo.namesOf(tx, [e.clientId, e.freelancerId]);
  for (const side of to) {
    const contact = await repo.contactOf(tx, side === 'client' ? e.clientId : e.freelancerId);
    if (!contact) continue;
    await ctx.mailer.enqueue(tx, {
      to: contact.email,
      template: 'milestone-update',
      data: {
        engagement: e.title,
        milestone: m.title,
        client: names.get(e.clientId) ?? 'Client',
        freelancer: names.get(e.freelancerId) ?? 'Freelancer',
        link: `${ctx.appOrigin}${paths.engagements.detail(e.id)}`,
        change,
        note: extra.note ?? null,
        share: extra.share ? formatPaise(extra.share) : null,
      },
    });
  }
}

async function event(
  tx: DbOrTx,
  e: repo.EngagementRow,
  m: repo.MilestoneRow,
  kind: EngagementEventKind,
  actorId: string | null,
  at: Date,
  note: string | null = null,
) {
  await repo.insertEvent(tx, { engagementId: e.id, milestoneId: m.id, actorId, kind, note, at });
}

/** Once every milestone is approved or refunded, the engagement is completed (in the same transaction). */
async function completeIfDone(
  tx: DbOrTx,
  ctx: MailCtx,
  e: repo.EngagementRow,
  m: repo.MilestoneRow,
  at: Date,
) {
  const all = await repo.listMilestones(tx, e.id);
  if (e.status !== 'active' || !all.every((x) => x.status === 'approved' || x.status === 'refunded')) return;
  await repo.setEngagementStatus(tx, e.id, 'completed');
  await repo.insertEvent(tx, { engagementId: e.id, actorId: null, kind: 'completed', at });
  await mailParties(tx, ctx, e, m, ['client', 'freelancer'], 'completed');
}

// ---- Funding ------------------------------------------------------------------------------------------------

/** Whether the client may fund this milestone now: the rules acknowledged, active, and the earlier ones funded. */
async function checkFundable(tx: DbOrTx, e: repo.EngagementRow, m: repo.MilestoneRow) {
  if (e.status !== 'active') throw refused(ENGAGEMENT_MSG.closed);
  if (!e.roeAcknowledgedAt) throw refused(ENGAGEMENT_MSG.roeFirst);
  mustAllow('fund', m, MILESTONE_MSG.notAwaitingFunding);
  // Decision 178: milestones are funded in order, so work never starts on a later one first.
  const earlier = (await repo.listMilestones(tx, e.id)).filter((x) => x.position < m.position);
  if (earlier.some((x) => x.status === 'awaiting_funding')) throw refused(MILESTONE_MSG.inOrder);
}

/**
 * POST .../milestones/:mid/checkout: the client's checkout of a milestone. An open one is answered again (a
 * double click, a reload); otherwise an order is opened at the provider (outside any transaction) and the
 * payment written in the engagement's transaction, after the rules are checked again under its lock.
 */
export async function openMilestoneCheckout(
  db: Db,
  ctx: PaymentsContext,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
): Promise<MilestoneCheckout> {
  const first = await db.transaction(async (tx) => {
    const { engagement, side, milestone } = await partyMilestone(tx, auth, engagementId, milestoneId);
    mustBeSide(side, MOVES.fund.by, MILESTONE_MSG.clientOnly);
    await checkFundable(tx, engagement, milestone);
    const open = await findCheckoutPayment(tx, milestoneOf(milestoneId));
    return { open, engagement, milestone };
  });
  if (first.open) return checkoutView(ctx, first.open);
  const { engagement: e, milestone: m } = first;
  const paymentId = randomUUID();
  const amountPaise = m.amountPaise;
  const order = await openOrder(ctx, paymentId, amountPaise, milestoneOf(m.id));
  try {
    const p = await db.transaction(async (tx) => {
      const again = await partyMilestone(tx, auth, engagementId, milestoneId);
      await checkFundable(tx, again.engagement, again.milestone);
      const open = await findCheckoutPayment(tx, milestoneOf(milestoneId), true);
      if (open) return open;
      const names = await repo.namesOf(tx, [e.clientId, e.freelancerId]);
      const contact = (await repo.contactOf(tx, e.clientId))!;
      const freelancer = names.get(e.freelancerId) ?? 'Freelancer';
      const client = names.get(e.clientId) ?? 'Client';
      const row = await insertCheckout(tx, ctx, {
        paymentId,
        subject: milestoneOf(m.id),
        orderId: order.id,
        payer: {
          id: auth.user.id,
          name: names.get(e.clientId) ?? contact.name ?? 'Client',
          email: contact.email,
        },
        payee: { kind: 'freelancer', id: await freelancerPayeeId(tx, e.freelancerId), name: freelancer },
        description: `Milestone ${m.position} "${m.title}" of ${e.title} with ${freelancer}`,
        mail: {
          engagementId: e.id,
          engagementTitle: e.title,
          milestoneTitle: m.title,
          client,
          freelancer,
          link: `${ctx.appOrigin}${paths.engagements.detail(e.id)}`,
          zone: ctx.config.APP_TIMEZONE,
          // The documents' line: the milestone, as the session's course title is for a session.
          courseTitle: m.title,
        } satisfies MilestoneCheckoutMail,
        amountPaise,
        at: now(),
      });
      await repo.updateMilestone(tx, m.id, { paymentId: row.id });
      return row;
    });
    return checkoutView(ctx, p);
  } catch (e) {
    // Two checkouts at once: the unique open payment per milestone keeps the first, which answers both.
    if (!isUniqueViolation(e)) throw e;
    const open = await findCheckoutPayment(db, milestoneOf(milestoneId));
    if (!open) throw e;
    return checkoutView(ctx, open);
  }
}

/**
 * A milestone as the one checkout sells it (issue 39, decision 176): the engagement, then the milestone locked
 * (the order every move locks them in) before the capture is recorded (ledger: the freelancer's pending share,
 * the fee and its GST; the client's receipt); then the milestone funded, its event and the freelancer's mail. A
 * payment that arrives for a milestone no longer awaiting it is refunded in full. Nothing is held meanwhile.
 */
export const milestoneProduct: Product = {
  async lock(tx, p) {
    const m = (await repo.findMilestoneById(tx, p.milestoneId!))!;
    await repo.findEngagement(tx, m.engagementId, true);
    await repo.findMilestoneById(tx, m.id, true);
  },
  async fulfil(tx, ctx, p) {
    const m = (await repo.findMilestoneById(tx, p.milestoneId!))!;
    const e = (await repo.findEngagement(tx, m.engagementId))!;
    if (m.status !== 'awaiting_funding' || e.status !== 'active') {
      await refundSubject(
        tx,
        ctx,
        milestoneOf(m.id),
        'checkout_closed',
        100,
        'The milestone was no longer awaiting funding.',
      );
      return 'refunded';
    }
    const at = now();
    await repo.updateMilestone(tx, m.id, { status: 'funded', fundedAt: at, paymentId: p.id });
    await event(tx, e, m, 'milestone_funded', p.payerId, at);
    const share = p.amountPaise - p.feePaise - p.feeTaxPaise;
    await mailParties(tx, ctx, e, m, ['freelancer'], 'funded', { share });
    return 'fulfilled';
  },
  // A milestone's checkout reserves nothing: closing it lets nothing go.
  release: async () => {},
  payerMail(p, news) {
    // The engagement and milestone as the checkout wrote them, and the client's zone for dates.
    const m = p.mail as unknown as MilestoneCheckoutMail;
    const milestone = {
      engagement: m.engagementTitle,
      milestone: m.milestoneTitle,
      client: m.client,
      freelancer: m.freelancer,
      link: m.link,
    };
    const on = paymentDay(news.at, m.zone);
    if (news.kind === 'received')
      return {
        to: p.payerEmail,
        template: 'milestone-payment-received',
        data: { ...milestone, amountPaid: news.amountPaid, paidOn: on, document: news.document },
      };
    const { status, amount, creditNoteNumber } = news;
    return {
      to: p.payerEmail,
      template: 'milestone-refund-update',
      data: { ...milestone, status, amount, on, creditNoteNumber },
    };
  },
};

/**
 * What a milestone's payment mails and documents tell (decision 176), written at checkout so a refund weeks
 * later needs nothing else: the engagement and the milestone, the two parties, the page, the client's zone.
 */
interface MilestoneCheckoutMail {
  engagementId: string;
  engagementTitle: string;
  milestoneTitle: string;
  client: string;
  freelancer: string;
  link: string;
  zone: string;
  /** The documents' line: the milestone, as the session's course title is for a session. */
  courseTitle: string;
}

/** POST .../checkout/confirm: the provider's signed callback, checked against our stored order. */
export async function confirmMilestoneCheckout(
  db: Db,
  ctx: PaymentsContext,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
  callback: CheckoutCallback,
) {
  const { side } = await asParty(db, auth, engagementId);
  mustBeSide(side, MOVES.fund.by, MILESTONE_MSG.clientOnly);
  const p = await findPaymentByOrder(db, callback.razorpay_order_id);
  verifyCallback(ctx, p && p.milestoneId === milestoneId ? p : null, auth.user.id, callback);
  const outcome = await settleCapture(db, ctx, milestoneProduct, p!.id, {
    providerPaymentId: callback.razorpay_payment_id,
  });
  return { message: fundingAnswer(outcome, await repo.findMilestoneById(db, milestoneId)) };
}

/**
 * What the client is told once the provider has its answer. A payment the webhook (or a first callback) already
 * counted is still this client's payment received: a replayed callback or one that loses the race to the webhook
 * gets the same answer as the first, never one that reads like a second charge.
 */
const fundingAnswer = (outcome: Settlement, m: repo.MilestoneRow | null) =>
  outcome === 'fulfilled' || (outcome === 'already' && m && m.status !== 'awaiting_funding')
    ? MILESTONE_MSG.funded
    : MILESTONE_MSG.checkoutClosed;

/**
 * POST .../checkout/abandon: the client closed the window or the provider said no. The provider is asked first
 * (a payment that went through funds the milestone); otherwise the open payment is closed and nothing charged.
 */
export async function abandonMilestoneCheckout(
  db: Db,
  ctx: PaymentsContext,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
  outcome: 'closed' | 'failed',
) {
  const { side } = await asParty(db, auth, engagementId);
  mustBeSide(side, MOVES.fund.by, MILESTONE_MSG.clientOnly);
  const m = await repo.findMilestone(db, engagementId, milestoneId);
  if (!m) throw notFound(MILESTONE_MSG.notFound);
  const p = await findCheckoutPayment(db, milestoneOf(milestoneId));
  if (!p) return { message: MILESTONE_MSG.checkoutClosed };
  // The window was closed after the payment went through: it was received, and counted.
  if (p.status === 'captured') return { message: MILESTONE_MSG.funded };
  // Only the payment we ordered funds it; another (amount, currency, order) is an exception (issue 38).
  const check = (d: Db, row: PaymentRow, reported: ReportedCapture) => captureChecked(d, ctx, row, reported);
  const done = await abandonCheckout(db, ctx, milestoneProduct, check, p, outcome);
  if (done !== 'closed')
    return { message: fundingAnswer(done, await repo.findMilestoneById(db, milestoneId)) };
  return { message: outcome === 'failed' ? MILESTONE_MSG.checkoutFailed : MILESTONE_MSG.checkoutClosed };
}

// ---- Delivery, approval, changes --------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60_000;

/** POST .../deliver: the freelancer marks a funded milestone (or one sent back) delivered; 14 days start. */
export async function deliverMilestone(
  db: Db,
  ctx: MailCtx,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
  note: string | undefined,
) {
  await db.transaction(async (tx) => {
    const { engagement: e, side, milestone: m } = await partyMilestone(tx, auth, engagementId, milestoneId);
    mustBeSide(side, MOVES.deliver.by, MILESTONE_MSG.freelancerOnly);
    if (e.status !== 'active') throw refused(ENGAGEMENT_MSG.closed);
    mustAllow('deliver', m, MILESTONE_MSG.notFunded);
    const at = now();
    await repo.updateMilestone(tx, m.id, {
      status: 'delivered',
      deliveredAt: at,
      autoApproveAt: new Date(at.getTime() + AUTO_APPROVE_DAYS * DAY_MS),
    });
    const text = note?.trim() ? note.trim() : null;
    await event(tx, e, m, 'milestone_delivered', auth.user.id, at, text);
    await mailParties(tx, ctx, e, m, ['client'], 'delivered', { note: text });
  });
  return { message: MILESTONE_MSG.delivered };
}

/** Approval, by the client or the clock: the share released (pending → available), once, and maybe completion. */
async function approve(
  tx: DbOrTx,
  ctx: MailCtx,
  e: repo.EngagementRow,
  m: repo.MilestoneRow,
  how: {
    kind: 'milestone_approved' | 'milestone_auto_approved' | 'milestone_released';
    actorId: string | null;
    note?: string;
  },
) {
  const at = now();
  await repo.updateMilestone(tx, m.id, { status: 'approved', approvedAt: at, autoApproveAt: null });
  await releaseShare(tx, milestoneOf(m.id), 'Milestone approved');
  await event(tx, e, m, how.kind, how.actorId, at, how.note ?? null);
  const change: MilestoneChange =
    how.kind === 'milestone_approved'
      ? 'approved'
      : how.kind === 'milestone_released'
        ? 'released'
        : 'auto_approved';
  await mailParties(
    tx,
    ctx,
    e,
    m,
    how.kind === 'milestone_approved' ? ['freelancer'] : ['client', 'freelancer'],
    change,
    { note: how.note ?? null },
  );
  await completeIfDone(tx, ctx, e, m, at);
}

/** POST .../approve: the client approves a delivered milestone. */
export async function approveMilestone(
  db: Db,
  ctx: MailCtx,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
) {
  await db.transaction(async (tx) => {
    const { engagement: e, side, milestone: m } = await partyMilestone(tx, auth, engagementId, milestoneId);
    mustBeSide(side, MOVES.approve.by, MILESTONE_MSG.clientOnly);
    mustAllow('approve', m, MILESTONE_MSG.notDelivered);
    await approve(tx, ctx, e, m, { kind: 'milestone_approved', actorId: auth.user.id });
  });
  return { message: MILESTONE_MSG.approved };
}

/** POST .../changes: the client sends a delivered milestone back with a note; the 14 days stop. */
export async function requestChanges(
  db: Db,
  ctx: MailCtx,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
  note: string,
) {
  await db.transaction(async (tx) => {
    const { engagement: e, side, milestone: m } = await partyMilestone(tx, auth, engagementId, milestoneId);
    mustBeSide(side, MOVES.request_changes.by, MILESTONE_MSG.clientOnly);
    mustAllow('request_changes', m, MILESTONE_MSG.notDelivered);
    const at = now();
    await repo.updateMilestone(tx, m.id, {
      status: 'changes_requested',
      changesNote: note,
      autoApproveAt: null,
    });
    await event(tx, e, m, 'milestone_changes_requested', auth.user.id, at, note);
    await mailParties(tx, ctx, e, m, ['freelancer'], 'changes_requested', { note });
  });
  return { message: MILESTONE_MSG.changesRequested };
}

/**
 * The clock (job `engagements`, every few minutes): each delivered milestone whose 14 days passed is approved,
 * each in its own transaction under its lock, so two servers or a rerun approve it once.
 */
export async function autoApproveDue(ctx: MailCtx & { db: Db }, limit = 100): Promise<number> {
  let done = 0;
  for (const due of await repo.listDueAutoApprovals(ctx.db, now(), limit)) {
    const approved = await ctx.db.transaction(async (tx) => {
      const e = (await repo.findEngagement(tx, due.engagementId, true))!;
      const m = await repo.findMilestoneById(tx, due.id, true);
      if (!m || m.status !== 'delivered' || !m.autoApproveAt || m.autoApproveAt > now()) return false;
      await approve(tx, ctx, e, m, { kind: 'milestone_auto_approved', actorId: null });
      return true;
    });
    if (approved) done++;
  }
  return done;
}

// ---- Disputes -----------------------------------------------------------------------------------------------

/** POST .../dispute: either party takes a funded milestone to an admin, with a reason; the 14 days stop. */
export async function openDispute(
  db: Db,
  ctx: MailCtx,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const { engagement: e, side, milestone: m } = await partyMilestone(tx, auth, engagementId, milestoneId);
    mustAllow('dispute', m, MILESTONE_MSG.notDisputable);
    const at = now();
    await repo.updateMilestone(tx, m.id, { status: 'disputed', disputeNote: reason, autoApproveAt: null });
    await event(tx, e, m, 'milestone_disputed', auth.user.id, at, reason);
    await mailParties(tx, ctx, e, m, [side === 'client' ? 'freelancer' : 'client'], 'disputed', {
      note: reason,
    });
  });
  return { message: MILESTONE_MSG.disputed };
}

/**
 * An admin's ruling on a disputed milestone, with a reason, audit-logged in the same transaction: release (as an
 * approval: the freelancer's share becomes available) or refund (the payments' refund path in full: the ledger
 * reversed from the freelancer's pending share, the provider refund as a job, the credit note once processed).
 */
export async function ruleDispute(
  db: Db,
  ctx: PaymentsContext,
  adminId: string,
  milestoneId: string,
  input: { outcome: DisputeOutcome; reason: string },
) {
  await db.transaction(async (tx) => {
    const m0 = await repo.findMilestoneById(tx, milestoneId);
    if (!m0) throw notFound(MILESTONE_MSG.notFound);
    // The engagement first, then the milestone: the order every other move locks them in.
    const e = (await repo.findEngagement(tx, m0.engagementId, true))!;
    const m = (await repo.findMilestoneById(tx, milestoneId, true))!;
    if (m.status !== 'disputed') throw refused(MILESTONE_MSG.notDisputed);
    const at = now();
    let refundId: string | null = null;
    if (input.outcome === 'release') {
      await approve(tx, ctx, e, m, { kind: 'milestone_released', actorId: adminId, note: input.reason });
    } else {
      const refund = await refundSubject(tx, ctx, milestoneOf(m.id), 'dispute_refund', 100, input.reason);
      refundId = refund?.id ?? null;
      await repo.updateMilestone(tx, m.id, { status: 'refunded', autoApproveAt: null });
      await event(tx, e, m, 'milestone_refunded', adminId, at, input.reason);
      await mailParties(tx, ctx, e, m, ['client', 'freelancer'], 'refunded', { note: input.reason });
      await completeIfDone(tx, ctx, e, m, at);
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: input.outcome === 'release' ? 'milestone.dispute_release' : 'milestone.dispute_refund',
      targetType: 'milestone',
      targetId: m.id,
      reason: input.reason,
      details: { engagementId: e.id, amountPaise: m.amountPaise, refundId },
    });
  });
  return { message: input.outcome === 'release' ? MILESTONE_MSG.released : MILESTONE_MSG.refunded };
}

/**
 * The freelancer's earnings (decision 177): pending (funded, not yet approved), available (approved, not yet paid
 * out), paid out and on its way, from the ledger and the payouts; a line per paid milestone.
 */
export async function freelancerEarnings(db: DbOrTx, userId: string): Promise<FreelancerEarnings> {
  // A freelancer without a profile row was never paid: the nil id matches no ledger account and no payment.
  const freelancerId = (await findFreelancerPayeeId(db, userId)) ?? '00000000-0000-0000-0000-000000000000';
  const payee = { kind: 'freelancer' as const, id: freelancerId };
  const [balance, paid, earned] = await Promise.all([
    payeeBalance(db, payee),
    payoutTotals(db, payee),
    // Every line from the ledger (decision 208); the payment says which milestone it paid for.
    payeeEarningLines(db, payee, { limit: 200, offset: 0 }),
  ]);
  const paymentsById = new Map(
    (
      await paymentsByIds(
        db,
        earned.lines.map((l) => l.paymentId),
      )
    ).map((p) => [p.id, p]),
  );
  const milestones = new Map(
    (
      await repo.milestonesByIds(
        db,
        [...paymentsById.values()].map((p) => p.milestoneId!),
      )
    ).map((m) => [m.id, m]),
  );
  return {
    balance: { ...balance, ...paid },
    lines: earned.lines.map((l) => {
      const p = paymentsById.get(l.paymentId)!;
      const checkout = p.mail as unknown as MilestoneCheckoutMail;
      // Every paid milestone has its row (a milestone is never deleted); the payment names it.
      const m = milestones.get(p.milestoneId!)!;
      return {
        milestoneId: m.id,
        engagementId: checkout.engagementId,
        engagementTitle: checkout.engagementTitle,
        milestoneTitle: checkout.milestoneTitle,
        paidAt: l.paidAt.toISOString(),
        amountPaise: l.pricePaise,
        feePaise: l.feePaise,
        feeTaxPaise: l.feeTaxPaise,
        refundedPaise: l.refundedPaise,
        netPaise: l.netPaise,
        state: l.state,
        milestoneStatus: m.status,
        availableFrom:
          l.state === 'pending' && m.status === 'delivered' && m.autoApproveAt
            ? m.autoApproveAt.toISOString()
            : null,
      };
    }),
  };
}

export const DISPUTE_PAGE_SIZE = 20;

/** One page of open disputes for the admin console, oldest first. */
export async function disputePage(db: DbOrTx, page: number): Promise<DisputePage> {
  const rows = await repo.listDisputePage(db, {
    limit: DISPUTE_PAGE_SIZE,
    offset: (page - 1) * DISPUTE_PAGE_SIZE,
  });
  const total = rows.length ? Number(rows[0].total) : page > 1 ? await repo.countDisputes(db) : 0;
  const names = await repo.namesOf(db, [...new Set(rows.map((r) => r.freelancerId))]);
  return {
    items: rows.map((r) => ({
      milestoneId: r.milestoneId,
      engagementId: r.engagementId,
      engagementTitle: r.engagementTitle,
      milestoneTitle: r.milestoneTitle,
      amountPaise: r.amountPaise,
      clientName: r.clientName,
      freelancerName: names.get(r.freelancerId) ?? 'Freelancer',
      reason: r.reason,
      openedAt: r.openedAt.toISOString(),
    })),
    page,
    pageSize: DISPUTE_PAGE_SIZE,
    total,
  };
}
