// The admin console's API: creating shark accounts, the shark picker list, the contact inbox.
import { z } from 'zod';
import { specializationSchema } from './catalogue';
import { emailField, isCalendarDate, nameField } from './fields';
import { SPECIALIZATIONS } from './constants';
import { paiseSchema } from './money-schemas';
import { CONSOLE_PAGE_MSG, consolePageSchema, pageField, searchField } from './console-page';
import {
  NO_SHOW_OUTCOMES,
  NO_SHOW_OUTCOME_LABEL,
  SESSION_STATUSES,
  SESSION_STATUS_LABEL,
  type NoShowOutcome,
} from './sessions';

/** POST /api/admin/sharks. Specialization defaults to pentesting; the shark changes it in their profile. */
export const createSharkSchema = z.object({
  email: emailField(),
  name: nameField,
  specialization: specializationSchema.optional(),
});
export type CreateSharkInput = z.input<typeof createSharkSchema>;

export const createSharkResultSchema = z.object({ userId: z.uuid(), sharkId: z.uuid() });
export type CreateSharkResult = z.infer<typeof createSharkResultSchema>;

/** GET /api/admin/sharks: every shark, published or not, ordered by name. */
export const adminSharkSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  specialization: z.enum(SPECIALIZATIONS),
  published: z.boolean(),
});
export type AdminShark = z.infer<typeof adminSharkSchema>;

/** GET /api/admin/contact-messages: newest first. */
export const contactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
/** GET /api/admin/contact-messages?q=&page=: a page of the inbox; `q` searches the name, email and message. */
export const contactMessagePageSchema = consolePageSchema(contactMessageSchema);

// ---- Running the marketplace (decision 032) --------------------------------

export const ADMIN_MSG = {
  reasonRequired: 'Please give a reason',
  reasonTooLong: 'Please keep the reason under 1000 characters',
  ...CONSOLE_PAGE_MSG,
  dateInvalid: 'Use a date like 2026-11-22',
  statusInvalid: 'Choose a session status',
  applicationNotFound: 'This application does not exist.',
  applicationDecided: 'This application has already been decided.',
  applicationApproved:
    'Application approved: the shark account was created and the set-password link mailed.',
  applicationAwaitingConfirmation:
    'This email already has an account: we mailed a link; the shark role is added when the person confirms.',
  applicationRejected: 'Application rejected: the applicant was told by mail.',
  confirmTokenInvalid: 'This confirmation link is invalid or has expired.',
  confirmWrongAccount:
    'This confirmation link belongs to another account. Log in with the email it was sent to.',
  roleConfirmed: 'You are now a shark: fill in your profile in your workspace.',
  sharkNotFound: 'This shark does not exist.',
  sharkPublished: 'The profile is published and the shark was told.',
  sharkUnpublished: 'The profile is unpublished and the shark was told.',
  accountNotFound: 'This account does not exist.',
  accountSuspended: 'The account is suspended: its sessions ended and the owner was told.',
  suspensionLifted: 'The suspension is lifted and the owner was told.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendLastAdmin: 'This is the last active admin account: it cannot be suspended.',
} as const;

/** What a destructive console action does, said in its confirmation dialog before it happens (issue 25). */
export const ADMIN_DANGER = {
  unpublish:
    'Learners no longer find or book this profile until an admin publishes it again. The shark is mailed your reason.',
  suspend:
    'The owner is signed out everywhere and cannot sign in; their open sessions end. They are mailed your reason.',
  rejectApplication: 'The applicant is mailed your reason. This decision cannot be undone.',
  rejectCredential: 'The credential is no longer shown as verified. The shark is mailed your reason.',
  hideReview:
    'Learners no longer see this review and it leaves the rating. The learner is mailed your reason.',
  releaseMilestone:
    'The milestone is approved: its amount, less the platform fee, becomes the freelancer’s to be paid out. Both parties are mailed your reason. A ruling cannot be undone.',
  refundMilestone:
    'The client is refunded the milestone’s full amount through the payment provider and the milestone ends. Both parties are mailed your reason. A ruling cannot be undone.',
  hideRequest:
    'Freelancers no longer see this request, its invitations or its page, and cannot propose. Its client still sees it, marked hidden, with your reason.',
} as const;

/** A reason an admin gives (mailed to the person concerned and kept in the audit log). */
export const reasonField = z
  .string({ error: ADMIN_MSG.reasonRequired })
  .trim()
  .min(1, ADMIN_MSG.reasonRequired)
  .max(1000, ADMIN_MSG.reasonTooLong);

export const reasonSchema = z.object({ reason: reasonField });
export type ReasonInput = z.input<typeof reasonSchema>;

/** GET /api/admin/audit-log: a page of the log; `q` searches the action, the reason, who acted and on what. */
export const auditQuerySchema = z.object({ q: searchField, page: pageField });

/** One row of the audit log: who did what, on what, when and why. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  /** Who acted, by name (issue 25); null for the system or an account without a name. */
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** What was acted on, by name: a shark, a person, an applicant, a credential, a session's course. */
  targetName: z.string().nullable(),
  /** The shark whose public profile the target leads to, if any. */
  targetSharkId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** PUT /api/admin/sharks/:id/publication */
export const publicationSchema = z.object({
  published: z.boolean({ error: 'Choose published or unpublished' }),
  reason: reasonField,
});
export type PublicationInput = z.input<typeof publicationSchema>;

