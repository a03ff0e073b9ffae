// The booking life cycle's one table of rules (decision 053): which actions a viewer may take on a session now,
// and why an action is refused. Pure: no database, no clock of its own, so every case is a unit test.
import { isClosedStatus, SESSION_RULES, type SessionAction, type SessionStatus } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';

export type SessionViewer = 'learner' | 'shark' | 'admin';

/** What the rules need to know of a booking. */
export interface LifecycleBooking {
  status: SessionStatus;
  startsAt: Date;
  endsAt: Date;
  /** Requested: when it expires unanswered (null for rows older than the life cycle: the start counts). */
  answerBy: Date | null;
  /** The course's window: free cancellation (and moves) until this many hours before the start. */
  cancellationHours: number;
  /** The side that proposed a pending new time, or null. */
  proposedBy: 'learner' | 'shark' | null;
  /** An admin has ruled on its no-show report: that ruling is final, no side reports again. */
  noShowResolved: boolean;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Until then a learner's cancellation is free and the session can be moved. */
export const freeCancellationUntil = (b: Pick<LifecycleBooking, 'startsAt' | 'cancellationHours'>): Date =>
  new Date(b.startsAt.getTime() - b.cancellationHours * HOUR);

/** After the end, a no-show can be reported until then. */
export const noShowUntil = (b: Pick<LifecycleBooking, 'endsAt'>): Date =>
  new Date(b.endsAt.getTime() + SESSION_RULES.noShowWithinHours * HOUR);

/** The latest end whose no-show window has closed at `now` (noShowUntil's inverse): the sessions clock's cut. */
export const noShowWindowsClosedBy = (now: Date): Date =>
  new Date(now.getTime() - SESSION_RULES.noShowWithinHours * HOUR);

/**
 * When an unanswered request expires (decision 206): a day after it was made, or the shark's minimum notice
 * before the start if that is sooner; never sooner than an hour after it was made, and never after the start.
 */
export function answerByFor(createdAt: Date, startsAt: Date, minNoticeMinutes: number): Date {
  const made = createdAt.getTime();
  const withinADay = made + SESSION_RULES.answerWithinHours * HOUR;
  const beforeNotice = startsAt.getTime() - minNoticeMinutes * MINUTE;
  const floor = made + SESSION_RULES.answerAtLeastMinutes * MINUTE;
  return new Date(Math.min(startsAt.getTime(), Math.max(floor, Math.min(withinADay, beforeNotice))));
}

/** The deadline every screen shows for a request still waiting for its answer; null for any other state. */
export const requestAnswerBy = (
  b: Pick<LifecycleBooking, 'status' | 'startsAt'> & { answerBy: Date | null },
): Date | null => (b.status === 'requested' ? (b.answerBy ?? b.startsAt) : null);

/**
 * A learner's cancellation now is late (inside the window, before the start). Withdrawing a request the shark
 * has not accepted yet is never late (issue 25): nothing was promised, so nothing is broken.
 */
export const isLateCancellation = (
  b: Pick<LifecycleBooking, 'status' | 'startsAt' | 'cancellationHours'>,
  now: Date,
): boolean => b.status === 'confirmed' && now.getTime() >= freeCancellationUntil(b).getTime();

/** The actions `viewer` may take on the session at `now`, in SESSION_ACTIONS order. */
export function allowedActions(b: LifecycleBooking, viewer: SessionViewer, now: Date): SessionAction[] {
  const t = now.getTime();
  const beforeStart = t < b.startsAt.getTime();
  const side = viewer !== 'admin';
  const open = b.status === 'requested' || b.status === 'confirmed';
  const answerBy = Math.min(b.answerBy?.getTime() ?? Infinity, b.startsAt.getTime());
  const beforeWindow = t < freeCancellationUntil(b).getTime();
  const pendingFromOther = b.proposedBy !== null && side && b.proposedBy !== viewer;
  const afterEnd = t >= b.endsAt.getTime() && t < noShowUntil(b).getTime();

  const rules: Record<SessionAction, boolean> = {
    accept: viewer === 'shark' && b.status === 'requested' && t < answerBy,
    decline: viewer === 'shark' && b.status === 'requested' && t < answerBy,
    // Before the start: the learner (withdrawing a request), an admin (moderation), and the shark once it has
    // accepted; a request the shark does not want it declines (issue 43).
    cancel: open && beforeStart && !(viewer === 'shark' && b.status === 'requested'),
    reschedule: side && b.status === 'confirmed' && beforeWindow && b.proposedBy === null,
    acceptReschedule: b.status === 'confirmed' && pendingFromOther && beforeWindow,
    declineReschedule: b.status === 'confirmed' && pendingFromOther && beforeStart,
    reportNoShow:
      side && (b.status === 'confirmed' || b.status === 'completed') && afterEnd && !b.noShowResolved,
    setMeetingLink: viewer === 'shark' && open,
    editBrief: viewer === 'learner' && open && beforeStart,
    editNotes: viewer === 'shark' && (b.status === 'confirmed' || b.status === 'completed') && !beforeStart,
    // A session that will not take place is closed to new messages; its thread stays readable (issue 43).
    message: side && !isClosedStatus(b.status),
  };
  return (Object.keys(rules) as SessionAction[]).filter((a) => rules[a]);
}

/** The text of a refused action: a specific one where the contract has it, else "not allowed". */
export function refusal(
  b: LifecycleBooking,
  viewer: SessionViewer,
  action: SessionAction,
  now: Date,
): string {
  const moving = action === 'reschedule' || action === 'acceptReschedule';
  if (moving && viewer !== 'admin' && b.status === 'confirmed') {
    if (action === 'reschedule' && b.proposedBy !== null) return SESSION_MSG.reschedulePending;
    const answerable = action === 'reschedule' || (b.proposedBy !== null && b.proposedBy !== viewer);
    if (answerable && now.getTime() >= freeCancellationUntil(b).getTime()) return SESSION_MSG.outsideWindow;
  }
  if (action === 'message' && viewer !== 'admin' && isClosedStatus(b.status))
    return SESSION_MSG.closedToMessages;
  return SESSION_MSG.notAllowed;
}

/**
 * Why an admin may not rule on this session's no-show now, or null when it may: only a reported no-show
 * (status no_show), and only once.
 */
export function noShowRulingRefusal(b: Pick<LifecycleBooking, 'status' | 'noShowResolved'>): string | null {
  if (b.noShowResolved) return SESSION_MSG.noShowAlreadyResolved;
  if (b.status !== 'no_show') return SESSION_MSG.noShowNotReported;
  return null;
}

/**
 * The viewer has an answer to give (the lists' "needs action" group): the shark on an open request, either
 * side on a new time the other proposed, before the start.
 */
export function needsAction(
  b: Pick<LifecycleBooking, 'status' | 'startsAt' | 'proposedBy'> & { answerBy?: Date | null },
  viewer: 'learner' | 'shark',
  now: Date,
): boolean {
  const t = now.getTime();
  if (t >= b.startsAt.getTime()) return false;
  if (b.status === 'requested')
    return (
      viewer === 'shark' && (b.answerBy === undefined || b.answerBy === null || t < b.answerBy.getTime())
    );
  return b.status === 'confirmed' && b.proposedBy !== null && b.proposedBy !== viewer;
}
