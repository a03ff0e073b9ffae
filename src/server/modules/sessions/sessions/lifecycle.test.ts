// The life cycle's table of rules, case by case: every state, every viewer, every moment that matters.
import { describe, expect, it } from 'vitest';
import { SESSION_STATUSES, type SessionStatus } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import {
  allowedActions,
  answerByFor,
  freeCancellationUntil,
  isLateCancellation,
  noShowRulingRefusal,
  noShowUntil,
  refusal,
  type LifecycleBooking,
  type SessionViewer,
} from './lifecycle';

const H = 3_600_000;
const START = new Date('2026-12-10T12:00:00Z');
const END = new Date(START.getTime() + 2 * H);
const at = (hoursFromStart: number) => new Date(START.getTime() + hoursFromStart * H);

const booking = (overrides: Partial<LifecycleBooking> = {}): LifecycleBooking => ({
  status: 'confirmed',
  startsAt: START,
  endsAt: END,
  answerBy: at(-30),
  cancellationHours: 24,
  proposedBy: null,
  noShowResolved: false,
  ...overrides,
});

/** The moments of a session: well before, inside the window, during, just after, and after the no-show window. */
const MOMENTS = {
  early: at(-48),
  inWindow: at(-3),
  during: at(1),
  afterEnd: at(3),
  late: at(2 + 49),
} as const;
type Moment = keyof typeof MOMENTS;

/** The expected actions per status, viewer and moment, written out: the table the session page follows. */
const TABLE: Record<SessionStatus, Record<SessionViewer, Record<Moment, string>>> = {
  requested: {
    learner: {
      early: 'cancel editBrief message',
      inWindow: 'cancel editBrief message',
      during: 'message',
      afterEnd: 'message',
      late: 'message',
    },
    shark: {
      // A request the shark does not want it declines; it cancels only what it accepted (issue 43).
      early: 'accept decline setMeetingLink message',
      // answer_by (30 h before the start) has passed: only the expiry job moves it now.
      inWindow: 'setMeetingLink message',
      during: 'setMeetingLink message',
      afterEnd: 'setMeetingLink message',
      late: 'setMeetingLink message',
    },
    admin: { early: 'cancel', inWindow: 'cancel', during: '', afterEnd: '', late: '' },
  },
  confirmed: {
    learner: {
      early: 'cancel reschedule editBrief message',
      inWindow: 'cancel editBrief message',
      during: 'message',
      afterEnd: 'reportNoShow message',
      late: 'message',
    },
    shark: {
      early: 'cancel reschedule setMeetingLink message',
      inWindow: 'cancel setMeetingLink message',
      during: 'setMeetingLink editNotes message',
      afterEnd: 'reportNoShow setMeetingLink editNotes message',
      late: 'setMeetingLink editNotes message',
    },
    admin: { early: 'cancel', inWindow: 'cancel', during: '', afterEnd: '', late: '' },
  },
  completed: {
    learner: {
      early: 'message',
      inWindow: 'message',
      during: 'message',
      afterEnd: 'reportNoShow message',
      late: 'message',
    },
    shark: {
      early: 'message',
      inWindow: 'message',
      during: 'editNotes message',
      afterEnd: 'reportNoShow editNotes message',
      late: 'editNotes message',
    },
    admin: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
  },
  declined: {
    // Closed to new messages (issue 43): nothing to do on a session that will not take place.
    learner: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
    shark: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
    admin: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
  },
  expired: {
    // Closed to new messages (issue 43): nothing to do on a session that will not take place.
    learner: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
    shark: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
    admin: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
  },
  cancelled: {
    // Closed to new messages (issue 43): nothing to do on a session that will not take place.
    learner: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
    shark: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
    admin: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
  },
  no_show: {
    learner: {
      early: 'message',
      inWindow: 'message',
      during: 'message',
      afterEnd: 'message',
      late: 'message',
    },
    shark: { early: 'message', inWindow: 'message', during: 'message', afterEnd: 'message', late: 'message' },
    admin: { early: '', inWindow: '', during: '', afterEnd: '', late: '' },
  },
};

describe('allowedActions', () => {
  for (const status of SESSION_STATUSES)
    for (const viewer of ['learner', 'shark', 'admin'] as const)
      for (const moment of Object.keys(MOMENTS) as Moment[])
        it(`${status}, ${viewer}, ${moment}: ${TABLE[status][viewer][moment] || 'nothing'}`, () => {
          const actions = allowedActions(booking({ status }), viewer, MOMENTS[moment]);
          expect(actions.join(' ')).toBe(TABLE[status][viewer][moment]);
        });

  it('lets only the side that did not propose answer a new time, and nobody propose a second one', () => {
    const pending = booking({ proposedBy: 'learner' });
    expect(allowedActions(pending, 'shark', MOMENTS.early)).toEqual([
      'cancel',
      'acceptReschedule',
      'declineReschedule',
      'setMeetingLink',
      'message',
    ]);
    expect(allowedActions(pending, 'learner', MOMENTS.early)).toEqual(['cancel', 'editBrief', 'message']);
    expect(allowedActions(pending, 'admin', MOMENTS.early)).toEqual(['cancel']);
  });

  it('inside the window a pending new time can still be declined, not accepted', () => {
    const pending = booking({ proposedBy: 'shark' });
    const actions = allowedActions(pending, 'learner', MOMENTS.inWindow);
    expect(actions).toContain('declineReschedule');
    expect(actions).not.toContain('acceptReschedule');
  });

  it('with a 0 h window, moves are allowed until the start', () => {
    const open = booking({ cancellationHours: 0 });
    expect(allowedActions(open, 'learner', at(-0.5))).toContain('reschedule');
    expect(allowedActions(open, 'learner', at(0))).not.toContain('reschedule');
  });

  it('a request can be answered until answer_by, and never after the start even without answer_by', () => {
    const req = booking({ status: 'requested', answerBy: null });
    expect(allowedActions(req, 'shark', at(-0.1))).toContain('accept');
    expect(allowedActions(req, 'shark', at(0))).not.toContain('accept');
    const due = booking({ status: 'requested', answerBy: at(-30) });
    expect(allowedActions(due, 'shark', at(-30.01))).toContain('decline');
    expect(allowedActions(due, 'shark', at(-30))).not.toContain('decline');
  });

  it('the no-show window is [end, end + 48 h)', () => {
    expect(allowedActions(booking(), 'learner', at(1.99))).not.toContain('reportNoShow');
    expect(allowedActions(booking(), 'learner', at(2))).toContain('reportNoShow');
    expect(allowedActions(booking(), 'shark', at(2 + 47.99))).toContain('reportNoShow');
    expect(allowedActions(booking(), 'shark', at(2 + 48))).not.toContain('reportNoShow');
  });
});

