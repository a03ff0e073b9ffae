// The session between a learner and a shark (decision 053): who may see it, the state machine's transitions,
// each recorded in booking_events with who, when and why and told to the other side in the same transaction.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { z } from 'zod';
import {
  isActiveStatus,
  sessionBriefSchema,
  sessionNotesSchema,
  type NoShowOutcome,
  type SessionAction,
  type SessionActor,
  type SessionBrief,
  type SessionDetail,
  type SessionMessage,
  type SessionNotes,
  type SessionPageQuery,
  type SessionStatus,
} from '#shared/sessions.ts';
import type { LeavingSession } from '#shared/accounts.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { type Checkout, type CheckoutCallback, type RefundReason } from '#shared/payments.ts';
import { formatPaise, PAYMENT_MSG, SLOT_HOLD_MINUTES } from '#shared/payments-texts.ts';
import {
  type CreateBookingResult,
  type createBookingSchema,
  type MyBooking,
  type MySessionPage,
  type MySessionsOverview,
} from '#shared/bookings.ts';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { MAX_OPEN_CHECKOUTS } from '#shared/constants.ts';
import { SESSION_PAGE_SIZE, SESSION_PREVIEW_SIZE, type SessionGroup } from '#shared/session-lists.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isForeignKeyViolation, isOverlap, isUniqueViolation } from '#server/db/errors.ts';
import { conflict, fieldError, forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { randomUUID } from 'node:crypto';
import { now, timeOfDay } from '#server/time.ts';
import {
  closePayment,
  findPaymentByOrder,
  heldQuoteOf,
  quoteOf,
  recordCapture,
  refundSubject,
  releaseShare,
  sendBookingRefundNow,
  sessionPayment,
  bookingPayments,
  netPaidPaise,
  paymentDay,
  verifyCallback,
  type PaymentsContext,
  type ReportedCapture,
} from '#server/modules/money/payments/service.ts';
import type { PaymentRow } from '#server/modules/money/payments/repository.ts';
import {
  abandonCheckout as abandonPayment,
  checkoutView,
  findCheckoutPayment,
  insertCheckout,
  openOrder,
  settleCapture,
  type NewCheckout,
  type Product,
  type Settlement,
} from '#server/modules/money/payments/checkout.ts';
import { refundPercent } from '#server/modules/money/payments/pricing.ts';
import { captureChecked } from '#server/modules/money/reconciliation/service.ts';
import { roomForSession } from '#server/modules/sessions/meeting-rooms/service.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import {
  messagesWrittenBy,
  postMessage,
  readThread,
  redactMessagesOf,
  type Thread,
  type ThreadMessage,
} from '#server/modules/platform/conversations/service.ts';
import type { SessionMail } from '#server/modules/platform/mail/templates.tsx';
import {
  checkSlot,
  lockCalendar,
  sharkMinNoticeMinutes,
  type BusyOfReader,
  type SlotsStampReader,
  type BusyReader,
} from '#server/modules/sessions/availability/service.ts';
import { eachInTransaction, formatSpan, notifySession, runSessionClock, type ClockContext } from './mail';
import { feedCalendar, sessionCalendar } from './calendar';
import {
  allowedActions,
  answerByFor,
  freeCancellationUntil,
  isLateCancellation,
  needsAction,
  noShowRulingRefusal,
  noShowUntil,
  noShowWindowsClosedBy,
  refusal,
  requestAnswerBy,
  type LifecycleBooking,
  type SessionViewer,
} from './lifecycle';
import * as repo from './repository';
import {
  findSession,
  findSessionShark,
  insertEvent,
  listDueRequests,
  listEndedSessions,
  listEvents,
  updateBooking,
  type BookingRecord,
  type NewEvent,
  type SessionRow,
} from './repository';

/** What a session's writers need: the mailer, and payments for the money each change moves. */
export type SessionContext = PaymentsContext;

/** A booking as the one checkout names what a payment pays for. */
const sessionOf = (bookingId: string) => ({ purpose: 'session' as const, id: bookingId });

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
  const at = now();
  const actions = allowedActions(toLifecycle(row), viewer, at);
  return {
    id: row.id,
    status: row.status,
    reviewed: row.reviewed,
    viewer,
    course: { id: row.courseId, title: row.courseTitle, cancellationHours: row.cancellationHours },
    shark: { id: row.sharkId, name: row.sharkName, timeZone: row.timeZone },
    learner: {
      name: row.name,
      // The shark reaches the learner on the platform until it has accepted (issue 43): no email or phone before.
      ...(viewer !== 'shark' || HELD.has(row.status) || events.some((e) => e.kind === 'confirmed')
        ? { email: row.email, phone: row.phone }
        : { email: null, phone: null }),
      timeZone: row.learnerTimeZone,
    },
    hours: row.hours,
    totalPricePaise: row.totalPricePaise,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    answerBy: iso(requestAnswerBy(row)),
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
    actions,
    payment: await sessionPayment(db, row.id, {
      documents: viewer !== 'shark',
      cancelPercent: actions.includes('cancel') ? cancelPercentOf(row, viewer, at) : null,
    }),
  };
}

/** What the viewer's own cancellation now would refund: the policy's percentage for who they are and when. */
function cancelPercentOf(row: SessionRow, viewer: SessionViewer, at: Date): number {
  return refundPercent(cancelReasonOf(row, viewer, at), row.lateCancellationRefund);
}

const cancelReasonOf = (row: SessionRow, actor: SessionActor, at: Date): RefundReason =>
  actor === 'shark'
    ? 'shark_cancelled'
    : actor === 'admin' || actor === 'system'
      ? 'admin_cancelled'
      : isLateCancellation(toLifecycle(row), at)
        ? 'learner_late_cancelled'
        : 'learner_cancelled';

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

/** How far back the feed lists sessions (by their end), and how many at most (decision 148). */
const FEED_DAYS_BACK = 90;
const FEED_LIMIT = 500;

/**
 * An account's sessions as an iCalendar feed (issue 26, decision 148): both sides, requests TENTATIVE, sessions
 * that will not take place CANCELLED, each at its current time with its page's link and its room.
 */
export async function sessionsFeed(db: DbOrTx, userId: string, appOrigin: string): Promise<string> {
  const since = new Date(now().getTime() - FEED_DAYS_BACK * 24 * 60 * 60 * 1000);
  const rows = await repo.listFeedSessions(db, userId, since, FEED_LIMIT);
  return feedCalendar(
    rows.map((r) => ({
      ...r,
      link: `${appOrigin}${paths.sessions.detail(r.id)}`,
      sequence: r.revisions,
      stamp: r.changedAt,
    })),
  );
}

