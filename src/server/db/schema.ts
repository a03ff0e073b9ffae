// The whole data model (decision 120, section 3). Tables are created by the SQL migrations in ./migrations;
// this file gives Drizzle their types. Keep the two in step: `npm run db:check` (drizzle-kit check) compares them.
import { sql } from 'drizzle-orm';
// The enums come from src/shared, where the API's schemas and the web read them too: one list each.
import { APPLICATION_STATUSES } from '#shared/applications.ts';
import { now } from '#server/time.ts';
import { SPECIALIZATIONS } from '#shared/constants.ts';
import { CREDENTIAL_KINDS, CREDENTIAL_STATUSES } from '#shared/credentials.ts';
import { MAIL_STATUSES } from '#shared/mail.ts';
import { MEETING_ROOM_KINDS } from '#shared/meeting-rooms.ts';
import { LEDGER_ACCOUNT_KINDS, MONEY_DOCUMENT_KINDS, PAYEE_KINDS } from '#shared/ledger.ts';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from '#shared/payments.ts';
import { PAYOUT_METHODS, PAYOUT_PROVIDERS, PAYOUT_STATUSES } from '#shared/payouts.ts';
import { RECONCILIATION_KINDS } from '#shared/reconciliation.ts';
import { SECURITY_SERVICES } from '#shared/security-services.ts';
import type { SharkLinks } from '#shared/shark-links.ts';
import { REQUEST_STATUSES, VISIBILITIES, type Asset } from '#shared/client-requests.ts';
import { PROPOSAL_STATUSES, type Milestone } from '#shared/proposals.ts';
import { ENGAGEMENT_EVENT_KINDS, ENGAGEMENT_STATUSES, MILESTONE_STATUSES } from '#shared/engagements.ts';
import {
  NO_SHOW_OUTCOMES,
  SESSION_ACTORS,
  SESSION_EVENT_KINDS,
  SESSION_SIDES,
  SESSION_STATUSES,
} from '#shared/sessions.ts';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * An instant the app writes from its one clock (time.ts), never from the database's (issue 37, decision 202):
 * rows are ordered, compared and shown by these, and a test that moves the app's clock must move them too. No
 * SQL default: an insert that forgets one fails instead of taking the other clock.
 */
const stampedAt = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .$defaultFn(() => now());
const createdAt = () => stampedAt('created_at');
const updatedAt = () => stampedAt('updated_at');
/** Money: whole paise as bigint, the column's name ending in _paise (decision 210); read as numbers for JSON. */
const paise = (name: `${string}_paise`) => bigint(name, { mode: 'number' });

// ---- Auth ----------------------------------------------------------------

/** The auth user (spec: id, email, email_confirmed_at, avatar_url). A null password_hash cannot log in yet. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    avatarUrl: text('avatar_url'),
    /** Set by an admin (decision 032): no login, no session, the public profile hidden. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // The catalogue hides suspended owners' sharks (sharks_with_meta): this keeps that check to the few
    // suspended accounts instead of a scan of every user on each list read (npm run bench: 78 ms at 150k users).
    index('users_suspended_idx')
      .on(t.id)
      .where(sql`${t.suspendedAt} IS NOT NULL`),
  ],
);

/** Server-side sessions; `id` is the sha256 of the cookie token, so a leaked table cannot be replayed. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: stampedAt('last_seen_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use, expiring email tokens (verification 24 h, password reset 1 h), stored as sha256. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    /** change_email: the address the account moves to once the link mailed there is opened. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_id_idx').on(t.userId)],
);

/**
 * An account's private calendar feed (issue 26, decision 148): only the sha256 of its secret is stored, like the
 * other tokens; one live address per account, and a new one replaces it (the old address answers 404).
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * How a shark's sessions get a meeting room (issue 26, decision 149): their own fixed link, or a new Jitsi room
 * per session, set when the session is confirmed. No row (or 'manual'): the shark pastes a link by hand.
 */
export const sharkMeetingRooms = pgTable(
  'shark_meeting_rooms',
  {
    sharkId: uuid('shark_id')
      .primaryKey()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEETING_ROOM_KINDS }).notNull(),
    /** The fixed link ('fixed' only), normalised. */
    link: text('link'),
    updatedAt: updatedAt(),
  },
  (t) => [check('shark_meeting_rooms_link_check', sql`(${t.kind} = 'fixed') = (${t.link} IS NOT NULL)`)],
);

