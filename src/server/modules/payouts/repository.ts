// All SQL of payout details (decision 136): one row per account, replaced whole on each change.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { payoutDetails as p } from '#server/db/schema.ts';

export type PayoutDetailsRow = typeof p.$inferSelect;
export type NewPayoutDetails = Omit<typeof p.$inferInsert, 'createdAt'> & { updatedAt: Date };

export async function findForUser(db: DbOrTx, userId: string): Promise<PayoutDetailsRow | null> {
  const [row] = await db.select().from(p).where(eq(p.userId, userId));
  return row ?? null;
}

/** The account's row, locked until the transaction ends, so two changes at once are mailed and audited in turn. */
export async function lockForUser(db: DbOrTx, userId: string): Promise<PayoutDetailsRow | null> {
  const [row] = await db.select().from(p).where(eq(p.userId, userId)).for('update');
  return row ?? null;
}

/** Writes the whole row: the other method's columns are cleared. */
export async function upsert(db: DbOrTx, values: NewPayoutDetails): Promise<PayoutDetailsRow> {
  // The key stays as it is; every other column is replaced.
  const { userId: _key, ...set } = values;
  const [row] = await db
    .insert(p)
    .values({ ...values, createdAt: values.updatedAt })
    .onConflictDoUpdate({ target: p.userId, set })
    .returning();
  return row;
}
