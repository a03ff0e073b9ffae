// Job `payouts` (issue 24, decision 137): the payout run, weekly or monthly by PAYOUT_SCHEDULE (see schedules.ts),
// safe to run twice or on two servers at once (a payee gets one payout a period); and the send of one Route
// payout to the provider (decision 147), retried with backoff while the provider does not answer.
import {
  payoutRuleOf,
  runPayouts,
  sendRoutePayout,
  type PayoutRunContext,
} from '#server/modules/money/payouts/service.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

export const payoutRunContext = (ctx: JobContext): PayoutRunContext => ({
  mailer: ctx.mailer,
  appOrigin: ctx.config.appOrigin,
  key: ctx.config.payoutDetailsKey,
  ...payoutRuleOf(ctx.config),
  provider: ctx.config.PAYOUT_PROVIDER,
  zone: ctx.config.APP_TIMEZONE,
  jobs: ctx.jobs,
  gateway: ctx.payments.gateway,
});

export function payoutsHandler(ctx: JobContext): JobHandler<'payouts'> {
  return async (job) => {
    if (job.data.task === 'send') {
      await sendRoutePayout(ctx.db, payoutRunContext(ctx), job.data.payoutId);
      return;
    }
    const done = await runPayouts(ctx.db, payoutRunContext(ctx));
    ctx.log.info(done, 'payout run');
  };
}
