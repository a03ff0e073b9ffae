// The shark's workspace: its own profile (with photo), dashboard metrics and enrollments.
// Metrics and totals are computed by the database, never by summing rows in JavaScript.
import { eq, sql } from 'drizzle-orm';
import type { Dashboard, Enrollments, SharkProfile, SharkProfileValues } from '../../../shared/schemas/workspace';
import { PROFILE_MSG } from '../../../shared/schemas/workspace';
import { queryRows, type DbOrTx } from '../../db/client';
import { profiles, sharks, users } from '../../db/schema';
import { imageRejected, processImage } from '../storage/images';
import { keyFromPublicUrl, type Storage } from '../storage/service';
import type { RawUpload } from '../storage/upload';
import type { SharkRow, SharkScope } from './scope';

const PHOTO_MAX_SIDE = 800;

function toProfile(row: SharkRow, email: string): SharkProfile {
  return {
    id: row.id,
    userId: row.userId,
    email,
    name: row.name,
    codeName: row.codeName,
    specialization: row.specialization,
    experience: row.experience,
    bio: row.bio,
    photoUrl: row.photoUrl,
    published: row.published,
  };
}

async function accountOf(db: DbOrTx, userId: string) {
  const [account] = await db
    .select({ email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return account ?? { email: '', fullName: null };
}

export async function getProfile(db: DbOrTx, scope: SharkScope): Promise<SharkProfile> {
  const account = await accountOf(db, scope.userId);
  if (scope.shark) return toProfile(scope.shark, account.email);
  // No sharks row yet: a blank draft, named after the account, that the first save creates.
  return {
    id: null,
    userId: scope.userId,
    email: account.email,
    name: account.fullName ?? '',
    codeName: null,
    specialization: null,
    experience: null,
    bio: null,
    photoUrl: null,
    published: false,
  };
}

/** Upsert on user_id (spec section 7): the first save of an account without a sharks row creates it. */
export async function saveProfile(db: DbOrTx, scope: SharkScope, values: SharkProfileValues): Promise<SharkProfile> {
  const fields = {
    name: values.name,
    codeName: values.codeName,
    specialization: values.specialization,
    experience: values.experience,
    bio: values.bio,
    published: values.published,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(sharks)
    .values({ userId: scope.userId, ...fields })
    .onConflictDoUpdate({ target: sharks.userId, set: fields })
    .returning();
  const account = await accountOf(db, scope.userId);
  return toProfile(row, account.email);
}

/**
 * Replaces the profile photo at avatars/sharks/{userId}/profile.{ext}. The image is checked and re-encoded
 * before anything is written; the new file is written, the row switched to it, and only then the old file
 * (if its name differs) removed, so the row never points at a missing file.
 */
export async function replacePhoto(db: DbOrTx, storage: Storage, scope: SharkScope, upload: RawUpload): Promise<SharkProfile> {
  const image = await processImage(upload, { field: 'photo', maxSide: PHOTO_MAX_SIDE });
  if (!scope.shark) throw imageRejected('photo', PROFILE_MSG.profileFirst);
  const key = `sharks/${scope.userId}/profile.${image.ext}`;
  const oldKey = keyFromPublicUrl(storage, 'avatars', scope.shark.photoUrl);
  await storage.put('avatars', key, image.body, image.contentType);
  let row: SharkRow;
  try {
    // The version suffix makes browsers fetch the new photo despite the hour-long cache on the old URL.
    const photoUrl = `${storage.publicUrl('avatars', key)}?v=${Date.now()}`;
    [row] = await db.update(sharks).set({ photoUrl, updatedAt: new Date() }).where(eq(sharks.id, scope.shark.id)).returning();
  } catch (err) {
    if (key !== oldKey) await storage.remove('avatars', key).catch(() => {});
    throw err;
  }
  if (oldKey && oldKey !== key) await storage.remove('avatars', oldKey).catch(() => {});
  const account = await accountOf(db, scope.userId);
  return toProfile(row, account.email);
}

/** "Today" is the calendar date in APP_TIMEZONE, computed by the database. */
const today = (timeZone: string) => sql`(now() AT TIME ZONE ${timeZone})::date`;

export async function getDashboard(db: DbOrTx, scope: SharkScope, timeZone: string): Promise<Dashboard> {
  const sharkId = scope.shark?.id ?? null;
  const [metrics] = await queryRows<{
    upcoming: number;
    completed: number;
    earnings: string;
    course_count: number;
    today: string;
    avg_rating: string | null;
    review_count: number | null;
  }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM course_bookings b JOIN courses c ON c.id = b.course_id
            WHERE c.shark_id = ${sharkId} AND b.preferred_date >= ${today(timeZone)})::int AS upcoming,
          (SELECT count(*) FROM course_bookings b JOIN courses c ON c.id = b.course_id
            WHERE c.shark_id = ${sharkId} AND b.preferred_date < ${today(timeZone)})::int AS completed,
          (SELECT coalesce(sum(b.total_price), 0) FROM course_bookings b JOIN courses c ON c.id = b.course_id
            WHERE c.shark_id = ${sharkId})::text AS earnings,
          (SELECT count(*) FROM courses c WHERE c.shark_id = ${sharkId})::int AS course_count,
          ${today(timeZone)}::text AS today,
          (SELECT avg_rating::text FROM sharks WHERE id = ${sharkId}) AS avg_rating,
          (SELECT review_count FROM sharks WHERE id = ${sharkId}) AS review_count`,
  );
  const next = await queryRows<{
    id: string;
    course_id: string;
    course_title: string;
    learner_name: string;
    preferred_date: string;
    preferred_time: string;
    hours: number;
  }>(
    db,
    sql`SELECT b.id, b.course_id, c.title AS course_title, b.name AS learner_name, b.preferred_date::text AS preferred_date,
               to_char(b.preferred_time, 'HH24:MI') AS preferred_time, b.hours
        FROM course_bookings b JOIN courses c ON c.id = b.course_id
        WHERE c.shark_id = ${sharkId} AND b.preferred_date >= ${today(timeZone)}
        ORDER BY b.preferred_date, b.preferred_time, b.created_at
        LIMIT 5`,
  );
  return {
    sharkName: scope.shark?.name ?? null,
    upcomingSessions: metrics.upcoming,
    completedSessions: metrics.completed,
    earnings: Number(metrics.earnings),
    avgRating: metrics.avg_rating === null ? null : Number(metrics.avg_rating),
    reviewCount: metrics.review_count ?? 0,
    courseCount: metrics.course_count,
    today: metrics.today,
    nextSessions: next.map((r) => ({
      id: r.id,
      courseId: r.course_id,
      courseTitle: r.course_title,
      learnerName: r.learner_name,
      preferredDate: r.preferred_date,
      preferredTime: r.preferred_time,
      hours: Number(r.hours),
    })),
  };
}

/** Every course of the shark with its students, newest booking first, and the course's totals. */
export async function getEnrollments(db: DbOrTx, scope: SharkScope): Promise<Enrollments> {
  const sharkId = scope.shark?.id ?? null;
  const courseRows = await queryRows<{ id: string; title: string; course_code: string; booking_count: number; total: string }>(
    db,
    sql`SELECT c.id, c.title, c.course_code, count(b.id)::int AS booking_count, coalesce(sum(b.total_price), 0)::text AS total
        FROM courses c LEFT JOIN course_bookings b ON b.course_id = c.id
        WHERE c.shark_id = ${sharkId}
        GROUP BY c.id
        ORDER BY max(b.created_at) DESC NULLS LAST, c.created_at DESC, c.id`,
  );
  const bookingRows = await queryRows<{
    id: string;
    course_id: string;
    name: string;
    email: string;
    phone: string;
    hours: number;
    preferred_date: string;
    preferred_time: string;
    total_price: string;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT b.id, b.course_id, b.name, b.email, b.phone, b.hours, b.preferred_date::text AS preferred_date,
               to_char(b.preferred_time, 'HH24:MI') AS preferred_time, b.total_price::text AS total_price, b.created_at
        FROM course_bookings b JOIN courses c ON c.id = b.course_id
        WHERE c.shark_id = ${sharkId}
        ORDER BY b.created_at DESC, b.id`,
  );
  const byCourse = new Map(
    courseRows.map((c) => [
      c.id,
      { courseId: c.id, title: c.title, courseCode: c.course_code, bookingCount: c.booking_count, totalRupees: Number(c.total), students: [] as Enrollments['courses'][number]['students'] },
    ]),
  );
  for (const b of bookingRows) {
    byCourse.get(b.course_id)?.students.push({
      id: b.id,
      name: b.name,
      email: b.email,
      phone: b.phone,
      hours: Number(b.hours),
      preferredDate: b.preferred_date,
      preferredTime: b.preferred_time,
      totalPrice: Number(b.total_price),
      createdAt: new Date(b.created_at).toISOString(),
    });
  }
  return { sharkName: scope.shark?.name ?? null, courses: [...byCourse.values()] };
}
