// All SQL of a shark's own courses: the courses table for writes, the courses_with_bookings view for reads.
import { and, desc, eq } from 'drizzle-orm';
import type { OwnCourse } from '#shared/courses.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { courses, coursesWithBookings as cwb } from '#server/db/schema.ts';

export type CourseRow = typeof courses.$inferSelect;
export type CourseFields = Omit<typeof courses.$inferInsert, 'id' | 'sharkId' | 'createdAt'>;

const ownCourseColumns = {
  id: cwb.id,
  sharkId: cwb.sharkId,
  title: cwb.title,
  courseCode: cwb.courseCode,
  description: cwb.description,
  duration: cwb.duration,
  pricePaise: cwb.pricePaise,
  image: cwb.image,
  enrollmentFormUrl: cwb.enrollmentFormUrl,
  requiredDevices: cwb.requiredDevices,
  requiredKnowledge: cwb.requiredKnowledge,
  bookingCount: cwb.bookingCount,
  enrolledCount: cwb.enrolledCount,
  cancellationHours: cwb.cancellationHours,
  lateCancellationRefund: cwb.lateCancellationRefund,
  createdAt: cwb.createdAt,
  archivedAt: cwb.archivedAt,
};

type OwnCourseRow = Omit<OwnCourse, 'createdAt' | 'archived'> & { createdAt: Date; archivedAt: Date | null };
const toOwnCourse = ({ archivedAt, ...row }: OwnCourseRow): OwnCourse => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  archived: archivedAt !== null,
});

/** The shark's courses with their counts, newest first. */
export async function listSharkCourses(db: DbOrTx, sharkId: string): Promise<OwnCourse[]> {
  const rows = await db
    .select(ownCourseColumns)
    .from(cwb)
    .where(eq(cwb.sharkId, sharkId))
    .orderBy(desc(cwb.createdAt), desc(cwb.id));
  return rows.map(toOwnCourse);
}

export async function findSharkCourse(db: DbOrTx, sharkId: string, id: string): Promise<OwnCourse | null> {
  const [row] = await db
    .select(ownCourseColumns)
    .from(cwb)
    .where(and(eq(cwb.id, id), eq(cwb.sharkId, sharkId)));
  return row ? toOwnCourse(row) : null;
}

export async function findCourse(db: DbOrTx, id: string): Promise<CourseRow | null> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row ?? null;
}

export async function insertCourse(
  db: DbOrTx,
  sharkId: string,
  fields: CourseFields & { courseCode: string },
): Promise<string> {
  const [row] = await db
    .insert(courses)
    .values({ sharkId, ...fields })
    .returning({ id: courses.id });
  return row.id;
}

/** Every write names the course AND its shark, so a course id alone never reaches another shark's row. */
export async function updateCourse(
  db: DbOrTx,
  sharkId: string,
  id: string,
  fields: Partial<CourseFields>,
): Promise<void> {
  await db
    .update(courses)
    .set(fields)
    .where(and(eq(courses.id, id), eq(courses.sharkId, sharkId)));
}

export async function deleteCourse(db: DbOrTx, sharkId: string, id: string): Promise<void> {
  await db.delete(courses).where(and(eq(courses.id, id), eq(courses.sharkId, sharkId)));
}
