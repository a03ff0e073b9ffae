// All SQL of a session (decision 100): the tables course_bookings and booking_events are read and written here and
// nowhere else (its thread, booking_messages, is the conversations module's: decision 212). One booking with its
// course and shark, its timeline, the writes of the state machine (always on a row the caller has locked in its
// transaction), the booking's priced insert, the lists by viewer and group, the busy times availability reads, the
// mail clocks' claims, and the figures dashboards, admins, reviews and the data export read.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { sessionSlot } from '#shared/session-slot.ts';
import type { SessionGroup } from '#shared/session-lists.ts';
import {
  ACTIVE_STATUSES,
  CLOSED_STATUSES,
  type NoShowOutcome,
  type SessionActor,
  type SessionEventKind,
  type SessionStatus,
} from '#shared/sessions.ts';
import type { BookingStatusFilter } from '#shared/admin.ts';
import { type DbOrTx, queryRows } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { prepared } from '#server/db/prepared.ts';
import { isPublicShark } from '#server/db/projections.ts';
import { now } from '#server/time.ts';
import {
  bookingEvents as e,
  checkoutHolds as h,
  courseBookings as b,
  courses as c,
  reviewInvitations,
  reviews,
  profiles,
  SESSION_DUE_AT,
  sessionCounters,
  sharks as s,
  sharkSlotsVersions as sv,
  users,
} from '#server/db/schema.ts';

/** The one "active" rule: a requested or confirmed session holds its time (the exclusion constraint's WHERE). */
const isActive = inArray(b.status, [...ACTIVE_STATUSES]);
/** A session that will not take place (declined, expired, cancelled): the lists' "Cancelled" group. */
const isClosed = inArray(b.status, [...CLOSED_STATUSES]);

/** Who a list or a count is about: a learner's own sessions, or a shark's. */
export type SessionOwner = { userId: string } | { sharkId: string };
const ownedBy = (owner: SessionOwner): SQL =>
  'userId' in owner ? eq(b.userId, owner.userId) : eq(b.sharkId, owner.sharkId);

/**
 * Whether the booking has its learner's review (one a booking, the reviews module's row). A scalar subquery, read
 * by the unique index for each row returned: PostgreSQL plans an EXISTS over many rows as a hash of every review,
 * which a page of three paid for with the whole table (issue 28).
 */
const hasReview =
  sql<boolean>`coalesce((SELECT true FROM ${reviews} WHERE ${reviews.bookingId} = ${b.id}), false)`.mapWith(
    Boolean,
  );

/** The columns of a booking as both sides see it: the learner's list and the shark's enrollments. */
const bookingColumns = {
  id: b.id,
  courseId: b.courseId,
  name: b.name,
  email: b.email,
  phone: b.phone,
  hours: b.hours,
  preferredDate: b.preferredDate,
  preferredTime: b.preferredTime,
  totalPricePaise: b.totalPricePaise,
  createdAt: b.createdAt,
};

/**
 * The columns of a booking in the shark's lists: without the learner's email and phone, which only the session
 * page shows, and only once the session has been confirmed (issue 43).
 */
const { email: _email, phone: _phone, ...sharkListColumns } = bookingColumns;

export interface SessionRow {
  id: string;
  status: SessionStatus;
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  learnerTimeZone: string | null;
  hours: number;
  totalPricePaise: number;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  answerBy: Date | null;
  meetingLink: string | null;
  brief: Record<string, string>;
  notes: Record<string, string>;
  lateCancellation: boolean;
  /** Who cancelled a cancelled session. */
  cancelledBy: 'learner' | 'shark' | 'admin' | null;
  proposedStartsAt: Date | null;
  proposedEndsAt: Date | null;
  proposedBy: 'learner' | 'shark' | null;
  courseId: string;
  courseTitle: string;
  /** The booking's window and late refund (percent): the course's terms when it was booked. */
  cancellationHours: number;
  lateCancellationRefund: number;
  sharkId: string;
  sharkName: string;
  sharkUserId: string | null;
  /** Who reported the no-show (the side that says the other did not come), if one was reported. */
  noShowReportedBy: 'learner' | 'shark' | null;
  /** An admin has ruled on its no-show report (a no_show_resolved event exists): no new report, no new ruling. */
  noShowResolved: boolean;
  /** Its learner has reviewed it. */
  reviewed: boolean;
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
      totalPricePaise: b.totalPricePaise,
      createdAt: b.createdAt,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      timeZone: b.timeZone,
      answerBy: b.answerBy,
      meetingLink: b.meetingLink,
      brief: b.brief,
      notes: b.notes,
      lateCancellation: b.lateCancellation,
      cancelledBy: b.cancelledBy,
      proposedStartsAt: b.proposedStartsAt,
      proposedEndsAt: b.proposedEndsAt,
      proposedBy: b.proposedBy,
      courseId: c.id,
      courseTitle: c.title,
      cancellationHours: b.cancellationHours,
      lateCancellationRefund: b.lateCancellationRefund,
      sharkId: s.id,
      sharkName: s.name,
      sharkUserId: s.userId,
      noShowReportedBy: sql<
        'learner' | 'shark' | null
      >`(SELECT ${e.actor} FROM ${e} WHERE ${e.bookingId} = ${b.id}
        AND ${e.kind} = 'no_show' ORDER BY ${e.seq} DESC LIMIT 1)`,
      noShowResolved: sql<boolean>`EXISTS (SELECT 1 FROM ${e} WHERE ${e.bookingId} = ${b.id}
        AND ${e.kind} = 'no_show_resolved')`.mapWith(Boolean),
      /** Its learner reviewed it (hidden reviews count: the learner edits them, not a second one). */
      reviewed: hasReview,
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

// ---- Shares: a completed session's share waits for the end of its no-show window ---------------------

/** A completed session still holding its share back: no no-show report (the status), no release yet. */
const shareWaiting = and(eq(b.status, 'completed'), isNull(b.shareReleasedAt))!;

/**
 * Completed sessions whose no-show window ended by `windowEndedBy` (their end is at or before it) with the
 * share still held back: the clock's work list, oldest first, read from a partial index of only such rows.
 */
export async function listSharesDue(db: DbOrTx, windowEndedBy: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: b.id })
    .from(b)
    .where(and(shareWaiting, lte(b.endsAt, windowEndedBy)))
    .orderBy(asc(b.endsAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Marks a due share released (in the transaction that posts it); false when it is no longer due (a no-show was
 * reported, or it was released) or when another server is claiming it right now: that one posts it.
 */
export async function claimShareDue(db: DbOrTx, id: string, windowEndedBy: Date, at: Date): Promise<boolean> {
  const free = sql`${b.id} = (SELECT cb.id FROM course_bookings cb WHERE cb.id = ${id} FOR UPDATE SKIP LOCKED)`;
  const rows = await db
    .update(b)
    .set({ shareReleasedAt: at })
    .where(and(eq(b.id, id), free, shareWaiting, lte(b.endsAt, windowEndedBy)))
    .returning({ id: b.id });
  return rows.length > 0;
}

/** Marks the share released now (a ruling, a late cancellation), on a row the caller has locked; once. */
export async function markShareReleased(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(b)
    .set({ shareReleasedAt: at })
    .where(and(eq(b.id, id), isNull(b.shareReleasedAt)));
}

/** A shark's completed sessions whose share still waits for the end of their window (a few days' worth). */
export async function listSharesWaiting(db: DbOrTx, sharkId: string): Promise<string[]> {
  const rows = await db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.sharkId, sharkId), shareWaiting));
  return rows.map((r) => r.id);
}

