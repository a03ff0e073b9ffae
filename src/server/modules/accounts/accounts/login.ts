// The login portals' rules: which accounts each portal lets in, and the portal's own refusal texts.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { type LoginPortal, ACCOUNT_MSG } from '#shared/accounts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { forbidden, HttpError } from '#server/http/errors.ts';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { type AccountRecord, findAccountByEmail } from './repository';

const FALLBACK: Record<LoginPortal, string> = {
  user: ACCOUNT_MSG.loginFailed,
  shark: ACCOUNT_MSG.sharkLoginFailed,
  freelancer: ACCOUNT_MSG.freelancerLoginFailed,
  admin: ACCOUNT_MSG.sharkLoginFailed,
};

/** Wrong password and unknown email both end here, with the portal's fallback text (decision 020). */
export class InvalidCredentialsError extends HttpError {
  constructor(portal: LoginPortal) {
    super(401, FALLBACK[portal], ERROR_CODE.invalidCredentials);
  }
}

/**
 * Checks a login against the portal's rules and returns the account; creating the session is the caller's.
 * The password is checked first and always (against a dummy hash for an unknown email), so the refusals
 * below it are only ever shown to someone who knows the password.
 */
export async function checkLogin(
  db: DbOrTx,
  input: { email: string; password: string; portal: LoginPortal },
): Promise<AccountRecord> {
  const account = await findAccountByEmail(db, input.email);
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!account || !account.passwordHash || !ok) throw new InvalidCredentialsError(input.portal);
  if (!account.emailConfirmed) throw forbidden(ACCOUNT_MSG.verifyEmailFirst, ERROR_CODE.emailUnverified);
  if (account.suspended) throw forbidden(ACCOUNT_MSG.accountSuspended, ERROR_CODE.accountSuspended);
  const roles = account.roles;
  switch (input.portal) {
    case 'user':
      if (roles.length === 0) throw forbidden(ACCOUNT_MSG.roleNotAssigned, ERROR_CODE.roleNotAssigned);
      if (roles.length !== 1 || roles[0] !== 'user')
        throw forbidden(ACCOUNT_MSG.notUserAccount, ERROR_CODE.wrongPortal);
      break;
    case 'shark':
      if (!roles.includes('shark')) throw forbidden(ACCOUNT_MSG.notAShark, ERROR_CODE.wrongPortal);
      break;
    case 'freelancer':
      if (!roles.includes('freelancer')) throw forbidden(ACCOUNT_MSG.notAFreelancer, ERROR_CODE.wrongPortal);
      break;
    case 'admin':
      if (!roles.includes('admin')) throw forbidden(ACCOUNT_MSG.notAnAdmin, ERROR_CODE.wrongPortal);
      break;
  }
  return account;
}
