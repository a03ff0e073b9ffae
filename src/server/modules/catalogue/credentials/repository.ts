// All SQL of verified credentials (decision 032), a shark's or a freelancer's (decision 154).
import { now } from '#server/time.ts';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '#server/db/patterns.ts';
import type { CredentialStatus } from '#shared/credentials.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { freelancers, sharkCredentials as c, sharks, users } from '#server/db/schema.ts';

/** Whose credentials: a shark's (sharks.id) or a freelancer's (freelancers.id). */
export type CredentialOwner = { kind: 'shark'; id: string } | { kind: 'freelancer'; id: string };
const ownedBy = (owner: CredentialOwner): SQL =>
  owner.kind === 'shark' ? eq(c.sharkId, owner.id) : eq(c.freelancerId, owner.id);
const freelancerUsers = alias(users, 'freelancer_users');
const ownerName = sql<string>`coalesce(${sharks.name}, ${freelancers.name})`;
const ownerKind = sql<
  'shark' | 'freelancer'
>`CASE WHEN ${c.sharkId} IS NULL THEN 'freelancer' ELSE 'shark' END`;

export type NewCredential = Pick<
  typeof c.$inferInsert,
  'sharkId' | 'freelancerId' | 'kind' | 'name' | 'issuer' | 'credentialId' | 'url' | 'issuedOn' | 'expiresOn'
>;

const columns = {
  id: c.id,
  sharkId: c.sharkId,
  freelancerId: c.freelancerId,
  kind: c.kind,
  name: c.name,
  issuer: c.issuer,
  credentialId: c.credentialId,
  url: c.url,
  issuedOn: c.issuedOn,
  expiresOn: c.expiresOn,
  status: c.status,
  reason: c.reason,
  verifiedAt: c.verifiedAt,
  createdAt: c.createdAt,
};

export async function insertCredential(db: DbOrTx, values: NewCredential) {
  const [row] = await db.insert(c).values(values).returning(columns);
  return row;
}

export async function listForOwner(db: DbOrTx, owner: CredentialOwner) {
  return db.select(columns).from(c).where(ownedBy(owner)).orderBy(desc(c.createdAt), asc(c.id));
}

/** Deletes one credential of this owner; false when it is not theirs. */
export async function deleteForOwner(db: DbOrTx, owner: CredentialOwner, id: string): Promise<boolean> {
  const rows = await db
    .delete(c)
    .where(and(eq(c.id, id), ownedBy(owner)))
    .returning({ id: c.id });
  return rows.length > 0;
}

/** Credentials of one status whose name, issuer or owner's name contains `q`. */
const reviewFilter = (status: CredentialStatus, q: string) => {
  if (!q) return eq(c.status, status);
  const pattern = containsPattern(q);
  return and(
    eq(c.status, status),
    or(
      ilike(c.name, pattern),
      ilike(c.issuer, pattern),
      ilike(sharks.name, pattern),
      ilike(freelancers.name, pattern),
    ),
  );
};

/** A page of the review queue, oldest first (the queue is worked in order), and how many match. */
export async function pageByStatus(
  db: DbOrTx,
  filter: { status: CredentialStatus; q: string },
  limit: number,
  offset: number,
) {
  const where = reviewFilter(filter.status, filter.q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...columns, ownerName, ownerKind })
      .from(c)
      .leftJoin(sharks, eq(sharks.id, c.sharkId))
      .leftJoin(freelancers, eq(freelancers.id, c.freelancerId))
      .where(where)
      .orderBy(asc(c.createdAt), asc(c.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(c)
      .leftJoin(sharks, eq(sharks.id, c.sharkId))
      .leftJoin(freelancers, eq(freelancers.id, c.freelancerId))
      .where(where),
  ]);
  return { rows, total: Number(total) };
}

/** A credential with its owner's name, kind and email, locked until the transaction ends. */
export async function lockCredential(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      ...columns,
      ownerName,
      ownerKind,
      ownerEmail: sql<string>`coalesce(${users.email}, ${freelancerUsers.email})`,
    })
    .from(c)
    .leftJoin(sharks, eq(sharks.id, c.sharkId))
    .leftJoin(users, eq(users.id, sharks.userId))
    .leftJoin(freelancers, eq(freelancers.id, c.freelancerId))
    .leftJoin(freelancerUsers, eq(freelancerUsers.id, freelancers.userId))
    .where(eq(c.id, id))
    .for('update', { of: c });
  return row ?? null;
}

export async function setReview(
  tx: DbOrTx,
  id: string,
  review: { status: 'verified' | 'rejected'; reason: string | null; verifiedAt: Date | null },
): Promise<void> {
  await tx
    .update(c)
    .set({ ...review, updatedAt: now() })
    .where(eq(c.id, id));
}

/** The verified credentials of a published shark (none for an unknown or unpublished one). */
export async function listVerifiedOfPublishedShark(db: DbOrTx, sharkId: string) {
  return db
    .select({
      id: c.id,
      kind: c.kind,
      name: c.name,
      issuer: c.issuer,
      url: c.url,
      expiresOn: c.expiresOn,
      verifiedAt: c.verifiedAt,
    })
    .from(c)
    .innerJoin(sharks, eq(sharks.id, c.sharkId))
    .innerJoin(users, eq(users.id, sharks.userId))
    .where(
      and(
        eq(c.sharkId, sharkId),
        eq(c.status, 'verified'),
        eq(sharks.published, true),
        sql`${users.suspendedAt} IS NULL`,
      ),
    )
    .orderBy(asc(c.kind), asc(c.name), asc(c.id));
}

/** The public id of the account's freelancer row: a freelancer's credentials hang on it. */
export async function freelancerIdOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: freelancers.id })
    .from(freelancers)
    .where(eq(freelancers.userId, userId));
  return row?.id ?? null;
}

/** The verified credentials of a freelancer (the caller has checked the profile is public). */
export async function listVerifiedOfFreelancer(db: DbOrTx, freelancerId: string) {
  return db
    .select({
      id: c.id,
      kind: c.kind,
      name: c.name,
      issuer: c.issuer,
      url: c.url,
      expiresOn: c.expiresOn,
      verifiedAt: c.verifiedAt,
    })
    .from(c)
    .where(and(eq(c.freelancerId, freelancerId), eq(c.status, 'verified')))
    .orderBy(asc(c.kind), asc(c.name), asc(c.id));
}