/**
 * Records one change in the timeline and tells whoever must hear of it, in the caller's transaction (jobs
 * call this for 'expired' and 'completed' with actor 'system').
 */
export async function recordSessionEvent(tx: DbOrTx, ctx: SessionContext, event: NewEvent): Promise<void> {
  await insertEvent(tx, event);
  await settleMoney(tx, ctx, event);
  await notifySession(tx, ctx, {
    bookingId: event.bookingId,
    kind: event.kind,
    actor: event.actor,
    reason: event.reason ?? null,
    startsAt: event.startsAt ?? null,
    late: event.late ?? false,
    outcome: event.outcome ?? null,
  });
}

/**
 * The money a change moves, in its transaction (issues 23 and 24): a request that will not happen is refunded by
 * the policy; a held session's share stays pending until its no-show window ends with no report (the clock's
 * releaseDueShares) or an admin rules on a report. One place decides which change means which money.
 */
async function settleMoney(tx: DbOrTx, ctx: SessionContext, event: NewEvent): Promise<void> {
  const refund = (reason: RefundReason, row: SessionRow) =>
    refundSubject(tx, ctx, sessionOf(row.id), reason, refundPercent(reason, row.lateCancellationRefund));
  const row = () => findSession(tx, event.bookingId).then((r) => r!);
  switch (event.kind) {
    case 'declined':
    case 'expired':
      await refund(event.kind, await row());
      return;
    case 'cancelled': {
      const r = await row();
      const reason: RefundReason =
        event.actor === 'learner'
          ? event.late
            ? 'learner_late_cancelled'
            : 'learner_cancelled'
          : cancelReasonOf(r, event.actor, event.at);
      await refund(reason, r);
      // A late cancellation leaves the shark part of its share (all of it when the course refunds nothing):
      // there is no session left to hold, so that part is the shark's now.
      if (reason === 'learner_late_cancelled') await releaseHeldShare(tx, event.bookingId, event.at);
      return;
    }
    case 'no_show_resolved': {
      const r = await row();
      // Upheld against the shark (the learner reported it): a full refund. Upheld against the learner, or the
      // session took place: the shark's share is theirs, at once (the ruling closes the question the window
      // was waiting on).
      if (event.outcome === 'upheld' && r.noShowReportedBy === 'learner') await refund('shark_no_show', r);
      else await releaseHeldShare(tx, event.bookingId, event.at);
      return;
    }
    // 'completed': the share stays pending through the no-show window (decision 140).
    default:
  }
}

/**
 * The shark's share (what a refund left of it) moves from pending to available, and the booking is marked so
 * the clock passes it by. The ledger's key posts it once however often this runs.
 */
const SHARE_RELEASED_WHY = 'Session held';

async function releaseHeldShare(tx: DbOrTx, bookingId: string, at: Date): Promise<void> {
  await releaseShare(tx, sessionOf(bookingId), SHARE_RELEASED_WHY);
  await repo.markShareReleased(tx, bookingId, at);
}

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
        throw conflict(refusal(rules, viewer, action, at), ERROR_CODE.notAllowed);
      await run({ tx, row, viewer, at, actor: viewer });
      return detailOf(tx, (await findSession(tx, id))!, viewer);
    });
  } catch (e) {
    if (isOverlap(e)) throw conflict(BOOKING_MSG.slotTaken, ERROR_CODE.slotTaken);
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

export async function acceptSession(db: Db, ctx: SessionContext, who: SessionCaller, id: string) {
  return act(db, who, id, 'accept', async (step) => {
    // The shark's meeting room (decision 149), unless a link was already pasted into this session by hand.
    const room = step.row.meetingLink
      ? null
      : await roomForSession(step.tx, step.row.sharkId, ctx.config.JITSI_BASE_URL);
    await updateBooking(step.tx, id, { status: 'confirmed', ...(room ? { meetingLink: room } : {}) });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'confirmed' }, who.userId));
  });
}

export async function declineSession(
  db: Db,
  ctx: SessionContext,
  who: SessionCaller,
  id: string,
  reason: string,
) {
  return act(db, who, id, 'decline', async (step) => {
    await updateBooking(step.tx, id, { status: 'declined' });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'declined', reason }, who.userId));
  });
}

/**
 * Either side (or an admin) cancels before the start; a learner inside the window is recorded as late. A learner's
 * cancellation of a request the shark has not accepted is a withdrawal (`withdrawn`): the same change and refund,
 * told in its own words (issue 43).
 */
export async function cancelSession(
  db: Db,
  ctx: SessionContext,
  who: SessionCaller,
  id: string,
  reason: string,
): Promise<{ session: SessionDetail; withdrawn: boolean }> {
  let withdrawn = false;
  const session = await act(db, who, id, 'cancel', async (step) => {
    withdrawn = step.viewer === 'learner' && step.row.status === 'requested';
    const late = step.viewer === 'learner' && isLateCancellation(toLifecycle(step.row), step.at);
    await updateBooking(step.tx, id, {
      status: 'cancelled',
      cancelledBy: step.viewer,
      lateCancellation: late,
      ...NO_PROPOSAL,
    });
    await recordSessionEvent(step.tx, ctx, event(step, { kind: 'cancelled', reason, late }, who.userId));
  });
  return { session, withdrawn };
}

