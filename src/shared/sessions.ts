// The session between a learner and a shark: one booking's life from request to completion (issue 13,
// decision 053). The server enforces the state machine and tells the viewer which actions it may take now;
// the session page (/sessions/:id) and every mail read their texts from here.
import { z } from 'zod';
import { SESSION_GROUPS, SESSION_LIST_MSG } from './session-lists';
import { sessionPaymentSchema } from './payments';
import { SESSION_MSG } from './sessions-texts';
import { queryNumberInput } from './query-numbers';
import { paiseSchema } from './money-schemas';
import { messageBodySchema } from './conversations';

/** Every state of a booking. requested and confirmed hold the slot (the overlap constraint counts them). */
export const SESSION_STATUSES = [
  'requested',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
  'completed',
  'no_show',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The statuses that hold a slot: the one "active" rule (the lists' upcoming, busy times, the overlap constraint). */
export const ACTIVE_STATUSES = ['requested', 'confirmed'] as const satisfies readonly SessionStatus[];
export const isActiveStatus = (status: SessionStatus): boolean =>
  (ACTIVE_STATUSES as readonly SessionStatus[]).includes(status);

/**
 * The statuses of a session that will not take place: the lists' "Cancelled" group, and closed to new messages
 * (issue 43). The session counters' "kept" are the others.
 */
export const CLOSED_STATUSES = [
  'declined',
  'expired',
  'cancelled',
] as const satisfies readonly SessionStatus[];
export const isClosedStatus = (status: SessionStatus): boolean =>
  (CLOSED_STATUSES as readonly SessionStatus[]).includes(status);

/** How a status reads on every screen (never "confirmed" before the shark said yes). */
export const SESSION_STATUS_LABEL: Record<SessionStatus, string> = {
  requested: 'Awaiting the shark',
  confirmed: 'Confirmed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed',
  no_show: 'No-show',
};

/** The life cycle's clocks. */
export const SESSION_RULES = {
  /**
   * A request the shark has not answered expires this long after it was made, or the shark's minimum notice
   * before the start if that is sooner (decision 206)...
   */
  answerWithinHours: 24,
  /** ...but never sooner than this after it was made, so the shark has a real chance (at the latest: the start). */
  answerAtLeastMinutes: 60,
  /** After the end, either side may report a no-show of the other for this long; then it is completed. */
  noShowWithinHours: 48,
  /** Reminders of a confirmed session, to both sides. */
  reminderHoursBefore: [24, 1] as const,
  /** New messages within this many minutes of the first unread one are mailed together. */
  messageBatchMinutes: 10,
} as const;

/** A course's cancellation window: free until this many hours before the start (0: until the start). */
export const CANCELLATION_WINDOWS = [0, 12, 24, 48, 72] as const;
export const DEFAULT_CANCELLATION_HOURS = 24;

/** Who did something to a session; `system` is a job (expiry, completion). */
/** The two sides of a session: who writes its messages and proposes a new time. */
export const SESSION_SIDES = ['learner', 'shark'] as const;
export const SESSION_ACTORS = ['learner', 'shark', 'admin', 'system'] as const;
export type SessionActor = (typeof SESSION_ACTORS)[number];

/** What the timeline records: every change of state, and the proposals that do not change it. */
export const SESSION_EVENT_KINDS = [
  'requested',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
  'reschedule_proposed',
  'reschedule_accepted',
  'reschedule_declined',
  'completed',
  'no_show',
  'no_show_resolved',
] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

export const SESSION_EVENT_LABEL: Record<SessionEventKind, string> = {
  requested: 'Requested',
  confirmed: 'Accepted by the shark',
  declined: 'Declined by the shark',
  expired: 'Expired: the shark did not answer in time',
  cancelled: 'Cancelled',
  reschedule_proposed: 'New time proposed',
  reschedule_accepted: 'New time accepted',
  reschedule_declined: 'New time declined',
  completed: 'Completed',
  no_show: 'No-show reported',
  no_show_resolved: 'No-show reviewed by Shark Security',
};

/**
 * An admin's ruling on a reported no-show (every report is a dispute, decision 053): `upheld`, the reported side
 * did not come and the session stays a no-show; `took_place`, the session happened and counts as completed.
 */
export const NO_SHOW_OUTCOMES = ['upheld', 'took_place'] as const;
export type NoShowOutcome = (typeof NO_SHOW_OUTCOMES)[number];

/** How an outcome reads in the admin console and after the timeline label. */
export const NO_SHOW_OUTCOME_LABEL: Record<NoShowOutcome, string> = {
  upheld: 'upheld',
  took_place: 'the session took place',
};

/** The dialog's choices, each saying what it does. */
export const NO_SHOW_OUTCOME_CHOICE: Record<NoShowOutcome, string> = {
  upheld: 'Upheld: the reported side did not come (it stays a no-show)',
  took_place: 'The session took place (it counts as completed)',
};

/** A timeline entry's label: the kind's, and for a no-show review its outcome ("…: upheld"). */
export const sessionEventLabel = (e: { kind: SessionEventKind; outcome?: NoShowOutcome | null }): string =>
  e.kind === 'no_show_resolved' && e.outcome
    ? `${SESSION_EVENT_LABEL.no_show_resolved}: ${NO_SHOW_OUTCOME_LABEL[e.outcome]}`
    : SESSION_EVENT_LABEL[e.kind];

/**
 * The actions a viewer may take now; the server lists them in `actions` and refuses any other.
 * - accept, decline: the shark, on a request.
 * - cancel: before the start, the learner (withdrawing a request, or cancelling a confirmed session) and an admin;
 *   the shark only a confirmed session (a request it declines, issue 43).
 * - reschedule: either side, on a confirmed session before it starts, inside the window, none pending.
 * - acceptReschedule, declineReschedule: the side that did not propose.
 * - reportNoShow: either side, within 48 h after the end of a confirmed session.
 * - setMeetingLink: the shark, on a request or confirmed session.
 * - editBrief: the learner, before the start of a request or confirmed session.
 * - editNotes: the shark, once the session has started (confirmed or completed).
 * - message: either side, unless the session is declined, expired or cancelled (issue 43); the thread stays
 *   readable for the life of the account.
 */
export const SESSION_ACTIONS = [
  'accept',
  'decline',
  'cancel',
  'reschedule',
  'acceptReschedule',
  'declineReschedule',
  'reportNoShow',
  'setMeetingLink',
  'editBrief',
  'editNotes',
  'message',
] as const;
export type SessionAction = (typeof SESSION_ACTIONS)[number];

const reason = z
  .string({ error: SESSION_MSG.reasonRequired })
  .trim()
  .min(5, SESSION_MSG.reasonRequired)
  .max(500, SESSION_MSG.reasonTooLong);

/** POST /api/sessions/:id/decline and /cancel. */
export const sessionReasonSchema = z.object({ reason });
export type SessionReasonInput = z.input<typeof sessionReasonSchema>;

/** POST /api/sessions/:id/reschedule: a free slot's start from GET /api/sharks/:id/slots (same hours). */
export const rescheduleSchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a start time' }),
});
export type RescheduleInput = z.input<typeof rescheduleSchema>;