export const profiles = pgTable('profiles', {
  id: uuid('id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name'),
  email: text('email').notNull(),
  phone: text('phone'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  roleName: text('role_name').notNull().unique(),
});

/** Role links; `id` keeps insertion order, and the first role is the primary one. */
export const userRoles = pgTable(
  'user_roles',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [uniqueIndex('user_roles_user_role_key').on(t.userId, t.roleId)],
);

// ---- Catalogue -----------------------------------------------------------

/**
 * Sharks. student_count, avg_rating, review_count and min_price_paise are kept by triggers (see migration 0001)
 * so that the public list sorts 100k sharks through indexes instead of aggregating on every request.
 */
export const sharks = pgTable(
  'sharks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    codeName: text('code_name'),
    specialization: text('specialization', {
      enum: SPECIALIZATIONS,
    }).notNull(),
    experience: integer('experience').notNull().default(0),
    bio: text('bio'),
    photoUrl: text('photo_url'),
    /** Current role and company, one line (issue 25). */
    headline: text('headline'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skills: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Normalised https profile links by site (shared/shark-links.ts). */
    links: jsonb('links').$type<SharkLinks>().notNull().default({}),
    published: boolean('published').notNull().default(false),
    /** The admin's reason while an admin keeps the profile unpublished; only an admin's publish clears it. */
    adminUnpublishReason: text('admin_unpublish_reason'),
    studentCount: integer('student_count').notNull().default(0),
    avgRating: numeric('avg_rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    /** The "Top rated" sort key: a Bayesian average of published reviews, null when unrated (decision 008). */
    ratingScore: numeric('rating_score', { precision: 5, scale: 4, mode: 'number' }),
    minPricePaise: paise('min_price_paise'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('sharks_experience_check', sql`${t.experience} >= 0 and ${t.experience} <= 80`)],
);

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    courseCode: text('course_code').notNull().unique(),
    description: text('description').notNull(),
    duration: numeric('duration', { precision: 6, scale: 2, mode: 'number' }).notNull(),
    /** Per hour. */
    pricePaise: paise('price_paise').notNull(),
    image: text('image'),
    enrollmentFormUrl: text('enrollment_form_url'),
    requiredDevices: text('required_devices').notNull().default('Laptop + Internet'),
    requiredKnowledge: text('required_knowledge').notNull().default('Basic Skills'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Free cancellation until this many hours before a session (CANCELLATION_WINDOWS). */
    cancellationHours: integer('cancellation_hours').notNull().default(24),
    /** The refund (percent) when a learner cancels inside the window: the shark chooses 0 or 50 (issue 23). */
    lateCancellationRefund: smallint('late_cancellation_refund').notNull().default(50),
    /** Archived: hidden from new bookings, kept for its sessions (a course with bookings is never deleted). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    index('courses_shark_id_idx').on(t.sharkId),
    check('courses_cancellation_hours_check', sql`${t.cancellationHours} IN (0, 12, 24, 48, 72)`),
    check('courses_late_cancellation_refund_check', sql`${t.lateCancellationRefund} IN (0, 50)`),
  ],
);

/** A booked course session. A course with bookings cannot be deleted (ON DELETE RESTRICT): bookings are money. */
/**
 * When the clock moves an open session out of its status's place in the lists (decision 198): a request at its
 * answer-by (or start, if sooner), a confirmed session at its start. Written as the due indexes' expression.
 */
export const SESSION_DUE_AT = sql.raw(
  "CASE WHEN status = 'requested' THEN least(starts_at, coalesce(answer_by, starts_at)) ELSE starts_at END",
);

export const courseBookings = pgTable(
  'course_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    /** Null once the learner deleted the account: the booking stays as the shark's record, without them. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    hours: integer('hours').notNull(),
    /**
     * The spec's preferred date and time: the shark's wall clock at the start, derived by the database from
     * starts_at and time_zone (decision 171), so the instant is stored once and nothing writes these.
     */
    preferredDate: date('preferred_date', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`(("starts_at" AT TIME ZONE "time_zone")::date)`),
    preferredTime: time('preferred_time')
      .notNull()
      .generatedAlwaysAs(sql`(("starts_at" AT TIME ZONE "time_zone")::time)`),
    /** The course's price per hour × hours, at booking. */
    totalPricePaise: paise('total_price_paise').notNull(),
    /** Client-chosen idempotency key: a double-clicked Confirm makes one booking. */
    requestId: uuid('request_id').unique(),
    createdAt: createdAt(),
    /** The course's shark, copied at booking: the overlap constraint needs it on this row. */
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** ends_at + the shark's buffer at booking: the exclusion constraint compares [starts_at, blocked_until). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /** The shark's IANA zone at booking; preferred_date/preferred_time are the wall clock there (derived). */
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    status: text('status', {
      enum: SESSION_STATUSES,
    })
      .notNull()
      .default('requested'),
    /** The learner's IANA zone when booking (from the browser), to show both sides' times. */
    learnerTimeZone: text('learner_time_zone'),
    /** A requested booking expires unanswered at this instant: 48 h after the request or the start, if sooner. */
    answerBy: timestamp('answer_by', { withTimezone: true }),
    /** Set by the shark; shown to the learner from confirmation on. */
    meetingLink: text('meeting_link'),
    /** What the learner wants from the session (SessionBrief). */
    brief: jsonb('brief').$type<Record<string, string>>().notNull().default({}),
    /** The shark's notes and action items after the session (SessionNotes). */
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    cancelledBy: text('cancelled_by', { enum: [...SESSION_SIDES, 'admin'] }),
    /** A learner's cancellation inside the booking's window. */
    lateCancellation: boolean('late_cancellation').notNull().default(false),
    /**
     * The course's cancellation terms when it was booked (the learner saw them before paying): the window in
     * hours and the refund (percent) of a late cancellation. A later change of the course applies to new
     * bookings only.
     */
    cancellationHours: integer('cancellation_hours').notNull(),
    lateCancellationRefund: smallint('late_cancellation_refund').notNull(),
    /** A pending reschedule: the proposed slot and who proposed it (the other side answers). */
    proposedStartsAt: timestamp('proposed_starts_at', { withTimezone: true }),
    proposedEndsAt: timestamp('proposed_ends_at', { withTimezone: true }),
    proposedBy: text('proposed_by', { enum: SESSION_SIDES }),
    /** Reminders sent for the current start (cleared when the session moves), so each goes once. */
    reminded24hAt: timestamp('reminded_24h_at', { withTimezone: true }),
    reminded1hAt: timestamp('reminded_1h_at', { withTimezone: true }),
    /**
     * When the shark's share of this held session was released (pending -> available in the ledger): at the
     * end of its no-show window by the sessions clock, or at once on an admin's ruling or a late cancellation.
     * Set for free sessions too when their window closes, so the clock's work list (below) only ever holds
     * completed sessions still inside their window. The ledger's share_released posting is the money; this
     * marks the work done.
     */
    shareReleasedAt: timestamp('share_released_at', { withTimezone: true }),
  },
  (t) => [
    index('course_bookings_answer_by_idx')
      .on(t.answerBy)
      .where(sql`${t.status} = 'requested'`),
    index('course_bookings_ends_at_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'confirmed'`),
    // Completed sessions whose share still waits for the end of their no-show window: the clock's work list by
    // end, and each shark's share of them on its dashboard. Small whatever the history: about 48 hours' worth.
    index('course_bookings_share_due_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'completed' AND ${t.shareReleasedAt} IS NULL`),
    index('course_bookings_share_due_shark_idx')
      .on(t.sharkId)
      .where(sql`${t.status} = 'completed' AND ${t.shareReleasedAt} IS NULL`),
    check(
      'course_bookings_proposal_check',
      sql`(${t.proposedStartsAt} IS NULL) = (${t.proposedEndsAt} IS NULL) AND (${t.proposedStartsAt} IS NULL) = (${t.proposedBy} IS NULL)`,
    ),
    index('course_bookings_course_id_idx').on(t.courseId, t.preferredDate),
    index('course_bookings_user_id_idx').on(t.userId, t.preferredDate),
    // A learner's lists in their groups' order (issue 28): the first rows of a group without sorting them all.
    index('course_bookings_user_starts_idx').on(t.userId, t.startsAt),
    index('course_bookings_shark_starts_idx').on(t.sharkId, t.startsAt),
    // Each owner's open sessions by the time the clock will move them (decision 198): the few the session
    // counters cannot place by status alone (started, or a request past its answer-by) are read from here.
    index('course_bookings_shark_due_idx')
      .on(t.sharkId, sql`(${SESSION_DUE_AT})`)
      .where(sql`${t.status} IN ('requested', 'confirmed')`),
    index('course_bookings_user_due_idx')
      .on(t.userId, sql`(${SESSION_DUE_AT})`)
      .where(sql`${t.status} IN ('requested', 'confirmed')`),
    check('course_bookings_hours_check', sql`${t.hours} >= 1 and ${t.hours} <= 12`),
    check('course_bookings_cancellation_hours_check', sql`${t.cancellationHours} IN (0, 12, 24, 48, 72)`),
    check('course_bookings_late_cancellation_refund_check', sql`${t.lateCancellationRefund} IN (0, 50)`),
    check(
      'course_bookings_status_check',
      sql`${t.status} IN ('requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed', 'no_show')`,
    ),
    check(
      'course_bookings_range_check',
      sql`${t.startsAt} < ${t.endsAt} AND ${t.endsAt} <= ${t.blockedUntil}`,
    ),
  ],
);

// ---- Money (issue 23, decisions 130-133): payments, refunds, documents and the ledger ------------------

/**
 * One payment through the provider: a session's (a booking) or an engagement milestone's (decision 176). Amounts are integer paise, computed by the server at
 * checkout and copied here with the split, so a later price or fee change never alters a paid session.
 * The booking goes (SET NULL) when an unpaid checkout closes; the payment stays as its record.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The booking it pays for. Its id is reserved by the checkout's hold and the booking is written only once
     * paid, so there is no foreign key: an unpaid checkout leaves a payment and no booking.
     */
    bookingId: uuid('booking_id'),
    /** What it pays for: a session (bookingId) or an engagement's milestone (milestoneId), decision 176. */
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull().default('session'),
    milestoneId: uuid('milestone_id').references((): AnyPgColumn => engagementMilestones.id, {
      onDelete: 'restrict',
    }),
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The shark of a session's payment (its calendar, its page); null for a milestone's. */
    sharkId: uuid('shark_id').references(() => sharks.id, { onDelete: 'restrict' }),
    /** Who earns it: the payee's ledger accounts are keyed by it (a shark's id, a freelancer's user id). */
    payeeKind: text('payee_kind', { enum: PAYEE_KINDS }).notNull().default('shark'),
    payeeId: uuid('payee_id').notNull(),
    payerName: text('payer_name').notNull(),
    payerEmail: text('payer_email').notNull(),
    /** The shark's name at payment: receipts say on whose behalf the session fee was collected. */
    payeeName: text('payee_name').notNull(),
    description: text('description').notNull(),
    /**
     * The session as the learner's payment mails tell it (course, shark, when in the learner's zone, the page),
     * and that zone: written at checkout, so a refund mailed weeks later needs nothing but this row.
     */
    mail: jsonb('mail').$type<Record<string, unknown>>().notNull(),
    amountPaise: paise('amount_paise').notNull(),
    feePaise: paise('fee_paise').notNull(),
    feeTaxPaise: paise('fee_tax_paise').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('created'),
    failureReason: text('failure_reason'),
    /** The provider's own fee and its GST on this payment, as it reports them (an expense of ours). */
    providerFeePaise: paise('provider_fee_paise'),
    /**
     * Set on a second payment the provider took for one order (two tabs, a double click): it is recorded, in the
     * ledger too, and refunded in full at once; the first stays the booking's payment.
     */
    duplicateOf: uuid('duplicate_of'),
    /** The checkout's slot hold ends here; the checkouts job closes it after. */
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_order_key')
      .on(t.providerOrderId)
      .where(sql`${t.duplicateOf} IS NULL`),
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    // One live payment per booking: a second captured one for the same booking is a duplicate, refunded.
    uniqueIndex('payments_booking_open_key')
      .on(t.bookingId)
      .where(sql`${t.status} IN ('created', 'captured') AND ${t.duplicateOf} IS NULL`),
    // One live payment per milestone, as per booking.
    uniqueIndex('payments_milestone_open_key')
      .on(t.milestoneId)
      .where(sql`${t.status} IN ('created', 'captured') AND ${t.duplicateOf} IS NULL`),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_status_captured_idx').on(t.status, t.capturedAt),
    index('payments_payer_idx').on(t.payerId),
    check(
      'payments_amount_check',
      sql`${t.amountPaise} > 0 AND ${t.feePaise} >= 0 AND ${t.feeTaxPaise} >= 0`,
    ),
    check('payments_status_check', sql`${t.status} IN ('created', 'captured', 'failed', 'expired')`),
    check(
      'payments_purpose_check',
      sql`(${t.purpose} = 'session' AND ${t.bookingId} IS NOT NULL AND ${t.milestoneId} IS NULL AND ${t.payeeKind} = 'shark' AND ${t.sharkId} = ${t.payeeId}) OR (${t.purpose} = 'milestone' AND ${t.milestoneId} IS NOT NULL AND ${t.bookingId} IS NULL AND ${t.sharkId} IS NULL AND ${t.payeeKind} = 'freelancer')`,
    ),
    check('payments_captured_check', sql`(${t.status} = 'captured') = (${t.capturedAt} IS NOT NULL)`),
  ],
);

/** Money going back for one payment: at most one refund a payment (the database refuses a second). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /**
     * The policy's percentage of the payment; null for an admin's refund of an amount (decision 141), whose
     * parts are the amount's share of each part of the payment.
     */
    percent: smallint('percent'),
    amountPaise: paise('amount_paise').notNull(),
    /** An admin's reason for a manual refund (the finance console shows it; the audit log keeps it too). */
    note: text('note'),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * A failed refund sent again by an admin is a new refund at the provider, under a new idempotency key
     * (`<id>-<resends>`); retries of one send after an outage keep its key, so they never refund twice.
     */
    resends: integer('resends').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    check(
      'refunds_amount_check',
      sql`${t.amountPaise} > 0 AND (${t.percent} BETWEEN 1 AND 100 OR (${t.percent} IS NULL AND ${t.reason} = 'admin_refund'))`,
    ),
    check('refunds_status_check', sql`${t.status} IN ('pending', 'processed', 'failed')`),
  ],
);

/** Every webhook event taken, by the provider's event id: a replay is answered 200 and does nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: stampedAt('received_at'),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/**
 * Receipts, tax invoices and credit notes: numbered in one gap-free series per kind and financial year (the
 * number is taken in the transaction of the money event, from money_document_series). `data` holds every
 * field the PDF prints, frozen at issue: the PDF is drawn again from it on each download.
 */
export const moneyDocuments = pgTable(
  'money_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: MONEY_DOCUMENT_KINDS }).notNull(),
    number: text('number').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    issuedAt: stampedAt('issued_at'),
    amountPaise: paise('amount_paise').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('money_documents_number_key').on(t.number),
    uniqueIndex('money_documents_payment_key')
      .on(t.paymentId)
      .where(sql`${t.refundId} IS NULL`),
    uniqueIndex('money_documents_refund_key').on(t.refundId),
  ],
);

