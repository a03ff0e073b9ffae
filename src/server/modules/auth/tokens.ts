// Single-use, expiring links sent by mail (verify an email, set or reset a password). Only the sha256 of a
// token is stored, so a leaked table cannot be used to take over accounts.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken, newToken } from './sessions';

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

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
): Promise<string> {
  const token = newToken();
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  await db
    .insert(emailTokens)
    .values({ tokenHash: hashToken(token), userId, purpose, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Uses a token up: one UPDATE that only matches an unused, unexpired token of the purpose, so two
 * concurrent clicks cannot both succeed. Returns the account, or null for an unknown, used or expired link.
 */
export async function consumeEmailToken(
  db: DbOrTx,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}
