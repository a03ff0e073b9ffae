// The session texts the web shows beside a booking (the panel on a shark's profile, the session page) and the API
// answers with. No zod here: the booking panel reads these, and a classic schema on its path loads the whole of
// classic zod (decision 199). The session schemas are in sessions.ts.

/** "Free cancellation until 24 h before the session", the policy line shown before booking and cancelling. */
export const cancellationPolicy = (hours: number) =>
  hours === 0
    ? 'Free cancellation until the session starts.'
    : `Free cancellation until ${hours} h before the session. Later cancellations by the learner are recorded as late.`;

/**
 * A request's deadline as every screen that shows the request words it (decision 206): who answers by when
 * (`when` is formatted by the page, in the viewer's time) and what happens otherwise. A paid request that
 * expires is refunded in full.
 */
export const answerByLine = (viewer: 'learner' | 'shark' | 'admin', when: string, paid: boolean) => {
  const refund = !paid
    ? ''
    : viewer === 'learner'
      ? ' and you are refunded in full'
      : ' and the learner is refunded in full';
  return `${viewer === 'shark' ? 'Answer' : 'The shark answers'} by ${when} or the request expires${refund}.`;
};

/** Texts of the session page and its API. */
export const SESSION_MSG = {
  notFound: 'Session not found.',
  notAllowed: 'You cannot do that with this session now.',
  reasonRequired: 'Please give a reason (at least 5 characters).',
  reasonTooLong: 'Keep the reason under 500 characters.',
  noteRequired: 'Please add a short note (at least 5 characters).',
  meetingLinkInvalid: 'Enter an https:// link to the meeting (Meet, Zoom, Jitsi…).',
  messageRequired: 'Write a message first.',
  messageTooLong: 'Keep a message under 4,000 characters.',
  textTooLong: 'Keep this under 2,000 characters.',
  rescheduleSameTime: 'Choose a time other than the current one.',
  reschedulePending: 'A new time is already proposed: answer it or wait for an answer first.',
  outsideWindow: 'This is inside the cancellation window: the session can no longer be moved.',
  /** A learner withdrawing a request the shark has not accepted: never a late cancellation (issue 25). */
  withdrawRequest:
    'The shark has not accepted this request yet, so withdrawing it is never a late cancellation. The shark is told, with your reason, and the time is freed.',
  lateCancellation: (hours: number) =>
    `The session starts in less than ${hours} h: cancelling now is recorded as a late cancellation.`,
  accepted: 'Session confirmed. The learner has been told.',
  declined: 'Request declined. The learner has been told.',
  cancelled: 'Session cancelled. The other side has been told.',
  /** A learner's cancellation of a request the shark had not accepted (issue 43). */
  withdrawn: 'Request withdrawn. The shark has been told.',
  /** In place of the message box on a declined, expired or cancelled session, and the server's refusal. */
  closedToMessages: 'This session is closed: no new messages can be sent. The messages written stay here.',
  /** The brief's empty state: the shark reads of "the learner", the learner of itself (issue 43). */
  noBriefForShark: 'The learner has not written a brief.',
  noBriefForLearner: 'You did not write a brief.',
  noNotes: 'No notes yet: the shark writes them after the session.',
  noNotesClosed: 'No notes: this session did not take place.',
  rescheduleProposed: 'New time proposed. The other side has been told.',
  rescheduleAccepted: 'The session has moved to the new time.',
  rescheduleDeclined: 'The session stays at its current time.',
  noShowReported: 'No-show recorded. Our team sees it if the other side disagrees.',
  noShowResolved: 'No-show resolved. Both sides have been told.',
  noShowNotReported: 'This session has no reported no-show to resolve.',
  noShowAlreadyResolved: 'This no-show has already been resolved.',
  outcomeRequired: 'Choose what happened: upheld or the session took place.',
  saved: 'Saved.',
  messageSent: 'Message sent.',
  awaitingShark: 'Requested: waiting for the shark to accept. Nothing is confirmed yet.',
  /** Under a paid request's mails: the money waits for the session. */
  paymentHeld: 'Your payment is held until the session takes place; if it does not, the refund is automatic.',
  /** Under the mails of a session that will not happen. */
  refundFollows:
    'If this session was paid, the refund the policy gives is started automatically, with a mail of its own.',
  /** A session of a free course (priced ₹0): nothing was paid, nothing is refunded. */
  free: 'This course is free: nothing was paid for this session.',
  ownCourse: 'This is your own profile: sharks cannot book their own courses.',
  courseArchived: 'Course archived: it is hidden from new bookings and kept for its sessions.',
  courseRestored: 'Course restored: learners can book it again.',
  courseHasBookings: 'This course has bookings, so it cannot be deleted. Archive it instead.',
  /** What the other side reads in place of a message whose author deleted their account (issue 21, item 9). */
  redactedMessage: 'This message was removed when its author deleted their account.',
  /** The reason recorded (and mailed to the shark) when a learner's account deletion cancels a session. */
  learnerAccountDeleted: 'The learner deleted their account.',
} as const;