/** Proposes a new start (same hours) that must be a free slot of the shark, this session's own time aside. */
export async function proposeReschedule(
  db: Db,
  ctx: SessionContext,
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
      const slot = await checkSlot(step.tx, step.row.sharkId, start, step.row.hours, busyTimes, id);
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
export async function acceptReschedule(db: Db, ctx: SessionContext, who: SessionCaller, id: string) {
  return act(
    db,
    who,
    id,
    'acceptReschedule',
    async (step) => {
      const proposed = step.row.proposedStartsAt!;
      let slot;
      try {
        slot = await checkSlot(step.tx, step.row.sharkId, proposed, step.row.hours, busyTimes, id);
      } catch (e) {
        // No longer offered (the shark changed their hours, or it is too close now): as good as taken.
        if (e instanceof HttpError && e.statusCode === 400)
          throw conflict(BOOKING_MSG.slotTaken, ERROR_CODE.slotTaken);
        throw e;
      }
      await updateBooking(step.tx, id, {
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        blockedUntil: slot.blockedUntil,
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

export async function declineReschedule(db: Db, ctx: SessionContext, who: SessionCaller, id: string) {
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
export async function reportNoShow(
  db: Db,
  ctx: SessionContext,
  who: SessionCaller,
  id: string,
  note: string,
) {
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

/** The session's thread in the conversations module (decision 212): its sides by the names the session shows. */
const threadOf = (row: SessionRow): Thread => ({
  kind: 'session',
  id: row.id,
  names: { learner: row.name, shark: row.sharkName },
});

const toMessage = (m: ThreadMessage): SessionMessage => ({
  id: m.id,
  author: m.author!, // a session's message always has its side
  authorName: m.authorName,
  body: m.body,
  createdAt: m.createdAt,
  mine: m.mine,
});

/** The thread, oldest first (an admin reads it too). */
export async function getMessages(db: DbOrTx, who: SessionCaller, id: string): Promise<SessionMessage[]> {
  const { row } = await load(db, id, who);
  return (await readThread(db, threadOf(row), who.userId)).map(toMessage);
}

/**
 * One message of the learner or the shark, if the session's rules let it write (not on a closed session); the
 * other side is mailed by the batching job (notified_at).
 */
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
      throw conflict(refusal(rules, viewer, 'message', at), ERROR_CODE.notAllowed);
    return toMessage(await postMessage(tx, threadOf(row), { userId: who.userId, side: viewer }, body));
  });
}

/**
 * A job's expiry of an unanswered request (actor 'system'), in the job's transaction: the row locked, and a
 * no-op (false) when the request was answered, cancelled or is not yet due.
 */
export async function expireSession(tx: DbOrTx, ctx: SessionContext, bookingId: string): Promise<boolean> {
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
export async function completeSession(tx: DbOrTx, ctx: SessionContext, bookingId: string): Promise<boolean> {
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
  ctx: SessionContext,
  adminUserId: string,
  id: string,
  ruling: { outcome: NoShowOutcome; reason: string },
): Promise<SessionDetail> {
  try {
    return await ruleOnNoShow(db, ctx, adminUserId, id, ruling);
  } catch (e) {
    // Two admins at once: the second waited for the row lock with a snapshot from before the first ruling,
    // and the one-ruling-per-booking index refused its event.
    if (isUniqueViolation(e)) throw conflict(SESSION_MSG.noShowAlreadyResolved, ERROR_CODE.notAllowed);
    throw e;
  }
}

function ruleOnNoShow(
  db: Db,
  ctx: SessionContext,
  adminUserId: string,
  id: string,
  ruling: { outcome: NoShowOutcome; reason: string },
): Promise<SessionDetail> {
  return db.transaction(async (tx) => {
    await load(tx, id, { userId: adminUserId, isAdmin: true }, true);
    // Read again once the row is ours: under READ COMMITTED the locking statement saw a ruling that committed
    // while it waited only in the row's own columns (its status), not in the "already ruled" subquery, and
    // answered "no reported no-show" to the second of two admins ruling at once.
    const row = (await findSession(tx, id))!;
    const refused = noShowRulingRefusal(toLifecycle(row));
    if (refused) throw conflict(refused, ERROR_CODE.notAllowed);
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
 * The clock's release step (issue 24, decision 140): a completed session whose no-show window has ended with no
 * report (its status still 'completed') hands the shark its share. Each row is claimed (marked, skipping a row
 * another server holds) in the transaction that posts the share, and the ledger's key posts it once anyway;
 * batch after batch until none is due, so a busy day's sessions are all released in their minute.
 */
export async function releaseDueShares(ctx: ClockContext): Promise<number> {
  const at = now();
  const endedBy = noShowWindowsClosedBy(at);
  let released = 0;
  for (;;) {
    const due = await repo.listSharesDue(ctx.db, endedBy, CLOCK_BATCH);
    const claimed = await eachInTransaction(ctx, due, async (tx, id) => {
      if (!(await repo.claimShareDue(tx, id, endedBy, at))) return false;
      await releaseShare(tx, sessionOf(id), SHARE_RELEASED_WHY);
      return true;
    });
    released += claimed;
    // A short batch was the last; a batch that claimed nothing is another server's, which goes on with it.
    if (due.length < CLOCK_BATCH || claimed === 0) return released;
  }
}

/**
 * One tick of the sessions' clock (the `sessions` job every minute, and the dev clock of browser tests): expiry,
 * completion and the release of shares whose window ended here, then the reminders and message mails of the
 * session-mail module.
 */
export function tickSessions(ctx: ClockContext) {
  return runSessionClock(ctx, {
    expired: () => expireDueRequests(ctx),
    completed: () => completeEndedSessions(ctx),
    sharesReleased: () => releaseDueShares(ctx),
  });
}

// ---- Busy times: what availability must not offer again (passed to it: sessions depend on availability) --------

/** The shark's active bookings that meet [from, to), one left out when a session is being moved. */
export const busyTimes: BusyReader = (db, sharkId, from, to, exceptBookingId) =>
  repo.listBusyTimes(db, sharkId, from, to, exceptBookingId);

/** A public shark's free-slots version and live holds, or null (the slots kept in memory, decision 197). */
export const slotsStamp: SlotsStampReader = (db, sharkId, at) => repo.readSlotsStamp(db, sharkId, at);

/** Several sharks' busy times in one query (the sharks list's "Next available"). */
export const busyTimesOf: BusyOfReader = (db, sharkIds, from, to) =>
  repo.listBusyTimesOf(db, sharkIds, from, to);

// ---- Booking a session: the learner's request and lists (POST /api/bookings, /api/me/...) ---------------------

export type CreateBooking = z.output<typeof createBookingSchema>;

function toMyBooking({ userId: _userId, proposedBy, ...row }: BookingRecord, at: Date): MyBooking {
  return {
    ...row,
    preferredTime: timeOfDay(row.preferredTime),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    upcoming: isActiveStatus(row.status) && row.startsAt > at,
    needsAction: needsAction({ ...row, proposedBy }, 'learner', at),
    answerBy: requestAnswerBy(row)?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Books a free slot (POST /api/bookings). A free course's booking is the request the shark answers, written at
 * once. A paid course's slot is held while the learner pays (SLOT_HOLD_MINUTES): the provider's order is made
 * first (an outage answers 503 and holds nothing), then the hold and the open payment in one transaction; the
 * request reaches the shark once paid (confirmCheckout). Both write under the shark's calendar lock, checked
 * against its hours, bookings and other holds; the database's exclusion constraints refuse an overlap whatever
 * happens. The same requestId again answers with the first result (`created` false).
 */
export async function createBooking(
  db: Db,
  ctx: SessionContext,
  userId: string,
  input: CreateBooking,
): Promise<{ result: CreateBookingResult; created: boolean }> {
  const terms = await repo.findCourseTerms(db, input.courseId);
  if (terms && terms.pricePaise > 0) return holdForCheckout(db, ctx, userId, input, terms);
  const { booking, created } = await bookFreeCourse(db, ctx, userId, input);
  return { result: { message: BOOKING_MSG.booked, booking, checkout: null }, created };
}

async function bookFreeCourse(
  db: Db,
  ctx: SessionContext,
  userId: string,
  input: CreateBooking,
): Promise<{ booking: MyBooking; created: boolean }> {
  const { requestId, courseId, name, email, phone, hours } = input;
  try {
    return await db.transaction(async (tx) => {
      const course = await repo.findBookableCourse(tx, courseId);
      if (!course) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
      if (course.sharkUserId === userId) throw forbidden(SESSION_MSG.ownCourse, ERROR_CODE.ownCourse);
      await lockCalendar(tx, course.sharkId);
      const existing = await repo.findBooking(tx, { requestId });
      if (existing) {
        // A requestId is a secret-ish random key of one learner's attempt; someone else's is never replayed.
        if (existing.userId !== userId) throw conflict(BOOKING_MSG.requestIdReused);
        return { booking: toMyBooking(existing, now()), created: false };
      }
      const slot = await checkSlot(tx, course.sharkId, new Date(input.startsAt), hours, busyTimes);
      const at = now();
      const id = await repo.insertPricedBooking(tx, {
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
        answerBy: answerByFor(at, slot.startsAt, await sharkMinNoticeMinutes(tx, course.sharkId)),
      });
      if (!id) throw conflict(BOOKING_MSG.requestIdReused);
      await recordSessionEvent(tx, ctx, {
        bookingId: id,
        at,
        kind: 'requested',
        actor: 'learner',
        actorUserId: userId,
      });
      return { booking: toMyBooking((await repo.findBooking(tx, { id }))!, at), created: true };
    });
  } catch (e) {
    throw bookingError(e);
  }
}

const bookingError = (e: unknown) => {
  if (isOverlap(e)) return conflict(BOOKING_MSG.slotTaken, ERROR_CODE.slotTaken);
  // The course was deleted while this booking was written (foreign key violation): not bookable any more.
  if (isForeignKeyViolation(e)) return fieldError('courseId', BOOKING_MSG.courseNotBookable);
  return e;
};

const checkoutPath = (bookingId: string) => `/sessions/${bookingId}/checkout`;

/** A replayed attempt's checkout, at the amount its order holds (a price changed since is not its). */
async function checkoutReplayed(db: DbOrTx, hold: repo.HoldRow, quotedPaise: number) {
  const held = await findCheckoutPayment(db, sessionOf(hold.id));
  return { result: checkoutStarted(hold, held?.amountPaise ?? quotedPaise), created: false };
}

function checkoutStarted(hold: repo.HoldRow, amountPaise: number): CreateBookingResult {
  return {
    message: PAYMENT_MSG.hold,
    booking: null,
    checkout: {
      bookingId: hold.id,
      path: checkoutPath(hold.id),
      holdUntil: hold.expiresAt.toISOString(),
      amountPaise,
    },
  };
}

type CourseTerms = NonNullable<Awaited<ReturnType<typeof repo.findCourseTerms>>>;

const describeSession = (
  terms: CourseTerms,
  hours: number,
  slot: { startsAt: Date; endsAt: Date; timeZone: string },
) =>
  `${terms.title}: ${hours} h with ${terms.sharkName}, ${formatSpan(slot.startsAt, slot.endsAt, slot.timeZone)}`;

const accountEmailOf = (db: DbOrTx, userId: string) => repo.findAccountEmail(db, userId);

/** The open payment of a session about to be paid: who pays whom for what, as its mails and documents say. */
function newCheckout(
  ctx: SessionContext,
  terms: CourseTerms,
  s: {
    id: string;
    paymentId: string;
    orderId: string;
    userId: string;
    name: string;
    /**
     * The account's own verified address (issue 38): receipts, refunds and credit notes go there, never to the
     * contact typed in the booking form, which only the shark reads.
     */
    accountEmail: string;
    sharkId: string;
    hours: number;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
    /** The learner reads their dates in the zone they booked from (as in every session mail). */
    learnerZone: string;
  },
  amountPaise: number,
  at: Date,
): NewCheckout {
  return {
    paymentId: s.paymentId,
    subject: sessionOf(s.id),
    orderId: s.orderId,
    payer: { id: s.userId, name: s.name, email: s.accountEmail },
    payee: { kind: 'shark', id: s.sharkId, name: terms.sharkName },
    description: describeSession(terms, s.hours, s),
    mail: {
      course: terms.title,
      shark: terms.sharkName,
      learner: s.name,
      when: formatSpan(s.startsAt, s.endsAt, s.learnerZone),
      hours: s.hours,
      price: formatPaise(amountPaise),
      link: `${ctx.appOrigin}${paths.sessions.detail(s.id)}`,
      zone: s.learnerZone,
      /** The course's title, for the platform fee's line on the documents. */
      courseTitle: terms.title,
    },
    amountPaise,
    at,
  };
}

async function holdForCheckout(
  db: Db,
  ctx: SessionContext,
  userId: string,
  input: CreateBooking,
  terms: CourseTerms,
): Promise<{ result: CreateBookingResult; created: boolean }> {
  const q = quoteOf(ctx.config, terms, input.hours);
  const replay = await repo.findHold(db, { requestId: input.requestId });
  if (replay) {
    if (replay.userId !== userId) throw conflict(BOOKING_MSG.requestIdReused);
    // Paid already: the request it became.
    const booked = await repo.findBooking(db, { id: replay.id });
    if (booked)
      return {
        result: { message: PAYMENT_MSG.paid, booking: toMyBooking(booked, now()), checkout: null },
        created: false,
      };
    return checkoutReplayed(db, replay, q.totalPaise);
  }
  // Refused requests make no order at the provider (checked again under the lock below).
  const bookable = await repo.findBookableCourse(db, input.courseId);
  if (!bookable) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
  if (bookable.sharkUserId === userId) throw forbidden(SESSION_MSG.ownCourse, ERROR_CODE.ownCourse);
  // Unpaid holds are capped (issue 38): no account keeps more than MAX_OPEN_CHECKOUTS slots off calendars. At
  // the cap, a new checkout with a shark it already holds a time of replaces the oldest such hold (closed as the
  // close button would, the provider asked first); with another shark it is refused. Checked here so a refused
  // one opens no order, and again under the locks.
  const live = await repo.liveHoldsOfUser(db, userId, now());
  if (live.length >= MAX_OPEN_CHECKOUTS) {
    const replaced = live.find((held) => held.sharkId === bookable.sharkId);
    if (!replaced) throw conflict(BOOKING_MSG.tooManyCheckouts, ERROR_CODE.tooManyCheckouts);
    await abandonCheckout(db, ctx, userId, replaced.id, 'closed');
  }
  const bookingId = randomUUID();
  const paymentId = randomUUID();
  // Outside the transaction: the provider may be slow, and nothing is held if it does not answer.
  const order = await openOrder(ctx, paymentId, q.totalPaise, sessionOf(bookingId));
  try {
    return await db.transaction(async (tx) => {
      const course = await repo.findBookableCourse(tx, input.courseId);
      if (!course) throw fieldError('courseId', BOOKING_MSG.courseNotBookable);
      if (course.sharkUserId === userId) throw forbidden(SESSION_MSG.ownCourse, ERROR_CODE.ownCourse);
      await lockCalendar(tx, course.sharkId);
      // The same attempt at the same moment (a double click) waited for the lock: the first one's checkout.
      const first = await repo.findHold(tx, { requestId: input.requestId });
      if (first) {
        if (first.userId !== userId) throw conflict(BOOKING_MSG.requestIdReused);
        return checkoutReplayed(tx, first, q.totalPaise);
      }
      const at = now();
      for (const lapsed of await repo.closeLapsedHoldsOf(tx, course.sharkId, at)) {
        const p = await findCheckoutPayment(tx, sessionOf(lapsed), true);
        if (p) await closePayment(tx, p.id, 'expired', 'checkout lapsed');
      }
      await repo.lockHoldsOfUser(tx, userId);
      if ((await repo.liveHoldsOfUser(tx, userId, at)).length >= MAX_OPEN_CHECKOUTS)
        throw conflict(BOOKING_MSG.tooManyCheckouts, ERROR_CODE.tooManyCheckouts);
      const slot = await checkSlot(tx, course.sharkId, new Date(input.startsAt), input.hours, busyTimes);
      // The learner reads their dates in the zone they booked from (as in every session mail).
      const learnerZone = input.timeZone ?? slot.timeZone;
      const hold = {
        id: bookingId,
        courseId: input.courseId,
        sharkId: course.sharkId,
        userId,
        name: input.name,
        email: input.email,
        phone: input.phone,
        hours: input.hours,
        requestId: input.requestId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        blockedUntil: slot.blockedUntil,
        timeZone: slot.timeZone,
        learnerTimeZone: input.timeZone ?? null,
        expiresAt: new Date(at.getTime() + SLOT_HOLD_MINUTES * 60_000),
        closedAt: null,
        createdAt: at,
      };
      await repo.insertHold(tx, hold);
      await insertCheckout(
        tx,
        ctx,
        newCheckout(
          ctx,
          terms,
          {
            ...hold,
            paymentId,
            orderId: order.id,
            learnerZone,
            accountEmail: await accountEmailOf(tx, userId),
          },
          q.totalPaise,
          at,
        ),
      );
      return { result: checkoutStarted(hold, q.totalPaise), created: true };
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      // The same requestId at the same moment (a double click): the first attempt's checkout answers both.
      const first = await repo.findHold(db, { requestId: input.requestId });
      if (first?.userId === userId) return checkoutReplayed(db, first, q.totalPaise);
      throw conflict(BOOKING_MSG.requestIdReused);
    }
    throw bookingError(e);
  }
}

/** GET /api/bookings/quote: what `hours` of a course cost, where the money goes and every case's refund. */
export async function quoteBooking(ctx: SessionContext, db: DbOrTx, courseId: string, hours: number) {
  const terms = await repo.findCourseTerms(db, courseId);
  if (!terms) throw notFound(BOOKING_MSG.courseNotBookable);
  return quoteOf(ctx.config, terms, hours);
}

async function ownHold(db: DbOrTx, userId: string, bookingId: string, lock = false) {
  const hold = await repo.findHold(db, { id: bookingId }, lock);
  if (!hold || hold.userId !== userId) throw notFound(SESSION_MSG.notFound);
  return hold;
}

/** GET /api/sessions/:id/checkout: the learner's own open checkout (or its end: paid, closed). */
export async function getCheckout(
  db: DbOrTx,
  ctx: SessionContext,
  userId: string,
  bookingId: string,
): Promise<Checkout> {
  const hold = await ownHold(db, userId, bookingId);
  const p = await findCheckoutPayment(db, sessionOf(bookingId));
  if (!p) throw conflict(PAYMENT_MSG.closed, ERROR_CODE.checkoutClosed);
  const terms = (await repo.findCourseTerms(db, hold.courseId))!;
  return {
    ...checkoutView(ctx, p, hold.phone),
    bookingId,
    sharkId: hold.sharkId,
    // What its order charges, held at the price of its opening (a price changed since is not this checkout's).
    quote: heldQuoteOf(ctx.config, p, terms, hold.hours),
  };
}

/**
 * POST /api/sessions/:id/checkout/confirm: the provider's signed callback. Checked against our stored order
 * (tampering changes nothing), then the capture is recorded and the request sent to the shark, in one
 * transaction. A second callback, a double click or the webhook racing it finds the payment recorded and
 * answers the same. Another account's checkout does not exist for the caller, as on GET (issue 38).
 */
export async function confirmCheckout(
  db: Db,
  ctx: SessionContext,
  userId: string,
  bookingId: string,
  callback: CheckoutCallback,
): Promise<{ message: string; bookingId: string }> {
  await ownHold(db, userId, bookingId);
  const payment = await findPaymentByOrder(db, callback.razorpay_order_id);
  verifyCallback(ctx, payment && payment.bookingId === bookingId ? payment : null, userId, callback);
  const outcome = await settleCapture(db, ctx, sessionProduct, payment!.id, {
    providerPaymentId: callback.razorpay_payment_id,
  });
  return { message: await paidAnswer(db, bookingId, outcome), bookingId };
}

/**
 * What the learner reads once a payment is in. The webhook of the same capture often books it before the
 * callback arrives (it is a job, running at once): the callback then finds it done, and the learner must still
 * read "paid", not "closed". Closed only when no booking came of it (the slot was gone, the payment refunded).
 */
async function paidAnswer(db: DbOrTx, bookingId: string, outcome: Settlement) {
  if (outcome === 'fulfilled') return PAYMENT_MSG.paid;
  return (await repo.findSessionShark(db, bookingId)) ? PAYMENT_MSG.paid : PAYMENT_MSG.closed;
}

/**
 * A session as the one checkout sells it (issue 39): the shark's calendar locked before the capture is
 * recorded, then the booking written from its hold and sent to the shark. A payment for a hold that lapsed still
 * books the slot if it is free; otherwise it is refunded in full. An unpaid checkout's close frees the slot.
 */
export const sessionProduct: Product = {
  lock: (tx, p) => lockCalendar(tx, p.sharkId!),
  async fulfil(tx, ctx, p) {
    const hold = (await repo.findHold(tx, { id: p.bookingId! }, true))!;
    const at = now();
    const booked = await bookFromHold(tx, hold, p.amountPaise, at);
    await repo.closeHold(tx, hold.id, at);
    if (!booked) {
      await refundSubject(
        tx,
        ctx,
        sessionOf(hold.id),
        'checkout_closed',
        refundPercent('checkout_closed', 0),
      );
      return 'refunded';
    }
    await recordSessionEvent(tx, ctx, {
      bookingId: hold.id,
      at,
      kind: 'requested',
      actor: 'learner',
      actorUserId: hold.userId,
    });
    return 'fulfilled';
  },
  async release(tx, p, at) {
    await repo.closeHold(tx, p.bookingId!, at);
  },
  payerMail(p, news) {
    // The session as the checkout wrote it (newCheckout), and the zone the learner booked from.
    const {
      zone,
      courseTitle: _title,
      ...session
    } = p.mail as unknown as SessionMail & {
      zone: string;
      courseTitle: string;
    };
    const on = paymentDay(news.at, zone);
    if (news.kind === 'received')
      return {
        to: p.payerEmail,
        template: 'payment-received',
        data: { ...session, amountPaid: news.amountPaid, paidOn: on, document: news.document },
      };
    const { status, amount, reason, creditNoteNumber } = news;
    return {
      to: p.payerEmail,
      template: 'refund-update',
      data: { ...session, status, amount, reason, on, creditNoteNumber },
    };
  },
};

/** Writes the booking of a paid hold; false when its slot is no longer free (its hold lapsed and was taken). */
async function bookFromHold(tx: DbOrTx, hold: repo.HoldRow, amountPaise: number, at: Date): Promise<boolean> {
  try {
    // A savepoint: a refused slot must not abort the transaction that records the payment.
    return await tx.transaction(async (sp) => {
      // A paid hold is a session made here: the shark's other calendars do not take it away (decision 153).
      await checkSlot(sp, hold.sharkId, hold.startsAt, hold.hours, busyTimes, hold.id, {
        ignoreImported: true,
      });
      await repo.insertPaidBooking(sp, hold, {
        totalPricePaise: amountPaise,
        answerBy: answerByFor(at, hold.startsAt, await sharkMinNoticeMinutes(sp, hold.sharkId)),
      });
      return true;
    });
  } catch (e) {
    if (e instanceof HttpError || isOverlap(e)) return false;
    throw e;
  }
}

/**
 * POST /api/sessions/:id/checkout/abandon: the learner closed the checkout, or the provider said no. The
 * provider is asked first (a payment that went through after all is booked, not lost); otherwise the hold
 * closes, the slot is free again and the payment is closed. Nothing is charged.
 */
export async function abandonCheckout(
  db: Db,
  ctx: SessionContext,
  userId: string,
  bookingId: string,
  outcome: 'closed' | 'failed',
): Promise<{ message: string }> {
  await ownHold(db, userId, bookingId);
  const payment = await findCheckoutPayment(db, sessionOf(bookingId));
  if (!payment) return { message: PAYMENT_MSG.closed };
  if (payment.status === 'captured') return { message: PAYMENT_MSG.alreadyPaid };
  const check = (d: Db, p: PaymentRow, reported: ReportedCapture) => captureChecked(d, ctx, p, reported);
  const done = await abandonPayment(db, ctx, sessionProduct, check, payment, outcome);
  if (done !== 'closed') return { message: await paidAnswer(db, bookingId, done) };
  return { message: outcome === 'failed' ? PAYMENT_MSG.failed : PAYMENT_MSG.abandoned };
}

/** The caller's own bookings: upcoming first (soonest first), then the others (most recent first). */
export async function listMyBookings(db: DbOrTx, userId: string): Promise<MyBooking[]> {
  const at = now();
  return (await repo.listUserBookings(db, userId, at)).map((r) => toMyBooking(r, at));
}

/** One page of one group of the caller's own sessions, with the group's total (issue 17). */
export async function listMySessionPage(
  db: DbOrTx,
  userId: string,
  query: SessionPageQuery,
): Promise<MySessionPage> {
  const at = now();
  const totals = await repo.countSessionGroups(db, { userId }, at);
  const rows = await repo.listUserSessionPage(db, userId, query.group, at, {
    limit: SESSION_PAGE_SIZE,
    offset: (query.page - 1) * SESSION_PAGE_SIZE,
  });
  // The page's payments and documents in one query; only the ones this learner paid.
  const paid = await bookingPayments(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return {
    group: query.group,
    page: query.page,
    pageSize: SESSION_PAGE_SIZE,
    total: totals[query.group],
    items: rows.map((r) => ({ ...toMyBooking(r, at), payment: paid.get(r.id) ?? null })),
  };
}

/** The learner dashboard: its numbers from its counters (decision 198) and the first sessions of each group. */
export async function getMySessionsOverview(db: DbOrTx, userId: string): Promise<MySessionsOverview> {
  const at = now();
  const numbers = await repo.userSessionNumbers(db, userId, at);
  const totals = numbers.groups;
  const preview = async (group: SessionGroup) => ({
    total: totals[group],
    items:
      totals[group] === 0
        ? []
        : (
            await repo.listUserSessionPage(db, userId, group, at, { limit: SESSION_PREVIEW_SIZE, offset: 0 })
          ).map((r) => toMyBooking(r, at)),
  });
  return {
    upcomingSessions: numbers.upcoming,
    completedSessions: numbers.completed,
    bookedOrHeld: numbers.bookedOrHeld,
    spentPaise: numbers.spentPaise,
    paidPaise: await netPaidPaise(db, userId),
    total: numbers.total,
    groups: {
      needsAction: await preview('needsAction'),
      upcoming: await preview('upcoming'),
      past: await preview('past'),
      cancelled: await preview('cancelled'),
    },
  };
}

// ---- The shark's side: dashboard figures, the paged lists, enrollments ----------------------------------------

/** One page of one group of the shark's sessions with their course, each marked upcoming / needs action. */
export async function sharkSessionPage(
  db: DbOrTx,
  sharkId: string,
  group: SessionGroup,
  at: Date,
  page: { limit: number; offset: number },
) {
  const rows = await repo.sharkSessionPage(db, sharkId, group, at, page);
  return rows.map(({ answerBy, proposedBy, ...r }) => ({
    ...r,
    preferredTime: timeOfDay(r.preferredTime),
    createdAt: r.createdAt.toISOString(),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    upcoming: isActiveStatus(r.status) && r.startsAt > at,
    needsAction: needsAction({ ...r, answerBy, proposedBy }, 'shark', at),
    answerBy: requestAnswerBy({ ...r, answerBy })?.toISOString() ?? null,
  }));
}

/** Each group's total of a learner's or a shark's sessions at `at`. */
export const countSessionGroups = (db: DbOrTx, owner: repo.SessionOwner, at: Date) =>
  repo.countSessionGroups(db, owner, at);

/** The shark dashboard's counts and sums, in one round trip. */
export const sharkDashboardFigures = (db: DbOrTx, sharkId: string | null, at: Date) =>
  repo.dashboardMetrics(db, sharkId, at);

/** The shark's next sessions (active, starting after `at`), soonest first. */
export async function nextSharkSessions(db: DbOrTx, sharkId: string | null, at: Date, limit: number) {
  return (await repo.nextSessions(db, sharkId, at, limit)).map((r) => ({
    ...r,
    preferredTime: timeOfDay(r.preferredTime),
    startsAt: r.startsAt.toISOString(),
  }));
}

/** Every course of the shark with its booking count and total, the most recently booked first. */
export const sharkCourseTotals = (db: DbOrTx, sharkId: string) => repo.courseTotals(db, sharkId);

/** The shark's held (completed) sessions with their course: whose money its Per course totals add up. */
export const sharkHeldSessions = (db: DbOrTx, sharkId: string) => repo.heldSessionsOfShark(db, sharkId);

/** Every booking of the shark's courses, newest first, each marked upcoming / needs action. */
export async function sharkEnrollments(db: DbOrTx, sharkId: string) {
  const at = now();
  return (await repo.sharkBookings(db, sharkId)).map(({ answerBy, proposedBy, ...b }) => ({
    ...b,
    preferredTime: timeOfDay(b.preferredTime),
    createdAt: b.createdAt.toISOString(),
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    upcoming: isActiveStatus(b.status) && b.startsAt > at,
    needsAction: needsAction({ ...b, answerBy, proposedBy }, 'shark', at),
    answerBy: requestAnswerBy({ ...b, answerBy })?.toISOString() ?? null,
  }));
}

// ---- What other modules ask of sessions ------------------------------------------------------------------------

/** How many sessions a course has (a course with sessions is archived, never deleted). */
export const countCourseSessions = (db: DbOrTx, courseId: string) => repo.countCourseBookings(db, courseId);

/** A session as a review sees it: its learner, shark, course, and when it counts as completed. */
export const findSessionForReview = (db: DbOrTx, bookingId: string) =>
  repo.findSessionForReview(db, bookingId);

/** The course title and start of each session, by id (what a review shows of its session). */
export async function sessionLabels(
  db: DbOrTx,
  bookingIds: string[],
): Promise<Map<string, { courseTitle: string; startsAt: Date }>> {
  const rows = await repo.listSessionLabels(db, [...new Set(bookingIds)]);
  return new Map(rows.map((r) => [r.id, { courseTitle: r.courseTitle, startsAt: r.startsAt }]));
}

/**
 * Each of these sessions' course, start and state for the earnings lines, and for a completed one whose share
 * still waits, when its no-show window ends (the share becomes available then, unless a no-show is reported).
 */
export async function sessionSummaries(
  db: DbOrTx,
  bookingIds: string[],
): Promise<
  Map<
    string,
    {
      courseTitle: string;
      learnerName: string;
      startsAt: Date;
      status: SessionStatus;
      windowEndsAt: Date | null;
    }
  >
> {
  const rows = await repo.listSessionLabels(db, [...new Set(bookingIds)]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        courseTitle: r.courseTitle,
        learnerName: r.learnerName,
        startsAt: r.startsAt,
        status: r.status,
        windowEndsAt: r.status === 'completed' ? noShowUntil(r) : null,
      },
    ]),
  );
}

/** A shark's completed sessions whose share still waits for the end of their no-show window. */
export const sharesInNoShowWindow = (db: DbOrTx, sharkId: string) => repo.listSharesWaiting(db, sharkId);

/** Completed sessions whose learner is due an invitation to review (the reviews job's work list). */
export const sessionsAwaitingReviewInvitation = (db: DbOrTx, before: Date, since: Date, limit: number) =>
  repo.listSessionsAwaitingReviewInvitation(db, before, since, limit);

/** The admin console's sessions search, with each row's no-show report and ruling. */
export async function searchSessionsForAdmin(
  db: DbOrTx,
  filters: repo.BookingFilters,
  limit: number,
  offset: number,
) {
  const { items, total } = await repo.searchBookings(db, filters, limit, offset);
  const ids = items.map((b) => b.id);
  const [reports, rulings] = await Promise.all([
    repo.listNoShowReports(db, ids),
    repo.listNoShowRulings(db, ids),
  ]);
  return { items, total, reports, rulings };
}

/** How many sessions each shark cancelled, and how many bookings each account made (admin console lists). */
export const countSharkCancellations = (db: DbOrTx, sharkIds: string[]) =>
  repo.countSharkCancellations(db, sharkIds);
export const countLearnerBookings = (db: DbOrTx, userIds: string[]) => repo.countLearnerBookings(db, userIds);

/** Sessions on the account's shark profile: how many from `today` (its zone's date) on, and in all. */
export const countSharkSessionsOfAccount = (db: DbOrTx, userId: string, today: string) =>
  repo.countSharkBookings(db, userId, today);

/**
 * The account's own words in its sessions, for its data export (issue 21, item 6): the messages it wrote, the
 * briefs it wrote as a learner, the notes it wrote as a shark.
 */
export async function exportSessionTexts(db: DbOrTx, userId: string) {
  const iso = (d: Date) => d.toISOString();
  const [messages, briefs, notes] = [
    await messagesWrittenBy(db, 'session', userId),
    await repo.listBriefsOfLearner(db, userId),
    await repo.listNotesOfShark(db, userId),
  ];
  const titles = await repo.courseTitlesOf(
    db,
    messages.map((m) => m.threadId),
  );
  return {
    messages: messages.map((m) => ({
      sessionId: m.threadId,
      courseTitle: titles.get(m.threadId) ?? '',
      author: m.author,
      body: m.body,
      createdAt: m.createdAt,
    })),
    briefs: briefs.map((b) => ({ ...b, startsAt: iso(b.startsAt) })),
    notes: notes.map((n) => ({ ...n, startsAt: iso(n.startsAt) })),
  };
}

/**
 * A learner's account is being deleted (issue 21, item 9), in the caller's transaction: its open sessions are
 * cancelled (the shark is mailed, as for any cancellation), its free text (messages, briefs, the reasons it
 * gave) is redacted for the shark, and its bookings stay as the shark's records under `deletedName`.
 */
export async function closeSessionsOfLeavingLearner(
  tx: DbOrTx,
  ctx: SessionContext,
  userId: string,
  deletedName: string,
): Promise<void> {
  const at = now();
  // Redacted first, so the reason recorded below (the account's deletion) stays in the timeline.
  await redactMessagesOf(tx, 'session', userId, SESSION_MSG.redactedMessage);
  await repo.redactLearnerText(tx, userId);
  for (const id of await repo.lockOpenSessionsOfLearner(tx, userId, at)) {
    // The same rule as the cancel button (issue 38): leaving inside the late window refunds the late share.
    const late = isLateCancellation(toLifecycle((await findSession(tx, id))!), at);
    await updateBooking(tx, id, {
      status: 'cancelled',
      cancelledBy: 'learner',
      lateCancellation: late,
      ...NO_PROPOSAL,
    });
    await recordSessionEvent(tx, ctx, {
      bookingId: id,
      at,
      kind: 'cancelled',
      actor: 'learner',
      actorUserId: userId,
      reason: SESSION_MSG.learnerAccountDeleted,
      late,
    });
  }
  await repo.anonymizeBookings(tx, userId, deletedName);
}

/**
 * What deleting the account would do to its sessions now (issue 38): each open session is cancelled by the
 * cancel button's rule, so the deletion dialog shows each one's refund, late or not, before it is confirmed.
 */
export async function sessionsClosedByLeaving(db: DbOrTx, userId: string): Promise<LeavingSession[]> {
  const at = now();
  const out: LeavingSession[] = [];
  for (const { id } of await repo.openSessionsOfLearner(db, userId, at)) {
    const row = (await findSession(db, id))!;
    const percent = cancelPercentOf(row, 'learner', at);
    const payment = await sessionPayment(db, id, { documents: false, cancelPercent: percent });
    out.push({
      id,
      courseTitle: row.courseTitle,
      startsAt: row.startsAt.toISOString(),
      timeZone: row.learnerTimeZone ?? row.timeZone,
      late: isLateCancellation(toLifecycle(row), at),
      paidPaise: payment?.amountPaise ?? 0,
      refundPaise: payment?.cancelRefund?.amountPaise ?? 0,
      refundPercent: payment ? percent : null,
    });
  }
  return out;
}

/** Writes a session that already happened, with its timeline (the demo seed). */
export const insertRecordedSession = (db: DbOrTx, input: repo.RecordedSession) =>
  repo.insertRecordedSession(db, input);

/** The provider's own side of paying a recorded session (the demo seed has the test gateway's). */
export interface RecordedSessionProvider {
  /** The provider's checkout pays this order, in the caller's transaction, and answers its signed callback. */
  pay(tx: Db, orderId: string): Promise<CheckoutCallback>;
  /** The provider settles this refund as processed. */
  settleRefund(providerRefundId: string): Promise<unknown>;
}

/**
 * Pays a session the demo seed recorded the way a learner pays in test mode (issue 23, decision 134): an order
 * at the provider through the adapter, paid at the provider's checkout, its signed callback checked, the capture
 * recorded (ledger, numbered document); then the money its state stands for, decided where every change's is
 * (settleMoney): a held session's share released once its no-show window is over, a cancelled one refunded by
 * the policy, the refund sent and
 * settled. The checkout and the capture share one transaction: a recorded session has no hold for a webhook
 * that beat its capture to book from, so the webhooks, sent with that commit, find it recorded. Nothing for a
 * free course or a session paid already.
 */
export async function payRecordedSession(
  ctx: ClockContext,
  bookingId: string,
  provider: RecordedSessionProvider,
): Promise<'paid' | 'refunded' | 'skipped'> {
  const row = await findSession(ctx.db, bookingId);
  if (!row?.userId || (await findCheckoutPayment(ctx.db, sessionOf(bookingId)))) return 'skipped';
  const terms = (await repo.findCourseTerms(ctx.db, row.courseId))!;
  if (terms.pricePaise <= 0) return 'skipped';
  const amountPaise = quoteOf(ctx.config, terms, row.hours).totalPaise;
  const paymentId = randomUUID();
  const order = await openOrder(ctx, paymentId, amountPaise, sessionOf(bookingId));
  const payer = { ...row, userId: row.userId, learnerZone: row.learnerTimeZone ?? row.timeZone };
  await ctx.db.transaction(async (tx) => {
    const at = now();
    const payment = await insertCheckout(
      tx,
      ctx,
      newCheckout(
        ctx,
        terms,
        { ...payer, paymentId, orderId: order.id, accountEmail: await accountEmailOf(tx, row.userId!) },
        amountPaise,
        at,
      ),
    );
    const callback = await provider.pay(tx, order.id);
    verifyCallback(ctx, payment, payer.userId, callback);
    await recordCapture(tx, ctx, paymentId, { providerPaymentId: callback.razorpay_payment_id });
    const money = moneyOfRecorded(row, at);
    if (money) await settleMoney(tx, ctx, money);
    // A session recorded as held and past its no-show window is released as the clock would have released it.
    if (row.status === 'completed' && noShowUntil(row) <= at) await releaseHeldShare(tx, row.id, at);
  });
  return (await sendBookingRefundNow(ctx, bookingId, provider.settleRefund)) ? 'refunded' : 'paid';
}

/** The change a recorded session's state stands for, as far as money goes: held, or cancelled by someone. */
function moneyOfRecorded(row: SessionRow, at: Date): NewEvent | null {
  const base = { bookingId: row.id, at, actorUserId: null };
  if (row.status === 'completed') return { ...base, kind: 'completed', actor: 'system' };
  if (row.status === 'cancelled')
    return { ...base, kind: 'cancelled', actor: row.cancelledBy ?? 'admin', late: row.lateCancellation };
  return null;
}

/**
 * The session counters' consistency check (decision 198): every learner or shark whose counters differ from
 * its bookings counted again. Empty when they agree; the soak and the tests assert that.
 */
export const sessionCounterDrift = (db: DbOrTx) => repo.sessionCounterDrift(db);

/** The same check as one count, for scripts that query by text (the soak's end-of-run checks). */
export const SESSION_COUNTER_DRIFT_COUNT_SQL = `SELECT count(*)::int AS n ${repo.SESSION_COUNTER_DRIFT_FROM}`;
