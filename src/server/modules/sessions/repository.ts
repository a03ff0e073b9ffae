// All SQL of sessions: one booking with its course and shark, its timeline, its thread, and the writes of
// the state machine (always on a row the caller has locked in its transaction).
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { SessionGroup } from '#shared/session-lists.ts';
import type { NoShowOutcome, SessionActor, SessionEventKind, SessionStatus } from '#shared/sessions.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  bookingEvents as e,
  bookingMessages as m,
  courseBookings as b,
  courses as c,
  sharks as s,
} from '#server/db/schema.ts';

export interface SessionRow {
  id: string;
  status: SessionStatus;
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  learnerTimeZone: string | null;
  hours: number;
  totalPrice: number;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  answerBy: Date | null;
  meetingLink: string | null;
  brief: Record<string, string>;
  notes: Record<string, string>;
  lateCancellation: boolean;
  proposedStartsAt: Date | null;
  proposedEndsAt: Date | null;
  proposedBy: 'learner' | 'shark' | null;
  courseId: string;
  courseTitle: string;
  cancellationHours: number;
  sharkId: string;
  sharkName: string;
  sharkUserId: string | null;
  /** An admin has ruled on its no-show report (a no_show_resolved event exists): no new report, no new ruling. */
  noShowResolved: boolean;
}

/** One session with its course and shark; `lock` takes the booking row FOR UPDATE (of the booking only). */
export async function findSession(db: DbOrTx, id: string, lock = false): Promise<SessionRow | null> {
  const q = db
    .select({
      id: b.id,
      status: b.status,
      userId: b.userId,
      name: b.name,
      email: b.email,
      phone: b.phone,
      learnerTimeZone: b.learnerTimeZone,
      hours: b.hours,
      totalPrice: b.totalPrice,
      createdAt: b.createdAt,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      timeZone: b.timeZone,
      answerBy: b.answerBy,
      meetingLink: b.meetingLink,
      brief: b.brief,
      notes: b.notes,
      lateCancellation: b.lateCancellation,
      proposedStartsAt: b.proposedStartsAt,
      proposedEndsAt: b.proposedEndsAt,
      proposedBy: b.proposedBy,
      courseId: c.id,
      courseTitle: c.title,
      cancellationHours: c.cancellationHours,
      sharkId: s.id,
      sharkName: s.name,
      sharkUserId: s.userId,
      noShowResolved: sql<boolean>`EXISTS (SELECT 1 FROM ${e} WHERE ${e.bookingId} = ${b.id}
        AND ${e.kind} = 'no_show_resolved')`.mapWith(Boolean),
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, b.sharkId))
    .where(eq(b.id, id));
  const [row] = lock ? await q.for('update', { of: b }) : await q;
  return row ?? null;
}

/** The shark of a booking, without locking: to take the shark's calendar lock before the booking's. */
export async function findSessionShark(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ sharkId: b.sharkId }).from(b).where(eq(b.id, id));
  return row?.sharkId ?? null;
}

export type BookingPatch = Partial<
  Pick<
    typeof b.$inferInsert,
    | 'status'
    | 'meetingLink'
    | 'brief'
    | 'notes'
    | 'cancelledBy'
    | 'lateCancellation'
    | 'proposedStartsAt'
    | 'proposedEndsAt'
    | 'proposedBy'
    | 'startsAt'
    | 'endsAt'
    | 'blockedUntil'
    | 'preferredDate'
    | 'preferredTime'
    | 'timeZone'
    | 'reminded24hAt'
    | 'reminded1hAt'
  >
>;

export async function updateBooking(db: DbOrTx, id: string, patch: BookingPatch): Promise<void> {
  await db.update(b).set(patch).where(eq(b.id, id));
}

export interface NewEvent {
  bookingId: string;
  at: Date;
  kind: SessionEventKind;
  actor: SessionActor;
  actorUserId: string | null;
  reason?: string | null;
  startsAt?: Date | null;
  late?: boolean;
  /** A no-show ruling's outcome (kind no_show_resolved only). */
  outcome?: NoShowOutcome | null;
}

