// All SQL of "Be a Shark" applications.
import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { sharkApplications as a } from '#server/db/schema.ts';

export type NewApplication = Omit<
  typeof a.$inferInsert,
  | 'id'
  | 'status'
  | 'createdAt'
  | 'reason'
  | 'decidedAt'
  | 'decidedBy'
  | 'confirmTokenHash'
  | 'confirmExpiresAt'
>;

export async function insertApplication(db: DbOrTx, values: NewApplication): Promise<{ id: string }> {
  const [row] = await db.insert(a).values(values).returning({ id: a.id });
  return row;
}

export async function listRecentApplications(db: DbOrTx, limit: number) {
  return db
    .select({
      id: a.id,
      name: a.name,
      email: a.email,
      specialization: a.specialization,
      experience: a.experience,
      links: a.links,
      motivation: a.motivation,
      status: a.status,
      reason: a.reason,
      decidedAt: a.decidedAt,
      createdAt: a.createdAt,
    })
    .from(a)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(limit);
}

/** One application, locked until the transaction ends: two approvals of it run one after the other. */
export async function lockApplication(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(a).where(eq(a.id, id)).for('update');
  return row ?? null;
}

/** The application waiting for confirmation with this token hash, if its link has not expired at `at`. */
export async function lockByConfirmToken(tx: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await tx
    .select()
    .from(a)
    .where(
      and(
        eq(a.confirmTokenHash, tokenHash),
        eq(a.status, 'awaiting_confirmation'),
        gt(a.confirmExpiresAt, at),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function updateApplication(
  tx: DbOrTx,
  id: string,
  values: Partial<
    Pick<
      typeof a.$inferInsert,
      'status' | 'reason' | 'decidedAt' | 'decidedBy' | 'userId' | 'confirmTokenHash' | 'confirmExpiresAt'
    >
  >,
): Promise<void> {
  await tx.update(a).set(values).where(eq(a.id, id));
}
