// The SQL of a session's notices and mail clocks: what a mail needs to know of a session, and the claims of
// the jobs' mail steps (reminders, message mails; expiry and completion belong to the sessions module). Each
// claim is an UPDATE that re-checks its condition on the locked row, so two servers never both win a row.
import { and, asc, count, eq, isNull, lte, min, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { bookingEvents, bookingMessages, courseBookings, courses, sharks, users } from '#server/db/schema.ts';

const sharkUsers = alias(users, 'shark_user');
const learnerUsers = alias(users, 'learner_user');

/** One session with what its mails say and where they go. */
export interface SessionForMail {
  id: string;
  status: (typeof courseBookings.$inferSelect)['status'];
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
  totalPrice: number;
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
      id: courseBookings.id,
      status: courseBookings.status,
      courseTitle: courses.title,
      cancellationHours: courses.cancellationHours,
      sharkName: sharks.name,
      sharkEmail: sharkUsers.email,
      sharkTimeZone: courseBookings.timeZone,
      learnerName: courseBookings.name,
      learnerEmail: learnerUsers.email,
      learnerTimeZone: courseBookings.learnerTimeZone,
      hours: courseBookings.hours,
      totalPrice: courseBookings.totalPrice,
      startsAt: courseBookings.startsAt,
      endsAt: courseBookings.endsAt,
      answerBy: courseBookings.answerBy,
      meetingLink: courseBookings.meetingLink,
      lateCancellation: courseBookings.lateCancellation,
      proposedStartsAt: courseBookings.proposedStartsAt,
      proposedEndsAt: courseBookings.proposedEndsAt,
    })
    .from(courseBookings)
    .innerJoin(courses, eq(courses.id, courseBookings.courseId))
    .innerJoin(sharks, eq(sharks.id, courseBookings.sharkId))
    .innerJoin(sharkUsers, eq(sharkUsers.id, sharks.userId))
    .leftJoin(learnerUsers, eq(learnerUsers.id, courseBookings.userId))
    .where(eq(courseBookings.id, bookingId));
  if (!row) return null;
  const [{ reschedules }] = await db
    .select({ reschedules: count() })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.kind, 'reschedule_accepted')));
  return { ...row, reschedules };
}

/** The side that reported the session's latest no-show (what a ruling's mail names), or null. */
export async function findNoShowReporter(db: DbOrTx, bookingId: string): Promise<'learner' | 'shark' | null> {
  const [row] = await db
    .select({ actor: bookingEvents.actor })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.kind, 'no_show')))
    .orderBy(sql`${bookingEvents.at} DESC, ${bookingEvents.seq} DESC`)
    .limit(1);
  return row?.actor === 'learner' || row?.actor === 'shark' ? row.actor : null;
}

/** Rows a clock lists at a time; a step that must finish in its minute lists again until none is left. */
export const BATCH = 200;

// ---- Reminders: 24 h and 1 h before a confirmed session, each once per start time ---------------------

export type ReminderHours = 24 | 1;

const reminderColumn = (h: ReminderHours) =>
  h === 24 ? courseBookings.reminded24hAt : courseBookings.reminded1hAt;

/**
 * A reminder is due from its moment (the start minus `h` hours) until the next one's moment (the 1 h
 * reminder's, or the start), and only when the session had its current time at that moment: a session
 * confirmed or moved after the moment does not get that reminder late (its confirmation mail, or the mail of
 * its move, was the news), and a reminder already sent for an earlier time does not come twice.
 */
const reminderDue = (h: ReminderHours, at: Date): SQL => {
  const moment = sql`${courseBookings.startsAt} - make_interval(hours => ${h}::int)`;
  const instant = sql`${at.toISOString()}::timestamptz`;
  const until =
    h === 24 ? sql`${courseBookings.startsAt} - interval '1 hour'` : sql`${courseBookings.startsAt}`;
  const settled = sql`coalesce((SELECT max(${bookingEvents.at}) FROM ${bookingEvents}
    WHERE ${bookingEvents.bookingId} = ${courseBookings.id}
      AND ${bookingEvents.kind} IN ('confirmed', 'reschedule_accepted')), ${courseBookings.createdAt})`;
  return and(
    eq(courseBookings.status, 'confirmed'),
    isNull(reminderColumn(h)),
    sql`${moment} <= ${instant}`,
    sql`${instant} < ${until}`,
    sql`${moment} >= ${settled}`,
  )!;
};

export async function dueReminders(db: DbOrTx, h: ReminderHours, at: Date): Promise<string[]> {
  const rows = await db
    .select({ id: courseBookings.id })
    .from(courseBookings)
    .where(reminderDue(h, at))
    .orderBy(asc(courseBookings.startsAt))
    .limit(BATCH);
  return rows.map((r) => r.id);
}

/**
 * Marks the reminder sent (in the transaction that queues its mails); false when it is no longer due, or when
 * another server is claiming it right now: that one sends it, and this one goes on to the next row instead of
 * waiting for the lock (two servers listing the same rows would otherwise claim them one after the other).
 */
export async function claimReminder(db: DbOrTx, id: string, h: ReminderHours, at: Date): Promise<boolean> {
  const free = sql`${courseBookings.id} = (SELECT b.id FROM course_bookings b WHERE b.id = ${id} FOR UPDATE SKIP LOCKED)`;
  const rows = await db
    .update(courseBookings)
    .set(h === 24 ? { reminded24hAt: at } : { reminded1hAt: at })
    .where(and(eq(courseBookings.id, id), free, reminderDue(h, at)))
    .returning({ id: courseBookings.id });
  return rows.length > 0;
}

// ---- Message mails: each side's unmailed messages of a session, once the first is `batchMinutes` old ----

export interface MessageGroup {
  bookingId: string;
  author: 'learner' | 'shark';
}

export async function dueMessageGroups(db: DbOrTx, at: Date, batchMinutes: number): Promise<MessageGroup[]> {
  const oldest = new Date(at.getTime() - batchMinutes * 60_000);
  return db
    .select({ bookingId: bookingMessages.bookingId, author: bookingMessages.author })
    .from(bookingMessages)
    .where(isNull(bookingMessages.notifiedAt))
    .groupBy(bookingMessages.bookingId, bookingMessages.author)
    .having(lte(min(bookingMessages.createdAt), oldest))
    .orderBy(asc(min(bookingMessages.createdAt)))
    .limit(BATCH);
}

/** Marks a group's messages mailed and returns them, oldest first (none when another server took them). */
export async function claimMessages(db: DbOrTx, group: MessageGroup, at: Date) {
  const rows = await db
    .update(bookingMessages)
    .set({ notifiedAt: at })
    .where(
      and(
        eq(bookingMessages.bookingId, group.bookingId),
        eq(bookingMessages.author, group.author),
        isNull(bookingMessages.notifiedAt),
        lte(bookingMessages.createdAt, at),
      ),
    )
    .returning({ id: bookingMessages.id, body: bookingMessages.body, createdAt: bookingMessages.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}
