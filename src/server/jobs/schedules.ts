// The recurring jobs. pg-boss keeps schedules in its own table and its cron clock creates each run once,
// however many workers are up; times are in APP_TIMEZONE.
import type { Config } from '#server/config.ts';
import { payoutCron } from '#server/modules/money/payouts/service.ts';
import type { JobQueue } from './queue';

export const SCHEDULES = [
  // Every night at 03:17, away from the hour when other systems' crons pile up.
  { kind: 'maintenance', cron: '17 3 * * *', data: { task: 'purge' } },
  // The sessions' clock: reminders and expiries are due to the minute.
  { kind: 'sessions', cron: '* * * * *', data: { task: 'tick' } },
  // Every morning at 10:00: sessions completed yesterday (or before, still in their window) are invited once.
  { kind: 'review-invitations', cron: '0 10 * * *', data: { task: 'invite' } },
  // Open checkouts past their hold are closed; payments and refunds left open are asked about (issue 23).
  { kind: 'checkouts', cron: '* * * * *', data: { task: 'reconcile' } },
  // Every night at 04:40, yesterday's provider payments against the payments and the ledger (issue 24): late
  // enough that the day's webhooks and the checkouts' reconciliation have settled it.
  { kind: 'reconciliation', cron: '40 4 * * *', data: {} },
  // Calendar imports (issue 26): each minute, a fetch for every calendar not read for CALENDAR_FETCH_MINUTES.
  { kind: 'calendar-imports', cron: '* * * * *', data: { task: 'tick' } },
  // Milestones delivered 14 days ago without an answer are approved (issue 27); to the few minutes is enough.
  { kind: 'engagements', cron: '*/5 * * * *', data: { task: 'tick' } },
] as const;

export async function applySchedules(queue: JobQueue, config: Config): Promise<void> {
  for (const s of SCHEDULES) await queue.boss.schedule(s.kind, s.cron, s.data, { tz: config.APP_TIMEZONE });
  // The payout run (issue 24): weekly or monthly by PAYOUT_SCHEDULE, at 09:00 when banks are open.
  await queue.boss.schedule(
    'payouts',
    payoutCron(config.PAYOUT_SCHEDULE),
    { task: 'run' },
    {
      tz: config.APP_TIMEZONE,
    },
  );
}
