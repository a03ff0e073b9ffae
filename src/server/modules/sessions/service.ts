// The session between a learner and a shark (decision 053): who may see it, the state machine's transitions,
// each recorded in booking_events with who, when and why and told to the other side in the same transaction.
import {
  SESSION_MSG,
  sessionBriefSchema,
  sessionNotesSchema,
  type NoShowOutcome,
  type SessionAction,
  type SessionActor,
  type SessionBrief,
  type SessionDetail,
  type SessionMessage,
  type SessionNotes,
} from '#shared/sessions.ts';
import { BOOKING_MSG } from '#shared/bookings.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { conflict, fieldError, HttpError, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import type { MailContext } from '#server/modules/mail/service.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import { checkSlot, lockCalendar } from '#server/modules/availability/service.ts';
import {
  eachInTransaction,
  runSessionClock,
  type ClockContext,
} from '#server/modules/session-mail/service.ts';
import { notifySessionEvent } from './notify';
import { sessionCalendar } from './calendar';
import {
  allowedActions,
  freeCancellationUntil,
  isLateCancellation,
  noShowRulingRefusal,
  noShowUntil,
  refusal,
  type LifecycleBooking,
  type SessionViewer,
} from './lifecycle';
import {
  findSession,
  findSessionShark,
  insertEvent,
  insertMessage,
  listEvents,
  listMessages,
  updateBooking,
  type NewEvent,
  type SessionRow,
} from './repository';

export { answerByFor, needsAction } from './lifecycle';
/** The lists' groups as SQL, for the bookings and workspace repositories (decision 056, issue 17). */
export { countSessionGroups, sessionGroupOrder, sessionGroupWhere } from './repository';
/** Work lists of the expiry and completion jobs: ids to pass to expireSession / completeSession. */
export { listDueRequests, listEndedSessions } from './repository';
import { listDueRequests, listEndedSessions } from './repository';

/** The caller of a session endpoint. */
export interface SessionCaller {
  userId: string;
  isAdmin: boolean;
}

const toLifecycle = (row: SessionRow): LifecycleBooking => ({
  status: row.status,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  answerBy: row.answerBy,
  cancellationHours: row.cancellationHours,
  proposedBy: row.proposedBy,
  noShowResolved: row.noShowResolved,
});

/** Its learner, its shark, or an admin; anyone else does not learn that the session exists. */
function viewerOf(row: SessionRow, who: SessionCaller): SessionViewer | null {
  if (row.userId !== null && row.userId === who.userId) return 'learner';
  if (row.sharkUserId !== null && row.sharkUserId === who.userId) return 'shark';
  return who.isAdmin ? 'admin' : null;
}

const HELD = new Set(['confirmed', 'completed', 'no_show']);

async function detailOf(db: DbOrTx, row: SessionRow, viewer: SessionViewer): Promise<SessionDetail> {
  const events = await listEvents(db, row.id);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    status: row.status,
    viewer,
    course: { id: row.courseId, title: row.courseTitle, cancellationHours: row.cancellationHours },
    shark: { id: row.sharkId, name: row.sharkName, timeZone: row.timeZone },
    learner: { name: row.name, email: row.email, phone: row.phone, timeZone: row.learnerTimeZone },
    hours: row.hours,
    totalPrice: row.totalPrice,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    answerBy: row.status === 'requested' ? (row.answerBy ?? row.startsAt).toISOString() : null,
    freeCancellationUntil: freeCancellationUntil(row).toISOString(),
    noShowUntil: HELD.has(row.status) ? noShowUntil(row).toISOString() : null,
    lateCancellation: row.lateCancellation,
    // The learner sees the link from confirmation on; the shark (and an admin) always.
    meetingLink: viewer === 'learner' && !HELD.has(row.status) ? null : row.meetingLink,
    pendingReschedule:
      row.proposedBy && row.proposedStartsAt && row.proposedEndsAt
        ? {
            proposedBy: row.proposedBy,
            startsAt: row.proposedStartsAt.toISOString(),
            endsAt: row.proposedEndsAt.toISOString(),
          }
        : null,
    brief: sessionBriefSchema.parse(row.brief),
    notes: sessionNotesSchema.parse(row.notes),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      kind: e.kind,
      actor: e.actor,
      reason: e.reason,
      startsAt: iso(e.startsAt),
      late: e.late,
      outcome: e.outcome,
    })),
    actions: allowedActions(toLifecycle(row), viewer, now()),
  };
}