/**
 * The groups of decision 056 as SQL, for one viewer at `at`, matching `needsAction` of lifecycle.ts row for
 * row (the lists' tests hold them together): so a list reads one group with LIMIT from an index instead of
 * every booking. Upcoming = requested or confirmed with the start ahead and nothing to answer; cancelled =
 * declined, expired or cancelled, whenever it was due (issue 43); past = the rest.
 */
function sessionGroupWhere(viewer: 'learner' | 'shark', at: Date): Record<SessionGroup, SQL> {
  const t = sql`${at.toISOString()}::timestamptz`;
  const ahead = sql`${b.startsAt} > ${t}`;
  const proposedByOther = sql`(${b.status} = 'confirmed' AND ${b.proposedBy} IS NOT NULL AND ${b.proposedBy} <> ${viewer})`;
  const needs =
    viewer === 'shark'
      ? sql`(${ahead} AND ((${b.status} = 'requested' AND (${b.answerBy} IS NULL OR ${b.answerBy} > ${t})) OR ${proposedByOther}))`
      : sql`(${ahead} AND ${proposedByOther})`;
  const coming = sql`(${isActive} AND ${ahead})`;
  return {
    needsAction: needs,
    upcoming: sql`(${coming} AND NOT ${needs})`,
    past: sql`(NOT ${coming} AND NOT ${isClosed})`,
    cancelled: isClosed,
  };
}

/**
 * Coming groups soonest first, the past and the cancelled most recent first; the id breaks ties so pages never
 * overlap.
 */
const sessionGroupOrder = (group: SessionGroup): SQL[] =>
  group === 'past' || group === 'cancelled' ? [desc(b.startsAt), asc(b.id)] : [asc(b.startsAt), asc(b.id)];

/** An owner's sessions counted at `at`: the lists' groups, the tiles' figures (decision 198). */
export interface SessionCounts {
  groups: Record<SessionGroup, number>;
  /** Confirmed sessions starting after `at` (the spec's "upcoming"). */
  confirmedAhead: number;
  requested: number;
  completed: number;
  cancelledByShark: number;
  /** Neither declined, expired nor cancelled, and their prices' sum. */
  kept: number;
  keptPricePaise: number;
  total: number;
}

interface SessionCountsRow extends Record<string, unknown> {
  requested: number;
  confirmed: number;
  proposed_by_learner: number;
  proposed_by_shark: number;
  completed: number;
  cancelled_by_shark: number;
  kept: number;
  kept_price_paise: string;
  total: number;
  due_needs: number;
  due_upcoming: number;
  due_confirmed_ahead: number;
  due_requested: number;
  due_confirmed: number;
  due_proposed_by_learner: number;
  due_proposed_by_shark: number;
}

/**
 * One statement: the owner's row of session_counters (kept by the bookings' trigger, by status alone) and the
 * few open sessions the clock is due to move (started, or a request past its answer-by: the due index), placed
 * in their groups at `at` exactly as the lists place them. `extra` adds columns to the same row.
 */
function sessionCountsQuery(owner: SessionOwner, at: Date, extra: SQL = sql``): SQL {
  const viewer = 'userId' in owner ? 'learner' : 'shark';
  const ownerId = 'userId' in owner ? owner.userId : owner.sharkId;
  const w = sessionGroupWhere(viewer, at);
  const t = sql`${at.toISOString()}::timestamptz`;
  return sql`SELECT
      coalesce(c.requested, 0) AS requested, coalesce(c.confirmed, 0) AS confirmed,
      coalesce(c.proposed_by_learner, 0) AS proposed_by_learner,
      coalesce(c.proposed_by_shark, 0) AS proposed_by_shark, coalesce(c.completed, 0) AS completed,
      coalesce(c.cancelled_by_shark, 0) AS cancelled_by_shark, coalesce(c.kept, 0) AS kept,
      coalesce(c.kept_price_paise, 0)::text AS kept_price_paise, coalesce(c.total, 0) AS total, d.* ${extra}
    FROM (SELECT 1) one
    LEFT JOIN ${sessionCounters} c ON c.owner_kind = ${viewer} AND c.owner_id = ${ownerId}
    CROSS JOIN (
      SELECT count(*) FILTER (WHERE ${w.needsAction})::int AS due_needs,
             count(*) FILTER (WHERE ${w.upcoming})::int AS due_upcoming,
             count(*) FILTER (WHERE ${b.status} = 'confirmed' AND ${b.startsAt} > ${t})::int AS due_confirmed_ahead,
             count(*) FILTER (WHERE ${b.status} = 'requested')::int AS due_requested,
             count(*) FILTER (WHERE ${b.status} = 'confirmed')::int AS due_confirmed,
             count(*) FILTER (WHERE ${b.status} = 'confirmed' AND ${b.proposedBy} = 'learner')::int AS due_proposed_by_learner,
             count(*) FILTER (WHERE ${b.status} = 'confirmed' AND ${b.proposedBy} = 'shark')::int AS due_proposed_by_shark
      FROM ${b}
      WHERE ${ownedBy(owner)} AND ${isActive} AND (${SESSION_DUE_AT}) <= ${t}
    ) d`;
}

/**
 * The counts from the row: by status, every open session is ahead and unanswered (needs action or upcoming as
 * its status and proposal say); the due ones are taken out of those places and put where they are at `at`.
 */
function toSessionCounts(viewer: 'learner' | 'shark', r: SessionCountsRow): SessionCounts {
  const needsByStatus = (requested: number, byLearner: number, byShark: number) =>
    viewer === 'shark' ? requested + byLearner : byShark;
  const needs =
    needsByStatus(r.requested, r.proposed_by_learner, r.proposed_by_shark) -
    needsByStatus(r.due_requested, r.due_proposed_by_learner, r.due_proposed_by_shark) +
    r.due_needs;
  const open = r.requested + r.confirmed;
  const upcomingByStatus = open - needsByStatus(r.requested, r.proposed_by_learner, r.proposed_by_shark);
  const dueUpcomingByStatus =
    r.due_requested +
    r.due_confirmed -
    needsByStatus(r.due_requested, r.due_proposed_by_learner, r.due_proposed_by_shark);
  const upcoming = upcomingByStatus - dueUpcomingByStatus + r.due_upcoming;
  // Cancelled goes by status alone: the sessions not kept (declined, expired, cancelled); past is the rest.
  return {
    groups: { needsAction: needs, upcoming, past: r.kept - needs - upcoming, cancelled: r.total - r.kept },
    confirmedAhead: r.confirmed - r.due_confirmed + r.due_confirmed_ahead,
    requested: r.requested,
    completed: r.completed,
    cancelledByShark: r.cancelled_by_shark,
    kept: r.kept,
    keptPricePaise: Number(r.kept_price_paise),
    total: r.total,
  };
}

