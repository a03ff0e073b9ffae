// Job `account-link`: the "forgot password" and "resend verification" requests. The request only queues this
// job, so a registered and an unknown email cost the same work and get the same answer at the same speed
// (issue 10, finding 5; decision 020). Here the account is looked up and, when there is one, its link mailed.
import { requestPasswordReset } from '#server/modules/accounts/accounts/password-reset.ts';
import { resendVerification } from '#server/modules/accounts/accounts/email-verification.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

export function accountLinkHandler(ctx: JobContext): JobHandler<'account-link'> {
  const mail = { mailer: ctx.mailer, appOrigin: ctx.config.appOrigin };
  return async (job) => {
    const { kind, email } = job.data;
    if (kind === 'reset') await requestPasswordReset(ctx.db, mail, email);
    else await resendVerification(ctx.db, mail, email);
  };
}
