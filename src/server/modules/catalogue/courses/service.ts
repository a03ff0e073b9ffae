// A shark's own courses: list (with enrolled counts), create, update, delete, and the course image.
// Every write is filtered by the course id AND the acting shark's id.
import { ERROR_CODE, type ErrorCode } from '#shared/error-codes.ts';
import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_REQUIRED_DEVICES, DEFAULT_REQUIRED_KNOWLEDGE } from '#shared/constants.ts';
import {
  type CourseValues,
  type OwnCourse,
  COURSE_MSG,
  DEFAULT_LATE_CANCELLATION_REFUND,
} from '#shared/courses.ts';
import { WORKSPACE_MSG } from '#shared/workspace.ts';
import { DEFAULT_CANCELLATION_HOURS } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { COMMON_MSG } from '#shared/common.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { now } from '#server/time.ts';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/errors.ts';
import { forbidden, HttpError, notFound } from '#server/http/errors.ts';

import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import { countCourseSessions } from '#server/modules/sessions/sessions/service.ts';
import { keyFromPublicUrl, type Storage } from '#server/modules/platform/storage/keys.ts';
import { processImage } from '#server/modules/platform/storage/images.ts';
import { type RawUpload } from '#server/modules/platform/storage/upload.ts';
import * as repo from './repository';