/** A learner's or a shark's session counts at `at`, from its counters (decision 198). */
export async function sessionCounts(db: DbOrTx, owner: SessionOwner, at: Date): Promise<SessionCounts> {
  const [row] = await queryRows<SessionCountsRow>(db, sessionCountsQuery(owner, at));
  return toSessionCounts('userId' in owner ? 'learner' : 'shark', row);
}

/** Each group's total of a learner's or a shark's sessions; each sees the groups as its viewer. */
export async function countSessionGroups(
  db: DbOrTx,
  owner: SessionOwner,
  at: Date,
): Promise<Record<SessionGroup, number>> {
  return (await sessionCounts(db, owner, at)).groups;
}

/**
 * The consistency check of session_counters (the soak's, and the tests'): every owner whose counters differ
 * from the bookings recomputed (the session_counters_fresh view), with both sides. Empty when they agree.
 */
export async function sessionCounterDrift(db: DbOrTx) {
  return queryRows<{ owner_kind: string; owner_id: string; kept: string; fresh: string }>(
    db,
    sql.raw(`SELECT ${SESSION_COUNTER_DRIFT_COLUMNS} ${SESSION_COUNTER_DRIFT_FROM}`),
  );
}

const counterColumns = (t: string) =>
  [
    'requested',
    'confirmed',
    'proposed_by_learner',
    'proposed_by_shark',
    'completed',
    'cancelled_by_shark',
    'kept',
    'kept_price_paise',
    'total',
  ]
    .map((col) => `coalesce(${t}.${col}, 0)`)
    .join(', ');
const SESSION_COUNTER_DRIFT_COLUMNS = `coalesce(k.owner_kind, f.owner_kind) AS owner_kind,
  coalesce(k.owner_id, f.owner_id) AS owner_id, row(${counterColumns('k')})::text AS kept,
  row(${counterColumns('f')})::text AS fresh`;
/**
 * The owners whose kept counters differ from the bookings counted again (an owner without a row counts as
 * zeros on that side). The soak runs the same text as a count (scripts/soak/checks.ts).
 */
export const SESSION_COUNTER_DRIFT_FROM = `FROM session_counters k
  FULL JOIN session_counters_fresh f ON f.owner_kind = k.owner_kind AND f.owner_id = k.owner_id
  WHERE (${counterColumns('k')}) IS DISTINCT FROM (${counterColumns('f')})`;

// ---- A learner's bookings: the priced insert and the learner's lists ----------------------------------

export interface BookingRecord {
  id: string;
  courseId: string;
  courseTitle: string;
  enrollmentFormUrl: string | null;
  sharkId: string;
  sharkName: string;
  /** Null once the learner deleted the account (the booking stays as the shark's record). */
  userId: string | null;
  name: string;
  email: string;
  phone: string;
  hours: number;
  /** YYYY-MM-DD */
  preferredDate: string;
  /** HH:MM:SS */
  preferredTime: string;
  totalPricePaise: number;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  status: SessionStatus;
  /** Requested: when it expires unanswered (null for rows older than the life cycle). */
  answerBy: Date | null;
  /** Who proposed a pending new time, if any. */
  proposedBy: 'learner' | 'shark' | null;
  /** The learner has reviewed it: "Leave a review" is no longer offered. */
  reviewed: boolean;
}

const selectBookings = (db: DbOrTx) =>
  db
    .select({
      ...bookingColumns,
      reviewed: hasReview,
      courseTitle: c.title,
      enrollmentFormUrl: c.enrollmentFormUrl,
      sharkId: s.id,
      sharkName: s.name,
      userId: b.userId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      timeZone: b.timeZone,
      status: b.status,
      answerBy: b.answerBy,
      proposedBy: b.proposedBy,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, c.sharkId))
    .$dynamic();

export type NewBooking = Pick<BookingRecord, 'courseId' | 'userId' | 'name' | 'email' | 'phone' | 'hours'> & {
  requestId: string;
  sharkId: string;
  startsAt: Date;
  endsAt: Date;
  blockedUntil: Date;
  timeZone: string;
  learnerTimeZone: string | null;
  answerBy: Date;
};

/**
 * One statement: the course's current price and cancellation terms are read and the row written together (price x
 * hours, in whole paise), and only for a course of a published shark. The unique request_id makes a concurrent
 * duplicate wait for the first and then insert nothing. Returns the new id, or null when nothing was inserted.
 * Raw SQL: the builder cannot write INSERT ... SELECT with a computed column and ON CONFLICT in one statement.
 */