/** The next number of each series ("INV/26-27/"): taken under the row's lock, so numbers never skip. */
export const moneyDocumentSeries = pgTable('money_document_series', {
  series: text('series').primaryKey(),
  nextValue: integer('next_value').notNull().default(1),
});

/** The ledger's accounts: the company's own, and a pending and an available payable per payee. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    payeeKind: text('payee_kind', { enum: PAYEE_KINDS }),
    payeeId: uuid('payee_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_key').on(t.kind, t.payeeKind, t.payeeId).nullsNotDistinct(),
    check('ledger_accounts_payee_check', sql`(${t.payeeKind} IS NULL) = (${t.payeeId} IS NULL)`),
  ],
);

/**
 * One money event: its entries sum to zero (a deferred constraint trigger checks at commit), its key makes a
 * retried event a no-op, and neither it nor its entries is ever updated or deleted (triggers refuse).
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind').notNull(),
    memo: text('memo').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'restrict' }),
    bookingId: uuid('booking_id'),
    /**
     * The payout a payout's posting belongs to (issue 24, decision 146), and the reference its money left with
     * (the bank's UTR, the provider's transfer id): the reconciliation finds a payout paid twice by them.
     */
    payoutId: uuid('payout_id'),
    reference: text('reference'),
    /**
     * A reversal names the transaction it mirrors (issue 39): corrections never edit a posting, they post its
     * mirror image, and a transaction is reversed at most once (the unique index).
     */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    at: stampedAt('at'),
  },
  (t) => [
    uniqueIndex('ledger_transactions_key').on(t.idempotencyKey),
    uniqueIndex('ledger_transactions_reverses_key')
      .on(t.reversesId)
      .where(sql`${t.reversesId} IS NOT NULL`),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_booking_idx').on(t.bookingId),
    index('ledger_transactions_kind_at_idx').on(t.kind, t.at),
    index('ledger_transactions_payout_idx')
      .on(t.payoutId)
      .where(sql`${t.payoutId} IS NOT NULL`),
    index('ledger_transactions_reference_idx')
      .on(t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
  ],
);

