// Every error code the API answers with (the `code` of `{ error: { code, message, fields? } }`), written once: the
// server throws these and the web matches them by name, never by a bare string (decision 101). Fastify's own
// client errors (FST_ERR_..., a body too large) keep Fastify's codes.
export const ERROR_CODE = {
  // The error handler's own answers
  error: 'error',
  validation: 'validation',
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  serverError: 'server_error',
  /** The database could not be reached for a moment (a restart): nothing was done, try again. */
  unavailable: 'unavailable',
  forbiddenOrigin: 'forbidden_origin',
  /** The browser's own: the server could not be reached at all (no HTTP answer). */
  unreachable: 'unreachable',
  // Accounts
  invalidCredentials: 'invalid_credentials',
  emailUnverified: 'email_unverified',
  accountSuspended: 'account_suspended',
  roleNotAssigned: 'role_not_assigned',
  wrongPortal: 'wrong_portal',
  roleNotFound: 'role_not_found',
  adminAccount: 'admin_account',
  invalidToken: 'invalid_token',
  /** An admin unpublished the profile: only an admin publishes it again (decision 093). */
  unpublishedByAdmin: 'unpublished_by_admin',
  emailTaken: 'email_taken',
  lastAdmin: 'last_admin',
  upcomingSessions: 'upcoming_sessions',
  bookingRecords: 'booking_records',
  activeEngagement: 'active_engagement',
  tooManyCheckouts: 'too_many_checkouts',
  engagementRecords: 'engagement_records',
  // Admin console and applications
  alreadySuspended: 'already_suspended',
  notSuspended: 'not_suspended',
  cannotSuspendSelf: 'cannot_suspend_self',
  alreadyDecided: 'already_decided',
  wrongAccount: 'wrong_account',
  mailNotFailed: 'mail_not_failed',
  // Workspace, courses, uploads
  noProfile: 'no_profile',
  profileRequired: 'profile_required',
  courseSaveFailed: 'course_save_failed',
  courseHasBookings: 'course_has_bookings',
  imageRejected: 'image_rejected',
  fileRejected: 'file_rejected',
  // Sessions
  notAllowed: 'not_allowed',
  slotTaken: 'slot_taken',
  ownCourse: 'own_course',
  // Reviews
  alreadyReviewed: 'already_reviewed',
  notCompleted: 'not_completed',
  windowClosed: 'window_closed',
  reviewHidden: 'review_hidden',
  editClosed: 'edit_closed',
  alreadyReplied: 'already_replied',
  ownReview: 'own_review',
  alreadyHidden: 'already_hidden',
  notHidden: 'not_hidden',
  // Payments
  /** The payment provider did not answer: nothing was charged or held; try again. */
  paymentProviderDown: 'payment_provider_down',
  /** A checkout callback whose order or signature does not match: nothing changed. */
  paymentNotVerified: 'payment_not_verified',
  /** The checkout closed (its hold lapsed, or it was abandoned): pick a time again. */
  checkoutClosed: 'checkout_closed',
  // The finance console
  /** A manual refund of a payment that was never captured. */
  paymentNotCaptured: 'payment_not_captured',
  /** A manual refund of a payment that has its refund already (one a payment, decision 141). */
  alreadyRefunded: 'already_refunded',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];