async function load(db: DbOrTx, id: string, who: SessionCaller, lock = false) {
  const row = await findSession(db, id, lock);
  const viewer = row && viewerOf(row, who);
  if (!row || !viewer) throw notFound(SESSION_MSG.notFound);
  return { row, viewer };
}

/** GET /api/sessions/:id: the session as this caller sees it. */
export async function getSession(db: DbOrTx, who: SessionCaller, id: string): Promise<SessionDetail> {
  const { row, viewer } = await load(db, id, who);
  return detailOf(db, row, viewer);
}

/** GET /api/sessions/:id/calendar.ics: the session as an iCalendar file, linking to its page. */
export async function getSessionCalendar(
  db: DbOrTx,
  who: SessionCaller,
  id: string,
  appOrigin: string,
): Promise<string> {
  const detail = await getSession(db, who, id);
  return sessionCalendar(detail, `${appOrigin}${paths.sessions.detail(id)}`);
}

/**
 * Records one change in the timeline and tells whoever must hear of it, in the caller's transaction (jobs
 * call this for 'expired' and 'completed' with actor 'system').
 */
export async function recordSessionEvent(tx: DbOrTx, ctx: MailContext, event: NewEvent): Promise<void> {
  await insertEvent(tx, event);
  await notifySessionEvent(tx, ctx, {
    bookingId: event.bookingId,
    kind: event.kind,
    actor: event.actor,
    reason: event.reason ?? null,
    startsAt: event.startsAt ?? null,
    late: event.late ?? false,
    outcome: event.outcome ?? null,
  });
}

/** The postgres error of the exclusion constraint (two overlapping active bookings of one shark). */
const isOverlap = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23P01' || err?.cause?.code === '23P01';
};

interface Step {
  tx: DbOrTx;
  row: SessionRow;
  viewer: SessionViewer;
  at: Date;
  /** The actor of this caller in the timeline. */
  actor: SessionActor;
}

/**
 * Runs one action on a session in one transaction: the booking row locked (after the shark's calendar when the
 * action moves the session, the order every booking writer takes), the action checked against the rules, the
 * change made; answers with the session after it.
 */
async function act(
  db: Db,
  who: SessionCaller,
  id: string,
  action: SessionAction,
  run: (step: Step) => Promise<void>,
  opts: { calendar?: boolean } = {},
): Promise<SessionDetail> {
  try {
    return await db.transaction(async (tx) => {
      if (opts.calendar) {
        const sharkId = await findSessionShark(tx, id);
        if (sharkId) await lockCalendar(tx, sharkId);
      }
      const { row, viewer } = await load(tx, id, who, true);
      const at = now();
      const rules = toLifecycle(row);
      if (!allowedActions(rules, viewer, at).includes(action))
        throw conflict(refusal(rules, viewer, action, at), 'not_allowed');
      await run({ tx, row, viewer, at, actor: viewer });
      return detailOf(tx, (await findSession(tx, id))!, viewer);
    });
  } catch (e) {
    if (isOverlap(e)) throw conflict(BOOKING_MSG.slotTaken, 'slot_taken');
    throw e;
  }
}

const event = (
  step: Step,
  fields: Omit<NewEvent, 'bookingId' | 'at' | 'actor' | 'actorUserId'>,
  userId: string,
) => ({
  bookingId: step.row.id,
  at: step.at,
  actor: step.actor,
  actorUserId: userId,
  ...fields,
});

