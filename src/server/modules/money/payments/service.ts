// Payments (issue 23, decisions 130-133): orders at the provider, captures, refunds, webhooks, numbered documents,
// each money event posted to the ledger in the transaction of the change it belongs to. This module knows
// nothing of sessions: the sessions module calls it with a booking's id and its own transaction.
//
// Calls to the provider are never made inside a database transaction: a slow provider must not hold row locks
// (and the embedded PGlite has one connection). So a checkout creates its order first, then writes; a capture
// or refund asks the provider first, then records what it answered.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODE } from '#shared/error-codes.ts';
import {
  REFUND_REASON_LABEL,
  type BookingPayment,
  type CheckoutCallback,
  type Quote,
  type RefundReason,
  type RefundStatus,
  type SessionPayment,
} from '#shared/payments.ts';
import { formatPaise, PAYMENT_MSG } from '#shared/payments-texts.ts';
import type { Config } from '#server/config.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { HttpError, fieldError, forbidden, notFound } from '#server/http/errors.ts';
import type { JobQueue, PaymentMailJob } from '#server/jobs/queue.ts';
import { now } from '#server/time.ts';
import type { MailContext, MailRequest } from '#server/modules/platform/mail/service.ts';
import { isPosted, PAYMENT_CAPTURED, post, type Payee } from '#server/modules/money/ledger/service.ts';
import {
  documentFileName,
  documentNumber,
  gstSplit,
  renderDocumentPdf,
  seriesOf,
  type MoneyDocumentData,
} from './documents';
import { MONEY_DOCUMENT_TEXT, PLATFORM_SERVICE_SAC } from '#shared/money-documents.ts';
import { FINANCE_MSG, PAYMENT_STATUS_LABEL } from '#shared/finance.ts';
import {
  GatewayRejected,
  GatewayUnavailable,
  razorpayGateway,
  type Gateway,
  type GatewayPayment,
  type GatewayRefund,
  type WebhookEvent,
} from './gateway';
import {
  amountSplit,
  quote,
  quoteOfSplit,
  refundParts,
  refundSplit,
  type FeeTerms,
  type Split,
} from './pricing';
import * as repo from './repository';

// Payouts' Route provider tells a refusal (the payout fails) from an outage (retried) by it.

/** What payments need: the config (fees, company), the provider, the job queue and the mailer. */
export interface PaymentsContext extends MailContext {
  config: Config;
  gateway: Gateway;
  jobs: Pick<JobQueue, 'enqueue'>;
  /**
   * The demo seed's payments (decision 134): recorded, posted and numbered like any other, but the payer is not
   * mailed (the seed mails nobody), so no PDF is drawn for an attachment; a download still draws it.
   */
  silent?: boolean;
}

export function createPaymentsContext(opts: {
  config: Config;
  gateway: Gateway;
  jobs: Pick<JobQueue, 'enqueue'>;
  mailer: MailContext['mailer'];
}): PaymentsContext {
  return { ...opts, appOrigin: opts.config.appOrigin };
}

/** The keys of a gateway: Razorpay's from the config, or the built-in test gateway's. */
export interface GatewayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * The provider (decision 133): Razorpay when its keys are configured, else the built-in test gateway through
 * the same adapter, reached with `test.fetch` (in-process in the app, over HTTP from a worker).
 */
export function paymentGateway(config: Config, test: { keys: GatewayKeys; fetch: typeof fetch }): Gateway {
  if (config.paymentProvider === 'razorpay')
    return razorpayGateway({
      provider: 'razorpay',
      apiUrl: config.RAZORPAY_API_URL,
      keyId: config.RAZORPAY_KEY_ID!,
      keySecret: config.RAZORPAY_KEY_SECRET!,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET!,
      timeoutMs: config.PAYMENT_TIMEOUT_MS,
    });
  return razorpayGateway({
    provider: 'test',
    apiUrl: `${config.appOrigin}/api/test-gateway`,
    ...test.keys,
    timeoutMs: config.PAYMENT_TIMEOUT_MS,
    fetch: test.fetch,
  });
}

/** The platform's fee and, with a GSTIN, the GST on it (decision 131). */
export const feeTermsOf = (config: Config): FeeTerms => ({
  feePercent: config.PLATFORM_FEE_PERCENT,
  taxPercent: config.COMPANY_GSTIN ? config.GST_RATE_PERCENT : 0,
});

export const quoteOf = (
  config: Config,
  course: { pricePaise: number; cancellationHours: number; lateCancellationRefund: number },
  hours: number,
): Quote => quote(course, hours, feeTermsOf(config));

/** The quote of an open checkout: the amount its order charges (and its split), with the course's policy. */
export const heldQuoteOf = (
  config: Config,
  p: repo.PaymentRow,
  course: { cancellationHours: number; lateCancellationRefund: number },
  hours: number,
): Quote =>
  quoteOfSplit(
    {
      amountPaise: p.amountPaise,
      feePaise: p.feePaise,
      feeTaxPaise: p.feeTaxPaise,
      sharkPaise: p.amountPaise - p.feePaise - p.feeTaxPaise,
    },
    hours,
    course,
    feeTermsOf(config),
  );

/**
 * What happened to a payment, for its payer's mail: received (with its receipt or tax invoice), or a refund's
 * change (with its credit note once processed). The product tells it in its own words (Product.payerMail).
 */
export type PaymentNews =
  | {
      kind: 'received';
      at: Date;
      amountPaid: string;
      document: { kind: 'tax_invoice' | 'receipt'; number: string };
    }
  | {
      kind: 'refund';
      at: Date;
      status: RefundStatus;
      amount: string;
      reason: RefundReason;
      creditNoteNumber: string | null;
    };