export const sharkSearchQuerySchema = z.object({ q: searchField });

/** GET /api/admin/sharks/states: the console's sharks tab, a page at a time (issue 25). */
export const sharkStateQuerySchema = z.object({ q: searchField, page: pageField });

/** GET /api/admin/sharks: every shark with its state. */
export const adminSharkStateSchema = adminSharkSchema.extend({
  suspended: z.boolean(),
  credentials: z.number().int(),
  verifiedCredentials: z.number().int(),
  /** Sessions this shark cancelled (issue 13: each shark cancellation is counted). */
  sharkCancellations: z.number().int(),
});
export type AdminSharkState = z.infer<typeof adminSharkStateSchema>;
export const adminSharkStatePageSchema = z.object({
  items: z.array(adminSharkStateSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminSharkStatePage = z.infer<typeof adminSharkStatePageSchema>;

/** How the audit log words an action: "Asha Rao unpublished Vikram Nair" (issue 25). */
export const AUDIT_ACTION_LABEL: Record<string, string> = {
  'shark.publish': 'published the profile of',
  'shark.unpublish': 'unpublished the profile of',
  'account.suspend': 'suspended',
  'account.unsuspend': 'lifted the suspension of',
  'application.approve': 'approved the application of',
  'application.reject': 'rejected the application of',
  'role.grant': 'gave a role to',
  'credential.verify': 'verified',
  'credential.reject': 'rejected',
  'review.hide': 'hid',
  'review.unhide': 'published again',
  'client_request.hide': 'hid',
  'client_request.unhide': 'showed again',
  'session.no_show_resolve': 'ruled on the no-show of',
  'payment.refund': 'refunded',
  'payout.export': 'exported',
  'payout_details.change': 'changed the payout details of',
  'reconciliation.resolve': 'resolved',
  'milestone.dispute_release': 'ruled for the freelancer on',
  'milestone.dispute_refund': 'ruled for the client on',
};

/** GET /api/admin/users */
export const userSearchQuerySchema = z.object({ q: searchField, page: pageField });
export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(z.string()),
  suspendedAt: z.iso.datetime({ offset: true }).nullable(),
  suspensionReason: z.string().nullable(),
  bookings: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_MSG.dateInvalid)
  .refine(isCalendarDate, ADMIN_MSG.dateInvalid)
  .optional();

/**
 * The console's session filters: one state of the life cycle, or `disputed`: the reported no-shows no admin has
 * resolved yet (status no_show without a no_show_resolved event), the work list of disputes.
 */
export const BOOKING_STATUS_FILTERS = [...SESSION_STATUSES, 'disputed'] as const;
export type BookingStatusFilter = (typeof BOOKING_STATUS_FILTERS)[number];

/** The console's status filter, as its select reads. */
export const BOOKING_STATUS_FILTER_LABEL: Record<BookingStatusFilter, string> = {
  ...SESSION_STATUS_LABEL,
  no_show: 'No-show (resolved or not)',
  disputed: 'Disputed no-show (not yet resolved)',
};

/** How a reported no-show reads on its row of the console's Sessions list. */
export const NO_SHOW_ROW = {
  reported: (by: 'learner' | 'shark') => `No-show reported by the ${by}`,
  disputed: 'Disputed',
  resolved: (outcome: NoShowOutcome) => `Resolved: ${NO_SHOW_OUTCOME_LABEL[outcome]}`,
} as const;

/** GET /api/admin/bookings: search sessions by learner, shark, course and date. */
export const bookingSearchQuerySchema = z.object({
  learner: searchField,
  shark: searchField,
  course: searchField,
  from: dateField,
  to: dateField,
  /** One state of the life cycle (`no_show`: every no-show, resolved or not), or `disputed`. Empty: every state. */
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(BOOKING_STATUS_FILTERS, { error: ADMIN_MSG.statusInvalid }).optional(),
  ),
  page: pageField,
});
export type BookingSearchQuery = z.input<typeof bookingSearchQuerySchema>;
export const adminBookingSchema = z.object({
  id: z.uuid(),
  learnerName: z.string(),
  learnerEmail: z.string(),
  sharkId: z.uuid(),
  sharkName: z.string(),
  courseTitle: z.string(),
  courseCode: z.string(),
  date: z.string(),
  time: z.string(),
  hours: z.number().int(),
  totalPricePaise: paiseSchema,
  createdAt: z.iso.datetime({ offset: true }),
  status: z.enum(SESSION_STATUSES),
  /**
   * A reported no-show (decision 053: every report is a dispute an admin can see): who reported, the note, and
   * once an admin ruled on it, the ruling (a `took_place` ruling leaves the session completed, still listed here).
   */
  noShow: z
    .object({
      reportedBy: z.enum(['learner', 'shark']),
      note: z.string().nullable(),
      at: z.iso.datetime({ offset: true }),
      resolution: z
        .object({
          outcome: z.enum(NO_SHOW_OUTCOMES),
          reason: z.string().nullable(),
          at: z.iso.datetime({ offset: true }),
        })
        .nullable(),
    })
    .nullable(),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export const adminBookingPageSchema = z.object({
  items: z.array(adminBookingSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminBookingPage = z.infer<typeof adminBookingPageSchema>;
