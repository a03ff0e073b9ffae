// All SQL of engagements (issue 27, decision 169): the engagement, its milestones and its timeline (its thread is
// the conversations module's: decision 212).
import { now } from '#server/time.ts';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { EngagementEventKind, EngagementStatus } from '#shared/engagements.ts';
import { containsPattern } from '#server/db/patterns.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  engagementEvents as ev,
  engagementMilestones as ms,
  engagements as e,
  freelancers,
  profiles,
  users,
} from '#server/db/schema.ts';

export type EngagementRow = typeof e.$inferSelect;
export type MilestoneRow = typeof ms.$inferSelect;

export async function insertEngagement(tx: DbOrTx, values: typeof e.$inferInsert): Promise<EngagementRow> {
  const [row] = await tx.insert(e).values(values).returning();
  return row;
}

export async function insertMilestones(
  tx: DbOrTx,
  engagementId: string,
  list: { title: string; amountPaise: number }[],
): Promise<void> {
  await tx
    .insert(ms)
    .values(
      list.map((m, i) => ({ engagementId, position: i + 1, title: m.title, amountPaise: m.amountPaise })),
    );
}

export async function findEngagement(db: DbOrTx, id: string, lock = false): Promise<EngagementRow | null> {
  const q = db.select().from(e).where(eq(e.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function setRoe(tx: DbOrTx, id: string, actorId: string, terms: string, at: Date) {
  await tx
    .update(e)
    .set({ roeTerms: terms, roeAcknowledgedAt: at, roeAcknowledgedBy: actorId, updatedAt: now() })
    .where(eq(e.id, id));
}

export async function listMilestones(db: DbOrTx, engagementId: string): Promise<MilestoneRow[]> {
  return db.select().from(ms).where(eq(ms.engagementId, engagementId)).orderBy(asc(ms.position));
}

export async function insertEvent(
  tx: DbOrTx,
  event: {
    engagementId: string;
    actorId: string | null;
    kind: EngagementEventKind;
    milestoneId?: string | null;
    note?: string | null;
    at?: Date;
  },
) {
  await tx.insert(ev).values({
    engagementId: event.engagementId,
    actorId: event.actorId,
    kind: event.kind,
    milestoneId: event.milestoneId ?? null,
    note: event.note ?? null,
    ...(event.at ? { createdAt: event.at } : {}),
  });
}

export async function listEvents(db: DbOrTx, engagementId: string) {
  return (
    db
      .select({
        id: ev.id,
        kind: ev.kind,
        actorName: profiles.fullName,
        milestoneTitle: ms.title,
        note: ev.note,
        createdAt: ev.createdAt,
      })
      .from(ev)
      .leftJoin(profiles, eq(profiles.id, ev.actorId))
      .leftJoin(ms, eq(ms.id, ev.milestoneId))
      .where(eq(ev.engagementId, engagementId))
      // Events of one transaction share an instant: the order of writing puts a completion after its cause.
      .orderBy(asc(ev.createdAt), asc(ev.seq))
      .limit(1000)
  );
}

// ---- The account's data export (issue 38) ----------------------------------------------------------------------

/** Every engagement the account is a party to, oldest first, without a page limit. */
export async function listForExport(db: DbOrTx, userId: string): Promise<EngagementRow[]> {
  return db
    .select()
    .from(e)
    .where(or(eq(e.clientId, userId), eq(e.freelancerId, userId)))
    .orderBy(asc(e.createdAt), asc(e.id));
}

/** The milestones of these engagements, in order. */
export async function listMilestonesOf(db: DbOrTx, engagementIds: string[]): Promise<MilestoneRow[]> {
  if (!engagementIds.length) return [];
  return db
    .select()
    .from(ms)
    .where(inArray(ms.engagementId, engagementIds))
    .orderBy(asc(ms.engagementId), asc(ms.position));
}

/** Display names: a freelancer's profile name first, then the account's full name. */
export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      name: sql<string>`coalesce(${freelancers.name}, ${profiles.fullName}, 'Member')`,
    })
    .from(profiles)
    .leftJoin(freelancers, eq(freelancers.userId, profiles.id))
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The engagements a user is a party to, newest first, with their milestones' progress. */
export async function listForUser(db: DbOrTx, userId: string, onlyAsFreelancer = false) {
  const rows = await db
    .select()
    .from(e)
    .where(
      onlyAsFreelancer ? eq(e.freelancerId, userId) : or(eq(e.clientId, userId), eq(e.freelancerId, userId)),
    )
    .orderBy(desc(e.createdAt), asc(e.id))
    .limit(200);
  if (!rows.length) return [];
  const counts = await db
    .select({
      engagementId: ms.engagementId,
      total: sql<number>`count(*)::int`,
      approved: sql<number>`(count(*) filter (where ${ms.status} = 'approved'))::int`,
    })
    .from(ms)
    .where(
      inArray(
        ms.engagementId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(ms.engagementId);
  const byId = new Map(counts.map((c) => [c.engagementId, c]));
  return rows.map((row) => ({
    row,
    approved: byId.get(row.id)?.approved ?? 0,
    total: byId.get(row.id)?.total ?? 0,
  }));
}

// ---- Milestones' life (decisions 176-179) -------------------------------------------------------------------

/** One milestone of one engagement (both ids must match: another engagement's milestone is not found). */
export async function findMilestone(
  db: DbOrTx,
  engagementId: string,
  milestoneId: string,
  lock = false,
): Promise<MilestoneRow | null> {
  const q = db
    .select()
    .from(ms)
    .where(and(eq(ms.engagementId, engagementId), eq(ms.id, milestoneId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findMilestoneById(db: DbOrTx, milestoneId: string, lock = false) {
  const q = db.select().from(ms).where(eq(ms.id, milestoneId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateMilestone(
  tx: DbOrTx,
  id: string,
  patch: Partial<Omit<MilestoneRow, 'id' | 'engagementId' | 'position' | 'title' | 'amountPaise'>>,
) {
  await tx
    .update(ms)
    .set({ ...patch, updatedAt: now() })
    .where(eq(ms.id, id));
}

export async function setEngagementStatus(tx: DbOrTx, id: string, status: EngagementRow['status']) {
  await tx.update(e).set({ status, updatedAt: now() }).where(eq(e.id, id));
}

/** Delivered milestones whose 14 days ran out by `at`, oldest first (the clock approves each). */
export async function listDueAutoApprovals(db: DbOrTx, at: Date, limit: number) {
  return db
    .select({ id: ms.id, engagementId: ms.engagementId })
    .from(ms)
    .where(and(eq(ms.status, 'delivered'), lte(ms.autoApproveAt, at)))
    .orderBy(asc(ms.autoApproveAt))
    .limit(limit);
}

/** One page of disputed milestones, the oldest dispute first, with the count of them all. */
export async function listDisputePage(db: DbOrTx, page: { limit: number; offset: number }) {
  const client = alias(profiles, 'client_profile');
  return db
    .select({
      milestoneId: ms.id,
      engagementId: e.id,
      engagementTitle: e.title,
      milestoneTitle: ms.title,
      amountPaise: ms.amountPaise,
      clientId: e.clientId,
      freelancerId: e.freelancerId,
      clientName: sql<string>`coalesce(${client.fullName}, 'Client')`,
      reason: sql<string>`coalesce(${ms.disputeNote}, '')`,
      openedAt: ms.updatedAt,
      total: sql<string>`count(*) over ()`,
    })
    .from(ms)
    .innerJoin(e, eq(e.id, ms.engagementId))
    .leftJoin(client, eq(client.id, e.clientId))
    .where(eq(ms.status, 'disputed'))
    .orderBy(asc(ms.updatedAt), asc(ms.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDisputes(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ms)
    .where(eq(ms.status, 'disputed'));
  return Number(row.n);
}

export async function milestonesByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: ms.id, status: ms.status, autoApproveAt: ms.autoApproveAt })
    .from(ms)
    .where(inArray(ms.id, ids));
}

/** Contact and zone of a user, for mails and the checkout's prefill. */
export async function contactOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

const adminClient = alias(profiles, 'client_profile');
const clientUser = alias(users, 'client_user');
const freelancerUser = alias(users, 'freelancer_user');
const freelancerProfile = alias(profiles, 'freelancer_profile');
const freelancerName = sql<string>`coalesce(${freelancers.name}, ${freelancerProfile.fullName}, 'Freelancer')`;

/** Milestones of the row's engagement (with this status); written out, as drizzle leaves the outer column bare. */
const milestoneCount = (status?: 'approved' | 'disputed') =>
  sql<number>`(SELECT count(*)::int FROM engagement_milestones m WHERE m.engagement_id = engagements.id${
    status ? sql` AND m.status = ${status}` : sql``
  })`.mapWith(Number);

/** The engagement's two parties: the client's account and profile, the freelancer's account, profile and card. */
const withParties = <T extends PgSelect>(q: T) =>
  q
    .innerJoin(clientUser, eq(clientUser.id, e.clientId))
    .leftJoin(adminClient, eq(adminClient.id, e.clientId))
    .innerJoin(freelancerUser, eq(freelancerUser.id, e.freelancerId))
    .leftJoin(freelancerProfile, eq(freelancerProfile.id, e.freelancerId))
    .leftJoin(freelancers, eq(freelancers.userId, e.freelancerId));

/**
 * A page of every engagement matching `q` (title, the client's or the freelancer's name or email) and `status`,
 * newest first, with its parties and its milestones' progress.
 */
export async function pageForAdmin(
  db: DbOrTx,
  filter: { q: string; status?: EngagementStatus },
  limit: number,
  offset: number,
) {
  const pattern = containsPattern(filter.q);
  const where = and(
    filter.status ? eq(e.status, filter.status) : undefined,
    filter.q
      ? or(
          ilike(e.title, pattern),
          ilike(adminClient.fullName, pattern),
          ilike(clientUser.email, pattern),
          sql`${freelancerName} ILIKE ${pattern}`,
          ilike(freelancerUser.email, pattern),
        )
      : undefined,
  );
  const rows = withParties(
    db
      .select({
        id: e.id,
        title: e.title,
        service: e.service,
        status: e.status,
        pricePaise: e.pricePaise,
        createdAt: e.createdAt,
        clientName: sql<string>`coalesce(${adminClient.fullName}, 'Client')`,
        clientEmail: clientUser.email,
        freelancerName,
        freelancerEmail: freelancerUser.email,
        milestones: milestoneCount(),
        approved: milestoneCount('approved'),
        disputed: milestoneCount('disputed'),
      })
      .from(e)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(e.createdAt), asc(e.id))
    .limit(limit)
    .offset(offset);
  const totals = withParties(db.select({ total: count() }).from(e).$dynamic()).where(where);
  const [items, [{ total }]] = await Promise.all([rows, totals]);
  return { rows: items, total: Number(total) };
}

/** How many engagements the account is a party to (client or freelancer), and how many are still active. */
export async function countEngagementsOfAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) FILTER (WHERE ${e.status} = 'active')::int`,
    })
    .from(e)
    .where(or(eq(e.clientId, userId), eq(e.freelancerId, userId)));
  return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
}
