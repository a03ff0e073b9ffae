// The public sharks catalogue: list query, list page, profile and its courses. (The cache keys the web app
// and the server's first-paint data share are in catalogue-keys.ts, its texts in catalogue-texts.ts: both stay
// free of zod.)
import { z } from 'zod';
import { CATALOGUE_MSG } from './catalogue-texts';
import { DEFAULT_SHARK_SORT, SHARK_SORTS, SPECIALIZATIONS } from './constants';
import { SHARK_LINK_SITES } from './shark-links';
import { paiseSchema } from './money-schemas';
import { queryNumberInput } from './query-numbers';

export const specializationSchema = z.enum(SPECIALIZATIONS, { error: CATALOGUE_MSG.chooseSpecialization });

/**
 * Where Load More continues (decision 196): the last card's sort, sort key, name and id, as the server wrote
 * them into `nextCursor` (base64url JSON). The key's type depends on the sort: whole numbers for experience
 * and students, whole paise (or null: unpriced) for prices, a decimal (or null: unrated) for rating.
 */
const cursorTuple = z
  .tuple([
    z.enum(SHARK_SORTS),
    z.number().nullable(),
    z
      .string()
      .max(200)
      .refine((name) => !name.includes('\u0000')),
    z.uuid(),
  ])
  .refine(([sort, key]) =>
    sort === 'experience' || sort === 'students'
      ? key !== null && Number.isInteger(key) && Math.abs(key) <= 2 ** 31 - 1
      : sort === 'rating'
        ? key === null || Math.abs(key) < 1e12
        : // A price is a bigint of paise: a fraction or a negative is no position the server wrote (decision 210).
          key === null || (Number.isSafeInteger(key) && key >= 0),
  );
export type SharksCursor = z.infer<typeof cursorTuple>;

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,1000}$/;

/** The position a cursor names, or null when it is not one the server writes. */
export function decodeSharksCursor(text: string): SharksCursor | null {
  if (!CURSOR_TEXT.test(text)) return null;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    const parsed = cursorTuple.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function encodeSharksCursor(cursor: SharksCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify(cursor));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export const sharksQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'Search is too long (100 characters at most)').optional().default(''),
    specialization: z
      .enum([...SPECIALIZATIONS, ''], { error: CATALOGUE_MSG.chooseSpecialization })
      .optional()
      .default(''),
    sort: z.enum(SHARK_SORTS, { error: 'Unknown sort' }).optional().default(DEFAULT_SHARK_SORT),
    /** "Verified only": sharks with at least one verified credential (decision 032). */
    verified: z.enum(['true', 'false', ''], { error: 'Use verified=true' }).optional().default(''),
    page: z
      .preprocess(
        queryNumberInput,
        z
          .number({ error: 'Page must be a number' })
          .int('Page must be a whole number')
          .min(1, 'Page starts at 1')
          .max(100_000, 'Page is too large'),
      )
      .optional()
      .default(1),
    /**
     * Load More's position (decision 196): the previous page's `nextCursor`. With it the page starts right after
     * that card, whatever `page` says (`page` is then only echoed back); without it `page` is counted as before.
     */
    cursor: z.string().max(1000).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.cursor === undefined) return;
    const cursor = decodeSharksCursor(query.cursor);
    if (cursor === null || cursor[0] !== query.sort)
      ctx.addIssue({ code: 'custom', path: ['cursor'], message: CATALOGUE_MSG.badCursor });
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
  /** The cheapest course's price per hour; null without a course. */
  minPricePaise: z.nullable(paiseSchema),
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
  /** Where Load More continues (send it back as `cursor`); null on the last page (decision 196). */
  nextCursor: z.string().nullable(),
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
  /** Per hour. */
  pricePaise: paiseSchema,
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
