// Booking a course session: the form and POST /api/bookings validate with the same schema; the learner's list.
import { z } from 'zod';
import { emailField, nameField } from './fields';
import { BOOKING_MAX_HOURS, BOOKING_MIN_HOURS } from './constants';
import { isTimeZone } from './availability';
import { canonicalZone } from './time-zones';
import { SESSION_STATUSES } from './sessions';
import { sessionPageSchemaOf, sessionPreviewSchemaOf } from './sessions';
import { bookingPaymentSchema } from './payments';

/** Booking texts that are ours (the spec only names "hours minimum 1"). */
export const BOOKING_MSG = {
  chooseCourse: 'Choose a course',
  hoursNumber: 'Hours must be a number',
  hoursWhole: 'Hours must be a whole number',
  hoursMin: `Book at least ${BOOKING_MIN_HOURS} hour`,
  hoursMax: `You can book at most ${BOOKING_MAX_HOURS} hours at a time`,
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Please enter a valid phone number',
  courseNotBookable: 'This course is not open for booking.',
  requestIdReused: 'This booking request was already used.',
  learnersOnly: 'Only learner accounts can book sessions. Log in with a user account to book.',
  booked: 'Booking requested. The shark will confirm it; we mail you either way.',
  chooseSlot: 'Choose a start time',
  slotInvalid: 'Choose one of the free times',
  slotTaken: 'This time was just booked by someone else. Please pick another slot.',
  timeZoneInvalid: 'Unknown time zone',
} as const;

/** Phone numbers as people type them: digits with optional +, spaces, dashes and brackets; 7 to 15 digits. */
export const phoneField = z
  .string({ error: BOOKING_MSG.phoneRequired })
  .trim()
  .min(1, BOOKING_MSG.phoneRequired)
  .max(25, BOOKING_MSG.phoneInvalid)
  .refine(
    (v) =>
      /^\+?[\d\s()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15,
    BOOKING_MSG.phoneInvalid,
  );

/** What the learner fills in: the course, hours, a free slot's start, and the contact fields. */
export const bookingFormSchema = z.object({
  courseId: z.uuid({ error: BOOKING_MSG.chooseCourse }),
  hours: z
    .number({ error: BOOKING_MSG.hoursNumber })
    .int(BOOKING_MSG.hoursWhole)
    .min(BOOKING_MIN_HOURS, BOOKING_MSG.hoursMin)
    .max(BOOKING_MAX_HOURS, BOOKING_MSG.hoursMax),
  /** The chosen free slot's start, an ISO instant from GET /api/sharks/:id/slots. */
  startsAt: z.iso.datetime({ offset: true, error: BOOKING_MSG.chooseSlot }),
  name: nameField,
  email: emailField(),
  phone: phoneField,
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;

/** POST /api/bookings. Unknown keys (a client-sent price) are dropped: the server computes the total. */
export const createBookingSchema = bookingFormSchema.extend({
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
  totalPrice: z.number(),
  /** Requested or confirmed, and the start is still ahead (issue 13's "upcoming" group). */
  upcoming: z.boolean(),
  /** The viewer has an answer to give: a request to accept or decline, or a proposed new time. */
  needsAction: z.boolean(),
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
  /** Rupees over the sessions booked or held. */
  spent: z.number(),
  /** Paise the learner paid through us, less the refunds sent or on their way. */
  paidPaise: z.number().int(),
  /** Every session of the account, whatever its state. */
  total: z.number(),
  groups: sessionPreviewSchemaOf(myBookingSchema),
});
export type MySessionsOverview = z.infer<typeof mySessionsOverviewSchema>;