/** A debit (positive) or a credit (negative) of one account, in paise. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    amountPaise: paise('amount_paise').notNull(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_check', sql`${t.amountPaise} <> 0`),
  ],
);

/**
 * What the daily reconciliation found (issue 24, decision 145): a difference between the provider's records, the
 * payments and the ledger, open until an admin resolves it with a note. One row per (kind, subject): a run
 * again over the same day adds nothing, and a resolved exception is not raised again. `subject` is the stable
 * name of what differs (the provider's payment id, our payment id, `payout:<id>`, `reference:<utr>`).
 */
export const reconciliationExceptions = pgTable(
  'reconciliation_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: RECONCILIATION_KINDS }).notNull(),
    subject: text('subject').notNull(),
    /** The day reconciled when it was found, in APP_TIMEZONE. */
    day: date('day', { mode: 'string' }).notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** Our payment and its booking, when there is one (no foreign key: this records what may be missing). */
    paymentId: uuid('payment_id'),
    bookingId: uuid('booking_id'),
    providerAmountPaise: paise('provider_amount_paise'),
    ledgerAmountPaise: paise('ledger_amount_paise'),
    /** The rest of the facts: the order, the amount our payment row records, the payouts and their reference. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    foundAt: stampedAt('found_at'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    unique('reconciliation_exceptions_subject_key').on(t.kind, t.subject),
    index('reconciliation_exceptions_open_idx').on(t.resolvedAt, t.foundAt),
    check(
      'reconciliation_exceptions_resolved_check',
      sql`(${t.resolvedAt} IS NULL) = (${t.resolutionNote} IS NULL)`,
    ),
  ],
);

/**
 * The built-in test gateway's objects (orders, payments, refunds), as Razorpay's API would keep them: test
 * mode runs the same adapter against this gateway (decision 133). Production refuses test mode.
 */
export const testGatewayObjects = pgTable(
  'test_gateway_objects',
  {
    id: text('id').primaryKey(),
    // Route (decision 147): linked accounts, their product configurations (parent: the account) and
    // transfers (parent: the account).
    entity: text('entity', {
      enum: ['order', 'payment', 'refund', 'account', 'product', 'transfer'],
    }).notNull(),
    parentId: text('parent_id'),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_objects_parent_idx').on(t.parentId)],
);

/**
 * A slot held while its learner pays (issue 23): a paid course's booking is written only once paid, so an open
 * checkout is a hold, not a request. Holds count as busy for new bookings until they expire or close; all
 * booking writers of a shark hold the shark's calendar lock, and holds of one shark never overlap (constraint).
 * Its id is the booking's id to be. Owned by the sessions module with the bookings.
 */
export const checkoutHolds = pgTable(
  'checkout_holds',
  {
    id: uuid('id').primaryKey(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    hours: integer('hours').notNull(),
    requestId: uuid('request_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    learnerTimeZone: text('learner_time_zone'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the hold ends: paid (the booking exists), abandoned, failed or lapsed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('checkout_holds_request_key').on(t.requestId),
    index('checkout_holds_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.closedAt} IS NULL`),
    index('checkout_holds_shark_idx').on(t.sharkId, t.startsAt),
  ],
);

// ---- The session between a learner and a shark (decision 053) ---------------

/** Every change of a booking's life, with who and when: the session page's timeline. */
/**
 * Each learner's and shark's sessions counted by state (decision 198), kept by the trigger on course_bookings in
 * the transaction of every change (migration 0036): the dashboards' tiles and the lists' totals read one row
 * instead of counting the bookings. Only what a status says is here; the clock's part (a session that started,
 * a request past its answer-by) is read per request from the few open sessions due (course_bookings_*_due_idx).
 * The sessions module's table, like course_bookings.
 */
export const sessionCounters = pgTable(
  'session_counters',
  {
    ownerKind: text('owner_kind', { enum: ['learner', 'shark'] }).notNull(),
    /** users.id of a learner, sharks.id of a shark. */
    ownerId: uuid('owner_id').notNull(),
    requested: integer('requested').notNull().default(0),
    confirmed: integer('confirmed').notNull().default(0),
    /** Confirmed with a new time the learner proposed (the shark answers it). */
    proposedByLearner: integer('proposed_by_learner').notNull().default(0),
    /** Confirmed with a new time the shark proposed (the learner answers it). */
    proposedByShark: integer('proposed_by_shark').notNull().default(0),
    completed: integer('completed').notNull().default(0),
    cancelledByShark: integer('cancelled_by_shark').notNull().default(0),
    /** Neither declined, expired nor cancelled: booked or held, with their prices' sum. */
    kept: integer('kept').notNull().default(0),
    keptPricePaise: paise('kept_price_paise').notNull().default(0),
    total: integer('total').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ownerKind, t.ownerId] }),
    check('session_counters_owner_kind_check', sql`${t.ownerKind} IN ('learner', 'shark')`),
  ],
);

export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => courseBookings.id, { onDelete: 'cascade' }),
    /** Insertion order: the timeline's tie-break for events written at the same instant. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    at: stampedAt('at'),
    kind: text('kind', { enum: SESSION_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: SESSION_ACTORS }).notNull(),
    /** The account that acted; null for a job, or once that account is deleted. */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** For reschedule events: the proposed or new start. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    /** For a no-show review (kind no_show_resolved) only: the admin's ruling. */
    outcome: text('outcome', { enum: NO_SHOW_OUTCOMES }),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.at),
    check(
      'booking_events_kind_check',
      sql`${t.kind} IN ('requested', 'confirmed', 'declined', 'expired', 'cancelled', 'reschedule_proposed', 'reschedule_accepted', 'reschedule_declined', 'completed', 'no_show', 'no_show_resolved')`,
    ),
    // A ruling has an outcome and nothing else does; a booking is ruled on once (see the unique index).
    check(
      'booking_events_outcome_check',
      sql`(${t.kind} = 'no_show_resolved') = (${t.outcome} IS NOT NULL) AND (${t.outcome} IS NULL OR ${t.outcome} IN ('upheld', 'took_place'))`,
    ),
    uniqueIndex('booking_events_one_ruling_idx')
      .on(t.bookingId)
      .where(sql`${t.kind} = 'no_show_resolved'`),
    check('booking_events_actor_check', sql`${t.actor} IN ('learner', 'shark', 'admin', 'system')`),
  ],
);

