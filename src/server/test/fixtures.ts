// Test fixtures: create exactly what a test needs in the real database, through the same code paths
// the app uses (insertAccount, createSession).
import { randomBytes, randomUUID } from 'node:crypto';
import { Temporal } from 'temporal-polyfill';
import type { Role, Specialization } from '#shared/constants.ts';
import type { Db } from '#server/db/client.ts';
import { todayIn } from '#server/time.ts';
import {
  availabilityWeekly,
  courseBookings,
  courses,
  reviews,
  sharkAvailability,
  sharks,
} from '#server/db/schema.ts';
import { courseTermsOf, sharkOfCourse } from '#server/modules/sessions/sessions/repository.ts';
import { sessionSlot } from '#shared/session-slot.ts';
import { post } from '#server/modules/money/ledger/service.ts';
import { createAccount as insertAccount } from '#server/modules/accounts/accounts/service.ts';
import { createSession, SESSION_COOKIE } from '#server/modules/accounts/accounts/sessions.ts';
import { hashPassword } from '#server/modules/accounts/accounts/passwords.ts';

const unique = () => randomBytes(4).toString('hex');

/**
 * The calendar date `days` from the app's today (negative: in the past), as the app counts it: the date in India
 * (the tests' APP_TIMEZONE) on the app's clock, which a test may have moved. A date from `toISOString()` is the
 * UTC one, yesterday's in India from 18:30 to 24:00 UTC, so a test built on it went red at night.
 */
export const dateIn = (days: number, timeZone = 'Asia/Kolkata'): string =>
  Temporal.PlainDate.from(todayIn(timeZone)).add({ days }).toString();

/**
 * One argon2 hash per password for each test worker, made by the app's own hashPassword: a fixture account's
 * password is still checked by the real verifyPassword at login, but hashing the same password again for every
 * account (about 32 ms each; the role matrix makes six accounts per row) bought nothing. Fixtures only: the app
 * hashes every new password itself, with its production parameters.
 */
const hashes = new Map<string, Promise<string>>();
function fixtureHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
}

export async function createAccount(
  db: Db,
  opts: { roles: Role[]; email?: string; name?: string; password?: string; confirmed?: boolean },
): Promise<TestAccount> {
  const email = opts.email ?? `${opts.roles[0]}-${unique()}@example.test`;
  const password = opts.password ?? 'correct-horse-battery';
  const passwordHash = await fixtureHash(password);
  const { id } = await db.transaction((tx) =>
    insertAccount(tx, {
      email,
      fullName: opts.name ?? 'Test Person',
      passwordHash,
      roles: opts.roles,
      emailConfirmed: opts.confirmed ?? true,
    }),
  );
  return { id, email, password };
}

/** A Cookie header value for a new session of this user, as if they had logged in. */
export async function sessionCookie(db: Db, userId: string): Promise<string> {
  const { token } = await createSession(db, userId);
  return `${SESSION_COOKIE}=${token}`;
}

export async function createShark(
  db: Db,
  opts: Partial<{
    name: string;
    codeName: string | null;
    specialization: Specialization;
    experience: number;
    bio: string | null;
    photoUrl: string | null;
    published: boolean;
    userId: string;
  }> = {},
) {
  const userId = opts.userId ?? (await createAccount(db, { roles: ['shark'], name: opts.name })).id;
  const [row] = await db
    .insert(sharks)
    .values({
      userId,
      name: opts.name ?? `Shark ${unique()}`,
      codeName: opts.codeName ?? null,
      specialization: opts.specialization ?? 'pentesting',
      experience: opts.experience ?? 5,
      bio: opts.bio === undefined ? 'Teaches security.' : opts.bio,
      photoUrl: opts.photoUrl ?? null,
      published: opts.published ?? true,
    })
    .returning();
  return row;
}

