// A shark's own courses: the course form (browser and server validate with the same schema) and the
// course as the workspace lists it, with its enrolled count.
import { z } from 'zod';
import { publicCourseSchema } from './catalogue';
import { COURSE_CODE_PATTERN } from './constants';
import { numberInput } from './fields';
import { CANCELLATION_WINDOWS } from './sessions';
import { paiseField, rupeesInput, type MoneyRules } from './money-schemas';

export const COURSE_MSG = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  durationRequired: 'Duration is required',
  durationNumber: 'Duration must be a number',
  durationPositive: 'Duration must be more than 0 hours',
  durationTooLong: 'Duration is too long (1000 hours at most)',
  /** numeric(6,2) keeps two decimals: anything finer (or below 0.01) would be rounded, even to 0. */
  durationStep: 'Duration must be at least 0.01 hours, with at most two decimals',
  priceRequired: 'Price is required',
  priceNumber: 'Price must be a number',
  priceNegative: 'Price cannot be negative',
  priceTooHigh: 'Price is too high (₹10,00,000 per hour at most)',
  /** Prices are whole paise (decision 210): a price finer than a paisa is refused, never rounded. */
  priceStep: 'Price must be in rupees and paise, with at most two decimals',
  urlInvalid: 'Enrollment form link must be a valid URL (http or https)',
  codeInvalid: 'Course code must look like CRS-XXXXXX (6 capital letters or digits)',

  // Saving and deleting (the server's answers)
  saveFailed: 'Failed to save course.',
  deleteFailed: 'Error deleting course.',
  codeTaken: 'This course code is already in use.',
  codeGenerationFailed: 'Could not generate a unique course code; please try again.',
  notFound: 'Course not found',
  created: 'Course created.',
  updated: 'Course updated.',
  deleted: 'Course deleted.',
  imageUpdated: 'Course image updated.',
  cancellationInvalid: 'Choose a cancellation window: 0, 12, 24, 48 or 72 hours',
  lateRefundInvalid: 'Choose the refund when a learner cancels late: 50% or no refund (0%)',
} as const;

/**
 * What a learner who cancels inside the cancellation window gets back, in percent of what they paid: the shark
 * chooses half or nothing (decision 131). The database holds the same two values.
 */
export const LATE_CANCELLATION_REFUNDS = [50, 0] as const;
export const DEFAULT_LATE_CANCELLATION_REFUND = 50;

/** Empty text or null means "not given"; numbers may arrive as the text of an <input type="number">. */

const requiredNumber = (required: string, notNumber: string) =>
  z.preprocess(
    numberInput,
    z
      .number({ error: (issue) => (issue.input === undefined ? required : notNumber) })
      .refine(Number.isFinite, notNumber),
  );

/**
 * Whether a number is a whole count of hundredths of an hour, exactly: a tolerance let 1e-9 through, which
 * numeric(6,2) then stored as 0 (issue 38, finding 7). Exact for any number typed with at most two decimals: it is
 * the double nearest that decimal, and so is the quotient here.
 */
const inHundredths = (v: number) => Math.round(v * 100) / 100 === v;

/** A course's price per hour: ₹0 (free) to ₹10,00,000, in paise; the form's rupees and the API's paise alike. */
const PRICE_RULES: MoneyRules = {
  required: COURSE_MSG.priceRequired,
  notNumber: COURSE_MSG.priceNumber,
  invalid: COURSE_MSG.priceStep,
  min: { paise: 0, message: COURSE_MSG.priceNegative },
  max: { paise: 100_000_000, message: COURSE_MSG.priceTooHigh },
};

const optionalText = (max: number, tooLong: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string().max(max, tooLong).optional().nullable(),
    )
    .transform((v) => v || null);

export const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const courseInputSchema = z.object({
  title: z
    .string({ error: COURSE_MSG.titleRequired })
    .trim()
    .min(1, COURSE_MSG.titleRequired)
    .max(200, 'Title is too long (200 characters at most)'),
  description: z
    .string({ error: COURSE_MSG.descriptionRequired })
    .trim()
    .min(1, COURSE_MSG.descriptionRequired)
    .max(5000, 'Description is too long (5000 characters at most)'),
  duration: requiredNumber(COURSE_MSG.durationRequired, COURSE_MSG.durationNumber).pipe(
    z
      .number()
      .gt(0, COURSE_MSG.durationPositive)
      .max(1000, COURSE_MSG.durationTooLong)
      .refine((v) => v >= 0.01 && inHundredths(v), COURSE_MSG.durationStep),
  ),
  /** Per hour, in paise; the form takes rupees (courseFormSchema). */
  pricePaise: paiseField(PRICE_RULES),
  /** Empty: the server generates CRS- plus 6 random capitals/digits. Given: must match and be unique. */
  courseCode: optionalText(20, COURSE_MSG.codeInvalid)
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || COURSE_CODE_PATTERN.test(v), COURSE_MSG.codeInvalid),
  enrollmentFormUrl: optionalText(2000, 'Link is too long (2000 characters at most)').refine(
    (v) => v === null || isHttpUrl(v),
    COURSE_MSG.urlInvalid,
  ),
  /** Empty: the spec's defaults ('Laptop + Internet', 'Basic Skills') are stored. */
  requiredDevices: optionalText(300, 'Required devices is too long (300 characters at most)'),
  requiredKnowledge: optionalText(300, 'Required knowledge is too long (300 characters at most)'),
  /** Free cancellation until this many hours before a session; absent keeps the course's (24 for a new one). */
  cancellationHours: z
    .preprocess(
      numberInput,
      z
        .number({ error: COURSE_MSG.cancellationInvalid })
        .refine(
          (v) => (CANCELLATION_WINDOWS as readonly number[]).includes(v),
          COURSE_MSG.cancellationInvalid,
        ),
    )
    .optional(),
  /** Refund (percent) when the learner cancels inside the window; absent keeps the course's (50 for a new one). */
  lateCancellationRefund: z
    .preprocess(
      numberInput,
      z
        .number({ error: COURSE_MSG.lateRefundInvalid })
        .refine(
          (v) => (LATE_CANCELLATION_REFUNDS as readonly number[]).includes(v),
          COURSE_MSG.lateRefundInvalid,
        ),
    )
    .optional(),
});
export type CourseInput = z.input<typeof courseInputSchema>;
export type CourseValues = z.output<typeof courseInputSchema>;

/** The course form: the price typed in rupees ("1500", "1500.50"), sent as `pricePaise`. */
export const courseFormSchema = courseInputSchema
  .omit({ pricePaise: true })
  .extend({ price: rupeesInput(PRICE_RULES) })
  .transform(({ price, ...values }): CourseValues => ({ ...values, pricePaise: price }));

/** A course of the signed-in shark (view courses_with_bookings). */
export const ownCourseSchema = publicCourseSchema.extend({
  createdAt: z.string(),
  /** Archived: hidden from new bookings, kept on its sessions; the shark can restore it. */
  archived: z.boolean(),
});
export type OwnCourse = z.infer<typeof ownCourseSchema>;

export const courseSavedSchema = z.object({ message: z.string(), course: ownCourseSchema });
export type CourseSaved = z.infer<typeof courseSavedSchema>;
