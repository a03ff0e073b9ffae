// All SQL of accounts: users with their profile and ordered roles, sessions and single-use email tokens.
// Every function takes the database or a transaction first, so the service composes writes.
import { and, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Role } from '#shared/constants.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import { now } from '#server/time.ts';
import {
  calendarFeeds,
  courses,
  emailTokens,
  profiles,
  roles,
  sessions,
  sharks,
  userRoles,
  users,
} from '#server/db/schema.ts';

export class RoleNotFoundError extends Error {
  constructor() {
    super(ACCOUNT_MSG.roleNotFound);
  }
}

/** array_agg comes back as a JS array from pg and PGlite, or as '{a,b}' text from some drivers. */
function parseRoles(value: unknown): Role[] {
  if (Array.isArray(value)) return value as Role[];
  if (typeof value === 'string' && value.startsWith('{'))
    return value.slice(1, -1).split(',').filter(Boolean) as Role[];
  return [];
}

/** An account's role names in assignment order (roles[0] is the primary one), as one column. */
const rolesOf = (userId: typeof users.id) =>
  sql`(SELECT array_agg(r.role_name ORDER BY ur.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
       WHERE ur.user_id = ${userId})`.mapWith(parseRoles);

// ---- Accounts -----------------------------------------------------------------

export interface AccountRecord {
  id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  fullName: string | null;
  avatarUrl: string | null;
  roles: Role[];
  /** Suspended by an admin (decision 032): refused at login. */
  suspended: boolean;
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRecord | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailConfirmedAt: users.emailConfirmedAt,
      fullName: profiles.fullName,
      avatarUrl: users.avatarUrl,
      roles: rolesOf(users.id),
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.email, email.toLowerCase()));
  if (!row) return null;
  const { emailConfirmedAt, roles: roleNames, suspendedAt, ...account } = row;
  return {
    ...account,
    emailConfirmed: emailConfirmedAt !== null,
    roles: roleNames ?? [],
    suspended: suspendedAt !== null,
  };
}

/** An account's email and full name; an unknown id reads as an empty email and no name. */
export async function findAccountContact(
  db: DbOrTx,
  userId: string,
): Promise<{ email: string; fullName: string | null }> {
  const [row] = await db
    .select({ email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ?? { email: '', fullName: null };
}

export interface NewAccount {
  email: string;
  fullName: string;
  passwordHash: string | null;
  /** In order: the first is the primary role. */
  roles: Role[];
  emailConfirmed?: boolean;
}

/** The ids of the named roles; a missing one is a broken installation (RoleNotFoundError). */
async function roleIds(db: DbOrTx, names: readonly Role[]): Promise<Map<string, number>> {
  const found = await db
    .select()
    .from(roles)
    .where(inArray(roles.roleName, [...names]));
  const byName = new Map(found.map((r) => [r.roleName, r.id]));
  if (names.some((r) => !byName.has(r))) throw new RoleNotFoundError();
  return byName;
}

/** The users row of a new account; its profile (the profiles module's) and roles follow in the same transaction. */
export async function insertUser(tx: DbOrTx, input: NewAccount): Promise<{ id: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      emailConfirmedAt: input.emailConfirmed ? now() : null,
    })
    .returning({ id: users.id });
  return user;
}

/** A new account's roles, in order (the first is the primary role). */
export async function insertRoles(tx: DbOrTx, userId: string, names: readonly Role[]): Promise<void> {
  const ids = await roleIds(tx, names);
  for (const role of names) await tx.insert(userRoles).values({ userId, roleId: ids.get(role)! });
}

/** Suspends an account (the time and the admin's reason) or lifts its suspension (null). */
export async function setSuspension(
  tx: DbOrTx,
  id: string,
  suspension: { at: Date; reason: string } | null,
): Promise<void> {
  await tx
    .update(users)
    .set({ suspendedAt: suspension?.at ?? null, suspensionReason: suspension?.reason ?? null })
    .where(eq(users.id, id));
}