/** POST /api/sessions/:id/no-show: the other side did not come. */
export const noShowSchema = z.object({
  note: z
    .string({ error: SESSION_MSG.noteRequired })
    .trim()
    .min(5, SESSION_MSG.noteRequired)
    .max(500, SESSION_MSG.reasonTooLong),
});
export type NoShowInput = z.input<typeof noShowSchema>;

/** POST /api/admin/bookings/:id/resolve-no-show: an admin's ruling on a reported no-show, with a reason. */
export const resolveNoShowSchema = z.object({
  outcome: z.enum(NO_SHOW_OUTCOMES, { error: SESSION_MSG.outcomeRequired }),
  reason,
});
export type ResolveNoShowInput = z.input<typeof resolveNoShowSchema>;

/**
 * An https link to a meeting, normalised to what URL makes of it (lower-case host, no default port, dots resolved).
 * URL alone would quietly drop CR/LF and tabs and keep spaces and user:pass@, so those are refused first: the link
 * goes into mails and calendar files as it is stored (issue 21, finding 8).
 */
export const meetingUrl = (v: string): string | null => {
  if (/[\s\p{Cc}]/u.test(v)) return null;
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' || !u.hostname.includes('.') || u.username || u.password) return null;
    return u.href;
  } catch {
    return null;
  }
};