export async function insertPricedBooking(db: DbOrTx, input: NewBooking): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    INSERT INTO course_bookings (course_id, user_id, name, email, phone, hours, total_price_paise,
      request_id, shark_id, starts_at, ends_at, blocked_until, time_zone, status, learner_time_zone, answer_by,
      cancellation_hours, late_cancellation_refund, created_at)
    SELECT c.id, ${input.userId}, ${input.name}, ${input.email}, ${input.phone}, ${input.hours},
           c.price_paise * ${input.hours}, ${input.requestId}, c.shark_id,
           ${input.startsAt.toISOString()}::timestamptz, ${input.endsAt.toISOString()}::timestamptz,
           ${input.blockedUntil.toISOString()}::timestamptz, ${input.timeZone}, 'requested',
           ${input.learnerTimeZone}, ${input.answerBy.toISOString()}::timestamptz,
           c.cancellation_hours, c.late_cancellation_refund, ${now().toISOString()}::timestamptz
    FROM courses c JOIN sharks s ON s.id = c.shark_id
    WHERE c.id = ${input.courseId} AND c.shark_id = ${input.sharkId} AND s.published AND c.archived_at IS NULL
    ON CONFLICT (request_id) DO NOTHING
    RETURNING id`,
  );
  return rows[0]?.id ?? null;
}

export async function findBooking(
  db: DbOrTx,
  by: { id: string } | { requestId: string },
): Promise<BookingRecord | null> {
  const where = 'id' in by ? eq(b.id, by.id) : eq(b.requestId, by.requestId);
  const [row] = await selectBookings(db).where(where);
  return row ?? null;
}

/**
 * A learner's bookings: upcoming ones (requested or confirmed, starting after `at`) first, soonest first; then
 * the others, most recent first.
 */
export async function listUserBookings(db: DbOrTx, userId: string, at: Date): Promise<BookingRecord[]> {
  const upcoming: SQL = sql`(${isActive} AND ${b.startsAt} > ${at.toISOString()}::timestamptz)`;
  return selectBookings(db)
    .where(eq(b.userId, userId))
    .orderBy(
      sql`${upcoming} DESC`,
      sql`CASE WHEN ${upcoming} THEN ${b.startsAt} END ASC`,
      desc(b.startsAt),
      desc(b.createdAt),
      asc(b.id),
    )
    .limit(500);
}

/** The course's shark, for a booking written from it: the overlap constraint needs it on the booking's row. */
export const sharkOfCourse = (courseId: string) =>
  sql<string>`(SELECT shark_id FROM courses WHERE id = ${courseId})`;

/**
 * The course's cancellation terms now, for a booking written from it: they stay with the booking, so a later
 * change of the course never changes what a learner who booked gets back.
 */
export const courseTermsOf = (courseId: string) => ({
  cancellationHours: sql<number>`(SELECT cancellation_hours FROM courses WHERE id = ${courseId})`,
  lateCancellationRefund: sql<number>`(SELECT late_cancellation_refund FROM courses WHERE id = ${courseId})`,
});

/** The shark (and its account) of a course open for booking (published shark, course not archived), or null. */
export async function findBookableCourse(
  db: DbOrTx,
  courseId: string,
): Promise<{ sharkId: string; sharkUserId: string | null } | null> {
  const [row] = await db
    .select({ sharkId: c.sharkId, sharkUserId: s.userId })
    .from(c)
    .innerJoin(s, eq(s.id, c.sharkId))
    .where(and(eq(c.id, courseId), isPublicShark(), isNull(c.archivedAt)));
  return row ?? null;
}

/** One page of one group of a learner's sessions, in the group's order (`course_bookings_user_starts_idx`). */
export async function listUserSessionPage(
  db: DbOrTx,
  userId: string,
  group: SessionGroup,
  at: Date,
  page: { limit: number; offset: number },
): Promise<BookingRecord[]> {
  return selectBookings(db)
    .where(and(eq(b.userId, userId), sessionGroupWhere('learner', at)[group]))
    .orderBy(...sessionGroupOrder(group))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The learner's numbers from its counters: the spec's upcoming (confirmed, ahead) and completed, and the
 * sessions booked or held (not declined, expired or cancelled) with their total; and the groups' totals.
 */
export async function userSessionNumbers(db: DbOrTx, userId: string, at: Date) {
  const n = await sessionCounts(db, { userId }, at);
  return {
    upcoming: n.confirmedAhead,
    completed: n.completed,
    bookedOrHeld: n.kept,
    spentPaise: n.keptPricePaise,
    total: n.total,
    groups: n.groups,
  };
}

// ---- What a session's mails read, and the mail clocks' claims (reminders, message mails) ----------------

const sharkUsers = alias(users, 'shark_user');
const learnerUsers = alias(users, 'learner_user');

/** One session with what its mails say and where they go. */
export interface SessionForMail {
  id: string;
  status: (typeof b.$inferSelect)['status'];
  courseTitle: string;
  cancellationHours: number;
  sharkName: string;
  /** The shark's account address. */
  sharkEmail: string;
  sharkTimeZone: string;
  learnerName: string;
  /** The learner's account address; null once the learner deleted the account. */
  learnerEmail: string | null;
  learnerTimeZone: string | null;
  hours: number;
  totalPricePaise: number;
  startsAt: Date;
  endsAt: Date;
  answerBy: Date | null;
  meetingLink: string | null;
  lateCancellation: boolean;
  proposedStartsAt: Date | null;
  proposedEndsAt: Date | null;
  /** Accepted reschedules so far: the calendar entry's revision (SEQUENCE). */
  reschedules: number;
}

export async function findSessionForMail(db: DbOrTx, bookingId: string): Promise<SessionForMail | null> {
  const [row] = await db
    .select({
      id: b.id,
      status: b.status,
      courseTitle: c.title,
      cancellationHours: b.cancellationHours,
      sharkName: s.name,
      sharkEmail: sharkUsers.email,
      sharkTimeZone: b.timeZone,
      learnerName: b.name,
      learnerEmail: learnerUsers.email,
      learnerTimeZone: b.learnerTimeZone,
      hours: b.hours,
      totalPricePaise: b.totalPricePaise,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      answerBy: b.answerBy,
      meetingLink: b.meetingLink,
      lateCancellation: b.lateCancellation,
      proposedStartsAt: b.proposedStartsAt,
      proposedEndsAt: b.proposedEndsAt,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, b.sharkId))
    .innerJoin(sharkUsers, eq(sharkUsers.id, s.userId))
    .leftJoin(learnerUsers, eq(learnerUsers.id, b.userId))
    .where(eq(b.id, bookingId));
  if (!row) return null;
  const [{ reschedules }] = await db
    .select({ reschedules: count() })
    .from(e)
    .where(and(eq(e.bookingId, bookingId), eq(e.kind, 'reschedule_accepted')));
  return { ...row, reschedules };
}

/** A session as an account's calendar feed lists it (decision 148). */
export interface FeedSessionRow {
  id: string;
  status: SessionStatus;
  startsAt: Date;
  endsAt: Date;
  meetingLink: string | null;
  courseTitle: string;
  sharkName: string;
  learnerName: string;
  /** The account's side of this session. */
  side: 'learner' | 'shark';
  /** Changes a calendar must follow so far (confirmed, moved, ended without taking place): its SEQUENCE. */
  revisions: number;
  /** The latest of them, or the request: its DTSTAMP. */
  changedAt: Date;
}

/** The kinds of event that change a session's calendar entry (its time or its status). */
const FEED_REVISIONS = ['confirmed', 'reschedule_accepted', 'cancelled', 'declined', 'expired'] as const;

/**
 * The sessions of an account on either side that end at or after `since`, latest start first, at most `limit`
 * (the feed's window; decision 148).
 */
export async function listFeedSessions(
  db: DbOrTx,
  userId: string,
  since: Date,
  limit: number,
): Promise<FeedSessionRow[]> {
  const revised = and(eq(e.bookingId, b.id), inArray(e.kind, [...FEED_REVISIONS]));
  const rows = await db
    .select({
      id: b.id,
      status: b.status,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      meetingLink: b.meetingLink,
      courseTitle: c.title,
      sharkName: s.name,
      learnerName: b.name,
      isShark: sql<boolean>`${s.userId} = ${userId}`.mapWith(Boolean),
      revisions: sql<number>`(SELECT count(*) FROM ${e} WHERE ${revised})`.mapWith(Number),
      changedAt:
        sql<Date>`coalesce((SELECT max(${e.at}) FROM ${e} WHERE ${revised}), ${b.createdAt})`.mapWith(
          (v: string | Date) => new Date(v),
        ),
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, b.sharkId))
    .where(and(or(eq(b.userId, userId), eq(s.userId, userId)), gte(b.endsAt, since)))
    .orderBy(desc(b.startsAt), asc(b.id))
    .limit(limit);
  return rows.map(({ isShark, ...r }) => ({ ...r, side: isShark ? 'shark' : 'learner' }));
}

/** The side that reported the session's latest no-show (what a ruling's mail names), or null. */
export async function findNoShowReporter(db: DbOrTx, bookingId: string): Promise<'learner' | 'shark' | null> {
  const [row] = await db
    .select({ actor: e.actor })
    .from(e)
    .where(and(eq(e.bookingId, bookingId), eq(e.kind, 'no_show')))
    .orderBy(sql`${e.at} DESC, ${e.seq} DESC`)
    .limit(1);
  return row?.actor === 'learner' || row?.actor === 'shark' ? row.actor : null;
}

/** Rows a clock lists at a time; a step that must finish in its minute lists again until none is left. */
export const BATCH = 200;

// ---- Reminders: 24 h and 1 h before a confirmed session, each once per start time ---------------------

export type ReminderHours = 24 | 1;

const reminderColumn = (h: ReminderHours) => (h === 24 ? b.reminded24hAt : b.reminded1hAt);

/**
 * A reminder is due from its moment (the start minus `h` hours) until the next one's moment (the 1 h
 * reminder's, or the start), and only when the session had its current time at that moment: a session
 * confirmed or moved after the moment does not get that reminder late (its confirmation mail, or the mail of
 * its move, was the news), and a reminder already sent for an earlier time does not come twice.
 */
const reminderDue = (h: ReminderHours, at: Date): SQL => {
  const moment = sql`${b.startsAt} - make_interval(hours => ${h}::int)`;
  const instant = sql`${at.toISOString()}::timestamptz`;
  const until = h === 24 ? sql`${b.startsAt} - interval '1 hour'` : sql`${b.startsAt}`;
  const settled = sql`coalesce((SELECT max(${e.at}) FROM ${e}
    WHERE ${e.bookingId} = ${b.id}
      AND ${e.kind} IN ('confirmed', 'reschedule_accepted')), ${b.createdAt})`;
  return and(
    eq(b.status, 'confirmed'),
    isNull(reminderColumn(h)),
    sql`${moment} <= ${instant}`,
    sql`${instant} < ${until}`,
    sql`${moment} >= ${settled}`,
  )!;
};

export async function dueReminders(db: DbOrTx, h: ReminderHours, at: Date): Promise<string[]> {
  const rows = await db
    .select({ id: b.id })
    .from(b)
    .where(reminderDue(h, at))
    .orderBy(asc(b.startsAt))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Marks the reminder sent (in the transaction that queues its mails); false when it is no longer due, or when
 * another server is claiming it right now: that one sends it, and this one goes on to the next row instead of
 * waiting for the lock (two servers listing the same rows would otherwise claim them one after the other).
 */
export async function claimReminder(db: DbOrTx, id: string, h: ReminderHours, at: Date): Promise<boolean> {
  const free = sql`${b.id} = (SELECT cb.id FROM course_bookings cb WHERE cb.id = ${id} FOR UPDATE SKIP LOCKED)`;
  const rows = await db
    .update(b)
    .set(h === 24 ? { reminded24hAt: at } : { reminded1hAt: at })
    .where(and(eq(b.id, id), free, reminderDue(h, at)))
    .returning({ id: b.id });
  return rows.length > 0;
}

// ---- The shark's dashboard and enrollments: figures the database computes ------------------------------

export interface DashboardMetrics {
  upcoming: number;
  completed: number;
  awaitingAnswer: number;
  sharkCancellations: number;
  courseCount: number;
  avgRating: number | null;
  reviewCount: number;
  /** The lists' groups' totals at the same instant. */
  groups: Record<SessionGroup, number>;
}

interface DashboardMetricsRow extends SessionCountsRow {
  course_count: number;
  avg_rating: string | null;
  review_count: number | null;
}

/**
 * The dashboard's figures in one round trip (issue 13), from the shark's counters (decision 198): upcoming =
 * confirmed sessions starting after `at`, completed, open requests, the shark's cancellations, and the groups'
 * totals; the courses and rating beside them. Its money comes from the ledger (issue 23), not from here.
 */
export async function dashboardMetrics(
  db: DbOrTx,
  sharkId: string | null,
  at: Date,
): Promise<DashboardMetrics> {
  if (!sharkId)
    return {
      upcoming: 0,
      completed: 0,
      awaitingAnswer: 0,
      sharkCancellations: 0,
      courseCount: 0,
      avgRating: null,
      reviewCount: 0,
      groups: { needsAction: 0, upcoming: 0, past: 0, cancelled: 0 },
    };
  const [row] = await queryRows<DashboardMetricsRow>(
    db,
    sessionCountsQuery(
      { sharkId },
      at,
      sql`, (SELECT count(*) FROM ${c} WHERE ${c.sharkId} = ${sharkId})::int AS course_count,
          (SELECT avg_rating::text FROM ${s} WHERE ${s.id} = ${sharkId}) AS avg_rating,
          (SELECT review_count FROM ${s} WHERE ${s.id} = ${sharkId}) AS review_count`,
    ),
  );
  const n = toSessionCounts('shark', row);
  return {
    upcoming: n.confirmedAhead,
    completed: n.completed,
    awaitingAnswer: n.requested,
    sharkCancellations: n.cancelledByShark,
    courseCount: row.course_count,
    avgRating: row.avg_rating === null ? null : Number(row.avg_rating),
    reviewCount: row.review_count ?? 0,
    groups: n.groups,
  };
}

/** The shark's next sessions (requested or confirmed, starting after `at`), soonest first. */
export async function nextSessions(db: DbOrTx, sharkId: string | null, at: Date, limit: number) {
  if (!sharkId) return [];
  return db
    .select({
      id: b.id,
      courseId: b.courseId,
      courseTitle: c.title,
      learnerName: b.name,
      preferredDate: b.preferredDate,
      preferredTime: b.preferredTime,
      hours: b.hours,
      startsAt: b.startsAt,
      status: b.status,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .where(and(eq(b.sharkId, sharkId), isActive, gt(b.startsAt, at)))
    .orderBy(asc(b.startsAt), asc(b.createdAt))
    .limit(limit);
}

/** Every course of the shark with its booking count and total, the most recently booked first. */
export async function courseTotals(db: DbOrTx, sharkId: string) {
  return db
    .select({
      id: c.id,
      title: c.title,
      courseCode: c.courseCode,
      bookingCount: count(b.id),
      // The money of the held ones is the ledger's (decision 208): the shark's workspace asks it.
      heldCount: sql<number>`count(${b.id}) FILTER (WHERE ${b.status} = 'completed')`.mapWith(Number),
    })
    .from(c)
    .leftJoin(b, eq(b.courseId, c.id))
    .where(eq(c.sharkId, sharkId))
    .groupBy(c.id)
    .orderBy(sql`max(${b.createdAt}) DESC NULLS LAST`, desc(c.createdAt), asc(c.id));
}

/** The shark's held (completed) sessions, each with its course: what its Per course totals add up. */
export async function heldSessionsOfShark(db: DbOrTx, sharkId: string) {
  return db
    .select({ bookingId: b.id, courseId: b.courseId })
    .from(b)
    .where(and(eq(b.sharkId, sharkId), eq(b.status, 'completed')));
}

/** Every booking of the shark's courses, the newest first. */
export async function sharkBookings(db: DbOrTx, sharkId: string) {
  return db
    .select({
      ...sharkListColumns,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      status: b.status,
      answerBy: b.answerBy,
      proposedBy: b.proposedBy,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .where(eq(c.sharkId, sharkId))
    .orderBy(desc(b.createdAt), asc(b.id));
}

/**
 * One page of one group of the shark's sessions with their course, in the group's order: the shark's rows
 * come in start order from `course_bookings_shark_starts_idx`, so a page reads its rows, not every booking.
 */
export async function sharkSessionPage(
  db: DbOrTx,
  sharkId: string,
  group: SessionGroup,
  at: Date,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      ...sharkListColumns,
      courseTitle: c.title,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      status: b.status,
      answerBy: b.answerBy,
      proposedBy: b.proposedBy,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .where(and(eq(b.sharkId, sharkId), sessionGroupWhere('shark', at)[group]))
    .orderBy(...sessionGroupOrder(group))
    .limit(page.limit)
    .offset(page.offset);
}

// ---- Busy times: what the shark's calendar cannot offer again -----------------------------------------------

/**
 * Active bookings whose blocked time meets [from, to), written as the overlap of the two ranges so the exclusion
 * constraint's GiST index (shark, range) finds exactly those: the plain comparisons matched the shark only and
 * read all its bookings (EXPLAIN ANALYZE on the bench database, the busiest shark: 36 buffers and 0.55 ms
 * against 12 and 0.04 ms).
 */
const activeOverlap = (sharkId: SQL, from: SQL, to: SQL) =>
  sql`${b.sharkId} = ${sharkId} AND ${isActive} AND tstzrange(${b.startsAt}, ${b.blockedUntil}) && tstzrange(${from}, ${to})`;

/**
 * Open checkout holds whose blocked time meets [from, to): a slot someone is paying for is busy until the hold
 * closes or lapses (issue 23).
 */
const heldOverlap = (sharkId: SQL, from: SQL, to: SQL, at: SQL) =>
  sql`${h.sharkId} = ${sharkId} AND ${h.closedAt} IS NULL AND ${h.expiresAt} > ${at} AND tstzrange(${h.startsAt}, ${h.blockedUntil}) && tstzrange(${from}, ${to})`;

const buildBusyTimes = (db: DbOrTx) => {
  const [sharkId, from, to, at] = [
    sql`${sql.placeholder('sharkId')}::uuid`,
    sql`${sql.placeholder('from')}::timestamptz`,
    sql`${sql.placeholder('to')}::timestamptz`,
    sql`${sql.placeholder('at')}::timestamptz`,
  ];
  return db
    .select({ startsAt: b.startsAt, blockedUntil: b.blockedUntil })
    .from(b)
    .where(activeOverlap(sharkId, from, to))
    .unionAll(
      db
        .select({ startsAt: h.startsAt, blockedUntil: h.blockedUntil })
        .from(h)
        .where(heldOverlap(sharkId, from, to, at)),
    )
    .prepare('sessions_busy_times');
};

/**
 * The busy times of several sharks at once (the sharks list's "Next available": one query per page, not per
 * card): each shark's active bookings and open holds meeting [from, to).
 */
export async function listBusyTimesOf(
  db: DbOrTx,
  sharkIds: string[],
  from: Date,
  to: Date,
): Promise<Array<{ sharkId: string; startsAt: Date; blockedUntil: Date }>> {
  if (!sharkIds.length) return [];
  const range = sql`tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`;
  return db
    .select({ sharkId: b.sharkId, startsAt: b.startsAt, blockedUntil: b.blockedUntil })
    .from(b)
    .where(
      and(
        inArray(b.sharkId, sharkIds),
        isActive,
        sql`tstzrange(${b.startsAt}, ${b.blockedUntil}) && ${range}`,
      ),
    )
    .unionAll(
      db
        .select({ sharkId: h.sharkId, startsAt: h.startsAt, blockedUntil: h.blockedUntil })
        .from(h)
        .where(
          and(
            inArray(h.sharkId, sharkIds),
            sql`${h.closedAt} IS NULL AND ${h.expiresAt} > ${now().toISOString()}::timestamptz`,
            sql`tstzrange(${h.startsAt}, ${h.blockedUntil}) && ${range}`,
          ),
        ),
    );
}

/**
 * The shark's active bookings that end after `from` and start before `to`; `exceptId` leaves one booking out (a
 * session being moved does not block its own new time). Prepared: the public free slots read it on every call.
 */
export async function listBusyTimes(
  db: DbOrTx,
  sharkId: string,
  from: Date,
  to: Date,
  exceptId?: string,
): Promise<Array<{ startsAt: Date; blockedUntil: Date }>> {
  const at = now().toISOString();
  if (exceptId) {
    const [id, f, t] = [
      sql`${sharkId}::uuid`,
      sql`${from.toISOString()}::timestamptz`,
      sql`${to.toISOString()}::timestamptz`,
    ];
    return db
      .select({ startsAt: b.startsAt, blockedUntil: b.blockedUntil })
      .from(b)
      .where(and(activeOverlap(id, f, t), ne(b.id, exceptId)))
      .unionAll(
        db
          .select({ startsAt: h.startsAt, blockedUntil: h.blockedUntil })
          .from(h)
          .where(and(heldOverlap(id, f, t, sql`${at}::timestamptz`), ne(h.id, exceptId))),
      );
  }
  return prepared(db, 'sessions_busy_times', buildBusyTimes).execute({
    sharkId,
    from: from.toISOString(),
    to: to.toISOString(),
    at,
  });
}

/**
 * What a public shark's free slots kept in memory are checked against (decision 197), in one statement: its
 * slots version (set by triggers in every write's transaction) and how many of its checkout holds are live at
 * `at` (a hold that lapses by time writes nothing). Null when the shark is not public.
 */
const buildSlotsStamp = (db: DbOrTx) => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  // The id as a parameter, not correlated: a one-table select names its columns unqualified, so `id` inside a
  // subquery would be the subquery's own.
  const id = sql`${sql.placeholder('id')}::uuid`;
  return db
    .select({
      version: sql<number | null>`(SELECT ${sv.version} FROM ${sv} WHERE ${sv.sharkId} = ${id})`.mapWith(
        (v: string | number | null) => (v === null ? null : Number(v)),
      ),
      holds: sql<number>`(SELECT count(*) FROM ${h} WHERE ${h.sharkId} = ${id} AND ${h.closedAt} IS NULL
        AND ${h.expiresAt} > ${at})::int`.mapWith(Number),
    })
    .from(s)
    .where(and(sql`${s.id} = ${id}`, isPublicShark()))
    .prepare('sessions_slots_stamp');
};

export async function readSlotsStamp(
  db: DbOrTx,
  sharkId: string,
  at: Date,
): Promise<{ version: number; holds: number } | null> {
  const [row] = await prepared(db, 'sessions_slots_stamp', buildSlotsStamp).execute({
    id: sharkId,
    at: at.toISOString(),
  });
  return row ? { version: row.version ?? 0, holds: row.holds } : null;
}

// ---- Accounts: what a shark's or a learner's account deletion reads and writes -----------------------------

/** Bookings on the courses of the account's shark profile: how many from `today` on, and in all. */
export async function countSharkBookings(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<{ upcoming: number; total: number }> {
  const [row] = await db
    .select({
      total: count(),
      upcoming: sql<number>`count(*) FILTER (WHERE ${b.preferredDate} >= ${today}::date)`.mapWith(Number),
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, c.sharkId))
    .where(eq(s.userId, userId));
  return { upcoming: row?.upcoming ?? 0, total: row?.total ?? 0 };
}

/** The learner's sessions still open (requested or confirmed, not yet started), locked, soonest first. */
export async function lockOpenSessionsOfLearner(db: DbOrTx, userId: string, at: Date): Promise<string[]> {
  const rows = await openSessionsOfLearner(db, userId, at).for('update');
  return rows.map((r) => r.id);
}

/** The learner's sessions still to come (requested or confirmed), soonest first. */
export const openSessionsOfLearner = (db: DbOrTx, userId: string, at: Date) =>
  db
    .select({ id: b.id })
    .from(b)
    .where(and(eq(b.userId, userId), isActive, gt(b.startsAt, at)))
    .orderBy(asc(b.startsAt), asc(b.id));

/**
 * A leaving learner's free text is removed for the other side: its briefs are emptied, and the reasons it gave in
 * the timeline (cancellations, no-show notes) are cleared. Its messages are redacted by the conversations module.
 */
export async function redactLearnerText(db: DbOrTx, userId: string): Promise<void> {
  await db.update(b).set({ brief: {} }).where(eq(b.userId, userId));
  await db
    .update(e)
    .set({ reason: null })
    .where(and(eq(e.actorUserId, userId), eq(e.actor, 'learner')));
}

/** The learner's bookings stay as the shark's records, without the learner: personal fields blanked, detached. */
export async function anonymizeBookings(db: DbOrTx, userId: string, name: string): Promise<void> {
  await db.update(b).set({ userId: null, name, email: '', phone: '' }).where(eq(b.userId, userId));
}

// ---- The data export: the account's own words in its sessions ---------------------------------------------

/** The course title of each of these sessions, by the session's id (the messages the account wrote). */
export async function courseTitlesOf(db: DbOrTx, bookingIds: string[]): Promise<Map<string, string>> {
  if (!bookingIds.length) return new Map();
  const rows = await db
    .select({ id: b.id, title: c.title })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .where(inArray(b.id, [...new Set(bookingIds)]));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The briefs the account wrote as the learner of its sessions (empty ones left out). */
export async function listBriefsOfLearner(db: DbOrTx, userId: string) {
  return db
    .select({ sessionId: b.id, courseTitle: c.title, startsAt: b.startsAt, brief: b.brief })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .where(and(eq(b.userId, userId), sql`${b.brief} <> '{}'::jsonb`))
    .orderBy(asc(b.startsAt), asc(b.id));
}

/** The notes the account wrote as the shark of its sessions (empty ones left out). */
export async function listNotesOfShark(db: DbOrTx, userId: string) {
  return db
    .select({ sessionId: b.id, courseTitle: c.title, startsAt: b.startsAt, notes: b.notes })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, b.sharkId))
    .where(and(eq(s.userId, userId), sql`${b.notes} <> '{}'::jsonb`))
    .orderBy(asc(b.startsAt), asc(b.id));
}

// ---- The admin console: counts beside sharks and accounts, the sessions search, no-show reports ------------

/** How many sessions each of these sharks cancelled. */
export async function countSharkCancellations(db: DbOrTx, sharkIds: string[]): Promise<Map<string, number>> {
  if (sharkIds.length === 0) return new Map();
  const rows = await db
    .select({ sharkId: b.sharkId, n: count() })
    .from(b)
    .where(and(inArray(b.sharkId, sharkIds), eq(b.status, 'cancelled'), eq(b.cancelledBy, 'shark')))
    .groupBy(b.sharkId);
  return new Map(rows.map((r) => [r.sharkId, r.n]));
}

/** How many bookings each of these accounts made as a learner. */
export async function countLearnerBookings(db: DbOrTx, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: b.userId, n: count() })
    .from(b)
    .where(inArray(b.userId, userIds))
    .groupBy(b.userId);
  return new Map(rows.map((r) => [r.userId!, r.n]));
}

/** The no-show reports of these bookings (the latest per booking): who reported it, when, and the note. */
export async function listNoShowReports(db: DbOrTx, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectDistinctOn([e.bookingId], { bookingId: e.bookingId, actor: e.actor, reason: e.reason, at: e.at })
    .from(e)
    .where(and(inArray(e.bookingId, bookingIds), eq(e.kind, 'no_show')))
    .orderBy(e.bookingId, desc(e.at), desc(e.seq));
}

/** The admins' rulings on these bookings' no-show reports (at most one per booking). */
export async function listNoShowRulings(db: DbOrTx, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({ bookingId: e.bookingId, outcome: e.outcome, reason: e.reason, at: e.at })
    .from(e)
    .where(and(inArray(e.bookingId, bookingIds), eq(e.kind, 'no_show_resolved')));
}

export interface BookingFilters {
  learner: string;
  shark: string;
  course: string;
  from?: string;
  to?: string;
  status?: BookingStatusFilter;
}

/** `disputed`: a reported no-show no admin has ruled on yet. */
const unresolvedNoShow = and(
  eq(b.status, 'no_show'),
  sql`NOT EXISTS (SELECT 1 FROM ${e} WHERE ${e.bookingId} = ${b.id} AND ${e.kind} = 'no_show_resolved')`,
);

/** Bookings matching every given filter, latest session date first. */
export async function searchBookings(db: DbOrTx, f: BookingFilters, limit: number, offset: number) {
  const conditions: (SQL | undefined)[] = [
    f.learner
      ? or(ilike(b.name, containsPattern(f.learner)), ilike(b.email, containsPattern(f.learner)))
      : undefined,
    f.shark ? ilike(s.name, containsPattern(f.shark)) : undefined,
    f.course
      ? or(ilike(c.title, containsPattern(f.course)), ilike(c.courseCode, containsPattern(f.course)))
      : undefined,
    f.from ? gte(b.preferredDate, f.from) : undefined,
    f.to ? lte(b.preferredDate, f.to) : undefined,
    f.status === 'disputed' ? unresolvedNoShow : f.status ? eq(b.status, f.status) : undefined,
  ];
  const where = and(...conditions);
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: b.id,
        learnerName: b.name,
        learnerEmail: b.email,
        sharkId: s.id,
        sharkName: s.name,
        courseTitle: c.title,
        courseCode: c.courseCode,
        date: b.preferredDate,
        time: b.preferredTime,
        hours: b.hours,
        totalPricePaise: b.totalPricePaise,
        createdAt: b.createdAt,
        status: b.status,
      })
      .from(b)
      .innerJoin(c, eq(c.id, b.courseId))
      .innerJoin(s, eq(s.id, c.sharkId))
      .where(where)
      .orderBy(desc(b.preferredDate), desc(b.preferredTime), asc(b.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(b)
      .innerJoin(c, eq(c.id, b.courseId))
      .innerJoin(s, eq(s.id, c.sharkId))
      .where(where),
  ]);
  return { items, total: Number(total) };
}

// ---- Courses and reviews: what they ask of a session --------------------------------------------------------

export async function countCourseBookings(db: DbOrTx, courseId: string): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(b).where(eq(b.courseId, courseId));
  return n;
}

/**
 * When a session counts as completed: the 'completed' event of its timeline, or an admin's ruling that a
 * reported no-show took place (the review window counts from the ruling), or its end for a session recorded as
 * completed without either (older data, the demo seed).
 */
const completedAt = sql<Date>`coalesce((SELECT max(${e.at}) FROM ${e} WHERE ${e.bookingId} = ${b.id} AND (${e.kind} = 'completed' OR (${e.kind} = 'no_show_resolved' AND ${e.outcome} = 'took_place'))), ${b.endsAt})`;

export interface SessionForReview {
  id: string;
  userId: string | null;
  status: string;
  sharkId: string;
  sharkName: string;
  sharkUserId: string;
  courseTitle: string;
  startsAt: Date;
  completedAt: Date;
}

export async function findSessionForReview(db: DbOrTx, bookingId: string): Promise<SessionForReview | null> {
  const [row] = await db
    .select({
      id: b.id,
      userId: b.userId,
      status: b.status,
      sharkId: b.sharkId,
      sharkName: s.name,
      sharkUserId: s.userId,
      courseTitle: c.title,
      startsAt: b.startsAt,
      completedAt: completedAt.mapWith((v: string | Date) => new Date(v)),
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, b.sharkId))
    .where(eq(b.id, bookingId));
  return row ?? null;
}

/** The course and start of each of these sessions (what a review shows of the session it is about). */
export async function listSessionLabels(db: DbOrTx, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      id: b.id,
      courseTitle: c.title,
      learnerName: b.name,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      status: b.status,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .where(inArray(b.id, bookingIds));
}

/**
 * Completed sessions to invite to a review: completed before `before` (the start of today), still inside the
 * window (after `since`), not reviewed, never invited, the learner's account still there and not suspended.
 */
export async function listSessionsAwaitingReviewInvitation(
  db: DbOrTx,
  before: Date,
  since: Date,
  limit: number,
) {
  return db
    .select({
      bookingId: b.id,
      email: users.email,
      learnerName: profiles.fullName,
      sharkName: s.name,
      courseTitle: c.title,
      completedAt: completedAt.mapWith((v: string | Date) => new Date(v)),
    })
    .from(b)
    .innerJoin(users, eq(users.id, b.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, b.sharkId))
    .leftJoin(reviewInvitations, eq(reviewInvitations.bookingId, b.id))
    .leftJoin(reviews, eq(reviews.bookingId, b.id))
    .where(
      and(
        eq(b.status, 'completed'),
        isNull(reviewInvitations.bookingId),
        isNull(reviews.id),
        isNull(users.suspendedAt),
        lt(completedAt, before),
        gte(completedAt, since),
      ),
    )
    .orderBy(asc(b.endsAt))
    .limit(limit);
}

// ---- History written in one go (the demo seed) ---------------------------------------------------------------

export interface RecordedSession {
  courseId: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  hours: number;
  /** The shark's wall clock in `timeZone`. */
  preferredDate: string;
  preferredTime: string;
  timeZone: string;
  totalPricePaise: number;
  status: 'confirmed' | 'completed' | 'cancelled';
  /** Who cancelled a cancelled session. */
  cancelledBy?: 'learner' | 'shark' | 'admin';
  /** The timeline, every event at the booking's creation. */
  events: Array<{
    kind: SessionEventKind;
    actor: SessionActor;
    actorUserId?: string | null;
    reason?: string | null;
  }>;
}

/** Writes a session that already happened (or was already confirmed) with its timeline. */
export async function insertRecordedSession(db: DbOrTx, input: RecordedSession) {
  const { events, timeZone, preferredDate, preferredTime, ...row } = input;
  const [booking] = await db
    .insert(b)
    .values({
      ...row,
      sharkId: sharkOfCourse(row.courseId),
      ...sessionSlot({ date: preferredDate, time: preferredTime }, { hours: row.hours, timeZone }),
      ...courseTermsOf(row.courseId),
    })
    .returning({ id: b.id, createdAt: b.createdAt, endsAt: b.endsAt });
  if (events.length)
    await db.insert(e).values(events.map((ev) => ({ bookingId: booking.id, at: booking.createdAt, ...ev })));
  return booking;
}

// ---- Checkout holds: a paid course's slot while its learner pays (issue 23) -----------------------------------

export type HoldRow = typeof h.$inferSelect;

export async function insertHold(db: DbOrTx, row: typeof h.$inferInsert): Promise<void> {
  await db.insert(h).values(row);
}

export async function findHold(db: DbOrTx, by: { id: string } | { requestId: string }, lock = false) {
  const q = db
    .select()
    .from(h)
    .where('id' in by ? eq(h.id, by.id) : eq(h.requestId, by.requestId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function closeHold(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(h)
    .set({ closedAt: at })
    .where(and(eq(h.id, id), isNull(h.closedAt)))
    .returning({ id: h.id });
  return rows.length > 0;
}

/** The account's holds still keeping a slot at `at` (open and not lapsed), oldest first. */
export async function liveHoldsOfUser(db: DbOrTx, userId: string, at: Date): Promise<HoldRow[]> {
  return db
    .select()
    .from(h)
    .where(and(eq(h.userId, userId), isNull(h.closedAt), gt(h.expiresAt, at)))
    .orderBy(asc(h.createdAt));
}

/** Serializes an account's new holds (after the shark's calendar lock: always in that order, so no deadlock). */
export async function lockHoldsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await queryRows(db, sql`SELECT pg_advisory_xact_lock(hashtextextended(${`checkout-holds:${userId}`}, 0))`);
}

/** Closes a shark's lapsed holds (under its calendar lock), so a new hold may take their time. */
export async function closeLapsedHoldsOf(db: DbOrTx, sharkId: string, at: Date): Promise<string[]> {
  const rows = await db
    .update(h)
    .set({ closedAt: at })
    .where(and(eq(h.sharkId, sharkId), isNull(h.closedAt), lte(h.expiresAt, at)))
    .returning({ id: h.id });
  return rows.map((r) => r.id);
}

/** The paid booking, written from its hold with the id the hold reserved and the price that was paid. */
export async function insertPaidBooking(
  db: DbOrTx,
  hold: HoldRow,
  paid: { totalPricePaise: number; answerBy: Date },
): Promise<void> {
  await db.insert(b).values({
    id: hold.id,
    courseId: hold.courseId,
    userId: hold.userId,
    name: hold.name,
    email: hold.email,
    phone: hold.phone,
    hours: hold.hours,
    totalPricePaise: paid.totalPricePaise,
    requestId: hold.requestId,
    sharkId: hold.sharkId,
    startsAt: hold.startsAt,
    endsAt: hold.endsAt,
    blockedUntil: hold.blockedUntil,
    timeZone: hold.timeZone,
    learnerTimeZone: hold.learnerTimeZone,
    status: 'requested',
    answerBy: paid.answerBy,
    // The terms at payment: the checkout quoted them a few minutes before, from the same course.
    ...courseTermsOf(hold.courseId),
  });
}

/** The course's price and refund terms, and its shark's name: what a checkout quotes and records. */
export async function findCourseTerms(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({
      title: c.title,
      pricePaise: c.pricePaise,
      cancellationHours: c.cancellationHours,
      lateCancellationRefund: c.lateCancellationRefund,
      sharkName: s.name,
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.sharkId))
    .where(eq(c.id, courseId));
  return row ?? null;
}

/**
 * The email of the account that pays (money mail goes to the account's own address, issue 38); '' for no such
 * account. Read here, not asked of the accounts module: that module sits above this one (its data export and
 * leaving read the sessions), so asking it would be a cycle of modules (decision 209).
 */
export async function findAccountEmail(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}