export async function createCourse(
  db: Db,
  sharkId: string,
  opts: Partial<{
    title: string;
    pricePaise: number;
    duration: number;
    enrollmentFormUrl: string | null;
  }> = {},
) {
  const [row] = await db
    .insert(courses)
    .values({
      sharkId,
      title: opts.title ?? 'Intro to Pentesting',
      courseCode: `CRS-${unique().toUpperCase().slice(0, 6).padEnd(6, '0')}`,
      description: 'Hands-on course.',
      duration: opts.duration ?? 4,
      pricePaise: opts.pricePaise ?? 100_000,
      enrollmentFormUrl: opts.enrollmentFormUrl ?? null,
    })
    .returning();
  return row;
}

export async function createBooking(
  db: Db,
  opts: {
    courseId: string;
    userId: string;
    hours?: number;
    preferredDate: string;
    preferredTime?: string;
    /** The course's price per hour, in paise. */
    pricePaise?: number;
    status?: 'requested' | 'confirmed' | 'cancelled' | 'completed';
  },
) {
  const hours = opts.hours ?? 1;
  const [row] = await db
    .insert(courseBookings)
    .values({
      courseId: opts.courseId,
      userId: opts.userId,
      name: 'Learner',
      email: 'learner@example.test',
      phone: '+91 90000 00000',
      hours,
      totalPricePaise: (opts.pricePaise ?? 100_000) * hours,
      sharkId: sharkOfCourse(opts.courseId),
      ...sessionSlot(
        { date: opts.preferredDate, time: opts.preferredTime ?? '10:00' },
        { hours, timeZone: 'Asia/Kolkata' },
      ),
      status: opts.status ?? 'confirmed',
      ...courseTermsOf(opts.courseId),
    })
    .returning();
  return row;
}

/**
 * A completed session of the learner and their published review of it (hidden with `hiddenReason`). The
 * shark's counters follow by trigger, as they do when a learner writes one through the API.
 */
export async function createReview(
  db: Db,
  opts: {
    courseId: string;
    userId: string;
    rating: number;
    preferredDate: string;
    preferredTime?: string;
    body?: string;
    hiddenReason?: string;
    createdAt?: Date;
  },
) {
  const booking = await createBooking(db, {
    courseId: opts.courseId,
    userId: opts.userId,
    preferredDate: opts.preferredDate,
    preferredTime: opts.preferredTime,
    status: 'completed',
  });
  const at = opts.createdAt ?? new Date();
  const [row] = await db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      sharkId: booking.sharkId,
      userId: opts.userId,
      rating: opts.rating,
      knowledge: opts.rating,
      preparation: opts.rating,
      clarity: opts.rating,
      body: opts.body ?? 'A clear, well-prepared session that answered my questions.',
      createdAt: at,
      updatedAt: at,
      hiddenAt: opts.hiddenReason ? at : null,
      hiddenReason: opts.hiddenReason ?? null,
    })
    .returning();
  return { booking, review: row };
}

/** The shark's calendar open every day from `start` to `end` in Asia/Kolkata, bookable now, 30 days ahead. */
export async function openEveryDayInIndia(db: Db, sharkId: string, start = '09:00', end = '21:00') {
  await db.insert(sharkAvailability).values({
    sharkId,
    timeZone: 'Asia/Kolkata',
    minNoticeMinutes: 0,
    horizonDays: 30,
    published: true,
  });
  await db
    .insert(availabilityWeekly)
    .values([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ sharkId, weekday, startTime: start, endTime: end })));
}

/**
 * A shark's share made available, as a held session leaves it (the sessions' own tests cover how): one balanced
 * ledger posting, money at the provider against the shark's available payable.
 */
export async function creditAvailable(db: Db, sharkId: string, paise: number) {
  await db.transaction((tx) =>
    post(tx, {
      key: `test:${randomUUID()}`,
      kind: 'share_released',
      memo: 'Session held (test)',
      lines: [
        ['provider_clearing', paise],
        [{ payee: { kind: 'shark', id: sharkId }, part: 'available' }, -paise],
      ],
    }),
  );
}
