// The client's review of the freelancer (issue 27, decision 182): only the client of a completed engagement,
// once; written with its timeline event in one transaction. The directory's rating is computed from these rows
// (freelancers' repository), so the count and the average can never drift from the reviews.
import { ENGAGEMENT_REVIEW_MSG, type EngagementReviewInput } from '#shared/engagement-reviews.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, forbidden } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import { access, asParty, recordEvent } from '#server/modules/freelance/engagements/service.ts';
import { toReviewView } from './public-reviews';

import * as repo from './repository';

export async function submitReview(
  db: Db,
  auth: AuthContext,
  engagementId: string,
  input: EngagementReviewInput,
) {
  await db.transaction(async (tx) => {
    // Locked: the review and the engagement's state are read and written as one.
    const { row, side } = await asParty(tx, auth, engagementId, true);
    if (side !== 'client') throw forbidden(ENGAGEMENT_REVIEW_MSG.clientOnly);
    if (row.status !== 'completed') throw conflict(ENGAGEMENT_REVIEW_MSG.notCompleted);
    const at = now();
    const inserted = await repo.insertReview(tx, {
      engagementId,
      clientId: row.clientId,
      freelancerId: row.freelancerId,
      rating: Number(input.rating),
      body: input.body.trim(),
      createdAt: at,
    });
    if (!inserted) throw conflict(ENGAGEMENT_REVIEW_MSG.alreadyReviewed, ERROR_CODE.alreadyReviewed);
    await recordEvent(tx, { engagementId, actorId: auth.user.id, kind: 'reviewed', at });
  });
}

/** The engagement's review for its parties and admins (404 to anyone else), or null before it is written. */
export async function getReview(db: DbOrTx, auth: AuthContext, engagementId: string) {
  await access(db, auth, engagementId);
  const row = await repo.findReview(db, engagementId);
  return row ? toReviewView(row) : null;
}
