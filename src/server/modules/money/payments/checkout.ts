// The one checkout for everything sold (issue 39, decision 211). Payments owns the order at the provider, the
// open payment, its capture, its close and the checkouts job; what is sold (a session, a milestone; next a plan,
// a pack) is a Product: a small adapter that locks what the payment pays for and says what its capture does.
// A product module calls these with its own adapter; the webhook job and the checkouts job get every adapter
// from the composition root (src/server/products.ts), so this module never imports what it sells.
import { PAYEE_KINDS } from '#shared/ledger.ts';
import { SLOT_HOLD_MINUTES } from '#shared/payments-texts.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { now } from '#server/time.ts';
import { GatewayRejected, GatewayUnavailable, type GatewayPayment } from './gateway';
import { splitPayment } from './pricing';
import {
  closePayment,
  feeTermsOf,
  isTaken,
  providerPayments,
  recordCapture,
  reportedCapture,
  type PayerMail,
  type PaymentsContext,
  type ReportedCapture,
} from './service';
import * as repo from './repository';

export type Subject = repo.Subject;
export type PaymentRow = repo.PaymentRow;

/** How a capture ended for what it pays for: delivered now, counted before, or refunded in full. */
export type Settlement = 'fulfilled' | 'already' | 'refunded';

/** What is sold, as the one checkout needs to know it. */
export interface Product {
  /** Locks what `p` pays for, in the capture's transaction, before the capture is recorded (its lock order). */
  lock(tx: DbOrTx, p: PaymentRow): Promise<void>;
  /**
   * The capture's effect, once it is recorded for the first time, in the same transaction: the product is
   * delivered ('fulfilled': a request sent to the shark, a milestone funded) or, when it no longer can be (the
   * slot was taken, the milestone is no longer awaiting funding), the payment is refunded in full ('refunded').
   */
  fulfil(tx: DbOrTx, ctx: PaymentsContext, p: PaymentRow): Promise<'fulfilled' | 'refunded'>;
  /** An unpaid checkout closed: what it held is let go (a session's slot). */
  release(tx: DbOrTx, p: PaymentRow, at: Date): Promise<void>;
  /** The payer's mail of its payment's news (received, a refund's change), in the product's own words. */
  payerMail: PayerMail;
}

/** Every product by the purpose its payments carry. */
export type Products = Record<PaymentRow['purpose'], Product>;

/**
 * The provider's word on a capture, checked against the payment it names before anything is delivered (issue
 * 38). The reconciliation owns the check (a mismatch is its exception, mailed to the admins), so it is passed in.
 */
export type CaptureCheck = (db: Db, p: PaymentRow, reported: ReportedCapture) => Promise<boolean>;

const providerDown = () => new HttpError(503, PAYMENT_MSG.providerDown, ERROR_CODE.paymentProviderDown);

/**
 * Opens an order at the provider for a payment about to be written (our payment id is its receipt, the subject
 * in its notes). Made before the transaction that writes the payment; an outage answers 503 with nothing held.
 */
export async function openOrder(
  ctx: PaymentsContext,
  paymentId: string,
  amountPaise: number,
  subject: Subject,
) {
  try {
    return await ctx.gateway.createOrder({
      amountPaise,
      receipt: paymentId,
      notes: { [subject.purpose === 'session' ? 'booking' : 'milestone']: subject.id },
    });
  } catch (e) {
    if (e instanceof GatewayUnavailable || e instanceof GatewayRejected) throw providerDown();
    throw e;
  }
}

export interface NewCheckout {
  paymentId: string;
  subject: Subject;
  orderId: string;
  payer: { id: string; name: string; email: string };
  /** Who earns it: a shark (its id) or a freelancer (its user id: its ledger accounts are keyed by it). */
  payee: { kind: (typeof PAYEE_KINDS)[number]; id: string; name: string };
  description: string;
  /** What its mails and documents tell, written now so a refund weeks later needs nothing else. */
  mail: Record<string, unknown> & { zone: string; courseTitle: string };
  amountPaise: number;
  at: Date;
}

/**
 * Writes the open payment of a checkout in the caller's transaction (the product's own rows are written in
 * it too): the fee and its GST split off the amount, open for SLOT_HOLD_MINUTES.
 */
export async function insertCheckout(tx: DbOrTx, ctx: PaymentsContext, c: NewCheckout) {
  const split = splitPayment(c.amountPaise, feeTermsOf(ctx.config));
  return repo.insertPayment(tx, {
    id: c.paymentId,
    purpose: c.subject.purpose,
    bookingId: c.subject.purpose === 'session' ? c.subject.id : null,
    milestoneId: c.subject.purpose === 'milestone' ? c.subject.id : null,
    payerId: c.payer.id,
    sharkId: c.payee.kind === 'shark' ? c.payee.id : null,
    payeeKind: c.payee.kind,
    payeeId: c.payee.id,
    payerName: c.payer.name,
    payerEmail: c.payer.email,
    payeeName: c.payee.name,
    description: c.description,
    mail: c.mail,
    amountPaise: c.amountPaise,
    feePaise: split.feePaise,
    feeTaxPaise: split.feeTaxPaise,
    provider: ctx.gateway.provider,
    providerOrderId: c.orderId,
    holdUntil: new Date(c.at.getTime() + SLOT_HOLD_MINUTES * 60_000),
  });
}

