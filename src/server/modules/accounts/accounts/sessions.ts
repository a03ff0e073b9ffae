// Server-side sessions: an opaque random token in the cookie, only its sha256 in the database. The auth
// plugin reads the caller's session here on every request.
import { createHash, randomBytes } from 'node:crypto';
import type { AuthContext } from '#server/http/auth-context.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { now } from '#server/time.ts';
import * as repo from './repository';

export const SESSION_COOKIE = 'sid';
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** The one way a secret becomes what is stored (the calendar feed's address too). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(db: DbOrTx, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now().getTime() + SESSION_ABSOLUTE_MS);
  await repo.insertSession(db, { id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/**
 * The session lookups in flight, per database handle and token hash: a page's burst of API calls (and any
 * requests that arrive together with one cookie) share one read instead of each paying it (issue 28, decision
 * 185). A request joins only a read that began before it arrived and after this process last ended a session,
 * so a sign-out, password change or suspension here is seen by every later request, as before.
 */
let inFlight = new WeakMap<DbOrTx, Map<string, Promise<AuthContext | null>>>();

/**
 * Forgets the lookups in flight: called whenever a session ends or an account's roles change, so no later
 * request joins an older read.
 */
export function forgetSessionReads() {
  inFlight = new WeakMap();
}

/** The live session for a cookie token, or null when it is unknown, expired or idle too long. */
export async function readSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  let reads = inFlight.get(db);
  if (!reads) inFlight.set(db, (reads = new Map()));
  let read = reads.get(id);
  if (!read) {
    const mine = reads;
    read = lookUp(db, id).finally(() => {
      if (mine.get(id) === read) mine.delete(id);
    });
    reads.set(id, read);
  }
  const auth = await read;
  // Each request gets its own copy: nothing one handler does to its context reaches another's.
  return auth && { sessionId: auth.sessionId, user: { ...auth.user }, roles: [...auth.roles] };
}

async function lookUp(db: DbOrTx, id: string): Promise<AuthContext | null> {
  const at = now();
  const idleSince = new Date(at.getTime() - SESSION_IDLE_MS);
  const session = await repo.findLiveSession(db, id, at, idleSince);
  if (!session) return null;
  if (at.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await repo.touchSession(db, session.sessionId, at);
  return { sessionId: session.sessionId, user: session.user, roles: session.roles };
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  forgetSessionReads();
  await repo.deleteSession(db, sessionId);
}

/** Ends every session of an account (password reset). */
/** Ends every session of an account (password reset), or every one but `keep` (a password change). */
export async function deleteUserSessions(db: DbOrTx, userId: string, keep?: string): Promise<void> {
  forgetSessionReads();
  await repo.deleteUserSessions(db, userId, keep);
}

/** Removes expired and idle sessions; the job queue schedules it. */
export async function purgeExpiredSessions(db: DbOrTx): Promise<void> {
  const at = now();
  await repo.deleteDeadSessions(db, at, new Date(at.getTime() - SESSION_IDLE_MS));
}
