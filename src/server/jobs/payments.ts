// The payments' jobs (issue 23): a stored webhook applied, a refund sent to the provider (retried with backoff
// while it does not answer), and every minute the checkouts' reconciliation.
// They serve everything sold: this is where the one checkout meets its products (issue 39), so `payments`
// never imports what it sells.
import type { Db } from '#server/db/client.ts';
import {
  reconcileRefunds,
  sendPaymentMail,
  sendRefund,
  type PaymentsContext,
} from '#server/modules/money/payments/service.ts';
import {
  reconcileOpenCheckouts,
  type CaptureCheck,
  type Products,
} from '#server/modules/money/payments/checkout.ts';
import { applyPaymentWebhook } from '#server/modules/money/payments/webhook-job.ts';
import { sessionProduct } from '#server/modules/sessions/sessions/service.ts';
import { milestoneProduct } from '#server/modules/freelance/engagements/milestones.ts';
import { captureChecked } from '#server/modules/money/reconciliation/service.ts';
import { applyTransferEvent } from '#server/modules/money/payouts/service.ts';
import { now } from '#server/time.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

/** What is sold, by the purpose its payments carry: each a small adapter of the one checkout. */
export const PRODUCTS: Products = { session: sessionProduct, milestone: milestoneProduct };

type MoneyContext = PaymentsContext & { db: Db };

const checkOf =
  (ctx: MoneyContext): CaptureCheck =>
  (db, p, reported) =>
    captureChecked(db, ctx, p, reported);

/** A stored provider event applied, whatever it pays for (the webhook job's work). */
export const applyWebhook = (ctx: MoneyContext, eventId: string) =>
  applyPaymentWebhook(
    ctx,
    {
      products: PRODUCTS,
      captureChecked: checkOf(ctx),
      applyTransfer: (db, transfer) => applyTransferEvent(db, ctx, transfer),
    },
    eventId,
  );

/** Every open checkout asked about at the provider: paid ones take effect, lapsed ones close. */
export const reconcileCheckouts = (ctx: MoneyContext) =>
  reconcileOpenCheckouts(ctx, PRODUCTS, checkOf(ctx), CHECKOUTS_BATCH);

/** Open checkouts asked about a run: a minute's worth at the most a provider lets us ask. */
const CHECKOUTS_BATCH = 100;

const clockOf = (ctx: JobContext) => ({ ...ctx.payments, db: ctx.db, log: ctx.log });

export function paymentWebhookHandler(ctx: JobContext): JobHandler<'payment-webhook'> {
  return async (job) => applyWebhook(clockOf(ctx), job.data.eventId);
}

export function refundHandler(ctx: JobContext): JobHandler<'refund'> {
  return async (job) => {
    await sendRefund(clockOf(ctx), job.data.refundId);
  };
}

/** A refund still pending at the provider after this long is asked about again. */
const REFUND_RECHECK_MS = 10 * 60_000;

export function checkoutsHandler(ctx: JobContext): JobHandler<'checkouts'> {
  return async () => {
    const clock = clockOf(ctx);
    const done = await reconcileCheckouts(clock);
    const refunds = await reconcileRefunds(clock, new Date(now().getTime() - REFUND_RECHECK_MS), 50);
    if (done.fulfilled || done.closed || refunds) ctx.log.info({ ...done, refunds }, 'checkouts reconciled');
  };
}

export function paymentMailHandler(ctx: JobContext): JobHandler<'payment-mail'> {
  return async (job) =>
    sendPaymentMail({ ...ctx.payments, db: ctx.db }, job.data, (p) => PRODUCTS[p.purpose].payerMail);
}