/** A subject's payment: the open or captured one. */
export const findCheckoutPayment = repo.findSubjectPayment;

/** A checkout as the page opens the provider's window with it (a product adds its own fields). */
export function checkoutView(ctx: PaymentsContext, p: PaymentRow, contact = '') {
  return {
    paymentId: p.id,
    provider: p.provider,
    keyId: ctx.gateway.keyId,
    orderId: p.providerOrderId,
    amountPaise: p.amountPaise,
    feePaise: p.feePaise,
    feeTaxPaise: p.feeTaxPaise,
    currency: 'INR' as const,
    description: p.description,
    holdUntil: p.holdUntil.toISOString(),
    status: p.status,
    prefill: { name: p.payerName, email: p.payerEmail, contact },
  };
}

export interface Captured {
  providerPaymentId: string;
  providerFeePaise?: number | null;
}

/**
 * The one way a captured payment takes effect, whichever path brought it (the callback, a webhook, the
 * checkouts job): in one transaction, what it pays for locked by its product, the capture recorded once (ledger,
 * numbered document, the payer's mail), then the product's fulfilment. A second payment on a paid order is
 * refunded in full by recordCapture.
 */
export async function settleCapture(
  db: Db,
  ctx: PaymentsContext,
  product: Product,
  paymentId: string,
  captured: Captured,
): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const p = (await repo.findPayment(tx, paymentId))!;
    await product.lock(tx, p);
    const outcome = await recordCapture(tx, ctx, paymentId, captured);
    if (outcome.kind !== 'captured') return outcome.kind === 'duplicate' ? 'refunded' : 'already';
    return product.fulfil(tx, ctx, outcome.payment);
  });
}

const capturedOf = (p: GatewayPayment): Captured => ({ providerPaymentId: p.id, providerFeePaise: p.fee });

/**
 * The captured payment of an order, as the provider lists it, that is the payment we ordered; each captured one
 * that is not is checked (and so written as an exception) and never delivers anything.
 */
export async function agreedCapture(
  db: Db,
  check: CaptureCheck,
  p: PaymentRow,
  list: GatewayPayment[] | null,
): Promise<GatewayPayment | null> {
  let agreed: GatewayPayment | null = null;
  for (const taken of (list ?? []).filter(isTaken)) {
    if ((await check(db, p, reportedCapture(taken))) && !agreed) agreed = taken;
  }
  return agreed;
}

/**
 * The payer closed the checkout, or the provider said no. The provider is asked first (a payment that went
 * through after all takes effect, it is not lost); otherwise the payment is closed and the product lets go of
 * what it held. Nothing is charged.
 */
export async function abandonCheckout(
  db: Db,
  ctx: PaymentsContext,
  product: Product,
  check: CaptureCheck,
  p: PaymentRow,
  outcome: 'closed' | 'failed',
): Promise<Settlement | 'closed'> {
  const paid = await agreedCapture(db, check, p, await providerPayments(ctx, p.providerOrderId));
  if (paid) return settleCapture(db, ctx, product, p.id, capturedOf(paid));
  await db.transaction(async (tx) => {
    if (await closePayment(tx, p.id, outcome === 'failed' ? 'failed' : 'expired', outcome))
      await product.release(tx, p, now());
  });
  return 'closed';
}

/**
 * The checkouts job (every minute): each payment open for two minutes or more is asked about at the provider,
 * so a lost callback (a closed tab, a kill -9 between the capture and our commit) still takes effect; one past
 * its time with nothing paid is closed and its product lets go of what it held. A provider that does not answer
 * closes nothing.
 */
export async function reconcileOpenCheckouts(
  ctx: PaymentsContext & { db: Db },
  products: Products,
  check: CaptureCheck,
  limit: number,
): Promise<Record<'fulfilled' | 'closed', number>> {
  const at = now();
  const counts = { fulfilled: 0, closed: 0 };
  const endsBefore = new Date(at.getTime() + (SLOT_HOLD_MINUTES - 2) * 60_000);
  for (const p of await repo.listOpenPayments(ctx.db, endsBefore, limit)) {
    const product = products[p.purpose];
    const list = await providerPayments(ctx, p.providerOrderId);
    const paid = await agreedCapture(ctx.db, check, p, list);
    if (paid) {
      if ((await settleCapture(ctx.db, ctx, product, p.id, capturedOf(paid))) === 'fulfilled')
        counts.fulfilled++;
      continue;
    }
    if (list === null || p.holdUntil > at) continue;
    const closed = await ctx.db.transaction(async (tx) => {
      if (!(await closePayment(tx, p.id, 'expired', 'checkout lapsed'))) return false;
      await product.release(tx, p, at);
      return true;
    });
    if (closed) counts.closed++;
  }
  return counts;
}
