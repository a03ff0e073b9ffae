// Course bookings: the server prices them, books only free slots of the shark's calendar, and makes one
// booking per requestId however often the browser sends it.
import type { z } from 'zod';
import {
  BOOKING_MSG,
  type createBookingSchema,
  type MyBooking,
  type MySessionPage,
  type MySessionsOverview,
} from '#shared/bookings.ts';
import { SESSION_PAGE_SIZE, SESSION_PREVIEW_SIZE, type SessionGroup } from '#shared/session-lists.ts';
import { type SessionPageQuery } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { MailContext } from '#server/modules/mail/service.ts';
import {
  answerByFor,
  countSessionGroups,
  needsAction,
  recordSessionEvent,
} from '#server/modules/sessions/service.ts';
import { isForeignKeyViolation } from '#server/db/errors.ts';
import { checkSlot, lockCalendar } from '#server/modules/availability/service.ts';
import { conflict, fieldError, forbidden } from '#server/http/errors.ts';
import { now, timeOfDay } from '#server/time.ts';
import {
  type BookingRecord,
  findBookableCourse,
  findBooking,
  insertPricedBooking,
  listUserBookings,
  listUserSessionPage,
  ownedByUser,
  userSessionNumbers,
} from './repository';

export { slotFromPreferred } from './repository';

export type CreateBooking = z.output<typeof createBookingSchema>;

function toMyBooking({ userId: _userId, proposedBy, ...row }: BookingRecord, at: Date): MyBooking {
  return {
    ...row,
    preferredTime: timeOfDay(row.preferredTime),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    upcoming: (row.status === 'requested' || row.status === 'confirmed') && row.startsAt > at,
    needsAction: needsAction({ ...row, proposedBy }, 'learner', at),
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
  ctx: MailContext,
  userId: string,
  input: CreateBooking,
): Promise<{ booking: MyBooking; created: boolean }> {
  const { requestId, courseId, name, email, phone, hours } = input;
  try {
    return await db.transaction(async (tx) => {
      const course = await findBookableCourse(tx, courseId);
      if (!course) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
      if (course.sharkUserId === userId) throw forbidden(SESSION_MSG.ownCourse, 'own_course');
      await lockCalendar(tx, course.sharkId);
      const existing = await findBooking(tx, { requestId });
      if (existing) {
        // A requestId is a secret-ish random key of one learner's attempt; someone else's is never replayed.
        if (existing.userId !== userId) throw conflict(BOOKING_MSG.requestIdReused);
        return { booking: toMyBooking(existing, now()), created: false };
      }
      const slot = await checkSlot(tx, course.sharkId, new Date(input.startsAt), hours);
      const at = now();
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
        learnerTimeZone: input.timeZone ?? null,
        answerBy: answerByFor(at, slot.startsAt),
      });
      if (!id) throw conflict(BOOKING_MSG.requestIdReused);
      await recordSessionEvent(tx, ctx, {
        bookingId: id,
        at,
        kind: 'requested',
        actor: 'learner',
        actorUserId: userId,
      });
      return { booking: toMyBooking((await findBooking(tx, { id }))!, at), created: true };
    });
  } catch (e) {
    if (isOverlap(e)) throw conflict(BOOKING_MSG.slotTaken, 'slot_taken');
    // The course was deleted while this booking was written (foreign key violation): not bookable any more.
    if (isForeignKeyViolation(e)) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
    throw e;
  }
}

/** The caller's own bookings: upcoming first (soonest first), then the others (most recent first). */
export async function listMyBookings(db: DbOrTx, userId: string): Promise<MyBooking[]> {
  const at = now();
  return (await listUserBookings(db, userId, at)).map((r) => toMyBooking(r, at));
}

/** One page of one group of the caller's own sessions, with the group's total (issue 17). */
export async function listMySessionPage(
  db: DbOrTx,
  userId: string,
  query: SessionPageQuery,
): Promise<MySessionPage> {
  const at = now();
  const totals = await countSessionGroups(db, ownedByUser(userId), 'learner', at);
  const rows = await listUserSessionPage(db, userId, query.group, at, {
    limit: SESSION_PAGE_SIZE,
    offset: (query.page - 1) * SESSION_PAGE_SIZE,
  });
  return {
    group: query.group,
    page: query.page,
    pageSize: SESSION_PAGE_SIZE,
    total: totals[query.group],
    items: rows.map((r) => toMyBooking(r, at)),
  };
}

/** The learner dashboard: its numbers from one aggregate and the first sessions of each group. */
export async function getMySessionsOverview(db: DbOrTx, userId: string): Promise<MySessionsOverview> {
  const at = now();
  const numbers = await userSessionNumbers(db, userId, at);
  const totals = await countSessionGroups(db, ownedByUser(userId), 'learner', at);
  const preview = async (group: SessionGroup) => ({
    total: totals[group],
    items:
      totals[group] === 0
        ? []
        : (await listUserSessionPage(db, userId, group, at, { limit: SESSION_PREVIEW_SIZE, offset: 0 })).map(
            (r) => toMyBooking(r, at),
          ),
  });
  return {
    upcomingSessions: numbers.upcoming,
    completedSessions: numbers.completed,
    bookedOrHeld: numbers.bookedOrHeld,
    spent: numbers.spent,
    total: numbers.total,
    groups: {
      needsAction: await preview('needsAction'),
      upcoming: await preview('upcoming'),
      past: await preview('past'),
    },
  };
}
