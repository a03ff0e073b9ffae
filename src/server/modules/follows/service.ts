// Follows (one row per learner and shark) and "Notify Me" interest in reviews (one row per learner and shark).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MyFollows } from '../../../shared/schemas/follows';
import type { Shark } from '../../../shared/schemas/sharks';
import type { DbOrTx } from '../../db/client';
import { reviewNotifyRequests, sharkFollowers, sharksWithMeta as s } from '../../db/schema';
import { getPublishedShark, sharkColumns } from '../sharks/service';

/** Upsert: following twice is still one follow. Returns false when the shark is not listed. */
export async function follow(db: DbOrTx, userId: string, sharkId: string): Promise<boolean> {
  if (!(await getPublishedShark(db, sharkId))) return false;
  await db.insert(sharkFollowers).values({ userId, sharkId }).onConflictDoNothing();
  return true;
}

/** Unfollowing what you do not follow is not an error: the end state is what the user asked for. */
export async function unfollow(db: DbOrTx, userId: string, sharkId: string): Promise<void> {
  await db.delete(sharkFollowers).where(and(eq(sharkFollowers.userId, userId), eq(sharkFollowers.sharkId, sharkId)));
}

/** Followed sharks that are still listed, the newest follow first. */
export async function listMyFollows(db: DbOrTx, userId: string): Promise<MyFollows> {
  const rows = await db
    .select(sharkColumns)
    .from(sharkFollowers)
    .innerJoin(s, eq(s.id, sharkFollowers.sharkId))
    .where(and(eq(sharkFollowers.userId, userId), eq(s.published, true)))
    .orderBy(desc(sharkFollowers.createdAt), s.name);
  return { sharkIds: rows.map((r) => r.id), sharks: rows as Shark[] };
}

/** Stores the learner's interest once. Returns null for an unlisted shark, else whether it was already stored. */
export async function requestReviewNotification(db: DbOrTx, userId: string, sharkId: string): Promise<{ alreadyRequested: boolean } | null> {
  if (!(await getPublishedShark(db, sharkId))) return null;
  const inserted = await db
    .insert(reviewNotifyRequests)
    .values({ userId, sharkId })
    .onConflictDoNothing()
    .returning({ userId: reviewNotifyRequests.userId });
  return { alreadyRequested: inserted.length === 0 };
}

export async function countReviewNotifications(db: DbOrTx, sharkId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewNotifyRequests)
    .where(eq(reviewNotifyRequests.sharkId, sharkId));
  return row.n;
}
