// All SQL of verified credentials (decision 032).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CredentialStatus } from '#shared/credentials.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { sharkCredentials as c, sharks, users } from '#server/db/schema.ts';

export type NewCredential = Pick<
  typeof c.$inferInsert,
  'sharkId' | 'kind' | 'name' | 'issuer' | 'credentialId' | 'url' | 'issuedOn' | 'expiresOn'
>;

const columns = {
  id: c.id,
  sharkId: c.sharkId,
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

export async function listForShark(db: DbOrTx, sharkId: string) {
  return db.select(columns).from(c).where(eq(c.sharkId, sharkId)).orderBy(desc(c.createdAt), asc(c.id));
}

/** Deletes one credential of this shark; false when it is not this shark's. */
export async function deleteForShark(db: DbOrTx, sharkId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(c)
    .where(and(eq(c.id, id), eq(c.sharkId, sharkId)))
    .returning({ id: c.id });
  return rows.length > 0;
}

export async function listByStatus(db: DbOrTx, status: CredentialStatus) {
  return db
    .select({ ...columns, sharkName: sharks.name })
    .from(c)
    .innerJoin(sharks, eq(sharks.id, c.sharkId))
    .where(eq(c.status, status))
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(200);
}

/** A credential with its shark's name and owner's email, locked until the transaction ends. */
export async function lockCredential(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({ ...columns, sharkName: sharks.name, ownerEmail: users.email })
    .from(c)
    .innerJoin(sharks, eq(sharks.id, c.sharkId))
    .innerJoin(users, eq(users.id, sharks.userId))
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
    .set({ ...review, updatedAt: sql`now()` })
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