const NO_PROPOSAL = { proposedStartsAt: null, proposedEndsAt: null, proposedBy: null } as const;

export async function acceptSession(db: Db, ctx: MailContext, who: SessionCaller, id: string) {
  return act(db, who, id, 'accept', async (step) => {
    await updateBooking(step.tx, id, { status: 'confirmed' });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'confirmed' }, who.userId));
  });
}

export async function declineSession(
  db: Db,
  ctx: MailContext,
  who: SessionCaller,
  id: string,
  reason: string,
) {
  return act(db, who, id, 'decline', async (step) => {
    await updateBooking(step.tx, id, { status: 'declined' });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'declined', reason }, who.userId));
  });
}

/** Either side (or an admin) cancels before the start; a learner inside the window is recorded as late. */
export async function cancelSession(
  db: Db,
  ctx: MailContext,
  who: SessionCaller,
  id: string,
  reason: string,
) {
  return act(db, who, id, 'cancel', async (step) => {
    const late = step.viewer === 'learner' && isLateCancellation(toLifecycle(step.row), step.at);
    await updateBooking(step.tx, id, {
      status: 'cancelled',
      cancelledBy: step.viewer,
      lateCancellation: late,
      ...NO_PROPOSAL,
    });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'cancelled', reason, late }, who.userId));
  });
}

/** Proposes a new start (same hours) that must be a free slot of the shark, this session's own time aside. */
export async function proposeReschedule(
  db: Db,
  ctx: MailContext,
  who: SessionCaller,
  id: string,
  startsAt: string,
) {
  return act(
    db,
    who,
    id,
    'reschedule',
    async (step) => {
      const start = new Date(startsAt);
      if (start.getTime() === step.row.startsAt.getTime())
        throw fieldError('startsAt', SESSION_MSG.rescheduleSameTime);
      const slot = await checkSlot(step.tx, step.row.sharkId, start, step.row.hours, id);
      await updateBooking(step.tx, id, {
        proposedStartsAt: slot.startsAt,
        proposedEndsAt: slot.endsAt,
        proposedBy: step.viewer === 'learner' ? 'learner' : 'shark',
      });
      await recordSessionEvent(
        step.tx,
        ctx,
        event(step, { kind: 'reschedule_proposed', startsAt: slot.startsAt }, who.userId),
      );
    },
    { calendar: true },
  );
}

/** The other side accepts: the session moves (the old time frees), its reminders start again. */
export async function acceptReschedule(db: Db, ctx: MailContext, who: SessionCaller, id: string) {
  return act(
    db,
    who,
    id,
    'acceptReschedule',
    async (step) => {
      const proposed = step.row.proposedStartsAt!;
      let slot;
      try {
        slot = await checkSlot(step.tx, step.row.sharkId, proposed, step.row.hours, id);
      } catch (e) {
        // No longer offered (the shark changed their hours, or it is too close now): as good as taken.
        if (e instanceof HttpError && e.statusCode === 400)
          throw conflict(BOOKING_MSG.slotTaken, 'slot_taken');
        throw e;
      }
      await updateBooking(step.tx, id, {
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        blockedUntil: slot.blockedUntil,
        preferredDate: slot.preferredDate,
        preferredTime: slot.preferredTime,
        timeZone: slot.timeZone,
        reminded24hAt: null,
        reminded1hAt: null,
        ...NO_PROPOSAL,
      });
      await recordSessionEvent(
        step.tx,
        ctx,
        event(step, { kind: 'reschedule_accepted', startsAt: slot.startsAt }, who.userId),
      );
    },
    { calendar: true },
  );
}

export async function declineReschedule(db: Db, ctx: MailContext, who: SessionCaller, id: string) {
  return act(db, who, id, 'declineReschedule', async (step) => {
    const proposed = step.row.proposedStartsAt;
    await updateBooking(step.tx, id, NO_PROPOSAL);
    await recordSessionEvent(
      step.tx,
      ctx,
      event(step, { kind: 'reschedule_declined', startsAt: proposed }, who.userId),
    );
  });
}

