// All SQL of proposals (issue 27): proposals and the freelancer cards the client compares (their thread is the
// conversations module's: decision 212).
import { now } from '#server/time.ts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ProposalData, ProposalStatus } from '#shared/proposals.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { freelancers, proposals as p, profiles, sharkCredentials, users } from '#server/db/schema.ts';

export type ProposalRow = typeof p.$inferSelect;

export async function insertProposal(
  db: DbOrTx,
  requestId: string,
  freelancerId: string,
  input: ProposalData,
): Promise<ProposalRow | null> {
  // The unique index decides between two racing first proposals: the second inserts nothing.
  const [row] = await db
    .insert(p)
    .values({ requestId, freelancerId, ...input })
    .onConflictDoNothing({ target: [p.requestId, p.freelancerId] })
    .returning();
  return row ?? null;
}

export async function updateProposal(db: DbOrTx, id: string, input: ProposalData): Promise<void> {
  await db
    .update(p)
    .set({ ...input, updatedAt: now() })
    .where(eq(p.id, id));
}

export async function findProposal(db: DbOrTx, id: string): Promise<ProposalRow | null> {
  const [row] = await db.select().from(p).where(eq(p.id, id));
  return row ?? null;
}

export async function lockProposal(tx: DbOrTx, id: string): Promise<ProposalRow | null> {
  const [row] = await tx.select().from(p).where(eq(p.id, id)).for('update');
  return row ?? null;
}

export async function findByRequestAndFreelancer(db: DbOrTx, requestId: string, freelancerId: string) {
  const [row] = await db
    .select()
    .from(p)
    .where(and(eq(p.requestId, requestId), eq(p.freelancerId, freelancerId)));
  return row ?? null;
}

export async function setStatus(db: DbOrTx, id: string, status: ProposalStatus): Promise<void> {
  await db
    .update(p)
    .set({
      status,
      updatedAt: now(),
      ...(status === 'shortlisted' ? { shortlistedAt: now() } : {}),
      ...(status === 'accepted' || status === 'not_chosen' ? { decidedAt: now() } : {}),
    })
    .where(eq(p.id, id));
}

/** Marks every other live proposal of the request not chosen; returns their freelancers' emails. */
export async function declineOthers(tx: DbOrTx, requestId: string, acceptedId: string) {
  return tx
    .update(p)
    .set({ status: 'not_chosen', decidedAt: now(), updatedAt: now() })
    .where(
      and(eq(p.requestId, requestId), ne(p.id, acceptedId), inArray(p.status, ['submitted', 'shortlisted'])),
    )
    .returning({ id: p.id, freelancerId: p.freelancerId });
}

export async function emailsOf(db: DbOrTx, userIds: string[]) {
  if (!userIds.length) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, userIds));
}

export async function listByFreelancer(db: DbOrTx, freelancerId: string) {
  return db
    .select()
    .from(p)
    .where(eq(p.freelancerId, freelancerId))
    .orderBy(desc(p.createdAt), asc(p.id))
    .limit(200);
}

/** Every proposal the freelancer wrote, oldest first, without a page limit: its data export (issue 38). */
export async function listForExport(db: DbOrTx, freelancerId: string): Promise<ProposalRow[]> {
  return db.select().from(p).where(eq(p.freelancerId, freelancerId)).orderBy(asc(p.createdAt), asc(p.id));
}

export async function listForRequest(db: DbOrTx, requestId: string) {
  return db
    .select()
    .from(p)
    .where(and(eq(p.requestId, requestId), ne(p.status, 'withdrawn')))
    .orderBy(asc(p.pricePaise), asc(p.createdAt), asc(p.id));
}

/**
 * The one read of what a client compares about freelancers: name, headline and verified credentials from the
 * freelancer's profile (credentials are verified by admins as sharks' are, decision 155). The rating comes from
 * the freelancers service (engagement reviews, decision 182); a freelancer without reviews shows "New".
 */
export async function freelancerCards(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({
      freelancerId: users.id,
      name: sql<string>`coalesce(${freelancers.name}, ${profiles.fullName}, 'Freelancer')`,
      headline: sql<string>`coalesce(${freelancers.headline}, '')`,
      verifiedCredentials: sql<number>`(SELECT count(*)::int FROM ${sharkCredentials} WHERE ${sharkCredentials.freelancerId} = ${freelancers.id} AND ${sharkCredentials.status} = 'verified')`,
    })
    .from(users)
    .leftJoin(freelancers, eq(freelancers.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
}
