// Server-side sessions: an opaque random token in the cookie, only its sha256 in the database.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import { queryRows, type DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

export const SESSION_COOKIE = 'sid';
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export interface AuthContext {
  sessionId: string;
  user: { id: string; email: string; fullName: string | null; avatarUrl: string | null; emailConfirmed: boolean };
  /** Ordered by assignment: roles[0] is the primary role. */
  roles: Role[];
}

export async function createSession(db: DbOrTx, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({ id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

interface SessionRow extends Record<string, unknown> {
  session_id: string;
  last_seen_at: string | Date;
  user_id: string;
  email: string;
  full_name: string | null;
  avatar_url: string | null;
  email_confirmed_at: string | Date | null;
  roles: Role[] | null;
}

/** The live session for a cookie token, or null when it is unknown, expired or idle too long. */
export async function readSession(db: DbOrTx, token: string): Promise<AuthContext | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const [row] = await queryRows<SessionRow>(db, sql`
    SELECT s.id AS session_id, s.last_seen_at, u.id AS user_id, u.email, p.full_name, u.avatar_url, u.email_confirmed_at,
           (SELECT array_agg(r.role_name ORDER BY ur.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
             WHERE ur.user_id = u.id) AS roles
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN profiles p ON p.id = u.id
    WHERE s.id = ${id} AND s.expires_at > now() AND s.last_seen_at > now() - ${`${SESSION_IDLE_MS / 1000} seconds`}::interval`);
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  }
  return {
    sessionId: id,
    user: {
      id: row.user_id,
      email: row.email,
      fullName: row.full_name,
      avatarUrl: row.avatar_url,
      emailConfirmed: row.email_confirmed_at !== null,
    },
    roles: parseRoles(row.roles),
  };
}

/** array_agg comes back as a JS array from pg and PGlite, or as '{a,b}' text from some drivers. */
function parseRoles(value: unknown): Role[] {
  if (Array.isArray(value)) return value as Role[];
  if (typeof value === 'string' && value.startsWith('{')) return value.slice(1, -1).split(',').filter(Boolean) as Role[];
  return [];
}

export async function deleteSession(db: DbOrTx, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of an account (password reset), optionally keeping one. */
export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function purgeExpiredSessions(db: DbOrTx) {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date()), and(lt(sessions.lastSeenAt, new Date(Date.now() - SESSION_IDLE_MS)))));
}