export async function insertEvent(db: DbOrTx, event: NewEvent): Promise<void> {
  await db.insert(e).values({
    ...event,
    reason: event.reason ?? null,
    startsAt: event.startsAt ?? null,
    late: event.late ?? false,
    outcome: event.outcome ?? null,
  });
}

/** The timeline, oldest first. */
export async function listEvents(db: DbOrTx, bookingId: string) {
  return db
    .select({
      at: e.at,
      kind: e.kind,
      actor: e.actor,
      reason: e.reason,
      startsAt: e.startsAt,
      late: e.late,
      outcome: e.outcome,
    })
    .from(e)
    .where(eq(e.bookingId, bookingId))
    .orderBy(asc(e.at), asc(e.seq));
}

export async function listMessages(db: DbOrTx, bookingId: string) {
  return db
    .select({
      id: m.id,
      author: m.author,
      authorUserId: m.authorUserId,
      body: m.body,
      createdAt: m.createdAt,
    })
    .from(m)
    .where(eq(m.bookingId, bookingId))
    .orderBy(asc(m.createdAt), asc(m.id));
}

export async function insertMessage(
  db: DbOrTx,
  msg: {
    bookingId: string;
    author: 'learner' | 'shark';
    authorUserId: string;
    body: string;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(m).values(msg).returning({ id: m.id, createdAt: m.createdAt });
  return row;
}

/** Requests whose answer-by has passed (the expiry job's work list), oldest first. */
export async function listDueRequests(db: DbOrTx, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.status, 'requested'), lte(sql`coalesce(${b.answerBy}, ${b.startsAt})`, at)))
    .orderBy(asc(b.answerBy))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Confirmed sessions that have ended (the completion job's work list), oldest first. */
export async function listEndedSessions(db: DbOrTx, at: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.status, 'confirmed'), lte(b.endsAt, at)))
    .orderBy(asc(b.endsAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The groups of decision 056 as SQL, for one viewer at `at`, matching `needsAction` of lifecycle.ts row for
 * row (the lists' tests hold them together): so a list reads one group with LIMIT from an index instead of
 * every booking. Upcoming = requested or confirmed with the start ahead and nothing to answer; past = the rest.
 */
export function sessionGroupWhere(viewer: 'learner' | 'shark', at: Date): Record<SessionGroup, SQL> {
  const t = sql`${at.toISOString()}::timestamptz`;
  const ahead = sql`${b.startsAt} > ${t}`;
  const proposedByOther = sql`(${b.status} = 'confirmed' AND ${b.proposedBy} IS NOT NULL AND ${b.proposedBy} <> ${viewer})`;
  const needs =
    viewer === 'shark'
      ? sql`(${ahead} AND ((${b.status} = 'requested' AND (${b.answerBy} IS NULL OR ${b.answerBy} > ${t})) OR ${proposedByOther}))`
      : sql`(${ahead} AND ${proposedByOther})`;
  const coming = sql`(${b.status} IN ('requested', 'confirmed') AND ${ahead})`;
  return {
    needsAction: needs,
    upcoming: sql`(${coming} AND NOT ${needs})`,
    past: sql`(NOT ${coming})`,
  };
}

/** Coming groups soonest first, the past most recent first; the id breaks ties so pages never overlap. */
export const sessionGroupOrder = (group: SessionGroup): SQL[] =>
  group === 'past' ? [desc(b.startsAt), asc(b.id)] : [asc(b.startsAt), asc(b.id)];

/** Each group's total for the bookings `owner` selects (a learner's or a shark's), in one pass. */
export async function countSessionGroups(
  db: DbOrTx,
  owner: SQL,
  viewer: 'learner' | 'shark',
  at: Date,
): Promise<Record<SessionGroup, number>> {
  const w = sessionGroupWhere(viewer, at);
  const [row] = await db
    .select({
      needsAction: sql<number>`count(*) FILTER (WHERE ${w.needsAction})`.mapWith(Number),
      upcoming: sql<number>`count(*) FILTER (WHERE ${w.upcoming})`.mapWith(Number),
      past: sql<number>`count(*) FILTER (WHERE ${w.past})`.mapWith(Number),
    })
    .from(b)
    .where(owner);
  return row;
}
