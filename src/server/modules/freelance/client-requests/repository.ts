// All SQL of client requests (issue 27): the requests, their state changes, invitations and NDA acceptances.
import { now } from '#server/time.ts';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { containsPattern } from '#server/db/patterns.ts';
import type { RequestStatus } from '#shared/client-requests.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  clientRequestEvents as events,
  clientRequestInvitations as invitations,
  clientRequestNdaAcceptances as ndas,
  clientRequests as r,
  freelancers,
  profiles,
  users,
} from '#server/db/schema.ts';

export type NewRequest = Omit<typeof r.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type RequestRow = typeof r.$inferSelect;

export async function insertRequest(db: DbOrTx, values: NewRequest): Promise<RequestRow> {
  const [row] = await db.insert(r).values(values).returning();
  return row;
}

export async function updateRequest(
  db: DbOrTx,
  id: string,
  values: Omit<NewRequest, 'clientId' | 'status'>,
): Promise<void> {
  await db
    .update(r)
    .set({ ...values, updatedAt: now() })
    .where(eq(r.id, id));
}

export async function findRequest(db: DbOrTx, id: string): Promise<RequestRow | null> {
  const [row] = await db.select().from(r).where(eq(r.id, id));
  return row ?? null;
}

/** The request, locked until the transaction ends (a state change, an accept). */
export async function lockRequest(tx: DbOrTx, id: string): Promise<RequestRow | null> {
  const [row] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  return row ?? null;
}

export async function setStatus(
  tx: DbOrTx,
  id: string,
  from: RequestStatus,
  to: RequestStatus,
  actorId: string | null,
  note: string | null = null,
): Promise<void> {
  await tx.update(r).set({ status: to, updatedAt: now() }).where(eq(r.id, id));
  await tx.insert(events).values({ requestId: id, actorId, fromStatus: from, toStatus: to, note });
}

export async function insertCreatedEvent(tx: DbOrTx, id: string, actorId: string, status: RequestStatus) {
  await tx.insert(events).values({ requestId: id, actorId, fromStatus: null, toStatus: status });
}

// Written out: inside a subquery drizzle leaves the outer column unqualified, and "id" would be the proposal's.
const proposalCount = sql<number>`(
  SELECT count(*)::int FROM proposals p WHERE p.request_id = client_requests.id AND p.status <> 'withdrawn'
)`.mapWith(Number);

export async function listByClient(db: DbOrTx, clientId: string) {
  return db
    .select({
      id: r.id,
      title: r.title,
      service: r.service,
      budgetMinPaise: r.budgetMinPaise,
      budgetMaxPaise: r.budgetMaxPaise,
      deadline: r.deadline,
      status: r.status,
      ndaRequired: r.ndaRequired,
      visibility: r.visibility,
      createdAt: r.createdAt,
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
      proposalCount,
    })
    .from(r)
    .where(eq(r.clientId, clientId))
    .orderBy(desc(r.createdAt), asc(r.id))
    .limit(200);
}

/** Every request the client posted, every column it typed or sees, oldest first: its data export (issue 38). */
export async function listForExport(db: DbOrTx, clientId: string): Promise<RequestRow[]> {
  return db.select().from(r).where(eq(r.clientId, clientId)).orderBy(asc(r.createdAt), asc(r.id));
}

const adminSearch = (q: string) => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(r.title, pattern),
    ilike(r.service, pattern),
    ilike(profiles.fullName, pattern),
    ilike(users.email, pattern),
  );
};