/** Either side reports that the other did not come, within 48 h after the end. */
export async function reportNoShow(db: Db, ctx: MailContext, who: SessionCaller, id: string, note: string) {
  return act(db, who, id, 'reportNoShow', async (step) => {
    await updateBooking(step.tx, id, { status: 'no_show', ...NO_PROPOSAL });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'no_show', reason: note }, who.userId));
  });
}

export async function setMeetingLink(db: Db, who: SessionCaller, id: string, meetingLink: string) {
  return act(db, who, id, 'setMeetingLink', async (step) => {
    await updateBooking(step.tx, id, { meetingLink: meetingLink === '' ? null : meetingLink });
  });
}

export async function saveBrief(db: Db, who: SessionCaller, id: string, brief: SessionBrief) {
  return act(db, who, id, 'editBrief', async (step) => {
    await updateBooking(step.tx, id, { brief });
  });
}

export async function saveNotes(db: Db, who: SessionCaller, id: string, notes: SessionNotes) {
  return act(db, who, id, 'editNotes', async (step) => {
    await updateBooking(step.tx, id, { notes });
  });
}

function toMessage(
  row: SessionRow,
  viewerUserId: string,
  m: { id: string; author: 'learner' | 'shark'; authorUserId: string | null; body: string; createdAt: Date },
): SessionMessage {
  return {
    id: m.id,
    author: m.author,
    authorName: m.author === 'learner' ? row.name : row.sharkName,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
    mine: m.authorUserId !== null && m.authorUserId === viewerUserId,
  };
}

/** The thread, oldest first (an admin reads it too). */
export async function getMessages(db: DbOrTx, who: SessionCaller, id: string): Promise<SessionMessage[]> {
  const { row } = await load(db, id, who);
  return (await listMessages(db, id)).map((m) => toMessage(row, who.userId, m));
}

/** One message of the learner or the shark; the other side is mailed by the batching job (notified_at). */
export async function sendMessage(
  db: Db,
  who: SessionCaller,
  id: string,
  body: string,
): Promise<SessionMessage> {
  return db.transaction(async (tx) => {
    const { row, viewer } = await load(tx, id, who, true);
    const at = now();
    const rules = toLifecycle(row);
    if (viewer === 'admin' || !allowedActions(rules, viewer, at).includes('message'))
      throw conflict(refusal(rules, viewer, 'message', at), 'not_allowed');
    const saved = await insertMessage(tx, {
      bookingId: id,
      author: viewer,
      authorUserId: who.userId,
      body,
      createdAt: at,
    });
    return toMessage(row, who.userId, { ...saved, author: viewer, authorUserId: who.userId, body });
  });
}

/**
 * A job's expiry of an unanswered request (actor 'system'), in the job's transaction: the row locked, and a
 * no-op (false) when the request was answered, cancelled or is not yet due.
 */
export async function expireSession(tx: DbOrTx, ctx: MailContext, bookingId: string): Promise<boolean> {
  const row = await findSession(tx, bookingId, true);
  const at = now();
  if (!row || row.status !== 'requested') return false;
  if (at.getTime() < Math.min((row.answerBy ?? row.startsAt).getTime(), row.startsAt.getTime())) return false;
  await updateBooking(tx, bookingId, { status: 'expired' });
  await recordSessionEvent(tx, ctx, { bookingId, at, kind: 'expired', actor: 'system', actorUserId: null });
  return true;
}

/**
 * A job's completion of a confirmed session at its end (actor 'system'): a no-op (false) unless it is
 * confirmed and has ended. A no-show can still be reported for 48 h after the end.
 */
export async function completeSession(tx: DbOrTx, ctx: MailContext, bookingId: string): Promise<boolean> {
  const row = await findSession(tx, bookingId, true);
  const at = now();
  if (!row || row.status !== 'confirmed' || at.getTime() < row.endsAt.getTime()) return false;
  await markCompleted(tx, bookingId);
  await recordSessionEvent(tx, ctx, { bookingId, at, kind: 'completed', actor: 'system', actorUserId: null });
  return true;
}

