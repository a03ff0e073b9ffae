// Password reset: a single-use link by mail, then a new password that ends every session of the account.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { hashPassword } from './passwords';
import {
  confirmEmail,
  findAccountByEmail,
  findAccountContact,
  listRoles,
  retireEmailTokens,
} from './repository';
import type { Role } from '#shared/constants.ts';
import { deleteUserSessions } from './sessions';
import { consumeEmailToken, issueEmailToken, RESET_PASSWORD_TTL_MS } from './tokens';
import { paths } from '#shared/routes.ts';

/** Issues a set-password token and mails its link: a reset asked for, or the welcome of a staff account. */
export async function mailPasswordLink(
  db: DbOrTx,
  ctx: MailContext,
  user: { id: string; email: string; name?: string | null; role?: 'shark' | 'admin' },
  kind: 'reset' | 'welcome',
  ttlMs = RESET_PASSWORD_TTL_MS,
): Promise<string> {
  const token = await issueEmailToken(db, user.id, 'reset_password', ttlMs);
  const link = `${ctx.appOrigin}${paths.updatePassword}?token=${token}`;
  const hours = Math.round(ttlMs / 3_600_000);
  await ctx.mailer.enqueue(
    db,
    kind === 'reset'
      ? { to: user.email, template: 'password-reset', data: { link, hours } }
      : {
          to: user.email,
          template: 'set-password',
          data: { link, hours, role: user.role ?? 'shark', name: user.name ?? user.email },
        },
  );
  return link;
}

/** Mails a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(db: Db, ctx: MailContext, email: string): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  await db.transaction((tx) => mailPasswordLink(tx, ctx, account, 'reset'));
}

/**
 * Sets the new password from a reset link, in one transaction: the token is used up, the email counts as
 * verified (only its owner could open the link), and every session and every other pending link of the account
 * ends.
 */
export async function resetPassword(
  db: Db,
  token: string,
  password: string,
): Promise<{ userId: string; email: string; primaryRole: Role }> {
  return db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset_password');
    if (!userId) throw new HttpError(400, ACCOUNT_MSG.linkInvalid, ERROR_CODE.invalidToken);
    // Checked against the account's own name and email, so only once the link names the account; a refused
    // password rolls the transaction back and the link still works.
    const { email, fullName } = await findAccountContact(tx, userId);
    const passwordHash = await hashPassword(password, { name: fullName, email });
    await confirmEmail(tx, userId, passwordHash);
    await deleteUserSessions(tx, userId);
    // A pending email change (perhaps an attacker's) must not survive the owner taking the account back.
    await retireEmailTokens(tx, userId);
    // The "Log in" link that follows goes to this role's portal, not the chooser.
    const [primaryRole = 'user'] = await listRoles(tx, userId);
    return { userId, email, primaryRole };
  });
}