const COURSE_IMAGE_MAX_SIDE = 1600;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** CRS- plus 6 uppercase letters/digits from the CSPRNG (randomInt is unbiased). */
export function generateCourseCode() {
  let code = 'CRS-';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

const saveFailed = (
  status: number,
  reason: string,
  fields?: Record<string, string>,
  code: ErrorCode = ERROR_CODE.courseSaveFailed,
) => new HttpError(status, `${COURSE_MSG.saveFailed} ${reason}`, code, fields);

export async function listOwnCourses(db: DbOrTx, scope: SharkScope): Promise<OwnCourse[]> {
  if (!scope.shark) return [];
  return repo.listSharkCourses(db, scope.shark.id);
}

async function readOwnCourse(db: DbOrTx, sharkId: string, id: string): Promise<OwnCourse> {
  return (await repo.findSharkCourse(db, sharkId, id))!;
}

/** The course if it belongs to the acting shark; 404 if it does not exist, 403 if it is another shark's. */
async function ownedCourse(db: DbOrTx, scope: SharkScope, id: string) {
  const row = await repo.findCourse(db, id);
  if (!row) throw notFound(COURSE_MSG.notFound);
  if (!scope.shark || row.sharkId !== scope.shark.id) throw forbidden(COMMON_MSG.forbidden);
  return row;
}

const columnsOf = (values: CourseValues) => ({
  title: values.title,
  description: values.description,
  duration: values.duration,
  pricePaise: values.pricePaise,
  enrollmentFormUrl: values.enrollmentFormUrl,
  requiredDevices: values.requiredDevices ?? DEFAULT_REQUIRED_DEVICES,
  requiredKnowledge: values.requiredKnowledge ?? DEFAULT_REQUIRED_KNOWLEDGE,
});

export async function createOwnCourse(
  db: DbOrTx,
  scope: SharkScope,
  values: CourseValues,
): Promise<OwnCourse> {
  if (!scope.shark) throw saveFailed(409, WORKSPACE_MSG.profileFirst, undefined, ERROR_CODE.profileRequired);
  const sharkId = scope.shark.id;
  // A generated code that collides (1 in 2 billion per existing course) is simply drawn again; a code the
  // shark typed that is taken is theirs to change.
  for (let attempt = 0; attempt < 5; attempt++) {
    const courseCode = values.courseCode ?? generateCourseCode();
    try {
      const id = await db.transaction((tx) =>
        repo.insertCourse(tx, sharkId, {
          courseCode,
          ...columnsOf(values),
          cancellationHours: values.cancellationHours ?? DEFAULT_CANCELLATION_HOURS,
          lateCancellationRefund: values.lateCancellationRefund ?? DEFAULT_LATE_CANCELLATION_REFUND,
        }),
      );
      return readOwnCourse(db, sharkId, id);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (values.courseCode)
        throw saveFailed(409, COURSE_MSG.codeTaken, { courseCode: COURSE_MSG.codeTaken });
    }
  }
  throw saveFailed(500, COURSE_MSG.codeGenerationFailed);
}

export async function updateOwnCourse(
  db: DbOrTx,
  scope: SharkScope,
  id: string,
  values: CourseValues,
): Promise<OwnCourse> {
  const existing = await ownedCourse(db, scope, id);
  // An emptied code field keeps the course's code: codes identify a course to its learners.
  const courseCode = values.courseCode ?? existing.courseCode;
  try {
    await repo.updateCourse(db, existing.sharkId, id, {
      courseCode,
      ...columnsOf(values),
      ...(values.cancellationHours === undefined ? {} : { cancellationHours: values.cancellationHours }),
      ...(values.lateCancellationRefund === undefined
        ? {}
        : { lateCancellationRefund: values.lateCancellationRefund }),
      updatedAt: now(),
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw saveFailed(409, COURSE_MSG.codeTaken, { courseCode: COURSE_MSG.codeTaken });
    throw err;
  }
  return readOwnCourse(db, existing.sharkId, id);
}

export async function deleteOwnCourse(
  db: DbOrTx,
  storage: Storage,
  scope: SharkScope,
  id: string,
): Promise<void> {
  const existing = await ownedCourse(db, scope, id);
  // Bookings are money: the foreign key refuses (ON DELETE RESTRICT); say so in words before trying.
  const n = await countCourseSessions(db, id);
  if (n > 0) throw new HttpError(409, SESSION_MSG.courseHasBookings, ERROR_CODE.courseHasBookings);
  try {
    await repo.deleteCourse(db, existing.sharkId, id);
  } catch (err) {
    // A booking made between the count and the delete.
    if (isForeignKeyViolation(err))
      throw new HttpError(409, SESSION_MSG.courseHasBookings, ERROR_CODE.courseHasBookings);
    throw err;
  }
  const key = keyFromPublicUrl(storage, 'course-images', existing.image);
  if (key) await storage.remove('course-images', key).catch(() => {});
}

/**
 * Archives a course (hidden from new bookings and the public profile, kept on its sessions and in the
 * workspace) or restores it.
 */
export async function setCourseArchived(
  db: DbOrTx,
  scope: SharkScope,
  id: string,
  archived: boolean,
): Promise<OwnCourse> {
  const existing = await ownedCourse(db, scope, id);
  if ((existing.archivedAt !== null) !== archived)
    await repo.updateCourse(db, existing.sharkId, id, {
      archivedAt: archived ? now() : null,
      updatedAt: now(),
    });
  return readOwnCourse(db, existing.sharkId, id);
}

/**
 * Sets the course image at course-images/courses/{userId}/{timestamp_random}.{ext}. Checked and re-encoded
 * before any write; the row is switched to the new file and then the old file removed.
 */
export async function replaceCourseImage(
  db: DbOrTx,
  storage: Storage,
  scope: SharkScope,
  id: string,
  upload: RawUpload,
): Promise<OwnCourse> {
  const existing = await ownedCourse(db, scope, id);
  const image = await processImage(upload, { field: 'image', maxSide: COURSE_IMAGE_MAX_SIDE });
  const key = `courses/${scope.userId}/${Date.now()}_${randomBytes(6).toString('hex')}.${image.ext}`;
  await storage.put('course-images', key, image.body, image.contentType);
  try {
    await repo.updateCourse(db, existing.sharkId, id, {
      image: storage.publicUrl('course-images', key),
      updatedAt: now(),
    });
  } catch (err) {
    await storage.remove('course-images', key).catch(() => {});
    throw err;
  }
  const oldKey = keyFromPublicUrl(storage, 'course-images', existing.image);
  if (oldKey) await storage.remove('course-images', oldKey).catch(() => {});
  return readOwnCourse(db, existing.sharkId, id);
}
