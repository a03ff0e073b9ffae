// Booking a course session: POST /api/bookings (the form's schema, booking-form.ts, and what the browser adds); the
// learner's list.
import { z } from 'zod';
import { BOOKING_MSG, bookingFormSchema } from './booking-form';
import { isTimeZone } from './availability';
import { canonicalZone } from './time-zones';
import { SESSION_STATUSES } from './sessions';
import { sessionPageSchemaOf, sessionPreviewSchemaOf } from './sessions';
import { bookingPaymentSchema } from './payments';
import { paiseSchema } from './money-schemas';

/** POST /api/bookings. Unknown keys (a client-sent price) are dropped: the server computes the total. */
export const createBookingSchema = z.object({
  ...bookingFormSchema.shape,
  /** Chosen once per booking attempt by the browser, so a double-clicked Confirm makes one booking. */
  requestId: z.uuid({ error: 'requestId must be a UUID' }),
  /** The learner's IANA zone (from the browser), so both sides see the other's local time. */
  timeZone: z
    .string({ error: BOOKING_MSG.timeZoneInvalid })
    .max(64, BOOKING_MSG.timeZoneInvalid)
    .refine(isTimeZone, BOOKING_MSG.timeZoneInvalid)
    // Stored under its current name: a browser's Asia/Calcutta is Asia/Kolkata (issue 25).
    .transform(canonicalZone)
    .optional(),
});
export type CreateBookingInput = z.input<typeof createBookingSchema>;

/** One of the caller's own bookings, as the dashboard and the bookings page show it. */
export const myBookingSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  enrollmentFormUrl: z.string().nullable(),
  sharkId: z.uuid(),
  sharkName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  hours: z.number(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  /** The session's start and end instants and the shark's zone (preferred date/time are its wall clock). */
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  status: z.enum(SESSION_STATUSES),
  /** The course's price per hour × hours, at booking. */
  totalPricePaise: paiseSchema,
  /** Requested or confirmed, and the start is still ahead (issue 13's "upcoming" group). */
  upcoming: z.boolean(),
  /** The viewer has an answer to give: a request to accept or decline, or a proposed new time. */
  needsAction: z.boolean(),
  /** Requested: when it expires unanswered (decision 206), shown on every row; null in any other state. */
  answerBy: z.string().nullable(),
  /** The learner has reviewed it: a completed session no longer offers "Leave a review". */
  reviewed: z.boolean(),
  createdAt: z.string(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;

/**
 * POST /api/bookings answers with the request (a free course), or with the checkout that holds the slot while
 * the learner pays (a paid course: the request reaches the shark once paid).
 */
export const createBookingResultSchema = z.object({
  message: z.string(),
  booking: myBookingSchema.nullable(),
  checkout: z
    .object({ bookingId: z.uuid(), path: z.string(), holdUntil: z.string(), amountPaise: z.number().int() })
    .nullable(),
});
export type CreateBookingResult = z.infer<typeof createBookingResultSchema>;

/**
 * A row of the learner's bookings list: the booking and, when they paid for it, what they paid, its refund and
 * the receipt and credit note to download (null for a free course).
 */
export const myBookingRowSchema = myBookingSchema.extend({ payment: bookingPaymentSchema.nullable() });
export type MyBookingRow = z.infer<typeof myBookingRowSchema>;

/** `GET /api/me/sessions?group=&page=`: one page of one group of the caller's own sessions. */
export const mySessionPageSchema = sessionPageSchemaOf(myBookingRowSchema);
export type MySessionPage = z.infer<typeof mySessionPageSchema>;

/**
 * `GET /api/me/sessions/overview`: the learner dashboard's numbers (the spec's upcoming = confirmed ahead,
 * completed), what the bookings page sums (sessions booked or held and their total: declined, expired and
 * cancelled ones cost nothing; the money paid, net of refunds), and the first sessions of each group.
 */
export const mySessionsOverviewSchema = z.object({
  upcomingSessions: z.number(),
  completedSessions: z.number(),
  bookedOrHeld: z.number(),
  /** The prices of the sessions booked or held, summed. */
  spentPaise: paiseSchema,
  /** Paise the learner paid through us, less the refunds sent or on their way. */
  paidPaise: z.number().int(),
  /** Every session of the account, whatever its state. */
  total: z.number(),
  groups: sessionPreviewSchemaOf(myBookingSchema),
});
export type MySessionsOverview = z.infer<typeof mySessionsOverviewSchema>;
