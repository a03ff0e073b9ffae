// Course bookings: the server prices them, books only free slots of the shark's calendar, and makes one
// booking per requestId however often the browser sends it.
import type { z } from 'zod';
import { BOOKING_MSG, type createBookingSchema, type MyBooking } from '#shared/bookings.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isForeignKeyViolation } from '#server/db/errors.ts';
import { checkSlot, lockCalendar } from '#server/modules/availability/service.ts';
import { conflict, fieldError } from '#server/http/errors.ts';
import { timeOfDay, todayIn } from '#server/time.ts';
import {
  type BookingRecord,
  findBookableCourse,
  findBooking,
  insertPricedBooking,
  listUserBookings,
} from './repository';

export { slotFromPreferred } from './repository';

export type CreateBooking = z.output<typeof createBookingSchema>;

function toMyBooking({ userId: _userId, ...row }: BookingRecord, today: string): MyBooking {
  return {
    ...row,
    preferredTime: timeOfDay(row.preferredTime),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    upcoming: row.preferredDate >= today,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The Postgres error of an exclusion constraint (two overlapping active bookings of one shark). */
const isOverlap = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23P01' || err?.cause?.code === '23P01';
};

/**
 * Books a free slot at the course's current price x hours, as a request the shark confirms. In one
 * transaction, with the shark's calendar row locked: the slot is checked against the shark's hours and
 * active bookings, then written; the database's exclusion constraint refuses an overlap whatever happens.
 * `created` is false when this requestId was already booked: the first booking comes back.
 */
export async function createBooking(
  db: Db,
  userId: string,
  input: CreateBooking,
  timeZone: string,
): Promise<{ booking: MyBooking; created: boolean }> {
  const today = todayIn(timeZone);
  const { requestId, courseId, name, email, phone, hours } = input;
  try {
    return await db.transaction(async (tx) => {
      const course = await findBookableCourse(tx, courseId);
      if (!course) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
      await lockCalendar(tx, course.sharkId);
      const existing = await findBooking(tx, { requestId });
      if (existing) {
        // A requestId is a secret-ish random key of one learner's attempt; someone else's is never replayed.
        if (existing.userId !== userId) throw conflict(BOOKING_MSG.requestIdReused);
        return { booking: toMyBooking(existing, today), created: false };
      }
      const slot = await checkSlot(tx, course.sharkId, new Date(input.startsAt), hours);
      const id = await insertPricedBooking(tx, {
        courseId,
        userId,
        name,
        email,
        phone,
        hours,
        requestId,
        sharkId: course.sharkId,
        ...slot,
      });
      if (!id) throw conflict(BOOKING_MSG.requestIdReused);
      return { booking: toMyBooking((await findBooking(tx, { id }))!, today), created: true };
    });
  } catch (e) {
    if (isOverlap(e)) throw conflict(BOOKING_MSG.slotTaken, 'slot_taken');
    // The course was deleted while this booking was written (foreign key violation): not bookable any more.
    if (isForeignKeyViolation(e)) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
    throw e;
  }
}

/** The caller's own bookings: upcoming first (soonest first), then past (most recent first). */
export async function listMyBookings(db: DbOrTx, userId: string, timeZone: string): Promise<MyBooking[]> {
  const today = todayIn(timeZone);
  return (await listUserBookings(db, userId, today)).map((r) => toMyBooking(r, today));
}