/** The thread between a session's learner and shark, kept for the life of the account. */
export const bookingMessages = pgTable(
  'booking_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => courseBookings.id, { onDelete: 'cascade' }),
    author: text('author', { enum: SESSION_SIDES }).notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the other side was mailed about it (a burst goes out as one mail). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_messages_booking_idx').on(t.bookingId, t.createdAt),
    index('booking_messages_unnotified_idx')
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} IS NULL`),
    check('booking_messages_author_check', sql`${t.author} IN ('learner', 'shark')`),
    check('booking_messages_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 4000`),
  ],
);

// ---- Availability ----------------------------------------------------------

/** A shark's booking rules; `published` opens the calendar to learners. */
export const sharkAvailability = pgTable(
  'shark_availability',
  {
    sharkId: uuid('shark_id')
      .primaryKey()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(720),
    horizonDays: integer('horizon_days').notNull().default(60),
    dailyCap: integer('daily_cap'),
    published: boolean('published').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shark_availability_buffer_check', sql`${t.bufferMinutes} IN (0, 15, 30, 60)`),
    check('shark_availability_notice_check', sql`${t.minNoticeMinutes} BETWEEN 0 AND 10080`),
    check('shark_availability_horizon_check', sql`${t.horizonDays} BETWEEN 1 AND 180`),
    check('shark_availability_cap_check', sql`${t.dailyCap} IS NULL OR ${t.dailyCap} BETWEEN 1 AND 24`),
  ],
);

/** Weekly hours: wall-clock ranges in the shark's zone, ISO weekday 1 (Monday) to 7 (Sunday). */
export const availabilityWeekly = pgTable(
  'availability_weekly',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
  },
  (t) => [
    index('availability_weekly_shark_idx').on(t.sharkId, t.weekday),
    check('availability_weekly_weekday_check', sql`${t.weekday} BETWEEN 1 AND 7`),
    check('availability_weekly_range_check', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** Date overrides: a row with null times is a day off; rows with times replace that date's weekly hours. */
export const availabilityOverrides = pgTable(
  'availability_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
  },
  (t) => [
    index('availability_overrides_shark_date_idx').on(t.sharkId, t.date),
    check(
      'availability_overrides_range_check',
      sql`(${t.startTime} IS NULL AND ${t.endTime} IS NULL) OR (${t.startTime} < ${t.endTime})`,
    ),
  ],
);

/** "Notify me when they open their calendar": mailed once when the shark publishes, then deleted. */
export const availabilityWatchers = pgTable(
  'availability_watchers',
  {
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sharkId, t.userId] })],
);

export const sharkFollowers = pgTable(
  'shark_followers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sharkId] }),
    index('shark_followers_shark_id_idx').on(t.sharkId),
  ],
);

/** "Notify Me" on the reviews tab: one row per learner and shark. */
export const reviewNotifyRequests = pgTable(
  'review_notify_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sharkId] })],
);

/**
 * A learner's review of one completed session (decision 007): one per booking, an overall rating and a rubric,
 * the shark's one public reply, and the moderation state. Only reviews with hidden_at null are published and
 * count in the shark's avg_rating / review_count (kept by the trigger of migration 0008).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => courseBookings.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    /** The learner; null once the account is deleted (the review stays, signed "Former learner"). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    knowledge: smallint('knowledge').notNull(),
    preparation: smallint('preparation').notNull(),
    clarity: smallint('clarity').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (t) => [
    index('reviews_shark_published_idx')
      .on(t.sharkId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} IS NULL`),
    index('reviews_user_id_idx').on(t.userId),
    check(
      'reviews_ratings_check',
      sql`${t.rating} BETWEEN 1 AND 5 AND ${t.knowledge} BETWEEN 1 AND 5 AND ${t.preparation} BETWEEN 1 AND 5 AND ${t.clarity} BETWEEN 1 AND 5`,
    ),
    check('reviews_body_check', sql`char_length(${t.body}) BETWEEN 20 AND 2000`),
    check('reviews_reply_check', sql`(${t.reply} IS NULL) = (${t.repliedAt} IS NULL)`),
    check('reviews_hidden_check', sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);

/** Someone signed in reported a review, with a reason: one report per person and review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    /** Set when an admin hid or kept the review: the report leaves the queue. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_reports_review_user_key').on(t.reviewId, t.userId),
    index('review_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** The review invitation mailed the day after a completed session: one row per booking, so it goes once. */
export const reviewInvitations = pgTable('review_invitations', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => courseBookings.id, { onDelete: 'cascade' }),
  sentAt: stampedAt('sent_at'),
});

