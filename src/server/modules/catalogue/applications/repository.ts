// All SQL of "Be a Shark" applications.
import { and, count, desc, eq, gt, ilike, or } from 'drizzle-orm';
import { containsPattern } from '#server/db/patterns.ts';
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

const applicationSearch = (q: string) => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(a.name, pattern),
    ilike(a.email, pattern),
    ilike(a.specialization, pattern),
    ilike(a.motivation, pattern),
  );
};

/** A page of the applications matching `q`, newest first, and how many match. */
export async function pageApplications(db: DbOrTx, q: string, limit: number, offset: number) {
  const where = applicationSearch(q);
  const [rows, [{ total }]] = await Promise.all([
    db
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
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(a).where(where),
  ]);
  return { rows, total: Number(total) };
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
