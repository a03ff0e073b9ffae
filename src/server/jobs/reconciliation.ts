// Job `reconciliation` (daily, see schedules.ts): yesterday's provider payments compared with the payments and
// the ledger, and the ledger's payouts marked paid twice (issue 24). Safe to run again or on two servers at once:
// each exception is written once, and only the new ones are mailed.
import { previousDay, reconcileDay } from '#server/modules/money/reconciliation/service.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

export function reconciliationHandler(ctx: JobContext): JobHandler<'reconciliation'> {
  return async (job) => {
    const timeZone = ctx.config.APP_TIMEZONE;
    const day = job.data.day ?? previousDay(timeZone);
    const run = await reconcileDay(
      {
        db: ctx.db,
        gateway: ctx.payments.gateway,
        mailer: ctx.mailer,
        appOrigin: ctx.config.appOrigin,
        timeZone,
      },
      day,
    );
    ctx.log.info(
      {
        day,
        providerPayments: run.providerPayments,
        recordedPayments: run.recordedPayments,
        exceptions: run.created.length,
      },
      'reconciled a day',
    );
  };
}