export const freelancers = pgTable(
  'freelancers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public profile's id (/freelancers/:id), so the account's own id is never shown (decision 154). */
    id: uuid('id').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    skills: text('skills').notNull(),
    /** The profile beyond the spec's name and skills (issue 27): what the directory and the public profile show. */
    headline: text('headline').notNull().default(''),
    /** SECURITY_SERVICES ids: which client requests the freelancer is shown. */
    services: text('services', { enum: SECURITY_SERVICES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dayRatePaise: paise('day_rate_paise'),
    yearsExperience: integer('years_experience'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    portfolioLinks: text('portfolio_links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Listed in /freelancers and open to the public only while published. */
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('freelancers_day_rate_check', sql`${t.dayRatePaise} BETWEEN 50000 AND 50000000`),
    check('freelancers_years_experience_check', sql`${t.yearsExperience} BETWEEN 0 AND 60`),
    check(
      'freelancers_lists_check',
      sql`cardinality(${t.services}) <= 6 AND cardinality(${t.languages}) <= 8 AND cardinality(${t.portfolioLinks}) <= 5`,
    ),
    check(
      'freelancers_published_check',
      sql`NOT ${t.published} OR (${t.headline} <> '' AND cardinality(${t.services}) > 0 AND ${t.dayRatePaise} IS NOT NULL)`,
    ),
    index('freelancers_published_idx')
      .on(t.dayRatePaise)
      .where(sql`${t.published}`),
  ],
);

// ---- Client requests and proposals (issue 27) ---------------------------

/** A client's request for security work (module client-requests); any signed-in account can be a client. */
export const clientRequests = pgTable(
  'client_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    service: text('service', { enum: SECURITY_SERVICES }).notNull(),
    description: text('description').notNull().default(''),
    /** [{ type, identifier, inScope }]: the scope, as HackerOne and Cobalt structure it. */
    assets: jsonb('assets').$type<Asset[]>().notNull(),
    windowFrom: date('window_from', { mode: 'string' }).notNull(),
    windowTo: date('window_to', { mode: 'string' }).notNull(),
    /** Whole rupees (decision 157), in paise. */
    budgetMinPaise: paise('budget_min_paise').notNull(),
    budgetMaxPaise: paise('budget_max_paise').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    ndaRequired: boolean('nda_required').notNull(),
    visibility: text('visibility', { enum: VISIBILITIES }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('draft'),
    /** Hidden by an admin as spam (decision 193): gone for freelancers, shown to its client with the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('client_requests_client_id_idx').on(t.clientId, t.createdAt),
    index('client_requests_open_service_idx')
      .on(t.service, t.createdAt)
      .where(sql`${t.status} = 'open'`),
    check(
      'client_requests_budget_check',
      sql`${t.budgetMinPaise} >= 100 AND ${t.budgetMinPaise} <= ${t.budgetMaxPaise}`,
    ),
    check('client_requests_window_check', sql`${t.windowFrom} <= ${t.windowTo}`),
    check(
      'client_requests_status_check',
      sql`${t.status} IN ('draft', 'open', 'awarded', 'closed', 'cancelled')`,
    ),
    check('client_requests_visibility_check', sql`${t.visibility} IN ('everyone', 'invited')`),
    check('client_requests_hidden_check', sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);

/** Every change of a request's state: who, when, from what to what. */
export const clientRequestEvents = pgTable(
  'client_request_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => clientRequests.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status', { enum: REQUEST_STATUSES }),
    toStatus: text('to_status', { enum: REQUEST_STATUSES }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('client_request_events_request_id_idx').on(t.requestId, t.createdAt)],
);

/** A freelancer invited to a request; an invited-only request is seen by these alone. */
export const clientRequestInvitations = pgTable(
  'client_request_invitations',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => clientRequests.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => freelancers.userId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.freelancerId] }),
    index('client_request_invitations_freelancer_idx').on(t.freelancerId),
  ],
);

/** A freelancer's acceptance of a request's NDA, with its time: the scope is served only after it. */
export const clientRequestNdaAcceptances = pgTable(
  'client_request_nda_acceptances',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => clientRequests.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The terms as they were accepted. */
    terms: text('terms').notNull(),
    acceptedAt: stampedAt('accepted_at'),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.freelancerId] })],
);

/** A freelancer's proposal on a request (module proposals): one per freelancer per request. */
export const proposals = pgTable(
  'proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => clientRequests.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whole rupees in paise; the milestones' amounts add up to it (checked by the shared schema). */
    pricePaise: paise('price_paise').notNull(),
    days: integer('days').notNull(),
    approach: text('approach').notNull(),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull(),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('submitted'),
    shortlistedAt: timestamp('shortlisted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('proposals_request_freelancer_key').on(t.requestId, t.freelancerId),
    index('proposals_freelancer_id_idx').on(t.freelancerId, t.createdAt),
    check('proposals_price_check', sql`${t.pricePaise} >= 100 AND ${t.days} >= 1`),
    check(
      'proposals_status_check',
      sql`${t.status} IN ('submitted', 'shortlisted', 'accepted', 'not_chosen', 'withdrawn')`,
    ),
  ],
);

/** The thread between a request's client and a shortlisted proposal's freelancer. */
export const proposalMessages = pgTable(
  'proposal_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('proposal_messages_proposal_id_idx').on(t.proposalId, t.createdAt)],
);

// ---- Engagements (issue 27, decision 169) ---------------------------------

/** The work hired through an accepted proposal (module engagements): one per proposal, its scope copied. */
export const engagements = pgTable(
  'engagements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => clientRequests.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => proposals.id, { onDelete: 'restrict' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    service: text('service', { enum: SECURITY_SERVICES }).notNull(),
    description: text('description').notNull(),
    /** The request's scope as it was when the proposal was accepted. */
    assets: jsonb('assets').$type<Asset[]>().notNull(),
    windowFrom: date('window_from', { mode: 'string' }).notNull(),
    windowTo: date('window_to', { mode: 'string' }).notNull(),
    /** The accepted proposal's, in paise. */
    pricePaise: paise('price_paise').notNull(),
    days: integer('days').notNull(),
    status: text('status', { enum: ENGAGEMENT_STATUSES }).notNull().default('active'),
    /** The client's rules-of-engagement acknowledgement: the text as acknowledged, when and by whom. */
    roeTerms: text('roe_terms'),
    roeAcknowledgedAt: timestamp('roe_acknowledged_at', { withTimezone: true }),
    roeAcknowledgedBy: uuid('roe_acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('engagements_proposal_id_key').on(t.proposalId),
    uniqueIndex('engagements_request_id_key').on(t.requestId),
    index('engagements_client_id_idx').on(t.clientId, t.createdAt),
    index('engagements_freelancer_id_idx').on(t.freelancerId, t.createdAt),
    check('engagements_status_check', sql`${t.status} IN ('active', 'completed', 'cancelled')`),
  ],
);