/** A payer's mail of a payment's news, as its product words it (attachments are added here). */
export type PayerMail = (p: repo.PaymentRow, news: PaymentNews) => MailRequest;

/** A day as a payer's mail dates a payment's news, in the zone the payer booked or paid from. */
export const paymentDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(at);

/**
 * What a milestone's payment keeps of its engagement for the finance lists' links (written at checkout with
 * the rest of its mail, decision 176).
 */
interface MilestonePaymentMail {
  engagementId: string;
}

/** Who earns a payment: its shark (a session's) or its freelancer (a milestone's), decision 176. */
const payeeOf = (p: repo.PaymentRow): Payee => ({ kind: p.payeeKind, id: p.payeeId });
const courseOf = (p: repo.PaymentRow) =>
  String((p.mail as { courseTitle?: string }).courseTitle ?? p.description);

/** The engagement a milestone's payment funds (kept in its mail, written at checkout); null for a session's. */
const engagementOf = (p: repo.PaymentRow) =>
  p.purpose === 'milestone' ? (p.mail as unknown as MilestonePaymentMail).engagementId : null;

// ---- Checkout ---------------------------------------------------------------------------------------------

/** Payments by id (an earnings line names its payment; the product reads what it paid for from it). */
export const paymentsByIds = (db: DbOrTx, ids: string[]) => repo.findPayments(db, [...new Set(ids)]);

export const findPaymentByOrder = repo.findPaymentByOrder;

const notVerified = (field: string, message: string) =>
  new HttpError(400, message, ERROR_CODE.paymentNotVerified, { [field]: message });

/**
 * Checks a checkout callback against the payment it claims: the order must be this payment's, the payer the
 * caller, and the signature Razorpay's HMAC of *our stored* order id and the payment id. Throws a clear 4xx.
 */
export function verifyCallback(
  ctx: PaymentsContext,
  p: repo.PaymentRow | null,
  userId: string,
  cb: CheckoutCallback,
) {
  if (!p || p.providerOrderId !== cb.razorpay_order_id)
    throw notVerified('razorpay_order_id', PAYMENT_MSG.wrongOrder);
  if (p.payerId !== userId) throw forbidden(PAYMENT_MSG.notYours, ERROR_CODE.forbidden);
  if (!ctx.gateway.checkoutSignatureValid(p.providerOrderId, cb.razorpay_payment_id, cb.razorpay_signature))
    throw notVerified('razorpay_signature', PAYMENT_MSG.badSignature);
}

/** The provider's payments of an order, asked outside any transaction; null when it does not answer. */
export async function providerPayments(
  ctx: PaymentsContext,
  orderId: string,
): Promise<GatewayPayment[] | null> {
  try {
    return await ctx.gateway.orderPayments(orderId);
  } catch (e) {
    if (e instanceof GatewayUnavailable || e instanceof GatewayRejected) return null;
    throw e;
  }
}

/** Taken at the provider: captured, or about to be, or refunded since. */
export const isTaken = (p: GatewayPayment) =>
  p.status === 'captured' || p.status === 'authorized' || p.status === 'refunded';

/** The provider's word that it captured a payment: a webhook's payment (and order.paid's order), or its API's. */
export interface ReportedCapture {
  /** The provider's payment id. */
  id: string;
  /** In the currency's minor unit. */
  amount: number;
  currency: string;
  /** Every order it names: the payment's own, and an order.paid event's order. */
  orderIds: string[];
}

export const reportedCapture = (p: GatewayPayment, order?: { id: string }): ReportedCapture => ({
  id: p.id,
  amount: p.amount,
  currency: p.currency,
  orderIds: order && order.id !== p.order_id ? [p.order_id, order.id] : [p.order_id],
});

/**
 * Whether a reported capture is the payment we ordered (issue 38): its order, its amount and its currency (every
 * order is in rupees). A signature proves who sent the word, not that it pays for what was ordered.
 */
export const captureAgrees = (p: repo.PaymentRow, reported: ReportedCapture) =>
  reported.orderIds.every((id) => id === p.providerOrderId) &&
  reported.amount === p.amountPaise &&
  reported.currency === 'INR';

export type CaptureOutcome =
  /** Recorded now: the booking's payment is paid. */
  | { kind: 'captured'; payment: repo.PaymentRow }
  /** This provider payment was recorded before (a replayed webhook, a second callback): nothing more written. */
  | { kind: 'already'; payment: repo.PaymentRow }
  /** A second payment on a paid order: recorded and refunded in full. */
  | { kind: 'duplicate'; payment: repo.PaymentRow };

/**
 * Records that the provider captured `providerPaymentId` for this order's payment, in the caller's transaction:
 * the payment row locked first, so 50 callbacks and webhooks at once make one capture, one ledger transaction,
 * one document. A paid payment never moves back. Another payment taken on the same order is a duplicate, and is
 * refunded in full at once.
 */