/**
 * What makes a session count as held, for the job at its end and for an admin's "it took place" ruling alike:
 * earnings, student counts and the right to review all read the status.
 */
async function markCompleted(tx: DbOrTx, bookingId: string): Promise<void> {
  await updateBooking(tx, bookingId, { status: 'completed', ...NO_PROPOSAL });
}

/**
 * An admin rules on a reported no-show (decision 053), in one transaction: the booking row locked, `took_place`
 * completes the session (its review window opens now), `upheld` leaves it a no-show; the ruling is a timeline
 * event (which mails both sides) and an audit entry. Only a reported no-show, and only once (409 otherwise).
 */
export async function resolveNoShow(
  db: Db,
  ctx: MailContext,
  adminUserId: string,
  id: string,
  ruling: { outcome: NoShowOutcome; reason: string },
): Promise<SessionDetail> {
  try {
    return await ruleOnNoShow(db, ctx, adminUserId, id, ruling);
  } catch (e) {
    // Two admins at once: the second waited for the row lock with a snapshot from before the first ruling,
    // and the one-ruling-per-booking index refused its event.
    if (isUniqueViolation(e)) throw conflict(SESSION_MSG.noShowAlreadyResolved, 'not_allowed');
    throw e;
  }
}

function ruleOnNoShow(
  db: Db,
  ctx: MailContext,
  adminUserId: string,
  id: string,
  ruling: { outcome: NoShowOutcome; reason: string },
): Promise<SessionDetail> {
  return db.transaction(async (tx) => {
    const { row } = await load(tx, id, { userId: adminUserId, isAdmin: true }, true);
    const refused = noShowRulingRefusal(toLifecycle(row));
    if (refused) throw conflict(refused, 'not_allowed');
    const at = now();
    if (ruling.outcome === 'took_place') await markCompleted(tx, id);
    await recordSessionEvent(tx, ctx, {
      bookingId: id,
      at,
      kind: 'no_show_resolved',
      actor: 'admin',
      actorUserId: adminUserId,
      reason: ruling.reason,
      outcome: ruling.outcome,
    });
    await recordAudit(tx, {
      actorId: adminUserId,
      action: 'session.no_show_resolve',
      targetType: 'session',
      targetId: id,
      reason: ruling.reason,
      details: {
        outcome: ruling.outcome,
        statusBefore: row.status,
        course: row.courseTitle,
        shark: row.sharkName,
        learner: row.email,
      },
    });
    return detailOf(tx, (await findSession(tx, id))!, 'admin');
  });
}

/** How many due rows one tick of the clock takes on; the rest wait for the next minute. */
const CLOCK_BATCH = 200;

/** The clock's expiry step (the `sessions` job, decision 054): requests unanswered in time expire. */
export async function expireDueRequests(ctx: ClockContext): Promise<number> {
  const due = await listDueRequests(ctx.db, now(), CLOCK_BATCH);
  return eachInTransaction(ctx, due, (tx, id) => expireSession(tx, ctx, id));
}

/** The clock's completion step: confirmed sessions whose end has passed are completed. */
export async function completeEndedSessions(ctx: ClockContext): Promise<number> {
  const due = await listEndedSessions(ctx.db, now(), CLOCK_BATCH);
  return eachInTransaction(ctx, due, (tx, id) => completeSession(tx, ctx, id));
}

/**
 * One tick of the sessions' clock (the `sessions` job every minute, and the dev clock of browser tests): expiry
 * and completion here, then the reminders and message mails of the session-mail module.
 */
export function tickSessions(ctx: ClockContext) {
  return runSessionClock(ctx, {
    expired: () => expireDueRequests(ctx),
    completed: () => completeEndedSessions(ctx),
  });
}
