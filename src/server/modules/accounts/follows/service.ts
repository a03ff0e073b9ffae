// Follows: one row per learner and shark; only published sharks can be followed and are listed.
import type { MyFollows } from '#shared/follows.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { getPublishedShark } from '#server/modules/catalogue/listings/service.ts';
import { deleteFollow, insertFollow, listFollowedSharks } from './repository';

/** Upsert: following twice is still one follow. Returns false when the shark is not listed. */
export async function follow(db: DbOrTx, userId: string, sharkId: string): Promise<boolean> {
  if (!(await getPublishedShark(db, sharkId))) return false;
  await insertFollow(db, userId, sharkId);
  return true;
}

/** Unfollowing what you do not follow is not an error: the end state is what the user asked for. */
export const unfollow = (db: DbOrTx, userId: string, sharkId: string) => deleteFollow(db, userId, sharkId);

/** Followed sharks that are still listed, the newest follow first. */
export async function listMyFollows(db: DbOrTx, userId: string): Promise<MyFollows> {
  const sharks = await listFollowedSharks(db, userId);
  return { sharkIds: sharks.map((r) => r.id), sharks };
}
