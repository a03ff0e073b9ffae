// Single-use, expiring links sent by mail (verify an email, set or reset a password). Only the sha256 of a
// token is stored, so a leaked table cannot be used to take over accounts.
import type { DbOrTx } from '#server/db/client.ts';
import { now } from '#server/time.ts';
import {
  deleteDeadEmailTokens,
  type EmailTokenPurpose,
  replaceEmailToken,
  useEmailToken,
} from './repository';
import { hashToken, newToken } from './sessions';

/** A change of email waits this long for its link to be opened. */
export const CHANGE_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;
/** A shark or admin created by the company sets a first password with a longer-lived reset link. */
export const SET_PASSWORD_TTL_MS = 72 * 60 * 60 * 1000;

/**
 * A new token for this purpose. Older unused tokens of the same purpose are retired, so only the newest
 * mail's link works (a resent verification or a second reset request supersedes the first).
 */
export async function issueEmailToken(
  db: DbOrTx,
  userId: string,
  purpose: EmailTokenPurpose,
  ttlMs: number,
  newEmail?: string,
): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(now().getTime() + ttlMs);
  await replaceEmailToken(db, { tokenHash: hashToken(token), userId, purpose, expiresAt, newEmail });
  return token;
}

/** Uses a token up. Returns the account, or null for an unknown, used or expired link. */
export const consumeEmailToken = (db: DbOrTx, token: string, purpose: EmailTokenPurpose) =>
  useEmailToken(db, hashToken(token), purpose);

/** Deletes tokens that can no longer be used: expired, or used more than a day ago (daily maintenance job). */
export const purgeExpiredEmailTokens = (db: DbOrTx) => deleteDeadEmailTokens(db, now());
