// All SQL of bookings: the priced insert and the reads of bookings with their course and shark.
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '#server/db/client.ts';
import { bookingColumns, isPublicShark } from '#server/db/projections.ts';
import type { SessionStatus } from '#shared/sessions.ts';
import { courseBookings as b, courses as c, sharks as s } from '#server/db/schema.ts';
import type { SessionGroup } from '#shared/session-lists.ts';
import { sessionGroupOrder, sessionGroupWhere } from '#server/modules/sessions/service.ts';

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
  totalPrice: number;
  createdAt: Date;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  status: SessionStatus;
  /** Who proposed a pending new time, if any. */
  proposedBy: 'learner' | 'shark' | null;
}

const selectBookings = (db: DbOrTx) =>
  db
    .select({
      ...bookingColumns,
      courseTitle: c.title,
      enrollmentFormUrl: c.enrollmentFormUrl,
      sharkId: s.id,
      sharkName: s.name,
      userId: b.userId,
      startsAt: b.startsAt,
      endsAt: b.endsAt,
      timeZone: b.timeZone,
      status: b.status,
      proposedBy: b.proposedBy,
    })
    .from(b)
    .innerJoin(c, eq(c.id, b.courseId))
    .innerJoin(s, eq(s.id, c.sharkId))
    .$dynamic();

export type NewBooking = Pick<
  BookingRecord,
  'courseId' | 'userId' | 'name' | 'email' | 'phone' | 'hours' | 'preferredDate' | 'preferredTime'
> & {
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
 * One statement: the course's current price is read and the row written together (price x hours on numeric,
 * never floats), and only for a course of a published shark. The unique request_id makes a concurrent
 * duplicate wait for the first and then insert nothing. Returns the new id, or null when nothing was inserted.
 * Raw SQL: the builder cannot write INSERT ... SELECT with a computed column and ON CONFLICT in one statement.
 */
export async function insertPricedBooking(db: DbOrTx, input: NewBooking): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    INSERT INTO course_bookings (course_id, user_id, name, email, phone, hours, preferred_date, preferred_time, total_price,
      request_id, shark_id, starts_at, ends_at, blocked_until, time_zone, status, learner_time_zone, answer_by)
    SELECT c.id, ${input.userId}, ${input.name}, ${input.email}, ${input.phone}, ${input.hours}, ${input.preferredDate}::date,
           ${input.preferredTime}::time, c.price * ${input.hours}, ${input.requestId}, c.shark_id,
           ${input.startsAt.toISOString()}::timestamptz, ${input.endsAt.toISOString()}::timestamptz,
           ${input.blockedUntil.toISOString()}::timestamptz, ${input.timeZone}, 'requested',
           ${input.learnerTimeZone}, ${input.answerBy.toISOString()}::timestamptz
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
  const upcoming: SQL = sql`(${b.status} IN ('requested', 'confirmed') AND ${b.startsAt} > ${at.toISOString()}::timestamptz)`;
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

/**
 * The shark and instants of a booking given only as the spec's preferred date and time in `timeZone` (seed
 * data, test fixtures): the same values the database trigger would fill in.
 */
export const slotFromPreferred = (
  courseId: string,
  date: string,
  time: string,
  hours: number,
  timeZone: string,
) => {
  const startsAt = sql<Date>`((${date}::date + ${time}::time) AT TIME ZONE ${timeZone})`;
  const endsAt = sql<Date>`(${startsAt} + make_interval(hours => ${hours}::int))`;
  return {
    sharkId: sql<string>`(SELECT shark_id FROM courses WHERE id = ${courseId})`,
    startsAt,
    endsAt,
    blockedUntil: endsAt,
    timeZone,
  };
};

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

/** One page of one group of a learner's sessions, in the group's order (`course_bookings_user_id_idx`). */
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

export const ownedByUser = (userId: string): SQL => eq(b.userId, userId);

/**
 * The learner's numbers in one aggregate: the spec's upcoming (confirmed, ahead) and completed, and the
 * sessions booked or held (not declined, expired or cancelled) with their total. Money comes back as text.
 */
export async function userSessionNumbers(db: DbOrTx, userId: string, at: Date) {
  const t = sql`${at.toISOString()}::timestamptz`;
  const kept = sql`${b.status} NOT IN ('declined', 'expired', 'cancelled')`;
  const [row] = await db
    .select({
      upcoming:
        sql<number>`count(*) FILTER (WHERE ${b.status} = 'confirmed' AND ${b.startsAt} > ${t})`.mapWith(
          Number,
        ),
      completed: sql<number>`count(*) FILTER (WHERE ${b.status} = 'completed')`.mapWith(Number),
      bookedOrHeld: sql<number>`count(*) FILTER (WHERE ${kept})`.mapWith(Number),
      spent: sql<number>`coalesce(sum(${b.totalPrice}) FILTER (WHERE ${kept}), 0)::text`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(b)
    .where(eq(b.userId, userId));
  return row;
}
