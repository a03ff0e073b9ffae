// The booking form's schema and texts, which the panel on a shark's profile and POST /api/bookings share. Built with
// zod/mini, whose functions are shaken one by one: classic zod comes whole (84 KB), and a profile with the slot
// picker open loaded it for this one schema (decision 199). The server extends it with classic zod (bookings.ts).
import { z } from 'zod/mini';
import { BOOKING_MAX_HOURS, BOOKING_MIN_HOURS, MAX_OPEN_CHECKOUTS } from './constants';
import { emailField, nameField } from './fields';

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
  tooManyCheckouts: `You already have ${MAX_OPEN_CHECKOUTS} checkouts waiting for payment with other sharks. Pay for one or close it before holding another time.`,
} as const;

/** Phone numbers as people type them: digits with optional +, spaces, dashes and brackets; 7 to 15 digits. */
export const phoneField = z.string({ error: BOOKING_MSG.phoneRequired }).check(
  z.trim(),
  z.minLength(1, BOOKING_MSG.phoneRequired),
  z.maxLength(25, BOOKING_MSG.phoneInvalid),
  z.refine(
    (v) =>
      /^\+?[\d\s()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7 && (v.match(/\d/g)?.length ?? 0) <= 15,
    BOOKING_MSG.phoneInvalid,
  ),
);

/** What the learner fills in: the course, hours, a free slot's start, and the contact fields. */
export const bookingFormSchema = z.object({
  courseId: z.uuid({ error: BOOKING_MSG.chooseCourse }),
  hours: z
    .number({ error: BOOKING_MSG.hoursNumber })
    .check(
      z.int(BOOKING_MSG.hoursWhole),
      z.gte(BOOKING_MIN_HOURS, BOOKING_MSG.hoursMin),
      z.lte(BOOKING_MAX_HOURS, BOOKING_MSG.hoursMax),
    ),
  /** The chosen free slot's start, an ISO instant from GET /api/sharks/:id/slots. */
  startsAt: z.iso.datetime({ offset: true, error: BOOKING_MSG.chooseSlot }),
  name: nameField,
  email: emailField(),
  phone: phoneField,
});
export type BookingFormInput = z.input<typeof bookingFormSchema>;