describe('refusal', () => {
  it('names the window for a move inside it, and a pending proposal for a second one', () => {
    expect(refusal(booking(), 'learner', 'reschedule', MOMENTS.inWindow)).toBe(SESSION_MSG.outsideWindow);
    expect(refusal(booking({ proposedBy: 'learner' }), 'shark', 'acceptReschedule', MOMENTS.inWindow)).toBe(
      SESSION_MSG.outsideWindow,
    );
    expect(refusal(booking({ proposedBy: 'shark' }), 'learner', 'reschedule', MOMENTS.early)).toBe(
      SESSION_MSG.reschedulePending,
    );
  });

  it('says "not allowed" otherwise', () => {
    expect(refusal(booking({ status: 'cancelled' }), 'learner', 'reschedule', MOMENTS.inWindow)).toBe(
      SESSION_MSG.notAllowed,
    );
    expect(refusal(booking({ proposedBy: 'learner' }), 'learner', 'acceptReschedule', MOMENTS.inWindow)).toBe(
      SESSION_MSG.notAllowed,
    );
    expect(refusal(booking(), 'learner', 'accept', MOMENTS.early)).toBe(SESSION_MSG.notAllowed);
    expect(refusal(booking(), 'admin', 'reschedule', MOMENTS.inWindow)).toBe(SESSION_MSG.notAllowed);
  });

  it('says a session that will not take place is closed to messages (issue 43)', () => {
    for (const status of ['declined', 'expired', 'cancelled'] as const)
      for (const viewer of ['learner', 'shark'] as const)
        expect(refusal(booking({ status }), viewer, 'message', MOMENTS.early)).toBe(
          SESSION_MSG.closedToMessages,
        );
    expect(refusal(booking(), 'admin', 'message', MOMENTS.early)).toBe(SESSION_MSG.notAllowed);
  });
});

describe('a no-show ruling', () => {
  it('is open on a reported no-show only, and once; after it neither side reports again', () => {
    expect(noShowRulingRefusal(booking({ status: 'no_show' }))).toBeNull();
    for (const status of SESSION_STATUSES.filter((st) => st !== 'no_show'))
      expect(noShowRulingRefusal(booking({ status }))).toBe(SESSION_MSG.noShowNotReported);
    expect(noShowRulingRefusal(booking({ status: 'no_show', noShowResolved: true }))).toBe(
      SESSION_MSG.noShowAlreadyResolved,
    );
    // A ruling that the session took place leaves it completed, inside the report window: it stays settled.
    const ruled = booking({ status: 'completed', noShowResolved: true });
    expect(noShowRulingRefusal(ruled)).toBe(SESSION_MSG.noShowAlreadyResolved);
    for (const viewer of ['learner', 'shark'] as const)
      expect(allowedActions(ruled, viewer, at(3))).not.toContain('reportNoShow');
  });
});

describe('clocks', () => {
  it('answer_by is a day after the request, or the notice before the start if sooner, never under an hour', () => {
    const by = (hoursFromStart: number, noticeHours: number) =>
      answerByFor(at(hoursFromStart), START, noticeHours * 60).toISOString();
    // Days ahead: a day after the request.
    expect(by(-100, 12)).toBe(at(-76).toISOString());
    // Ten hours ahead with a 4-hour notice: 4 h before the start.
    expect(by(-10, 4)).toBe(at(-4).toISOString());
    // No notice: a day, or the start itself when that is sooner.
    expect(by(-100, 0)).toBe(at(-76).toISOString());
    expect(by(-10, 0)).toBe(START.toISOString());
    // The notice leaves the shark minutes (or has already passed): an hour after the request instead.
    expect(by(-4.1, 4)).toBe(at(-3.1).toISOString());
    expect(by(-3, 4)).toBe(at(-2).toISOString());
    // Under an hour to the start: the start itself.
    expect(by(-0.5, 4)).toBe(START.toISOString());
  });

  it('free cancellation ends the window before the start; a learner cancelling after it is late', () => {
    expect(freeCancellationUntil(booking()).toISOString()).toBe(at(-24).toISOString());
    expect(isLateCancellation(booking(), at(-24.01))).toBe(false);
    expect(isLateCancellation(booking(), at(-24))).toBe(true);
    expect(noShowUntil(booking()).toISOString()).toBe(at(50).toISOString());
  });

  it('withdrawing a request the shark has not accepted is never late, even inside the window', () => {
    expect(isLateCancellation(booking({ status: 'requested' }), at(-1))).toBe(false);
    expect(isLateCancellation(booking({ status: 'confirmed' }), at(-1))).toBe(true);
  });
});