/** PUT /api/sessions/:id/meeting-link; an empty string removes it. */
export const meetingLinkSchema = z.object({
  meetingLink: z
    .string({ error: SESSION_MSG.meetingLinkInvalid })
    .trim()
    .max(500, SESSION_MSG.meetingLinkInvalid)
    .refine((v) => v === '' || meetingUrl(v) !== null, SESSION_MSG.meetingLinkInvalid)
    .transform((v) => (v === '' ? v : (meetingUrl(v) as string))),
});
export type MeetingLinkInput = z.input<typeof meetingLinkSchema>;

const optionalText = z.string().trim().max(2000, SESSION_MSG.textTooLong).default('');

/** PUT /api/sessions/:id/brief: what the learner wants from the session. */
export const sessionBriefSchema = z.object({
  goal: optionalText,
  level: optionalText,
  certification: optionalText,
  stuckOn: optionalText,
});
export type SessionBrief = z.output<typeof sessionBriefSchema>;
export type SessionBriefInput = z.input<typeof sessionBriefSchema>;

/** PUT /api/sessions/:id/notes: the shark's notes and action items, which the learner keeps. */
export const sessionNotesSchema = z.object({
  notes: optionalText,
  actionItems: optionalText,
});
export type SessionNotes = z.output<typeof sessionNotesSchema>;
export type SessionNotesInput = z.input<typeof sessionNotesSchema>;

/** POST /api/sessions/:id/messages. Plain text; links are shown as links. */
export const sendMessageSchema = messageBodySchema('session', {
  required: SESSION_MSG.messageRequired,
  tooLong: SESSION_MSG.messageTooLong,
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const sessionMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['learner', 'shark']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** Written by the viewer. */
  mine: z.boolean(),
});
export type SessionMessage = z.infer<typeof sessionMessageSchema>;

export const sessionEventSchema = z.object({
  at: z.string(),
  kind: z.enum(SESSION_EVENT_KINDS),
  actor: z.enum(SESSION_ACTORS),
  /** The reason, note or (for a reschedule) nothing; the new time is in startsAt. */
  reason: z.string().nullable(),
  /** For reschedule events: the proposed start. */
  startsAt: z.string().nullable(),
  /** A learner's cancellation inside the window. */
  late: z.boolean(),
  /** For a no-show review: the admin's ruling. */
  outcome: z.enum(NO_SHOW_OUTCOMES).nullable(),
});
export type SessionEvent = z.infer<typeof sessionEventSchema>;

