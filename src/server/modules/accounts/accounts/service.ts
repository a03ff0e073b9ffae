// Accounts as other modules and the app see them: find an account, create one (with its profile and roles),
// mail a set-your-password link. The routes' own flows live beside it: signup, login, become-freelancer,
// email-verification, password-reset; sessions and tokens are the plumbing they share. What those files share
// with other code is imported from them directly (decision 172), never re-exported here.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { createProfile } from '#server/modules/accounts/profiles/service.ts';
import { mailPasswordLink } from './password-reset';
import * as repo from './repository';
import { deleteUserSessions, forgetSessionReads } from './sessions';
import { SET_PASSWORD_TTL_MS } from './tokens';

export const findAccountByEmail = repo.findAccountByEmail;
/** The email and full name of an account (a workspace shows them beside the shark's profile). */
export const getAccountContact = repo.findAccountContact;

/** "Role not found" is a broken installation, not bad input: a 500 that still says which step failed. */
export const roleNotFound = () => new HttpError(500, ACCOUNT_MSG.roleNotFound, ERROR_CODE.roleNotFound);

/**
 * Creates the user, its profile (through the profiles module, the table's one writer) and its roles. Run it
 * inside a transaction: a failure at any step leaves nothing half-made. A role missing from the roles table is
 * answered with roleNotFound().
 */
export async function createAccount(tx: DbOrTx, input: repo.NewAccount): Promise<{ id: string }> {
  try {
    const user = await repo.insertUser(tx, input);
    await createProfile(tx, { id: user.id, fullName: input.fullName, email: input.email });
    await repo.insertRoles(tx, user.id, input.roles);
    return user;
  } catch (err) {
    if (err instanceof repo.RoleNotFoundError) throw roleNotFound();
    throw err;
  }
}

/** Mails an account made by the company its 72-hour set-your-password link; returns the link. */
export const mailSetPasswordLink = (
  db: DbOrTx,
  ctx: MailContext,
  user: { id: string; email: string; name?: string | null; role?: 'shark' | 'admin' },
) => mailPasswordLink(db, ctx, user, 'welcome', SET_PASSWORD_TTL_MS);

/** An account's roles in assignment order, and replacing them (the admin console grants the shark role). */
export const listAccountRoles = repo.listRoles;
export const replaceAccountRoles: typeof repo.replaceRoles = async (...args) => {
  forgetSessionReads();
  return repo.replaceRoles(...args);
};
/** Suspends an account (the time and the reason) or lifts its suspension (null); the admin console's. */
export const setAccountSuspension = repo.setSuspension;
/** Ends every session of an account at once (a suspension). */
export const endAllSessions = (db: DbOrTx, userId: string) => deleteUserSessions(db, userId);
