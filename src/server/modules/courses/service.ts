// A shark's own courses: list (with enrolled counts), create, update, delete, and the course image.
// Every write is filtered by the course id AND the acting shark's id.
import { randomBytes, randomInt } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { DEFAULT_REQUIRED_DEVICES, DEFAULT_REQUIRED_KNOWLEDGE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { CourseValues, OwnCourse } from '../../../shared/schemas/courses';
import { PROFILE_MSG } from '../../../shared/schemas/workspace';
import type { DbOrTx } from '../../db/client';
import { courseBookings, courses, coursesWithBookings as cwb } from '../../db/schema';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { processImage } from '../storage/images';
import { keyFromPublicUrl, type Storage } from '../storage/service';
import type { RawUpload } from '../storage/upload';
import type { SharkScope } from '../workspace/scope';

const COURSE_IMAGE_MAX_SIDE = 1600;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** CRS- plus 6 uppercase letters/digits from the CSPRNG (randomInt is unbiased). */
export function generateCourseCode() {
  let code = 'CRS-';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export const COURSE_REASONS = {
  codeTaken: 'This course code is already in use.',
  notFound: 'Course not found',
  hasBookings: (n: number) => `This course has ${n} ${n === 1 ? 'booking' : 'bookings'}, so it cannot be deleted.`,
} as const;

const saveFailed = (status: number, reason: string, fields?: Record<string, string>, code = 'course_save_failed') =>
  new HttpError(status, `${MSG.courseSaveFailed} ${reason}`, code, fields);

/** Drizzle wraps driver errors; the PostgreSQL SQLSTATE sits on the error or its cause. */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
};
const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';

const ownCourseColumns = {
  id: cwb.id,
  sharkId: cwb.sharkId,
  title: cwb.title,
  courseCode: cwb.courseCode,
  description: cwb.description,
  duration: cwb.duration,
  price: cwb.price,
  image: cwb.image,
  enrollmentFormUrl: cwb.enrollmentFormUrl,
  requiredDevices: cwb.requiredDevices,
  requiredKnowledge: cwb.requiredKnowledge,
  bookingCount: cwb.bookingCount,
  enrolledCount: cwb.enrolledCount,
  createdAt: cwb.createdAt,
};

type CourseViewRow = Omit<OwnCourse, 'createdAt'> & { createdAt: Date | string };
const toOwnCourse = (row: CourseViewRow): OwnCourse => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

export async function listOwnCourses(db: DbOrTx, scope: SharkScope): Promise<OwnCourse[]> {
  if (!scope.shark) return [];
  const rows = await db.select(ownCourseColumns).from(cwb).where(eq(cwb.sharkId, scope.shark.id)).orderBy(desc(cwb.createdAt), desc(cwb.id));
  return rows.map(toOwnCourse);
}

async function readOwnCourse(db: DbOrTx, sharkId: string, id: string): Promise<OwnCourse> {
  const [row] = await db.select(ownCourseColumns).from(cwb).where(and(eq(cwb.id, id), eq(cwb.sharkId, sharkId)));
  return toOwnCourse(row);
}

/** The course if it belongs to the acting shark; 404 if it does not exist, 403 if it is another shark's. */
async function ownedCourse(db: DbOrTx, scope: SharkScope, id: string) {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw notFound(COURSE_REASONS.notFound);
  if (!scope.shark || row.sharkId !== scope.shark.id) throw forbidden(MSG.forbidden);
  return row;
}

const columnsOf = (values: CourseValues) => ({
  title: values.title,
  description: values.description,
  duration: values.duration,
  price: values.price,
  enrollmentFormUrl: values.enrollmentFormUrl,
  requiredDevices: values.requiredDevices ?? DEFAULT_REQUIRED_DEVICES,
  requiredKnowledge: values.requiredKnowledge ?? DEFAULT_REQUIRED_KNOWLEDGE,
});

export async function createOwnCourse(db: DbOrTx, scope: SharkScope, values: CourseValues): Promise<OwnCourse> {
  if (!scope.shark) throw saveFailed(409, PROFILE_MSG.profileFirst, undefined, 'profile_required');
  const sharkId = scope.shark.id;
  // A generated code that collides (1 in 2 billion per existing course) is simply drawn again; a code the
  // shark typed that is taken is theirs to change.
  for (let attempt = 0; attempt < 5; attempt++) {
    const courseCode = values.courseCode ?? generateCourseCode();
    try {
      const [row] = await db.transaction(async (tx) => tx.insert(courses).values({ sharkId, courseCode, ...columnsOf(values) }).returning({ id: courses.id }));
      return readOwnCourse(db, sharkId, row.id);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (values.courseCode) throw saveFailed(409, COURSE_REASONS.codeTaken, { courseCode: COURSE_REASONS.codeTaken });
    }
  }
  throw saveFailed(500, 'Could not generate a unique course code; please try again.');
}

export async function updateOwnCourse(db: DbOrTx, scope: SharkScope, id: string, values: CourseValues): Promise<OwnCourse> {
  const existing = await ownedCourse(db, scope, id);
  // An emptied code field keeps the course's code: codes identify a course to its learners.
  const courseCode = values.courseCode ?? existing.courseCode;
  try {
    await db
      .update(courses)
      .set({ courseCode, ...columnsOf(values), updatedAt: new Date() })
      .where(and(eq(courses.id, id), eq(courses.sharkId, existing.sharkId)));
  } catch (err) {
    if (isUniqueViolation(err)) throw saveFailed(409, COURSE_REASONS.codeTaken, { courseCode: COURSE_REASONS.codeTaken });
    throw err;
  }
  return readOwnCourse(db, existing.sharkId, id);
}

const deleteRefused = (status: number, reason: string, code: string) => new HttpError(status, `${MSG.courseDeleteFailed} ${reason}`, code);

export async function deleteOwnCourse(db: DbOrTx, storage: Storage, scope: SharkScope, id: string): Promise<void> {
  const existing = await ownedCourse(db, scope, id);
  // Bookings are money: the foreign key refuses (ON DELETE RESTRICT); say so in words before trying.
  const [{ n }] = await db.select({ n: count() }).from(courseBookings).where(eq(courseBookings.courseId, id));
  if (n > 0) throw deleteRefused(409, COURSE_REASONS.hasBookings(n), 'course_has_bookings');
  try {
    await db.delete(courses).where(and(eq(courses.id, id), eq(courses.sharkId, existing.sharkId)));
  } catch (err) {
    // A booking made between the count and the delete.
    if (isForeignKeyViolation(err)) throw deleteRefused(409, COURSE_REASONS.hasBookings(1), 'course_has_bookings');
    throw err;
  }
  const key = keyFromPublicUrl(storage, 'course-images', existing.image);
  if (key) await storage.remove('course-images', key).catch(() => {});
}

/**
 * Sets the course image at course-images/courses/{userId}/{timestamp_random}.{ext}. Checked and re-encoded
 * before any write; the row is switched to the new file and then the old file removed.
 */
export async function replaceCourseImage(db: DbOrTx, storage: Storage, scope: SharkScope, id: string, upload: RawUpload): Promise<OwnCourse> {
  const existing = await ownedCourse(db, scope, id);
  const image = await processImage(upload, { field: 'image', maxSide: COURSE_IMAGE_MAX_SIDE });
  const key = `courses/${scope.userId}/${Date.now()}_${randomBytes(6).toString('hex')}.${image.ext}`;
  await storage.put('course-images', key, image.body, image.contentType);
  try {
    await db
      .update(courses)
      .set({ image: storage.publicUrl('course-images', key), updatedAt: new Date() })
      .where(and(eq(courses.id, id), eq(courses.sharkId, existing.sharkId)));
  } catch (err) {
    await storage.remove('course-images', key).catch(() => {});
    throw err;
  }
  const oldKey = keyFromPublicUrl(storage, 'course-images', existing.image);
  if (oldKey) await storage.remove('course-images', oldKey).catch(() => {});
  return readOwnCourse(db, existing.sharkId, id);
}
