// The shark's workspace: its own profile (with photo), dashboard metrics and enrollments.
// Metrics and totals are computed by the database, never by summing rows in JavaScript.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { SESSION_PAGE_SIZE, SESSION_PREVIEW_SIZE, type SessionGroup } from '#shared/session-lists.ts';
import { type SessionPageQuery } from '#shared/sessions.ts';
import {
  EARNINGS_PAGE_SIZE,
  type EarningState,
  type Earnings,
  type EarningsQuery,
} from '#shared/earnings.ts';
import {
  type CourseTotals,
  type Dashboard,
  type Enrollments,
  type SharkSessionPage,
  type SharkProfile,
  type SharkProfileValues,
  WORKSPACE_MSG,
} from '#shared/workspace.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { HttpError } from '#server/http/errors.ts';
import { getAccountContact } from '#server/modules/accounts/accounts/service.ts';
import {
  payeeBookingsOwed,
  payeeEarningLines,
  payeeFigures,
  payeeNetByGroup,
  type Payee,
} from '#server/modules/money/ledger/service.ts';

import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import type { SharkRow } from '#server/modules/sessions/shark-scope/repository.ts';
import { now, todayIn } from '#server/time.ts';
import {
  countSessionGroups,
  nextSharkSessions,
  sharkCourseTotals,
  sharkDashboardFigures,
  sharkEnrollments,
  sharkHeldSessions,
  sharkSessionPage,
  sessionSummaries,
  sharesInNoShowWindow,
} from '#server/modules/sessions/sessions/service.ts';
import { imageRejected, processImage } from '#server/modules/platform/storage/images.ts';
import { keyFromPublicUrl, type Storage } from '#server/modules/platform/storage/keys.ts';
import { type RawUpload } from '#server/modules/platform/storage/upload.ts';
import * as repo from './repository';

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
    headline: row.headline,
    languages: row.languages,
    skills: row.skills,
    links: row.links,
    published: row.published,
    adminUnpublishReason: row.adminUnpublishReason,
  };
}

export async function getProfile(db: DbOrTx, scope: SharkScope): Promise<SharkProfile> {
  const account = await getAccountContact(db, scope.userId);
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
    headline: null,
    languages: [],
    skills: [],
    links: {},
    published: false,
    adminUnpublishReason: null,
  };
}

/**
 * Upsert on user_id (spec section 7): the first save of an account without a sharks row creates it. While an
 * admin keeps the profile unpublished, publishing is refused (409 on `published`); the rest may be edited.
 * Pass a transaction: the row is locked so an admin's unpublish cannot slip between the check and the write.
 */
export async function saveProfile(
  db: DbOrTx,
  scope: SharkScope,
  values: SharkProfileValues,
): Promise<SharkProfile> {
  if (values.published && scope.shark && (await repo.lockAdminUnpublishReason(db, scope.shark.id)) !== null)
    throw new HttpError(409, WORKSPACE_MSG.unpublishedByAdmin, ERROR_CODE.unpublishedByAdmin, {
      published: WORKSPACE_MSG.unpublishedByAdmin,
    });
  const fields = {
    name: values.name,
    codeName: values.codeName,
    specialization: values.specialization,
    experience: values.experience,
    bio: values.bio,
    published: values.published,
    // Left out of the request: kept as stored.
    ...(values.headline !== undefined && { headline: values.headline }),
    ...(values.languages !== undefined && { languages: values.languages }),
    ...(values.skills !== undefined && { skills: values.skills }),
    ...(values.links !== undefined && { links: values.links }),
    updatedAt: now(),
  };
  const row = await repo.upsertShark(db, scope.userId, fields);
  const account = await getAccountContact(db, scope.userId);
  return toProfile(row, account.email);
}

/**
 * Replaces the profile photo at avatars/sharks/{userId}/profile.{ext}. The image is checked and re-encoded
 * before anything is written; the new file is written, the row switched to it, and only then the old file
 * (if its name differs) removed, so the row never points at a missing file.
 */
export async function replacePhoto(
  db: DbOrTx,
  storage: Storage,
  scope: SharkScope,
  upload: RawUpload,
): Promise<SharkProfile> {
  const image = await processImage(upload, { field: 'photo', maxSide: PHOTO_MAX_SIDE });
  if (!scope.shark) throw imageRejected('photo', WORKSPACE_MSG.profileFirst);
  const key = `sharks/${scope.userId}/profile.${image.ext}`;
  const oldKey = keyFromPublicUrl(storage, 'avatars', scope.shark.photoUrl);
  await storage.put('avatars', key, image.body, image.contentType);
  let row: SharkRow;
  try {
    // The version suffix makes browsers fetch the new photo despite the hour-long cache on the old URL.
    const photoUrl = `${storage.publicUrl('avatars', key)}?v=${Date.now()}`;
    row = await repo.setSharkPhoto(db, scope.shark.id, photoUrl);
  } catch (err) {
    if (key !== oldKey) await storage.remove('avatars', key).catch(() => {});
    throw err;
  }
  if (oldKey && oldKey !== key) await storage.remove('avatars', oldKey).catch(() => {});
  const account = await getAccountContact(db, scope.userId);
  return toProfile(row, account.email);
}

