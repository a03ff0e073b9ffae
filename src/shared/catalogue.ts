// The public sharks catalogue: list query, list page, profile and its courses. (The cache keys the web app
// and the server's first-paint data share are in catalogue-keys.ts, its texts in catalogue-texts.ts: both stay
// free of zod.)
import { z } from 'zod';
import { CATALOGUE_MSG } from './catalogue-texts';
import { DEFAULT_SHARK_SORT, SHARK_SORTS, SPECIALIZATIONS } from './constants';
import { SHARK_LINK_SITES } from './shark-links';

export const specializationSchema = z.enum(SPECIALIZATIONS, { error: CATALOGUE_MSG.chooseSpecialization });

export const sharksQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search is too long (100 characters at most)').optional().default(''),
  specialization: z
    .enum([...SPECIALIZATIONS, ''], { error: CATALOGUE_MSG.chooseSpecialization })
    .optional()
    .default(''),
  sort: z.enum(SHARK_SORTS, { error: 'Unknown sort' }).optional().default(DEFAULT_SHARK_SORT),
  /** "Verified only": sharks with at least one verified credential (decision 032). */
  verified: z.enum(['true', 'false', ''], { error: 'Use verified=true' }).optional().default(''),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page starts at 1')
    .max(100_000, 'Page is too large')
    .optional()
    .default(1),
});
export type SharksQuery = z.infer<typeof sharksQuerySchema>;

/** A row of the sharks_with_meta view as the API sends it. Absent values are null; the web applies fallbacks. */
export const sharkSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  codeName: z.string().nullable(),
  specialization: specializationSchema,
  experience: z.number(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  studentCount: z.number().nullable(),
  avgRating: z.number().nullable(),
  reviewCount: z.number(),
  minPrice: z.number().nullable(),
  /** Credentials an admin verified (decision 032); the card shows the count. */
  verifiedCredentials: z.number().int().optional(),
  /** Current role and company (issue 25). */
  headline: z.string().nullable(),
  languages: z.array(z.string()),
  skills: z.array(z.string()),
  /** Normalised https links by site (shared/shark-links.ts). */
  links: z.partialRecord(z.enum(SHARK_LINK_SITES), z.string()),
  /**
   * The list only: the first free 1-hour slot's start in the next NEXT_AVAILABLE_DAYS days, or null when there is
   * none (decision 165).
   */
  nextAvailable: z.string().nullable().optional(),
});
export type Shark = z.infer<typeof sharkSchema>;

export const sharksPageSchema = z.object({
  items: z.array(sharkSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  /** How many sharks match the search and filter in all, over every page. */
  total: z.number().int().min(0),
});
export type SharksPage = z.infer<typeof sharksPageSchema>;

/** A course as the public profile shows it (view courses_with_bookings). */
export const publicCourseSchema = z.object({
  id: z.uuid(),
  sharkId: z.uuid(),
  title: z.string(),
  courseCode: z.string(),
  description: z.string(),
  duration: z.number(),
  price: z.number(),
  image: z.string().nullable(),
  enrollmentFormUrl: z.string().nullable(),
  requiredDevices: z.string(),
  requiredKnowledge: z.string(),
  bookingCount: z.number(),
  enrolledCount: z.number(),
  /** Free cancellation until this many hours before a session (shown before booking). */
  cancellationHours: z.number(),
  /** Percent of the price a learner who cancels inside the window gets back: 50 or 0 (the shark's choice). */
  lateCancellationRefund: z.number().int(),
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;
