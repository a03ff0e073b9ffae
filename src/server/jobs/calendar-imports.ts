// Job `calendar-imports` (issue 26, decisions 151-153): each minute's tick sends a fetch for every calendar due
// one; a fetch reads one calendar a shark added, through the SSRF guard, and replaces its busy times.
import { sharkCalendarWindow } from '#server/modules/sessions/availability/service.ts';
import {
  expandBudgetOf,
  fetchCalendarSource,
  fetchPolicyOf,
  sendDueFetches,
  type FetchContext,
} from '#server/modules/calendar/calendar-imports/service.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

export function calendarImportsHandler(ctx: JobContext): JobHandler<'calendar-imports'> {
  const fetchContext: FetchContext = {
    db: ctx.db,
    policy: fetchPolicyOf(ctx.config),
    expandBudget: expandBudgetOf(ctx.config),
    mailer: ctx.mailer,
    appOrigin: ctx.config.appOrigin,
    calendarOf: sharkCalendarWindow,
    log: ctx.log,
  };
  return async (job) => {
    if (job.data.task === 'tick') {
      await sendDueFetches(ctx.db, ctx.jobs, ctx.config.CALENDAR_FETCH_MINUTES);
      return;
    }
    await fetchCalendarSource(fetchContext, job.data.sourceId);
  };
}