/**
 * The admin console's writes of a sharks row (the workspace's table, decision 209): a draft row for a new shark
 * account, unpublished until the shark fills it in; an admin's publish or unpublish, whose reason holds the
 * profile hidden until an admin publishes again.
 */
export const insertDraftShark = repo.insertDraftShark;
export const setSharkPublishedByAdmin = repo.setSharkPublished;

const NEXT_SESSIONS = 5;

/**
 * The dashboard's money, from the ledger, the only place it is counted (issue 23; a session booked without a
 * payment, which only old data has, earns nothing here). Earnings keep the spec's meaning, the total of completed
 * sessions: a completed session counts at once, while its share is still pending through the 48-hour no-show
 * window (decision 140), so earnings are what is available or paid out plus that pending part; "booked, not yet
 * held" is the rest of pending.
 */
async function sharkMoney(db: DbOrTx, sharkId: string | null) {
  if (!sharkId) return { earningsPaise: 0, bookedNotHeldPaise: 0 };
  const payee = { kind: 'shark', id: sharkId } as const;
  const [figures, inWindow] = await Promise.all([
    payeeFigures(db, payee),
    sharesInNoShowWindow(db, sharkId).then((ids) => payeeBookingsOwed(db, payee, 'pending', ids)),
  ]);
  // Payouts take from available: what they took (paid, or made and on its way) still counts as earned.
  const paidOut = figures.paidOutPaise + figures.onTheWayPaise;
  return {
    earningsPaise: figures.availablePaise + paidOut + inWindow,
    bookedNotHeldPaise: figures.pendingPaise - inWindow,
  };
}

export async function getDashboard(db: DbOrTx, scope: SharkScope, timeZone: string): Promise<Dashboard> {
  const sharkId = scope.shark?.id ?? null;
  const at = now();
  const today = todayIn(timeZone, at);
  const metrics = await sharkDashboardFigures(db, sharkId, at);
  const money = await sharkMoney(db, sharkId);
  const nextSessions = await nextSharkSessions(db, sharkId, at, NEXT_SESSIONS);
  const totals = metrics.groups;
  const preview = async (group: SessionGroup) => ({
    total: totals[group],
    items:
      sharkId && totals[group] > 0
        ? await sharkSessionPage(db, sharkId, group, at, { limit: SESSION_PREVIEW_SIZE, offset: 0 })
        : [],
  });
  return {
    sharkName: scope.shark?.name ?? null,
    upcomingSessions: metrics.upcoming,
    completedSessions: metrics.completed,
    earningsPaise: money.earningsPaise,
    bookedNotHeldPaise: money.bookedNotHeldPaise,
    awaitingAnswer: metrics.awaitingAnswer,
    sharkCancellations: metrics.sharkCancellations,
    avgRating: metrics.avgRating,
    reviewCount: metrics.reviewCount,
    courseCount: metrics.courseCount,
    today,
    nextSessions,
    sessions: {
      needsAction: await preview('needsAction'),
      upcoming: await preview('upcoming'),
      past: await preview('past'),
      cancelled: await preview('cancelled'),
    },
  };
}

/** One page of one group of the shark's sessions, with the group's total (issue 17). */
export async function getSessionPage(
  db: DbOrTx,
  scope: SharkScope,
  query: SessionPageQuery,
): Promise<SharkSessionPage> {
  const base = { group: query.group, page: query.page, pageSize: SESSION_PAGE_SIZE };
  if (!scope.shark) return { ...base, total: 0, items: [] };
  const at = now();
  const totals = await countSessionGroups(db, { sharkId: scope.shark.id }, at);
  const items = await sharkSessionPage(db, scope.shark.id, query.group, at, {
    limit: SESSION_PAGE_SIZE,
    offset: (query.page - 1) * SESSION_PAGE_SIZE,
  });
  return { ...base, total: totals[query.group], items };
}

/**
 * What the shark keeps of each course's held sessions, from the ledger (decision 208): the sessions say which
 * were held, the ledger what each left the shark (price less fee, tax and refunds, and any correction), added up
 * per course by the database. Declined, cancelled, refunded and not yet held sessions count nothing.
 */
