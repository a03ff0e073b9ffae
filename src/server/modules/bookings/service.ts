// Course bookings: the server prices them, refuses unbookable courses and past dates, and makes one
// booking per requestId however often the browser sends it.
import { sql } from 'drizzle-orm';
import { BOOKING_MSG, type MyBooking } from '../../../shared/schemas/bookings';
import type { z } from 'zod';
import type { createBookingSchema } from '../../../shared/schemas/bookings';
import { queryRows, type DbOrTx } from '../../db/client';
import { conflict, fieldError } from '../../http/errors';

export type CreateBooking = z.output<typeof createBookingSchema>;

/** Today's calendar date (YYYY-MM-DD) in the app's time zone: what "upcoming" and "not in the past" mean. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

interface BookingRow extends Record<string, unknown> {
  id: string;
  course_id: string;
  course_title: string;
  enrollment_form_url: string | null;
  shark_id: string;
  shark_name: string;
  user_id: string;
  name: string;
  email: string;
  phone: string;
  hours: number;
  preferred_date: string | Date;
  preferred_time: string;
  total_price: string | number;
  created_at: string | Date;
}

const dateString = (d: string | Date) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

function toMyBooking(row: BookingRow, today: string): MyBooking {
  const preferredDate = dateString(row.preferred_date);
  return {
    id: row.id,
    courseId: row.course_id,
    courseTitle: row.course_title,
    enrollmentFormUrl: row.enrollment_form_url,
    sharkId: row.shark_id,
    sharkName: row.shark_name,
    name: row.name,
    email: row.email,
    phone: row.phone,
    hours: Number(row.hours),
    preferredDate,
    preferredTime: String(row.preferred_time).slice(0, 5),
    totalPrice: Number(row.total_price),
    upcoming: preferredDate >= today,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const selectBookings = sql`
  SELECT b.id, b.course_id, c.title AS course_title, c.enrollment_form_url, s.id AS shark_id, s.name AS shark_name,
         b.user_id, b.name, b.email, b.phone, b.hours, b.preferred_date::text AS preferred_date,
         b.preferred_time::text AS preferred_time, b.total_price::text AS total_price, b.created_at
  FROM course_bookings b
  JOIN courses c ON c.id = b.course_id
  JOIN sharks s ON s.id = c.shark_id`;

/**
 * Books a session. The total is the course's current price x hours, computed in SQL on numeric (never
 * floats, never the client's figure). `created` is false when this requestId was already booked: the
 * first booking comes back and no second one is made.
 */
export async function createBooking(
  db: DbOrTx,
  userId: string,
  input: CreateBooking,
  timeZone: string,
): Promise<{ booking: MyBooking; created: boolean }> {
  const today = todayIn(timeZone);
  if (input.preferredDate < today) throw fieldError('preferredDate', BOOKING_MSG.datePast);

  // One statement: the price is read and the row written together; the unique request_id makes a
  // concurrent duplicate wait for the first and then insert nothing.
  const inserted = await queryRows<{ id: string }>(db, sql`
    INSERT INTO course_bookings (course_id, user_id, name, email, phone, hours, preferred_date, preferred_time, total_price, request_id)
    SELECT c.id, ${userId}, ${input.name}, ${input.email}, ${input.phone}, ${input.hours}, ${input.preferredDate}::date,
           ${input.preferredTime}::time, c.price * ${input.hours}, ${input.requestId}
    FROM courses c JOIN sharks s ON s.id = c.shark_id
    WHERE c.id = ${input.courseId} AND s.published
    ON CONFLICT (request_id) DO NOTHING
    RETURNING id`);

  if (inserted.length) {
    const [row] = await queryRows<BookingRow>(db, sql`${selectBookings} WHERE b.id = ${inserted[0].id}`);
    return { booking: toMyBooking(row, today), created: true };
  }
  const [existing] = await queryRows<BookingRow>(db, sql`${selectBookings} WHERE b.request_id = ${input.requestId}`);
  if (existing) {
    // A requestId is a secret-ish random key of one learner's attempt; someone else's is never replayed.
    if (existing.user_id !== userId) throw conflict(BOOKING_MSG.requestIdReused);
    return { booking: toMyBooking(existing, today), created: false };
  }
  throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
}

/** The caller's own bookings: upcoming first (soonest first), then past (most recent first). */
export async function listMyBookings(db: DbOrTx, userId: string, timeZone: string): Promise<MyBooking[]> {
  const today = todayIn(timeZone);
  const rows = await queryRows<BookingRow>(db, sql`${selectBookings}
    WHERE b.user_id = ${userId}
    ORDER BY (b.preferred_date >= ${today}::date) DESC,
             CASE WHEN b.preferred_date >= ${today}::date THEN b.preferred_date END ASC,
             CASE WHEN b.preferred_date >= ${today}::date THEN b.preferred_time END ASC,
             b.preferred_date DESC, b.preferred_time DESC, b.created_at DESC
    LIMIT 500`);
  return rows.map((r) => toMyBooking(r, today));
}
