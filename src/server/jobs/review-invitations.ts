// Job `review-invitations` (daily, see schedules.ts): asks the learner of each session completed before today to
// review it, once per session (the reviews module keeps who was invited).
import { sendReviewInvitations } from '#server/modules/catalogue/reviews/service.ts';
import type { JobHandler } from './queue';
import type { JobContext } from './context';

export function reviewInvitationsHandler(ctx: JobContext): JobHandler<'review-invitations'> {
  return async () => {
    const mail = { mailer: ctx.mailer, appOrigin: ctx.config.appOrigin };
    const sent = await sendReviewInvitations(ctx.db, mail, ctx.config.APP_TIMEZONE);
    ctx.log.info({ sent }, 'review invitations sent');
  };
}
