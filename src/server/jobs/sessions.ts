// Job `sessions` (every minute, see schedules.ts; decision 054): the sessions' clock. Expires unanswered
// requests, completes past sessions, releases the shares whose no-show window ended (decision 140), sends the
// 24 h and 1 h reminders and mails new messages in batches. Each step claims its rows with a conditional
// UPDATE, so two servers working the queue never double a mail or a posting.
import { tickSessions } from '#server/modules/sessions/sessions/service.ts';
import type { JobHandler } from './queue';
import type { JobContext } from './context';

export function sessionsHandler(ctx: JobContext): JobHandler<'sessions'> {
  const clock = { ...ctx.payments, db: ctx.db, log: ctx.log };
  return async () => {
    const done = await tickSessions(clock);
    if (Object.values(done).some((n) => n > 0)) ctx.log.info(done, 'session clock ticked');
  };
}
