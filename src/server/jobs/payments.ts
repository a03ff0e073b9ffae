// The payments' jobs (issue 23): a stored webhook applied, a refund sent to the provider (retried with backoff
// while it does not answer), and every minute the checkouts' reconciliation.
import { applyPaymentWebhook, reconcileCheckouts } from '#server/modules/sessions/service.ts';
import { reconcileRefunds, sendPaymentMail, sendRefund } from '#server/modules/payments/service.ts';
import { reconcileMilestoneCheckouts } from '#server/modules/engagements/milestones.ts';
import { now } from '#server/time.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

const clockOf = (ctx: JobContext) => ({ ...ctx.payments, db: ctx.db, log: ctx.log });

export function paymentWebhookHandler(ctx: JobContext): JobHandler<'payment-webhook'> {
  return async (job) => applyPaymentWebhook(clockOf(ctx), job.data.eventId);
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
    const milestones = await reconcileMilestoneCheckouts(clock);
    const refunds = await reconcileRefunds(clock, new Date(now().getTime() - REFUND_RECHECK_MS), 50);
    if (done.booked || done.closed || milestones.funded || milestones.closed || refunds)
      ctx.log.info({ ...done, milestones, refunds }, 'checkouts reconciled');
  };
}

export function paymentMailHandler(ctx: JobContext): JobHandler<'payment-mail'> {
  return async (job) => sendPaymentMail({ ...ctx.payments, db: ctx.db }, job.data);
}
