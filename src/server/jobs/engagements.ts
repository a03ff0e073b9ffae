// Job `engagements` (every five minutes, see schedules.ts): delivered milestones whose 14 days passed without
// an answer are approved with the app's clock (decision 177). Each in its own transaction under its row lock,
// so a rerun or two servers at once approve it once.
import { autoApproveDue } from '#server/modules/freelance/engagements/milestones.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

export function engagementsHandler(ctx: JobContext): JobHandler<'engagements'> {
  return async () => {
    const approved = await autoApproveDue({
      db: ctx.db,
      mailer: ctx.mailer,
      appOrigin: ctx.config.appOrigin,
    });
    if (approved) ctx.log.info({ approved }, 'milestones approved automatically');
  };
}
