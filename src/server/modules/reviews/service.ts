// Reviews of sharks. Until learners can write them, a learner can ask to be told when the first arrive
// ("Notify Me" on a shark's reviews tab), once per shark.
import type { DbOrTx } from '#server/db/client.ts';
import { getPublishedShark } from '#server/modules/sharks/service.ts';
import { insertNotifyRequest } from './repository';

/** Stores the learner's interest once. Returns null for an unlisted shark, else whether it was already stored. */
export async function requestReviewNotification(
  db: DbOrTx,
  userId: string,
  sharkId: string,
): Promise<{ alreadyRequested: boolean } | null> {
  if (!(await getPublishedShark(db, sharkId))) return null;
  return { alreadyRequested: !(await insertNotifyRequest(db, userId, sharkId)) };
}