async function heldNetByCourse(db: DbOrTx, sharkId: string): Promise<Map<string, number>> {
  const held = await sharkHeldSessions(db, sharkId);
  return payeeNetByGroup(
    db,
    { kind: 'shark', id: sharkId },
    held.map((h) => ({ bookingId: h.bookingId, group: h.courseId })),
  );
}

/** Each course's bookings, held sessions and what those earned, without the bookings themselves. */
export async function getCourseTotals(db: DbOrTx, scope: SharkScope): Promise<CourseTotals> {
  const sharkName = scope.shark?.name ?? null;
  if (!scope.shark) return { sharkName, courses: [] };
  const [rows, net] = await Promise.all([
    sharkCourseTotals(db, scope.shark.id),
    heldNetByCourse(db, scope.shark.id),
  ]);
  return {
    sharkName,
    courses: rows.map((c) => ({
      courseId: c.id,
      title: c.title,
      courseCode: c.courseCode,
      bookingCount: c.bookingCount,
      heldCount: c.heldCount,
      heldNetPaise: net.get(c.id) ?? 0,
    })),
  };
}

/** Every course of the shark with its students, newest booking first, and the course's totals. */
export async function getEnrollments(db: DbOrTx, scope: SharkScope): Promise<Enrollments> {
  const sharkName = scope.shark?.name ?? null;
  if (!scope.shark) return { sharkName, courses: [] };
  const [courseRows, bookingRows, net] = await Promise.all([
    sharkCourseTotals(db, scope.shark.id),
    sharkEnrollments(db, scope.shark.id),
    heldNetByCourse(db, scope.shark.id),
  ]);
  const byCourse = new Map(
    courseRows.map((c) => [
      c.id,
      {
        courseId: c.id,
        title: c.title,
        courseCode: c.courseCode,
        bookingCount: c.bookingCount,
        heldCount: c.heldCount,
        heldNetPaise: net.get(c.id) ?? 0,
        students: [] as Enrollments['courses'][number]['students'],
      },
    ]),
  );
  for (const { courseId, ...student } of bookingRows) byCourse.get(courseId)?.students.push(student);
  return { sharkName, courses: [...byCourse.values()] };
}

/**
 * The shark's earnings (issue 24, decision 208): the four figures and a page of its paid sessions, every amount
 * from the ledger (a line's price, fee, tax, refunded part, net and where its money sits are its payment's
 * postings, corrections included); the sessions give each line its course, learner, start, status and no-show
 * window. Three queries a page, none a line. A completed session's pending line says when its share becomes
 * available.
 */
export async function getEarnings(db: DbOrTx, scope: SharkScope, query: EarningsQuery): Promise<Earnings> {
  const sharkId = scope.shark?.id ?? null;
  const page = { limit: EARNINGS_PAGE_SIZE, offset: (query.page - 1) * EARNINGS_PAGE_SIZE };
  const payee: Payee | null = sharkId ? { kind: 'shark', id: sharkId } : null;
  const [balance, earned] = payee
    ? await Promise.all([payeeFigures(db, payee), payeeEarningLines(db, payee, page)])
    : [
        { pendingPaise: 0, availablePaise: 0, onTheWayPaise: 0, paidOutPaise: 0 },
        { total: 0, lines: [] },
      ];
  const sessions = await sessionSummaries(
    db,
    earned.lines.flatMap((l) => (l.bookingId ? [l.bookingId] : [])),
  );
  const lines = earned.lines.flatMap((l) => {
    const session = l.bookingId ? sessions.get(l.bookingId) : undefined;
    // A session's capture always names its booking, and a booking is never deleted; a missing one is left out.
    if (!l.bookingId || !session) return [];
    return [
      {
        bookingId: l.bookingId,
        courseTitle: session.courseTitle,
        learnerName: session.learnerName,
        startsAt: session.startsAt.toISOString(),
        status: session.status,
        pricePaise: l.pricePaise,
        feePaise: l.feePaise,
        feeTaxPaise: l.feeTaxPaise,
        refundedPaise: l.refundedPaise,
        netPaise: l.netPaise,
        state: l.state satisfies EarningState,
        availableFrom:
          l.state === 'pending' && session.windowEndsAt ? session.windowEndsAt.toISOString() : null,
      },
    ];
  });
  return {
    balance: {
      pendingPaise: balance.pendingPaise,
      availablePaise: balance.availablePaise,
      paidOutPaise: balance.paidOutPaise,
      onTheWayPaise: balance.onTheWayPaise,
    },
    page: query.page,
    pageSize: EARNINGS_PAGE_SIZE,
    total: earned.total,
    lines,
  };
}
