// All SQL of reviews: for now the "Notify Me" interest, one row per learner and shark.
import type { DbOrTx } from '#server/db/client.ts';
import { reviewNotifyRequests } from '#server/db/schema.ts';

/** True when the row was new, false when the learner had already asked. */
export async function insertNotifyRequest(db: DbOrTx, userId: string, sharkId: string): Promise<boolean> {
  const inserted = await db
    .insert(reviewNotifyRequests)
    .values({ userId, sharkId })
    .onConflictDoNothing()
    .returning({ userId: reviewNotifyRequests.userId });
  return inserted.length > 0;
}
