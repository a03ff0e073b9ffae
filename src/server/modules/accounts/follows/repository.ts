// All SQL of follows: one row per learner and followed shark.
import { and, desc, eq } from 'drizzle-orm';
import type { Shark } from '#shared/catalogue.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { sharkCardColumns } from '#server/db/projections.ts';
import { sharkFollowers, sharksWithMeta as s } from '#server/db/schema.ts';

export async function insertFollow(db: DbOrTx, userId: string, sharkId: string): Promise<void> {
  await db.insert(sharkFollowers).values({ userId, sharkId }).onConflictDoNothing();
}

export async function deleteFollow(db: DbOrTx, userId: string, sharkId: string): Promise<void> {
  await db
    .delete(sharkFollowers)
    .where(and(eq(sharkFollowers.userId, userId), eq(sharkFollowers.sharkId, sharkId)));
}

/** The learner's followed sharks that are still published, the newest follow first. */
export async function listFollowedSharks(db: DbOrTx, userId: string): Promise<Shark[]> {
  return db
    .select(sharkCardColumns)
    .from(sharkFollowers)
    .innerJoin(s, eq(s.id, sharkFollowers.sharkId))
    .where(and(eq(sharkFollowers.userId, userId), eq(s.published, true)))
    .orderBy(desc(sharkFollowers.createdAt), s.name);
}
