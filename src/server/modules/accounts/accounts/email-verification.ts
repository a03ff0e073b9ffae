// Email verification: the link mailed at signup (and on request), and using it.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { confirmEmailChange } from './account-settings';
import { confirmEmail, findAccountByEmail } from './repository';
import { consumeEmailToken, issueEmailToken, VERIFY_EMAIL_TTL_MS } from './tokens';
import { paths } from '#shared/routes.ts';

export async function sendVerificationMail(
  db: DbOrTx,
  ctx: MailContext,
  user: { id: string; email: string },
): Promise<void> {
  const token = await issueEmailToken(db, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
  const link = `${ctx.appOrigin}${paths.verifyEmail}?token=${token}`;
  await ctx.mailer.enqueue(db, { to: user.email, template: 'verify-email', data: { link } });
}

/**
 * Uses a mailed link: a signup's verification, or (same page, same endpoint) the confirmation of a new email
 * address. Returns what was confirmed.
 */
export async function verifyEmail(db: Db, ctx: MailContext, token: string): Promise<'verified' | 'changed'> {
  const verified = await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email');
    if (userId) await confirmEmail(tx, userId);
    return userId !== null;
  });
  if (verified) return 'verified';
  if (await confirmEmailChange(db, ctx, token)) return 'changed';
  throw new HttpError(400, ACCOUNT_MSG.linkInvalid, ERROR_CODE.invalidToken);
}

/** Mails a fresh verification link when the account exists and is still unverified; silent otherwise. */
export async function resendVerification(db: Db, ctx: MailContext, email: string): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account || account.emailConfirmed) return;
  await db.transaction((tx) => sendVerificationMail(tx, ctx, account));
}