/** An engagement's milestones, copied from the proposal; each funded, delivered and approved in turn. */
export const engagementMilestones = pgTable(
  'engagement_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
    /** Whole rupees, in paise. */
    amountPaise: paise('amount_paise').notNull(),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('awaiting_funding'),
    /** The payment that funds it (module payments), once a checkout is opened. */
    paymentId: uuid('payment_id'),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Delivered and unanswered until then: approved automatically (14 days after delivery). */
    autoApproveAt: timestamp('auto_approve_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    changesNote: text('changes_note'),
    disputeNote: text('dispute_note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('engagement_milestones_position_key').on(t.engagementId, t.position),
    index('engagement_milestones_auto_approve_idx')
      .on(t.autoApproveAt)
      .where(sql`${t.status} = 'delivered'`),
    check('engagement_milestones_amount_check', sql`${t.amountPaise} >= 100`),
    check(
      'engagement_milestones_status_check',
      sql`${t.status} IN ('awaiting_funding', 'funded', 'delivered', 'changes_requested', 'approved', 'disputed', 'refunded')`,
    ),
  ],
);

/** Every change of an engagement, its timeline: who, when, what, on which milestone, with a note. */
export const engagementEvents = pgTable(
  'engagement_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    milestoneId: uuid('milestone_id').references(() => engagementMilestones.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ENGAGEMENT_EVENT_KINDS }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('engagement_events_engagement_id_idx').on(t.engagementId, t.createdAt)],
);

/** The thread between an engagement's client and freelancer. */
export const engagementMessages = pgTable(
  'engagement_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('engagement_messages_engagement_id_idx').on(t.engagementId, t.createdAt)],
);

/** Reports and evidence (PDF or ZIP), stored privately through the storage module. */
export const engagementFiles = pgTable(
  'engagement_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    engagementId: uuid('engagement_id')
      .notNull()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The milestone a report or its evidence belongs to, if the uploader named one. */
    milestoneId: uuid('milestone_id').references(() => engagementMilestones.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('engagement_files_engagement_id_idx').on(t.engagementId, t.createdAt)],
);

/** The client's verified review of the freelancer, once the last milestone is approved: one per engagement. */
export const engagementReviews = pgTable(
  'engagement_reviews',
  {
    engagementId: uuid('engagement_id')
      .primaryKey()
      .references(() => engagements.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').references(() => users.id, { onDelete: 'set null' }),
    freelancerId: uuid('freelancer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('engagement_reviews_freelancer_id_idx').on(t.freelancerId, t.createdAt),
    check('engagement_reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

// ---- Company inbox -------------------------------------------------------

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/** "Be a Shark" applications, reviewed by an admin; they create no account. */
export const sharkApplications = pgTable('shark_applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  specialization: text('specialization').notNull(),
  experience: integer('experience').notNull(),
  links: text('links'),
  motivation: text('motivation').notNull(),
  status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('new'),
  /** The admin's reason for a rejection (mailed to the applicant). */
  reason: text('reason'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  /** sha256 of the confirm link mailed when the email already had an account (decision 032). */
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
});

// ---- Company console -----------------------------------------------------

/**
 * Every admin action and every role change (decision 032), written in the transaction of the change.
 * Append-only: a trigger refuses UPDATE and DELETE.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    /** Who acted; null for the system. Kept as plain uuid (no FK) so the log outlives deleted accounts. */
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_at_idx').on(t.createdAt, t.id)],
);

/** A shark's certification or practice-platform profile, checked by an admin before it shows in public. */
export const sharkCredentials = pgTable(
  'shark_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose credential: a shark's or a freelancer's, exactly one of the two (decision 154). */
    sharkId: uuid('shark_id').references(() => sharks.id, { onDelete: 'cascade' }),
    freelancerId: uuid('freelancer_id').references(() => freelancers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CREDENTIAL_KINDS }).notNull(),
    name: text('name').notNull(),
    issuer: text('issuer'),
    credentialId: text('credential_id'),
    url: text('url').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status', { enum: CREDENTIAL_STATUSES }).notNull().default('pending'),
    reason: text('reason'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shark_credentials_shark_id_idx').on(t.sharkId),
    index('shark_credentials_freelancer_id_idx').on(t.freelancerId),
    check('shark_credentials_one_owner_check', sql`num_nonnulls(${t.sharkId}, ${t.freelancerId}) = 1`),
    check('shark_credentials_status_check', sql`${t.status} IN ('pending', 'verified', 'rejected')`),
    check('shark_credentials_kind_check', sql`${t.kind} IN ('certification', 'platform')`),
  ],
);

/**
 * Where a payee's earnings are sent (issue 24, decision 136), one row per account: a UPI id or a bank account,
 * and the PAN. The UPI id, the account number and the PAN are stored only sealed with AES-256-GCM under
 * PAYOUT_DETAILS_KEY (`v1.<key id>.<iv>.<ciphertext>.<tag>`, bound to the row's user and column); what the
 * pages show (the masked UPI id, the last 4 characters) is kept beside them in clear.
 */
export const payoutDetails = pgTable(
  'payout_details',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    upiIdSealed: text('upi_id_sealed'),
    upiMasked: text('upi_masked'),
    holderName: text('holder_name'),
    accountNumberSealed: text('account_number_sealed'),
    accountLast4: text('account_last4'),
    ifsc: text('ifsc'),
    panSealed: text('pan_sealed').notNull(),
    panLast4: text('pan_last4').notNull(),
    /**
     * The payee's Razorpay Route linked account (acc_…), made from these details on its first Route payout;
     * cleared by every change of the details, so a new account is made for the new destination.
     */
    routeAccountId: text('route_account_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'payout_details_method_check',
      sql`(${t.method} = 'upi' AND ${t.upiIdSealed} IS NOT NULL AND ${t.upiMasked} IS NOT NULL
        AND ${t.holderName} IS NULL AND ${t.accountNumberSealed} IS NULL AND ${t.accountLast4} IS NULL
        AND ${t.ifsc} IS NULL)
      OR (${t.method} = 'bank' AND ${t.upiIdSealed} IS NULL AND ${t.upiMasked} IS NULL
        AND ${t.holderName} IS NOT NULL AND ${t.accountNumberSealed} IS NOT NULL
        AND ${t.accountLast4} IS NOT NULL AND ${t.ifsc} IS NOT NULL)`,
    ),
    // Only sealed values: a bug that wrote a number in clear is refused by the database.
    check(
      'payout_details_sealed_check',
      sql`${t.panSealed} LIKE 'v1.%' AND coalesce(${t.upiIdSealed}, 'v1.') LIKE 'v1.%'
        AND coalesce(${t.accountNumberSealed}, 'v1.') LIKE 'v1.%'`,
    ),
  ],
);

/**
 * One payout to one payee for one period (issue 24, decision 137). The payout run makes it from the payee's
 * available balance; each step (created, sent, paid or failed) posts its ledger transaction in the same
 * database transaction. At most one live payout a payee and period, whatever runs at once; a failed one gives
 * way to a new one, and a period's skip (no payout details) is recorded once.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payeeKind: text('payee_kind', { enum: PAYEE_KINDS }).notNull(),
    payeeId: uuid('payee_id').notNull(),
    /** The run's period: "2026-W48" (weekly) or "2026-11" (monthly). */
    period: text('period').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull(),
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    /** Masked, as it was when the payout was made: "UPI ra••••@okaxis", "bank account •••• 1234 at …". */
    destination: text('destination'),
    /** The bank's UTR (manual) or the provider's transfer id (trf_…). */
    reference: text('reference'),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_live_key')
      .on(t.payeeKind, t.payeeId, t.period)
      .where(sql`${t.status} NOT IN ('failed', 'skipped')`),
    uniqueIndex('payouts_skipped_key')
      .on(t.payeeKind, t.payeeId, t.period)
      .where(sql`${t.status} = 'skipped'`),
    // One reference, one payout: a UTR typed on two payouts is refused.
    uniqueIndex('payouts_reference_key').on(t.provider, t.reference),
    index('payouts_period_idx').on(t.period, t.status),
    index('payouts_payee_idx').on(t.payeeKind, t.payeeId, t.createdAt),
    check('payouts_amount_check', sql`${t.amountPaise} > 0`),
    check('payouts_status_check', sql`${t.status} IN ('created', 'sent', 'paid', 'failed', 'skipped')`),
    check('payouts_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)`),
  ],
);

/**
 * The company's monthly fee invoice to a payee (issue 24, decisions 143-144), owned by modules/statements: one a
 * payee and month, numbered in its own series ("FEE/26-27/000001", taken from money_document_series like every
 * document number), issued at its first download after the month ended and never changed (a trigger refuses
 * updates and deletes). `data` holds every field the PDF prints, so a second download is the same invoice.
 */
export const feeInvoices = pgTable(
  'fee_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    payeeKind: text('payee_kind', { enum: PAYEE_KINDS }).notNull(),
    payeeId: uuid('payee_id').notNull(),
    /** "2026-11", in the payee's zone at issue (named in `data`). */
    month: text('month').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    feePaise: paise('fee_paise').notNull(),
    taxPaise: paise('tax_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('fee_invoices_number_key').on(t.number),
    uniqueIndex('fee_invoices_payee_month_key').on(t.payeeKind, t.payeeId, t.month),
    check('fee_invoices_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      'fee_invoices_amount_check',
      sql`${t.feePaise} > 0 AND ${t.taxPaise} >= 0 AND ${t.totalPaise} = ${t.feePaise} + ${t.taxPaise}`,
    ),
  ],
);

/** Every mail the app sends; without SMTP this is the dev mailbox at /dev/mailbox. */
// The mail delivery log (decision 080): one row per mail, written with its pg-boss job in the transaction
// of the change that causes it. Subject and link are known at once; html and text are rendered by the worker.
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull().default('legacy'),
    /** What the template needs (names, links); rendered again when an admin retries. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    link: text('link'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * A failed refund sent again by an admin is a new refund at the provider, under a new idempotency key
     * (`<id>-<resends>`); retries of one send after an outage keep its key, so they never refund twice.
     */
    resends: integer('resends').notNull().default(0),
    lastError: text('last_error'),
    jobId: uuid('job_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('outbox_status_check', sql`${t.status} IN ('queued', 'sent', 'failed')`),
    index('outbox_status_created_at_idx').on(t.status, t.createdAt),
    index('outbox_to_address_idx').on(t.toAddress),
  ],
);

// ---- HTTP caching of the public catalogue (decision 065) --------------------

/**
 * One row: a number that changes in the same transaction as anything the public catalogue shows (sharks,
 * courses, bookings' counts, credentials, suspensions), bumped by deferred triggers just before commit. The
 * catalogue's ETags are built from it, so a conditional request is answered from this row alone.
 */
export const catalogueVersion = pgTable(
  'catalogue_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('catalogue_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Each shark's free-slots version (issue 28, decision 197): triggers (migration 0036) set it from one sequence,
 * in the writing transaction, whenever anything its free slots read changes (its availability rules, weekly
 * hours and overrides, bookings, checkout holds, imported busy times). No foreign key: a shark's deletion
 * cascades to bookings whose triggers still write here, and an orphan row is harmless.
 */
export const sharkSlotsVersions = pgTable('shark_slots_versions', {
  sharkId: uuid('shark_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

// ---- Views (defined in migration SQL) -------------------------------------

export const sharksWithMeta = pgView('sharks_with_meta', {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  name: text('name').notNull(),
  codeName: text('code_name'),
  specialization: text('specialization', {
    enum: SPECIALIZATIONS,
  }).notNull(),
  experience: integer('experience').notNull(),
  bio: text('bio'),
  photoUrl: text('photo_url'),
  published: boolean('published').notNull(),
  studentCount: integer('student_count').notNull(),
  avgRating: numeric('avg_rating', { precision: 3, scale: 2, mode: 'number' }),
  reviewCount: integer('review_count').notNull(),
  minPricePaise: paise('min_price_paise'),
  /** Verified credentials of the shark (decision 032). */
  verifiedCredentials: integer('verified_credentials').notNull(),
  /** The "Top rated" sort key (decision 008). */
  ratingScore: numeric('rating_score', { precision: 5, scale: 4, mode: 'number' }),
  headline: text('headline'),
  languages: text('languages').array().notNull(),
  skills: text('skills').array().notNull(),
  links: jsonb('links').$type<SharkLinks>().notNull(),
}).existing();

export const coursesWithBookings = pgView('courses_with_bookings', {
  id: uuid('id').notNull(),
  sharkId: uuid('shark_id').notNull(),
  title: text('title').notNull(),
  courseCode: text('course_code').notNull(),
  description: text('description').notNull(),
  duration: numeric('duration', { precision: 6, scale: 2, mode: 'number' }).notNull(),
  pricePaise: paise('price_paise').notNull(),
  image: text('image'),
  enrollmentFormUrl: text('enrollment_form_url'),
  requiredDevices: text('required_devices').notNull(),
  requiredKnowledge: text('required_knowledge').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  bookingCount: integer('booking_count').notNull(),
  enrolledCount: integer('enrolled_count').notNull(),
  cancellationHours: integer('cancellation_hours').notNull(),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  lateCancellationRefund: smallint('late_cancellation_refund').notNull(),
}).existing();

/**
 * Busy times from a shark's other calendars (issue 26, decisions 151-153): the secret iCal addresses the shark
 * added (a secret: shown back only masked, logged only by host) and the state of their last fetches.
 */
export const calendarSources = pgTable(
  'calendar_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order of writing: the tie-breaker where two rows share an instant (one transaction; decision 202). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    etag: text('etag'),
    lastModified: text('last_modified'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** When the busy times were last expanded from a whole answer (a 304 keeps them but not their window). */
    expandedAt: timestamp('expanded_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** The first failure since the last success; null while the feed works. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** When the shark was mailed about this run of failures (once per run). */
    failureMailedAt: timestamp('failure_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('calendar_sources_shark_id_idx').on(t.sharkId),
    uniqueIndex('calendar_sources_shark_url_key').on(t.sharkId, t.url),
    index('calendar_sources_last_attempt_idx').on(t.lastAttemptAt),
  ],
);

/** A source's busy intervals in the booking horizon, replaced whole on each successful fetch. No titles. */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => calendarSources.id, { onDelete: 'cascade' }),
    sharkId: uuid('shark_id')
      .notNull()
      .references(() => sharks.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('calendar_busy_shark_starts_idx').on(t.sharkId, t.startsAt),
    index('calendar_busy_source_id_idx').on(t.sourceId),
    check('calendar_busy_order_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
