// An account's private calendar feed (issue 26, decision 148): a secret address per account, only its sha256
// stored (like the sign-in and mailed tokens), shown once when made; the feed itself is the sessions module's.
import { createHash } from 'node:crypto';
import {
  calendarFeedPath,
  type CalendarFeedAddress,
  type CalendarFeedStatus,
} from '#shared/calendar-feed.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { hashToken, newToken } from '#server/modules/accounts/accounts/sessions.ts';
import { sessionsFeed } from '#server/modules/sessions/sessions/service.ts';
import { now } from '#server/time.ts';
import * as repo from './repository';

/** The longest secret worth looking up (ours are 43 characters); anything else is not an address of ours. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export async function getFeedStatus(db: DbOrTx, userId: string): Promise<CalendarFeedStatus> {
  const createdAt = await repo.findFeedCreatedAt(db, userId);
  return { createdAt: createdAt?.toISOString() ?? null };
}

/** A new address (256 random bits); the account's previous one, if any, answers 404 from now on. */
export async function makeFeedAddress(
  db: DbOrTx,
  userId: string,
  appOrigin: string,
): Promise<CalendarFeedAddress> {
  const secret = newToken();
  const at = now();
  await repo.replaceFeed(db, userId, hashToken(secret), at);
  const url = `${appOrigin}${calendarFeedPath(secret)}`;
  return { createdAt: at.toISOString(), url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** The feed behind an address, with its entity tag; null for an address that is not (or no longer) live. */
export async function readFeed(
  db: DbOrTx,
  secret: string,
  appOrigin: string,
): Promise<{ body: string; etag: string } | null> {
  if (!SECRET.test(secret)) return null;
  const userId = await repo.findFeedOwner(db, hashToken(secret));
  if (!userId) return null;
  const body = await sessionsFeed(db, userId, appOrigin);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}
