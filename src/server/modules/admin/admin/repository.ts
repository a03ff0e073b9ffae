// All SQL of the admin console: the sharks rows the company lists and locks; accounts it searches and locks.
// What it writes goes through each table's owner (db/owners.ts, decision 209): a draft shark and its
// publication through the workspace's service, a suspension through the accounts'. The sessions it searches are
// the sessions module's.
import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { AdminSharkState } from '#shared/admin.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { profiles, roles, sharkCredentials, sharks, userRoles, users } from '#server/db/schema.ts';

export async function findSharkIdByUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: sharks.id }).from(sharks).where(eq(sharks.userId, userId));
  return row?.id ?? null;
}

/** Every shark, published or not, with its account's email and state, by name; `q` searches name and email. */
export async function listAllSharks(
  db: DbOrTx,
  q = '',
  limit = 500,
  offset = 0,
): Promise<Omit<AdminSharkState, 'sharkCancellations'>[]> {
  return db
    .select({
      id: sharks.id,
      userId: sharks.userId,
      name: sharks.name,
      email: users.email,
      specialization: sharks.specialization,
      published: sharks.published,
      suspended: sql<boolean>`${users.suspendedAt} IS NOT NULL`.mapWith(Boolean),
      credentials:
        sql<number>`(SELECT count(*)::int FROM ${sharkCredentials} c WHERE c.shark_id = ${sharks.id})`.mapWith(
          Number,
        ),
      verifiedCredentials: sql<number>`(SELECT count(*)::int FROM ${sharkCredentials} c
        WHERE c.shark_id = ${sharks.id} AND c.status = 'verified')`.mapWith(Number),
    })
    .from(sharks)
    .innerJoin(users, eq(users.id, sharks.userId))
    .where(sharkSearch(q))
    .orderBy(asc(sharks.name), asc(sharks.id))
    .limit(limit)
    .offset(offset);
}

const sharkSearch = (q: string) =>
  q ? or(ilike(sharks.name, containsPattern(q)), ilike(users.email, containsPattern(q))) : undefined;

/** How many sharks `listAllSharks` finds for `q`, every page. */
export async function countSharks(db: DbOrTx, q = ''): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(sharks)
    .innerJoin(users, eq(users.id, sharks.userId))
    .where(sharkSearch(q));
  return Number(total);
}

/** A shark with its owner's email, the row locked until the transaction ends. */
export async function lockShark(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: sharks.id,
      userId: sharks.userId,
      name: sharks.name,
      published: sharks.published,
      email: users.email,
    })
    .from(sharks)
    .innerJoin(users, eq(users.id, sharks.userId))
    .where(eq(sharks.id, id))
    .for('update', { of: sharks });
  return row ?? null;
}

const rolesColumn = sql<string[]>`coalesce((SELECT array_agg(r.role_name ORDER BY ur.id) FROM ${userRoles} ur
  JOIN ${roles} r ON r.id = ur.role_id WHERE ur.user_id = "users"."id"), '{}')`;

/** Accounts whose email or name contains `q`, newest first. */
export async function searchUsers(db: DbOrTx, q: string, limit: number, offset: number) {
  const pattern = containsPattern(q);
  const where = q ? or(ilike(users.email, pattern), ilike(profiles.fullName, pattern)) : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: profiles.fullName,
        roles: rolesColumn,
        suspendedAt: users.suspendedAt,
        suspensionReason: users.suspensionReason,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(where),
  ]);
  return { items, total: Number(total) };
}

/** An account with its roles and suspension, the row locked until the transaction ends. */
export async function lockUser(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      suspendedAt: users.suspendedAt,
      roles: rolesColumn,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update', { of: users });
  return row ?? null;
}

/**
 * The ids of the admin accounts that are not suspended, locked in id order. A suspension takes these locks
 * before the target's, always in the same order, so two admins suspending each other at once queue up instead
 * of each holding one row and waiting for the other's (a deadlock PostgreSQL would end with an error).
 */
export async function lockActiveAdmins(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.roleName, 'admin'), isNull(users.suspendedAt)))
    .orderBy(users.id)
    .for('update', { of: users });
  return rows.map((r) => r.id);
}
