// The public sharks catalogue: list query, list page, profile and its courses.
import { z } from 'zod';
import { DEFAULT_SHARK_SORT, SHARK_SORTS, SPECIALIZATIONS } from '../constants';

export const specializationSchema = z.enum(SPECIALIZATIONS, { error: 'Choose a specialization' });

export const sharksQuerySchema = z.object({
  search: z.string().trim().max(100, 'Search is too long (100 characters at most)').optional().default(''),
  specialization: z.enum([...SPECIALIZATIONS, ''], { error: 'Choose a specialization' }).optional().default(''),
  sort: z.enum(SHARK_SORTS, { error: 'Unknown sort' }).optional().default(DEFAULT_SHARK_SORT),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page starts at 1').max(100_000, 'Page is too large').optional().default(1),
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
});
export type Shark = z.infer<typeof sharkSchema>;

export const sharksPageSchema = z.object({
  items: z.array(sharkSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
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
});
export type PublicCourse = z.infer<typeof publicCourseSchema>;