/** GET /api/sessions/:id, and every action's answer: the session as this viewer sees it. */
export const sessionDetailSchema = z.object({
  id: z.uuid(),
  status: z.enum(SESSION_STATUSES),
  /** Its learner has reviewed it: the page no longer offers "Leave a review". */
  reviewed: z.boolean(),
  viewer: z.enum(['learner', 'shark', 'admin']),
  course: z.object({ id: z.uuid(), title: z.string(), cancellationHours: z.number() }),
  shark: z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() }),
  /**
   * The contact details the learner gave when booking. The shark gets the email and phone only once the session
   * has been confirmed (issue 43): null before, and on a request declined, expired or withdrawn.
   */
  learner: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The learner's zone when booking (from the browser); null for older bookings. */
    timeZone: z.string().nullable(),
  }),
  hours: z.number(),
  totalPricePaise: paiseSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  /** Requested: when it expires unanswered. */
  answerBy: z.string().nullable(),
  /** Until then a learner's cancellation is free. */
  freeCancellationUntil: z.string(),
  /** Completed-or-no-show deadline after the end of a confirmed session. */
  noShowUntil: z.string().nullable(),
  lateCancellation: z.boolean(),
  /** Shown from confirmation on; the shark sees and sets it before. */
  meetingLink: z.string().nullable(),
  pendingReschedule: z
    .object({ proposedBy: z.enum(['learner', 'shark']), startsAt: z.string(), endsAt: z.string() })
    .nullable(),
  brief: sessionBriefSchema,
  notes: sessionNotesSchema,
  events: z.array(sessionEventSchema),
  actions: z.array(z.enum(SESSION_ACTIONS)),
  /** Paid courses: the payment, its document, the refund and what a cancellation now would refund. */
  payment: sessionPaymentSchema.nullable(),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/** An action's answer: the session after it, and what to tell the viewer. */
export const sessionActionResultSchema = z.object({ message: z.string(), session: sessionDetailSchema });
export type SessionActionResult = z.infer<typeof sessionActionResultSchema>;

/**
 * The HTTP API of a session (all under /api/sessions/:id; 404 for anyone but its learner, its shark and admins):
 * GET  ''                      → SessionDetail
 * POST /accept                 → SessionActionResult (shark)
 * POST /decline   {reason}     → SessionActionResult (shark)
 * POST /cancel    {reason}     → SessionActionResult (either side)
 * POST /reschedule {startsAt}  → SessionActionResult (either side proposes)
 * POST /reschedule/accept      → SessionActionResult (the other side)
 * POST /reschedule/decline     → SessionActionResult (the other side)
 * POST /no-show   {note}       → SessionActionResult (either side, reports the other)
 * PUT  /meeting-link {meetingLink} → SessionActionResult (shark)
 * PUT  /brief     SessionBrief → SessionActionResult (learner)
 * PUT  /notes     SessionNotes → SessionActionResult (shark)
 * GET  /messages               → SessionMessage[] (oldest first)
 * POST /messages  {body}       → SessionMessage (201)
 * GET  /calendar.ics           → text/calendar
 * An admin rules on a reported no-show at POST /api/admin/bookings/:id/resolve-no-show {outcome, reason}
 * → SessionActionResult (admins only).
 */
export const sessionApi = {
  detail: (id: string) => `/api/sessions/${id}`,
  action: (id: string, action: string) => `/api/sessions/${id}/${action}`,
  messages: (id: string) => `/api/sessions/${id}/messages`,
  calendar: (id: string) => `/api/sessions/${id}/calendar.ics`,
};

// The session lists' pages (decision 076); their groups, sizes and texts are in session-lists.ts.

/** `?group=upcoming&page=2`: one page of one group (pages count from 1). */
export const sessionPageQuerySchema = z.object({
  group: z.enum(SESSION_GROUPS, { error: SESSION_LIST_MSG.unknownGroup }),
  page: z
    .preprocess(
      queryNumberInput,
      z
        .number({ error: SESSION_LIST_MSG.badPage })
        .int({ error: SESSION_LIST_MSG.badPage })
        .min(1, { error: SESSION_LIST_MSG.badPage })
        .max(100_000, { error: SESSION_LIST_MSG.badPage }),
    )
    .default(1),
});
export type SessionPageQuery = z.infer<typeof sessionPageQuerySchema>;

/** One page of a group: its rows in the group's order and the group's total, so the list knows what is left. */
export const sessionPageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({
    group: z.enum(SESSION_GROUPS),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    items: z.array(item),
  });

/** The first few rows of each group and each group's total (the dashboards). */
export const sessionPreviewSchemaOf = <T extends z.ZodType>(item: T) => {
  const group = z.object({ total: z.number(), items: z.array(item) });
  return z.object({ needsAction: group, upcoming: group, past: group, cancelled: group });
};
