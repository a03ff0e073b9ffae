// All SQL of the clients' reviews of freelancers (issue 27, decision 182): the owner of engagement_reviews.
import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { engagementReviews as r, profiles } from '#server/db/schema.ts';

const viewColumns = {
  rating: r.rating,
  body: r.body,
  clientName: sql<string>`coalesce(${profiles.fullName}, 'Former client')`,
  createdAt: r.createdAt,
};

/** Inserts the review; false when the engagement already has one (the primary key decides, not a read). */
export async function insertReview(tx: DbOrTx, values: typeof r.$inferInsert): Promise<boolean> {
  const rows = await tx
    .insert(r)
    .values(values)
    .onConflictDoNothing({ target: r.engagementId })
    .returning({ id: r.engagementId });
  return rows.length > 0;
}

export async function findReview(db: DbOrTx, engagementId: string) {
  const [row] = await db
    .select(viewColumns)
    .from(r)
    .leftJoin(profiles, eq(profiles.id, r.clientId))
    .where(eq(r.engagementId, engagementId));
  return row ?? null;
}

/** A freelancer's reviews (by the freelancer's user id), newest first. */
export async function listForFreelancer(db: DbOrTx, freelancerUserId: string, limit: number) {
  return db
    .select(viewColumns)
    .from(r)
    .leftJoin(profiles, eq(profiles.id, r.clientId))
    .where(eq(r.freelancerId, freelancerUserId))
    .orderBy(desc(r.createdAt), desc(r.engagementId))
    .limit(limit);
}