/** A page of every client's requests matching `q` (title, client name or email, service), newest first. */
export async function pageForAdmin(db: DbOrTx, q: string, limit: number, offset: number) {
  const where = adminSearch(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: r.id,
        title: r.title,
        service: r.service,
        status: r.status,
        visibility: r.visibility,
        createdAt: r.createdAt,
        clientName: profiles.fullName,
        clientEmail: users.email,
        proposalCount,
        hiddenAt: r.hiddenAt,
        hiddenReason: r.hiddenReason,
      })
      .from(r)
      .innerJoin(users, eq(users.id, r.clientId))
      .leftJoin(profiles, eq(profiles.id, r.clientId))
      .where(where)
      .orderBy(desc(r.createdAt), asc(r.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(r)
      .innerJoin(users, eq(users.id, r.clientId))
      .leftJoin(profiles, eq(profiles.id, r.clientId))
      .where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function listInvitable(db: DbOrTx, clientId: string) {
  return db
    .select({ id: r.id, title: r.title, status: r.status })
    .from(r)
    .where(and(eq(r.clientId, clientId), inArray(r.status, ['draft', 'open']), isNull(r.hiddenAt)))
    .orderBy(desc(r.createdAt), asc(r.id))
    .limit(100);
}

export async function listInvited(db: DbOrTx, requestId: string) {
  return db
    .select({
      // The public profile's id (decision 154): the client links to /freelancers/:id, never to an account.
      freelancerId: freelancers.id,
      name: freelancers.name,
      invitedAt: invitations.createdAt,
    })
    .from(invitations)
    .innerJoin(freelancers, eq(freelancers.userId, invitations.freelancerId))
    .where(eq(invitations.requestId, requestId))
    .orderBy(asc(invitations.createdAt));
}

/** A freelancer named by its public profile's id (the id "Invite to a request" sends): its account and name. */
export async function findFreelancerByProfileId(
  db: DbOrTx,
  profileId: string,
): Promise<{ userId: string; name: string } | null> {
  const [row] = await db
    .select({ userId: freelancers.userId, name: freelancers.name })
    .from(freelancers)
    .where(eq(freelancers.id, profileId));
  return row ?? null;
}

export async function findFreelancerServices(db: DbOrTx, freelancerId: string): Promise<string[]> {
  const [row] = await db
    .select({ services: freelancers.services })
    .from(freelancers)
    .where(eq(freelancers.userId, freelancerId));
  return row?.services ?? [];
}

export async function insertInvitation(db: DbOrTx, requestId: string, freelancerId: string): Promise<void> {
  await db.insert(invitations).values({ requestId, freelancerId }).onConflictDoNothing();
}

export async function isInvited(db: DbOrTx, requestId: string, freelancerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.requestId })
    .from(invitations)
    .where(and(eq(invitations.requestId, requestId), eq(invitations.freelancerId, freelancerId)));
  return Boolean(row);
}

export async function findNdaAcceptance(db: DbOrTx, requestId: string, freelancerId: string) {
  const [row] = await db
    .select({ acceptedAt: ndas.acceptedAt })
    .from(ndas)
    .where(and(eq(ndas.requestId, requestId), eq(ndas.freelancerId, freelancerId)));
  return row ?? null;
}

export async function insertNdaAcceptance(
  db: DbOrTx,
  requestId: string,
  freelancerId: string,
  terms: string,
) {
  await db.insert(ndas).values({ requestId, freelancerId, terms }).onConflictDoNothing();
}

export async function findClientName(db: DbOrTx, clientId: string): Promise<string> {
  const [row] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, clientId));
  return row?.fullName ?? 'A client';
}

const cardColumns = {
  id: r.id,
  title: r.title,
  service: r.service,
  budgetMinPaise: r.budgetMinPaise,
  budgetMaxPaise: r.budgetMaxPaise,
  deadline: r.deadline,
  status: r.status,
  ndaRequired: r.ndaRequired,
  visibility: r.visibility,
  createdAt: r.createdAt,
  invited: sql<boolean>`${invitations.freelancerId} IS NOT NULL`.mapWith(Boolean),
};

/**
 * Open requests a freelancer may propose on: open to everyone in one of its services, or inviting it; never its
 * own. Invitations come first.
 */
export async function listOpenFor(db: DbOrTx, freelancerId: string, services: string[]) {
  const matchesService = services.length
    ? and(eq(r.visibility, 'everyone'), inArray(r.service, services as RequestRow['service'][]))
    : sql`false`;
  return db
    .select(cardColumns)
    .from(r)
    .leftJoin(invitations, and(eq(invitations.requestId, r.id), eq(invitations.freelancerId, freelancerId)))
    .where(
      and(
        eq(r.status, 'open'),
        isNull(r.hiddenAt),
        ne(r.clientId, freelancerId),
        or(matchesService, sql`${invitations.freelancerId} IS NOT NULL`),
      ),
    )
    .orderBy(desc(r.createdAt), asc(r.id))
    .limit(100);
}

/** The request cards of these ids, as a freelancer sees them (its own proposals' requests), never hidden ones. */
export async function listCards(db: DbOrTx, freelancerId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(cardColumns)
    .from(r)
    .leftJoin(invitations, and(eq(invitations.requestId, r.id), eq(invitations.freelancerId, freelancerId)))
    .where(and(inArray(r.id, ids), isNull(r.hiddenAt)));
}

/** An admin hides the request as spam with a reason, or shows it again (`null`). */
export async function setHidden(tx: DbOrTx, id: string, hidden: { reason: string } | null): Promise<void> {
  await tx
    .update(r)
    .set(
      hidden
        ? { hiddenAt: now(), hiddenReason: hidden.reason, updatedAt: now() }
        : { hiddenAt: null, hiddenReason: null, updatedAt: now() },
    )
    .where(eq(r.id, id));
}
