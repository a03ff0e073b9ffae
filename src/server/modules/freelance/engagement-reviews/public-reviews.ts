// A freelancer's verified reviews as its public profile shows them (decision 182). app.ts hands this reader to the
// freelancers' routes: that module never imports this one, which reaches engagements, which reach the
// freelancers' for payees (no cycle of modules, decision 209).
import type { EngagementReview } from '#shared/engagement-reviews.ts';
import type { DbOrTx } from '#server/db/client.ts';
import * as repo from './repository';

/** The most reviews a public profile shows. */
const PROFILE_REVIEWS = 50;

type Row = NonNullable<Awaited<ReturnType<typeof repo.findReview>>>;
export const toReviewView = (row: Row): EngagementReview => ({
  rating: row.rating,
  body: row.body,
  clientName: row.clientName,
  createdAt: row.createdAt.toISOString(),
});

/** A freelancer's verified reviews for its public profile, by the freelancer's user id, newest first. */
export async function freelancerReviews(db: DbOrTx, freelancerUserId: string): Promise<EngagementReview[]> {
  return (await repo.listForFreelancer(db, freelancerUserId, PROFILE_REVIEWS)).map(toReviewView);
}
