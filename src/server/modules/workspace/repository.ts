// All SQL of the shark's workspace: its sharks row, and the dashboard's and enrollments' figures, which the
// database computes (never by summing rows in JavaScript).
import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { SessionGroup } from '#shared/session-lists.ts';
import { type DbOrTx, queryRows } from '#server/db/client.ts';
import { bookingColumns } from '#server/db/projections.ts';
import { now } from '#server/time.ts';
import { courseBookings as b, courses as c, sharks } from '#server/db/schema.ts';
import type { SharkRow } from '#server/modules/shark-scope/service.ts';
import { sessionGroupOrder, sessionGroupWhere } from '#server/modules/sessions/service.ts';

export type SharkFields = Pick<
  typeof sharks.$inferInsert,
  'name' | 'codeName' | 'specialization' | 'experience' | 'bio' | 'published' | 'updatedAt'
>;

/** Upsert on user_id (spec section 7): the first save of an account without a sharks row creates it. */
export async function upsertShark(db: DbOrTx, userId: string, fields: SharkFields): Promise<SharkRow> {
  const [row] = await db
    .insert(sharks)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: sharks.userId, set: fields })
    .returning();
  return row;
}

/** The admin's unpublish reason of the row (null when none), locking the row for this transaction. */
export async function lockAdminUnpublishReason(db: DbOrTx, sharkId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sharks.adminUnpublishReason })
    .from(sharks)
    .where(eq(sharks.id, sharkId))
    .for('update');
  return row?.reason ?? null;
}

export async function setSharkPhoto(db: DbOrTx, sharkId: string, photoUrl: string): Promise<SharkRow> {
  const [row] = await db
    .update(sharks)
    .set({ photoUrl, updatedAt: now() })
    .where(eq(sharks.id, sharkId))
    .returning();
  return row;
}

export interface DashboardMetrics {
  upcoming: number;
  completed: number;
  earnings: number;
  bookedNotHeld: number;
  awaitingAnswer: number;
  sharkCancellations: number;
  courseCount: number;
  avgRating: number | null;
  reviewCount: number;
}

interface DashboardMetricsRow extends Record<string, unknown> {
  upcoming: number;
  completed: number;
  earnings: string;
  booked_not_held: string;
  awaiting_answer: number;
  shark_cancellations: number;
  course_count: number;
  avg_rating: string | null;
  review_count: number | null;
}

const toDashboardMetrics = (row: DashboardMetricsRow): DashboardMetrics => ({
  upcoming: row.upcoming,
  completed: row.completed,
  earnings: Number(row.earnings),
  bookedNotHeld: Number(row.booked_not_held),
  awaitingAnswer: row.awaiting_answer,
  sharkCancellations: row.shark_cancellations,
  courseCount: row.course_count,
  avgRating: row.avg_rating === null ? null : Number(row.avg_rating),
  reviewCount: row.review_count ?? 0,
});

/**
 * The dashboard's counts and sums in one round trip (issue 13): upcoming = confirmed sessions starting after
 * `at`, completed = completed, earnings = the total of completed ones; booked-not-held (confirmed, ahead),
 * open requests and the shark's cancellations beside them. Raw SQL: the builder has no select of several
 * aggregates with FILTER; money comes back as text and is read once, in toDashboardMetrics.
 */
export async function dashboardMetrics(
  db: DbOrTx,
  sharkId: string | null,
  at: Date,
): Promise<DashboardMetrics> {
  const t = at.toISOString();
  const [row] = await queryRows<DashboardMetricsRow>(
    db,
    sql`SELECT
          count(*) FILTER (WHERE b.status = 'confirmed' AND b.starts_at > ${t}::timestamptz)::int AS upcoming,
          count(*) FILTER (WHERE b.status = 'completed')::int AS completed,
          coalesce(sum(b.total_price) FILTER (WHERE b.status = 'completed'), 0)::text AS earnings,
          coalesce(sum(b.total_price) FILTER (WHERE b.status = 'confirmed' AND b.starts_at > ${t}::timestamptz), 0)::text
            AS booked_not_held,
          count(*) FILTER (WHERE b.status = 'requested')::int AS awaiting_answer,
          count(*) FILTER (WHERE b.status = 'cancelled' AND b.cancelled_by = 'shark')::int AS shark_cancellations,
          (SELECT count(*) FROM courses c WHERE c.shark_id = ${sharkId})::int AS course_count,
          (SELECT avg_rating::text FROM sharks WHERE id = ${sharkId}) AS avg_rating,
          (SELECT review_count FROM sharks WHERE id = ${sharkId}) AS review_count
        FROM course_bookings b WHERE b.shark_id = ${sharkId}`,
  );
  return toDashboardMetrics(row);
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
    .where(and(eq(b.sharkId, sharkId), inArray(b.status, ['requested', 'confirmed']), gt(b.startsAt, at)))
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
      total: sql<number>`coalesce(sum(${b.totalPrice}), 0)`.mapWith(Number),
    })
    .from(c)
    .leftJoin(b, eq(b.courseId, c.id))
    .where(eq(c.sharkId, sharkId))
    .groupBy(c.id)
    .orderBy(sql`max(${b.createdAt}) DESC NULLS LAST`, desc(c.createdAt), asc(c.id));
}

/** Every booking of the shark's courses, the newest first. */
export async function sharkBookings(db: DbOrTx, sharkId: string) {
  return db
    .select({
      ...bookingColumns,
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

export const ownedByShark = (sharkId: string): SQL => eq(b.sharkId, sharkId);

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
      ...bookingColumns,
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