export async function recordCapture(
  tx: DbOrTx,
  ctx: PaymentsContext,
  paymentId: string,
  captured: { providerPaymentId: string; providerFeePaise?: number | null },
): Promise<CaptureOutcome> {
  const p = (await repo.findPayment(tx, paymentId, true))!;
  if (p.status === 'captured') {
    if (p.providerPaymentId === captured.providerPaymentId) return { kind: 'already', payment: p };
    const seen = await repo.findPaymentByProviderId(tx, captured.providerPaymentId);
    if (seen) return { kind: 'already', payment: seen };
    const at = now();
    const dup = await repo.insertPayment(tx, {
      ...p,
      id: randomUUID(),
      duplicateOf: p.id,
      providerPaymentId: captured.providerPaymentId,
      providerFeePaise: captured.providerFeePaise ?? null,
      status: 'captured',
      capturedAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await postCapture(tx, dup);
    // The learner was charged: a document for the charge, and the credit note once its refund is sent.
    await issueDocument(tx, ctx, dup, null);
    await refundPayment(tx, ctx, dup, 'duplicate_payment', 100);
    return { kind: 'duplicate', payment: dup };
  }
  const at = now();
  await repo.updatePayment(tx, p.id, {
    status: 'captured',
    capturedAt: at,
    providerPaymentId: captured.providerPaymentId,
    providerFeePaise: captured.providerFeePaise ?? null,
    failureReason: null,
  });
  const paid = (await repo.findPayment(tx, p.id))!;
  await postCapture(tx, paid);
  const doc = await issueDocument(tx, ctx, paid, null);
  if (ctx.silent) return { kind: 'captured', payment: paid };
  // The mail and its PDF are made by a job written here: no document is drawn while this transaction (and the
  // shark's calendar lock) is held.
  await ctx.jobs.enqueue(tx, 'payment-mail', { kind: 'received', documentId: doc.id, at: at.toISOString() });
  return { kind: 'captured', payment: paid };
}

/** The ledger of a capture: the money at the provider, owed to the shark (pending), the fee and its tax ours. */
async function postCapture(tx: DbOrTx, p: repo.PaymentRow) {
  const shark = p.amountPaise - p.feePaise - p.feeTaxPaise;
  await post(tx, {
    key: `payment:${p.id}:captured`,
    kind: PAYMENT_CAPTURED,
    memo: p.description,
    paymentId: p.id,
    bookingId: p.bookingId,
    lines: [
      ['provider_clearing', p.amountPaise],
      [{ payee: payeeOf(p), part: 'pending' }, -shark],
      ['platform_fee_revenue', -p.feePaise],
      ['tax_payable', -p.feeTaxPaise],
    ],
  });
  if (p.providerFeePaise) {
    await post(tx, {
      key: `payment:${p.id}:provider_fee`,
      kind: 'provider_fee',
      memo: `Provider fee on ${p.providerPaymentId}`,
      paymentId: p.id,
      lines: [
        ['provider_fees', p.providerFeePaise],
        ['provider_clearing', -p.providerFeePaise],
      ],
    });
  }
}

/** A failed attempt noted on an open payment (the provider's reason, for the finance view). */
export async function notePaymentFailure(db: DbOrTx, orderId: string, reason: string) {
  const p = await repo.findPaymentByOrder(db, orderId);
  if (p && p.status === 'created')
    await repo.updatePayment(db, p.id, { failureReason: reason.slice(0, 500) });
}

/** Closes an unpaid payment (its checkout closed or failed). A captured payment is never closed. */
export async function closePayment(
  tx: DbOrTx,
  paymentId: string,
  status: 'expired' | 'failed',
  reason: string | null,
) {
  const p = await repo.findPayment(tx, paymentId, true);
  if (!p || p.status !== 'created') return false;
  await repo.updatePayment(tx, paymentId, { status, failureReason: reason });
  return true;
}

// ---- Refunds ----------------------------------------------------------------------------------------------

/**
 * Refunds what a subject's captured payment paid by `percent` (its product's refund policy decided it) for
 * `reason`, in the caller's transaction: the refund row (one per payment: the database refuses a second), its
 * ledger transaction (the payee's share, the fee and its tax taken back, owed to the payer), a job that sends
 * it to the provider, and a mail. An open checkout has nothing to refund: it is closed instead. Null when
 * nothing was refunded (no captured payment, 0%, refunded before).
 */
export async function refundSubject(
  tx: DbOrTx,
  ctx: PaymentsContext,
  subject: repo.Subject,
  reason: RefundReason,
  percent: number,
  note: string | null = null,
) {
  const p = await repo.findSubjectPayment(tx, subject, true);
  if (!p || p.status !== 'captured') {
    if (p) await closePayment(tx, p.id, 'expired', reason);
    return null;
  }
  if (percent <= 0) return null;
  return recordRefund(tx, ctx, p, { reason, percent, note }, refundSplit(p, percent));
}

async function refundPayment(
  tx: DbOrTx,
  ctx: PaymentsContext,
  p: repo.PaymentRow,
  reason: RefundReason,
  percent: number,
) {
  if (percent <= 0) return null;
  return recordRefund(tx, ctx, p, { reason, percent, note: null }, refundSplit(p, percent));
}

/**
 * A refund of a captured payment: its row (one a payment: the database refuses a second, decision 141), its
 * ledger transaction (the parts taken back, owed to the learner), the job that sends it and the learner's mail.
 */
async function recordRefund(
  tx: DbOrTx,
  ctx: PaymentsContext,
  p: repo.PaymentRow,
  what: { reason: RefundReason; percent: number | null; note: string | null },
  parts: Split,
) {
  const { reason, percent } = what;
  const refund = await repo.insertRefund(tx, {
    paymentId: p.id,
    reason,
    percent,
    note: what.note,
    amountPaise: parts.amountPaise,
  });
  if (!refund) return null; // refunded before: one refund a payment
  // The shark's part comes back from wherever the share sits: still pending, or already available when the
  // session was held before the refund (a no-show upheld after the session completed).
  // A duplicate's share never left pending: only the payment itself is released.
  const released = p.duplicateOf === null && (await isPosted(tx, releasedKeyOf(p)));
  await post(tx, {
    key: `refund:${refund.id}:requested`,
    kind: 'refund_requested',
    memo: `${REFUND_REASON_LABEL[reason]} (${percent === null ? formatPaise(parts.amountPaise) : `${percent}%`})`,
    paymentId: p.id,
    refundId: refund.id,
    bookingId: p.bookingId,
    lines: [
      [{ payee: payeeOf(p), part: released ? 'available' : 'pending' }, parts.sharkPaise],
      ['platform_fee_revenue', parts.feePaise],
      ['tax_payable', parts.feeTaxPaise],
      ['refunds_payable', -parts.amountPaise],
    ],
  });
  await ctx.jobs.enqueue(tx, 'refund', { refundId: refund.id });
  await mailRefund(tx, ctx, refund, null);
  return refund;
}

/** What an admin may still refund of a payment: all of a captured one without a refund, else nothing. */
const refundableOf = (p: repo.PaymentRow, refund: repo.RefundRow | null) =>
  p.status === 'captured' && !refund ? p.amountPaise : 0;

/**
 * An admin's manual refund of an amount of a captured payment (decision 141), in the caller's transaction: the
 * payments issue's refund path (its ledger split is the amount's share of each part of the payment, the
 * credit note follows once the provider confirms). Refused with a 4xx naming what is wrong: no such payment,
 * never captured, refunded before, or more than its refundable balance.
 */
export async function refundByAdmin(
  tx: DbOrTx,
  ctx: PaymentsContext,
  input: { paymentId: string; amountPaise: number; note: string },
) {
  const p = await repo.findPayment(tx, input.paymentId, true);
  if (!p) throw notFound(FINANCE_MSG.paymentNotFound);
  if (p.status !== 'captured') {
    const message = FINANCE_MSG.paymentNotCaptured(PAYMENT_STATUS_LABEL[p.status]);
    throw new HttpError(409, message, ERROR_CODE.paymentNotCaptured, { paymentId: message });
  }
  const earlier = await repo.findPaymentRefund(tx, p.id);
  if (earlier)
    throw new HttpError(409, FINANCE_MSG.alreadyRefunded, ERROR_CODE.alreadyRefunded, {
      paymentId: FINANCE_MSG.alreadyRefunded,
    });
  const refundable = refundableOf(p, earlier);
  if (input.amountPaise > refundable)
    throw fieldError('amountPaise', FINANCE_MSG.amountOverRefundable(formatPaise(refundable)));
  const refund = await recordRefund(
    tx,
    ctx,
    p,
    { reason: 'admin_refund', percent: null, note: input.note },
    amountSplit(p, input.amountPaise),
  );
  return { payment: p, refund: refund! };
}

async function mailRefund(
  tx: DbOrTx,
  ctx: PaymentsContext,
  r: repo.RefundRow,
  creditNote: repo.DocumentRow | null,
) {
  if (ctx.silent) return;
  await ctx.jobs.enqueue(tx, 'payment-mail', {
    kind: 'refund',
    refundId: r.id,
    status: r.status,
    documentId: creditNote?.id ?? null,
    at: now().toISOString(),
  });
}

/**
 * The payment-mail job: the learner's mail of a payment (its receipt or tax invoice attached) or of a refund's
 * change (its credit note attached once processed), as it was at the change (`status`, `at`).
 */
export async function sendPaymentMail(
  ctx: PaymentsContext & { db: Db },
  job: PaymentMailJob,
  payerMailOf: (p: repo.PaymentRow) => PayerMail,
) {
  const doc = job.documentId ? await repo.findDocument(ctx.db, job.documentId) : null;
  const attachments = doc ? [await pdfAttachment(doc)] : [];
  const at = new Date(job.at);
  if (job.kind === 'received') {
    if (!doc) return;
    const p = (await repo.findPayment(ctx.db, doc.paymentId))!;
    const mail = payerMailOf(p)(p, {
      kind: 'received',
      at,
      amountPaid: formatPaise(p.amountPaise),
      document: { kind: doc.kind === 'tax_invoice' ? 'tax_invoice' : 'receipt', number: doc.number },
    });
    await ctx.mailer.enqueue(ctx.db, { ...mail, attachments });
    return;
  }
  const r = await repo.findRefund(ctx.db, job.refundId);
  if (!r) return;
  const p = (await repo.findPayment(ctx.db, r.paymentId))!;
  const mail = payerMailOf(p)(p, {
    kind: 'refund',
    at,
    status: job.status,
    amount: formatPaise(r.amountPaise),
    reason: r.reason,
    creditNoteNumber: doc?.number ?? null,
  });
  await ctx.mailer.enqueue(ctx.db, { ...mail, attachments });
}

/**
 * The refund job: sends a pending refund to the provider with its id as the idempotency key (a retry after a
 * lost answer makes no second refund). An outage throws, so the queue retries with backoff; a refusal marks it
 * failed for the finance team.
 */
export async function sendRefund(
  ctx: PaymentsContext & { db: Db; log: FastifyBaseLogger },
  refundId: string,
): Promise<GatewayRefund | null> {
  const r = await repo.findRefund(ctx.db, refundId);
  if (!r || r.status !== 'pending' || r.providerRefundId) return null;
  const p = (await repo.findPayment(ctx.db, r.paymentId))!;
  let answer: GatewayRefund;
  try {
    answer = await ctx.gateway.createRefund({
      paymentId: p.providerPaymentId!,
      amountPaise: r.amountPaise,
      idempotencyKey: r.resends === 0 ? r.id : `${r.id}-${r.resends}`,
      notes: { refund: r.id, reason: r.reason },
    });
  } catch (e) {
    if (e instanceof GatewayRejected) {
      await ctx.db.transaction((tx) =>
        settleRefund(tx, ctx, r.id, 'failed', null, `${e.code}: ${e.description}`),
      );
      return null;
    }
    await repo.updateRefund(ctx.db, r.id, {
      attempts: r.attempts + 1,
      lastError: e instanceof Error ? e.message : String(e),
    });
    throw e;
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateRefund(tx, r.id, {
      providerRefundId: answer.id,
      attempts: r.attempts + 1,
      lastError: null,
    });
    if (answer.status !== 'pending') await settleRefund(tx, ctx, r.id, answer.status, answer.id, null);
  });
  return answer;
}

/**
 * A refund's end at the provider, from its answer or a webhook, once: processed takes the money out of the
 * provider's clearing account in the ledger and issues the credit note; failed leaves it owed (the finance view
 * lists it to retry). The learner is mailed either way.
 */
export async function settleRefund(
  tx: DbOrTx,
  ctx: PaymentsContext,
  refundId: string,
  status: 'processed' | 'failed',
  providerRefundId: string | null,
  error: string | null,
) {
  const r = await repo.findRefund(tx, refundId, true);
  if (!r || r.status === 'processed' || (r.status === 'failed' && status === 'failed')) return false;
  const at = now();
  await repo.updateRefund(tx, r.id, {
    status,
    providerRefundId: providerRefundId ?? r.providerRefundId,
    processedAt: status === 'processed' ? at : null,
    failedAt: status === 'failed' ? at : null,
    lastError: error,
  });
  const p = (await repo.findPayment(tx, r.paymentId))!;
  const settled = (await repo.findRefund(tx, r.id))!;
  let note: repo.DocumentRow | null = null;
  if (status === 'processed') {
    await post(tx, {
      key: `refund:${r.id}:processed`,
      kind: 'refund_processed',
      memo: `Refund sent for ${p.description}`,
      paymentId: p.id,
      refundId: r.id,
      bookingId: p.bookingId,
      lines: [
        ['refunds_payable', r.amountPaise],
        ['provider_clearing', -r.amountPaise],
      ],
    });
    note = await issueDocument(tx, ctx, p, settled);
  }
  await mailRefund(tx, ctx, settled, note);
  return true;
}

/** A failed refund sent again (an admin's retry): back to pending with a new job. */
export async function retryRefund(tx: DbOrTx, ctx: PaymentsContext, refundId: string) {
  const r = await repo.findRefund(tx, refundId, true);
  if (!r) throw notFound('No such refund.');
  if (r.status !== 'failed') return false;
  await repo.updateRefund(tx, r.id, {
    status: 'pending',
    providerRefundId: null,
    failedAt: null,
    resends: r.resends + 1,
  });
  await ctx.jobs.enqueue(tx, 'refund', { refundId: r.id });
  return true;
}

// ---- The shark's share ------------------------------------------------------------------------------------

/** The ledger's kind of a released share's posting (the earnings page reads which sessions have one). */
export const SHARE_RELEASED = 'share_released';

/** A subject's share released (a session held, a milestone approved or ruled for the freelancer): once, by it. */
const releasedKeyOf = (p: repo.PaymentRow) =>
  p.bookingId ? `booking:${p.bookingId}:${SHARE_RELEASED}` : `milestone:${p.milestoneId!}:${SHARE_RELEASED}`;

/**
 * The product says its payee has earned it (a session held and past its no-show window; a milestone approved):
 * the pending share, less what any refund took back, becomes available for the next payout. Once per subject,
 * by its key. The payment row is locked first, as a refund locks it: a refund racing the release either commits
 * before (and the release moves what it left) or waits and takes its part from available.
 */
export async function releaseShare(tx: DbOrTx, subject: repo.Subject, why: string) {
  const p = await repo.findSubjectPayment(tx, subject, true);
  if (!p || p.status !== 'captured') return false;
  const refund = await repo.findPaymentRefund(tx, p.id);
  const taken = refund ? refundParts(p, refund).sharkPaise : 0;
  const share = p.amountPaise - p.feePaise - p.feeTaxPaise - taken;
  return post(tx, {
    key: releasedKeyOf(p),
    kind: SHARE_RELEASED,
    memo: `${why}: ${p.description}`,
    paymentId: p.id,
    bookingId: p.bookingId,
    lines: [
      [{ payee: payeeOf(p), part: 'pending' }, share],
      [{ payee: payeeOf(p), part: 'available' }, -share],
    ],
  });
}

// ---- Webhooks ---------------------------------------------------------------------------------------------

/**
 * The webhook route's work: the signature checked on the raw body (no cookie, no origin: the signature is the
 * proof), the event stored once by its id, and a job written in the same transaction to apply it. Answered at
 * once; a replay is answered 200 and changes nothing.
 */
export async function receiveWebhook(
  ctx: PaymentsContext & { db: Db },
  input: { rawBody: string; signature: string | undefined; eventId: string | undefined },
): Promise<{ status: 200 | 400; message: string }> {
  if (!ctx.gateway.webhookSignatureValid(input.rawBody, input.signature))
    return { status: 400, message: 'The webhook signature does not match its body.' };
  let event: WebhookEvent;
  try {
    event = JSON.parse(input.rawBody) as WebhookEvent;
  } catch {
    return { status: 400, message: 'The webhook body is not JSON.' };
  }
  if (typeof event?.event !== 'string') return { status: 400, message: 'The webhook has no event.' };
  const eventId = input.eventId?.trim() || `${event.event}:${event.created_at}:${input.signature}`;
  await ctx.db.transaction(async (tx) => {
    const fresh = await repo.insertWebhookEvent(tx, {
      eventId,
      provider: ctx.gateway.provider,
      event: event.event,
      payload: event,
    });
    if (fresh) await ctx.jobs.enqueue(tx, 'payment-webhook', { eventId });
  });
  return { status: 200, message: 'ok' };
}

/** A stored webhook event, for its job. */
export async function webhookEvent(db: DbOrTx, eventId: string) {
  const row = await repo.findWebhookEvent(db, eventId);
  return row ? { processed: row.processedAt !== null, event: row.payload as WebhookEvent } : null;
}

export const markWebhookProcessed = repo.markWebhookProcessed;

/** A refund's webhook: processed or failed, once. */
export async function applyRefundEvent(tx: DbOrTx, ctx: PaymentsContext, refund: GatewayRefund) {
  if (refund.status === 'pending') return false;
  const row =
    (await repo.findRefundByProviderId(tx, refund.id)) ??
    // The webhook can beat the refund job's own write of the provider's id: the note carries our id.
    (refund.notes?.refund ? await repo.findRefund(tx, refund.notes.refund) : null);
  if (!row) return false;
  return settleRefund(
    tx,
    ctx,
    row.id,
    refund.status,
    refund.id,
    refund.status === 'failed' ? 'failed at the provider' : null,
  );
}

/** Refunds pending at the provider for a while: asked again, in case their webhook was lost. */
export async function reconcileRefunds(ctx: PaymentsContext & { db: Db }, before: Date, limit: number) {
  let settled = 0;
  for (const r of await repo.listPendingRefunds(ctx.db, before, limit)) {
    if (!r.providerRefundId) {
      await ctx.db.transaction((tx) => ctx.jobs.enqueue(tx, 'refund', { refundId: r.id }));
      continue;
    }
    try {
      if (await askAboutRefund(ctx, r)) settled++;
    } catch (e) {
      if (!(e instanceof GatewayUnavailable || e instanceof GatewayRejected)) throw e;
    }
  }
  return settled;
}

/** Asks the provider about a refund it was sent, and applies its answer: true when that settled it. */
async function askAboutRefund(ctx: PaymentsContext & { db: Db }, r: repo.RefundRow) {
  const p = (await repo.findPayment(ctx.db, r.paymentId))!;
  const answer = await ctx.gateway.fetchRefund(p.providerPaymentId!, r.providerRefundId!);
  return ctx.db.transaction((tx) => applyRefundEvent(tx, ctx, answer));
}

/**
 * A booking's pending refund sent to the provider and settled there now (the demo seed, decision 134): sent as
 * the refund job sends it, `settleAtProvider` standing in for the provider's own delay, then its answer asked
 * for as the reconciliation asks. True once it is processed or failed here.
 */
export async function sendBookingRefundNow(
  ctx: PaymentsContext & { db: Db; log: FastifyBaseLogger },
  bookingId: string,
  settleAtProvider: (providerRefundId: string) => Promise<unknown>,
): Promise<boolean> {
  const p = await repo.findSubjectPayment(ctx.db, { purpose: 'session', id: bookingId });
  const pending = p && (await repo.findPaymentRefund(ctx.db, p.id));
  if (!pending || pending.status !== 'pending') return false;
  // The refund job may have sent it already (it is queued with the refund): then it is only settled and asked.
  if (!pending.providerRefundId) await sendRefund(ctx, pending.id);
  const sent = (await repo.findRefund(ctx.db, pending.id))!;
  if (sent.status === 'pending' && sent.providerRefundId) {
    await settleAtProvider(sent.providerRefundId);
    await askAboutRefund(ctx, sent);
  }
  return (await repo.findRefund(ctx.db, pending.id))!.status === 'processed';
}

// ---- Documents ----------------------------------------------------------------------------------------------

/**
 * Issues the payment's receipt (no GSTIN) or tax invoice, or a refund's credit note, numbered from its series
 * in this transaction (a rollback gives the number back: no gaps). Its fields are frozen in `data`.
 */
async function issueDocument(
  tx: DbOrTx,
  ctx: PaymentsContext,
  p: repo.PaymentRow,
  refund: repo.RefundRow | null,
) {
  const existing = await repo.findDocumentOf(tx, refund ? { refundId: refund.id } : { paymentId: p.id });
  if (existing) return existing;
  const c = ctx.config;
  const gstin = c.COMPANY_GSTIN ?? null;
  const at = now();
  const kind = refund ? 'credit_note' : gstin ? 'tax_invoice' : 'receipt';
  const series = seriesOf(kind, at);
  const number = documentNumber(series, await repo.takeSeriesValue(tx, series));
  const parts = refund
    ? refundParts(p, refund)
    : { ...p, sharkPaise: p.amountPaise - p.feePaise - p.feeTaxPaise };
  const original = refund ? await repo.findDocumentOf(tx, { paymentId: p.id }) : null;
  const taxed = gstin !== null && (refund ? original?.kind === 'tax_invoice' : true);
  // Two lines, with or without a GSTIN: the platform's fee (the only supply of ours, taxed with a GSTIN) and
  // the shark's share, collected as a pure agent.
  const lines: MoneyDocumentData['lines'] = [
    {
      description:
        p.purpose === 'milestone'
          ? MONEY_DOCUMENT_TEXT.platformFeeMilestone(courseOf(p))
          : MONEY_DOCUMENT_TEXT.platformFee(courseOf(p)),
      sac: taxed ? PLATFORM_SERVICE_SAC : null,
      // Untaxed (no GSTIN), the fee line holds all the platform keeps.
      amountPaise: taxed ? parts.feePaise : parts.feePaise + parts.feeTaxPaise,
      taxable: taxed,
    },
    {
      description: MONEY_DOCUMENT_TEXT.onBehalfOf(p.payeeName),
      sac: null,
      amountPaise: parts.amountPaise - parts.feePaise - parts.feeTaxPaise,
      taxable: false,
    },
  ];
  const data: MoneyDocumentData = {
    kind,
    number,
    issuedAt: at.toISOString(),
    supplier: { name: c.COMPANY_NAME, address: c.COMPANY_ADDRESS, state: c.COMPANY_STATE, gstin },
    recipient: { name: p.payerName, email: p.payerEmail, state: null },
    placeOfSupply: taxed ? c.COMPANY_STATE : null,
    lines,
    taxableValuePaise: taxed ? parts.feePaise : 0,
    taxes: taxed ? gstSplit(parts.feeTaxPaise, c.GST_RATE_PERCENT, c.COMPANY_STATE, null) : [],
    totalPaise: parts.amountPaise,
    payment: {
      provider: p.provider,
      paymentId: p.providerPaymentId,
      orderId: p.providerOrderId,
      paidAt: p.capturedAt?.toISOString() ?? null,
    },
    refers:
      refund && original
        ? {
            number: original.number,
            issuedAt: original.issuedAt.toISOString(),
            reason: REFUND_REASON_LABEL[refund.reason],
          }
        : undefined,
    notes: refund
      ? [
          refund.percent === null
            ? `Refund of ${formatPaise(refund.amountPaise)} of the payment.`
            : `Refund of ${refund.percent}% of the payment.`,
        ]
      : [],
  };
  return repo.insertDocument(tx, {
    kind,
    number,
    paymentId: p.id,
    refundId: refund?.id ?? null,
    issuedAt: at,
    amountPaise: parts.amountPaise,
    data: data as unknown as Record<string, unknown>,
  });
}

const fileNameOf = (d: repo.DocumentRow) => documentFileName(d.kind, d.number);

async function pdfAttachment(d: repo.DocumentRow) {
  const pdf = await renderDocumentPdf(d.data as unknown as MoneyDocumentData);
  return { filename: fileNameOf(d), contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
}

/** A document's PDF for its payer or an admin (404 to anyone else: its existence is not told). */
export async function documentPdf(db: DbOrTx, who: { userId: string; isAdmin: boolean }, id: string) {
  const d = await repo.findDocument(db, id);
  const p = d ? await repo.findPayment(db, d.paymentId) : null;
  if (!d || !p || (!who.isAdmin && p.payerId !== who.userId)) throw notFound('No such document.');
  return { filename: fileNameOf(d), pdf: await renderDocumentPdf(d.data as unknown as MoneyDocumentData) };
}

const documentUrl = (id: string) => `/api/payments/documents/${id}.pdf`;

// The company's other documents (a payee's monthly fee invoice, modules/statements) number and tax the same way.

/**
 * The next number of one of the company's document series ("FEE/26-27/" gives "FEE/26-27/000001"), gap-free like
 * the payments' own: taken under the series row's lock, given back by a rollback.
 */
export async function takeDocumentNumber(tx: DbOrTx, series: string): Promise<string> {
  return documentNumber(series, await repo.takeSeriesValue(tx, series));
}

/**
 * The payment block of a session for its page and lists: paid, when, the document; the refund and its state;
 * what cancelling now would refund (given by the caller's rules). Documents only for the payer and admins.
 */
export async function sessionPayment(
  db: DbOrTx,
  bookingId: string,
  opts: { documents: boolean; cancelPercent: number | null },
): Promise<SessionPayment | null> {
  const p = await repo.findSubjectPayment(db, { purpose: 'session', id: bookingId });
  if (!p || p.status !== 'captured') return null;
  const [refund, receipt] = await Promise.all([
    repo.findPaymentRefund(db, p.id),
    repo.findDocumentOf(db, { paymentId: p.id }),
  ]);
  const note = refund ? await repo.findDocumentOf(db, { refundId: refund.id }) : null;
  const cancel = opts.cancelPercent === null || refund ? null : refundSplit(p, opts.cancelPercent);
  return {
    status: p.status,
    amountPaise: p.amountPaise,
    paidAt: p.capturedAt?.toISOString() ?? null,
    receiptNumber: receipt?.number ?? null,
    receiptUrl: receipt && opts.documents ? documentUrl(receipt.id) : null,
    refund: refund
      ? {
          status: refund.status,
          reason: refund.reason,
          amountPaise: refund.amountPaise,
          percent: refund.percent,
          at: (refund.processedAt ?? refund.failedAt ?? refund.createdAt).toISOString(),
          creditNoteNumber: note?.number ?? null,
          creditNoteUrl: note && opts.documents ? documentUrl(note.id) : null,
        }
      : null,
    cancelRefund:
      cancel && opts.cancelPercent !== null
        ? { percent: opts.cancelPercent, amountPaise: cancel.amountPaise }
        : null,
  };
}

/**
 * The payments of a page of the payer's own bookings, by booking id, each with its documents to download: one
 * query, whatever the page's length. A booking they did not pay for (free, or paid by someone else) is absent.
 */
export async function bookingPayments(
  db: DbOrTx,
  payerId: string,
  bookingIds: string[],
): Promise<Map<string, BookingPayment>> {
  const rows = await repo.listPayerBookingPayments(db, payerId, bookingIds);
  return new Map(
    rows.map((r) => [
      r.bookingId!,
      {
        status: r.status,
        amountPaise: r.amountPaise,
        paidAt: r.capturedAt?.toISOString() ?? null,
        receiptNumber: r.receiptNumber,
        receiptUrl: r.receiptId ? documentUrl(r.receiptId) : null,
        refund: r.refund
          ? {
              status: r.refund.status,
              reason: r.refund.reason,
              amountPaise: r.refund.amountPaise,
              percent: r.refund.percent,
              at: (r.refund.processedAt ?? r.refund.failedAt ?? r.refund.createdAt).toISOString(),
              creditNoteNumber: r.creditNoteNumber,
              creditNoteUrl: r.creditNoteId ? documentUrl(r.creditNoteId) : null,
            }
          : null,
      },
    ]),
  );
}

/** What the payer has paid through us, less what was or is being refunded (the bookings page's total). */
export const netPaidPaise = (db: DbOrTx, payerId: string) => repo.payerNetPaidPaise(db, payerId);

// ---- Reconciliation ----------------------------------------------------------------------------------------

/** Our payments of these provider payment ids (any state), for the daily reconciliation. */
export const paymentsByProviderIds = (db: DbOrTx, providerPaymentIds: string[]) =>
  repo.findPaymentsByProviderIds(db, [...new Set(providerPaymentIds)]);

/** Our captured payments (duplicates too) recorded in [from, to), for the daily reconciliation. */
export const capturedPaymentsBetween = (db: DbOrTx, range: { from: Date; to: Date }) =>
  repo.listCapturedBetween(db, range);

/**
 * The provider's payments of an order for the reconciliation: none when the provider knows no such order (its
 * 400 "does not exist"); an outage or any other refusal throws, so the run is retried rather than misled.
 */
export async function orderPaymentsOrNone(gateway: Gateway, orderId: string): Promise<GatewayPayment[]> {
  try {
    return await gateway.orderPayments(orderId);
  } catch (e) {
    if (e instanceof GatewayRejected && (e.status === 400 || e.status === 404)) return [];
    throw e;
  }
}
// ---- The finance console (issue 24, decision 142) ------------------------------------------------------------

/** A page's rows and the count of all that match: from the rows' window count, or a count past the end. */
async function pageTotal(rows: Array<{ total: string }>, offset: number, count: () => Promise<number>) {
  return rows.length > 0 ? Number(rows[0].total) : offset > 0 ? count() : 0;
}

/** One page of every payment for the finance console, newest first, searchable (decision 142). */
export async function paymentPage(db: DbOrTx, q: string, page: { limit: number; offset: number }) {
  const rows = await repo.listPaymentPage(db, q, page);
  return {
    total: await pageTotal(rows, page.offset, () => repo.countPayments(db, q)),
    items: rows.map(({ payment: p, refund, receiptId }) => ({
      id: p.id,
      bookingId: p.bookingId,
      engagementId: engagementOf(p),
      createdAt: p.createdAt.toISOString(),
      capturedAt: p.capturedAt?.toISOString() ?? null,
      status: p.status,
      learnerName: p.payerName,
      learnerEmail: p.payerEmail,
      sharkId: p.sharkId,
      sharkName: p.payeeName,
      description: p.description,
      amountPaise: p.amountPaise,
      feePaise: p.feePaise,
      feeTaxPaise: p.feeTaxPaise,
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      duplicateOf: p.duplicateOf,
      refund: refund?.id ? { id: refund.id, status: refund.status, amountPaise: refund.amountPaise } : null,
      refundablePaise: p.status === 'captured' && !refund?.id ? p.amountPaise : 0,
      receiptUrl: receiptId ? documentUrl(receiptId) : null,
    })),
  };
}

/** One page of refunds for the finance console, newest first, by state and search (decision 142). */
export async function refundPage(
  db: DbOrTx,
  filter: { q: string; status?: RefundStatus },
  page: { limit: number; offset: number },
) {
  const rows = await repo.listRefundPage(db, filter, page);
  return {
    total: await pageTotal(rows, page.offset, () => repo.countRefunds(db, filter)),
    items: rows.map(({ refund: r, ...row }) => ({
      id: r.id,
      paymentId: r.paymentId,
      bookingId: row.bookingId,
      engagementId:
        row.purpose === 'milestone' ? (row.mail as unknown as MilestonePaymentMail).engagementId : null,
      learnerName: row.payerName,
      learnerEmail: row.payerEmail,
      sharkName: row.payeeName,
      reason: r.reason,
      note: r.note,
      amountPaise: r.amountPaise,
      percent: r.percent,
      status: r.status,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      settledAt: (r.processedAt ?? r.failedAt)?.toISOString() ?? null,
      creditNoteNumber: row.creditNoteNumber,
      creditNoteUrl: row.creditNoteId ? documentUrl(row.creditNoteId) : null,
    })),
  };
}

/** The frozen fields of a money document (what its PDF prints), for the accountant's register. */
export type IssuedDocument = { id: string; data: MoneyDocumentData };

/** The money documents issued in [from, to), in the order issued, a page at a time (the month's exports). */
export async function* documentsIssued(
  db: DbOrTx,
  range: { from: Date; to: Date },
  pageSize = 200,
): AsyncGenerator<IssuedDocument[]> {
  let after: { issuedAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await repo.listDocumentsIssued(db, range, after, pageSize);
    if (rows.length > 0) yield rows.map((d) => ({ id: d.id, data: d.data as unknown as MoneyDocumentData }));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    after = { issuedAt: last.issuedAt, id: last.id };
  }
}

/** A document's PDF and the name it is filed under (the month's ZIP for the accountant). */
export async function issuedDocumentPdf(d: IssuedDocument) {
  return { filename: documentFileName(d.data.kind, d.data.number), pdf: await renderDocumentPdf(d.data) };
}