/** Locks the account row until the transaction ends, so two changes of one account run one after the other. */
export async function lockAccount(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function listRoles(db: DbOrTx, userId: string): Promise<Role[]> {
  const rows = await db
    .select({ role: roles.roleName })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(userRoles.id);
  return rows.map((r) => r.role as Role);
}

/** user_roles is ordered by its identity id, so putting a role in front means writing the list again. */
export async function replaceRoles(tx: DbOrTx, userId: string, next: readonly Role[]): Promise<void> {
  const ids = await roleIds(tx, next);
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  for (const role of next) await tx.insert(userRoles).values({ userId, roleId: ids.get(role)! });
}

/** Marks the email verified (keeping the first verification time) and optionally sets a new password. */
export async function confirmEmail(tx: DbOrTx, userId: string, passwordHash?: string): Promise<void> {
  await tx
    .update(users)
    .set({
      emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now().toISOString()}::timestamptz)`,
      ...(passwordHash === undefined ? {} : { passwordHash }),
    })
    .where(eq(users.id, userId));
}

// ---- Sessions -----------------------------------------------------------------

export async function insertSession(
  db: DbOrTx,
  session: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The caller's AuthContext, plus when the session was last seen. */
export type SessionRecord = AuthContext & { lastSeenAt: Date };

/** The session with this id if it has not expired at `at` and was last seen after `idleSince`. */
export async function findLiveSession(
  db: DbOrTx,
  id: string,
  at: Date,
  idleSince: Date,
): Promise<SessionRecord | null> {
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      email: users.email,
      fullName: profiles.fullName,
      avatarUrl: users.avatarUrl,
      emailConfirmedAt: users.emailConfirmedAt,
      roles: rolesOf(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expiresAt, at),
        gt(sessions.lastSeenAt, idleSince),
        // A suspended account has no session, even one that escaped the deletion (decision 032).
        isNull(users.suspendedAt),
      ),
    );
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    lastSeenAt: row.lastSeenAt,
    user: {
      id: row.id,
      email: row.email,
      fullName: row.fullName,
      avatarUrl: row.avatarUrl,
      emailConfirmed: row.emailConfirmedAt !== null,
    },
    roles: row.roles ?? [],
  };
}

export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteUserSessions(db: DbOrTx, userId: string, keep?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keep === undefined ? undefined : ne(sessions.id, keep)));
}

/** Deletes sessions that expired before `at` or were last seen before `idleSince`. */
export async function deleteDeadSessions(db: DbOrTx, at: Date, idleSince: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, idleSince)));
}

// ---- Email tokens -----------------------------------------------------------------

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** Retires the account's unused tokens of this purpose and stores the new one. */
export async function replaceEmailToken(
  db: DbOrTx,
  token: {
    tokenHash: string;
    userId: string;
    purpose: EmailTokenPurpose;
    expiresAt: Date;
    newEmail?: string | null;
  },
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now() })
    .where(
      and(
        eq(emailTokens.userId, token.userId),
        eq(emailTokens.purpose, token.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  await db.insert(emailTokens).values(token);
}

/**
 * Retires every unused token of the account, whatever its purpose: a pending email change, verification or
 * reset must not outlive a new password or "sign out everywhere" (issue 21, finding 1).
 */
export async function retireEmailTokens(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now() })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/**
 * One UPDATE that only matches an unused, unexpired token of the purpose, so two concurrent clicks cannot
 * both succeed. Returns the account, or null for an unknown, used or expired token.
 */
export async function useEmailToken(
  db: DbOrTx,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  at: Date = now(),
): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, at),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** useEmailToken for a change of email: the account and the address it moves to. */
export async function useChangeEmailToken(
  db: DbOrTx,
  tokenHash: string,
  at: Date = now(),
): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, 'change_email'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, at),
      ),
    )
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail });
  return row?.newEmail ? { userId: row.userId, newEmail: row.newEmail } : null;
}

/** Deletes tokens that can no longer be used: expired at `at`, or used more than a day before it. */
export async function deleteDeadEmailTokens(db: DbOrTx, at: Date): Promise<void> {
  const dayBefore = new Date(at.getTime() - 24 * 60 * 60 * 1000);
  await db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, at), lt(emailTokens.usedAt, dayBefore)));
}

// ---- Account settings ---------------------------------------------------------------

export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The account's email on users (its profile's copy is moved by the profiles module). */
export async function setEmail(db: DbOrTx, userId: string, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.roleName, 'admin'));
  return row?.n ?? 0;
}

/** Deletes the account; profile, roles, sessions, tokens, follows, ratings and profiles go with it (cascade). */
export async function deleteUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function findAccountForExport(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailConfirmedAt: users.emailConfirmedAt,
      createdAt: users.createdAt,
      fullName: profiles.fullName,
      phone: profiles.phone,
      hasProfile: sql<boolean>`${profiles.id} IS NOT NULL`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The account's shark profile and all its courses (published or not), for its data export. */
export async function findSharkForExport(db: DbOrTx, userId: string) {
  const [shark] = await db.select().from(sharks).where(eq(sharks.userId, userId));
  if (!shark) return { shark: null, courses: [] };
  const own = await db.select().from(courses).where(eq(courses.sharkId, shark.id));
  return { shark, courses: own };
}

/** When the account's calendar feed address was made (never its hash), for its data export; null without one. */
export async function findCalendarFeedForExport(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.createdAt ?? null;
}
