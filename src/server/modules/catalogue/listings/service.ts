// The public catalogue: published sharks, searched, filtered, sorted and paged; one shark and its courses.
import { SHARKS_PAGE_SIZE } from '#shared/constants.ts';
import {
  decodeSharksCursor,
  encodeSharksCursor,
  type PublicCourse,
  type Shark,
  type SharksPage,
  type SharksQuery,
} from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { fieldError } from '#server/http/errors.ts';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { NEXT_AVAILABLE_DAYS } from '#shared/catalogue-texts.ts';
import { nextFreeStarts, type BusyOfReader } from '#server/modules/sessions/availability/service.ts';
import * as repo from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string) => UUID.test(v);

/**
 * "Showing 8 of N": each filter's total, kept per catalogue version (decision 065) so paging, sorting and
 * repeating a filter do not count the matching sharks again (on the bench's 90k sharks a count read every index
 * entry of the filter on every request). The version changes in the same commit as anything a total counts
 * (sharks, their publishing, credentials, suspensions), and a total is stored under the version read before it
 * was counted, so it is never older than its key. Bounded: searches are free text.
 */
const totals = new LRUCache<string, number>({ max: 2_000 });

export async function listSharks(
  db: DbOrTx,
  query: Omit<SharksQuery, 'verified'> & Partial<Pick<SharksQuery, 'verified'>>,
  /** The catalogue version read before this list (null or absent: count without the cache). */
  version?: number | null,
  /** With the sessions' reader of busy times, each card gets its next free time (decision 165). */
  busyTimesOf?: BusyOfReader,
): Promise<SharksPage> {
  const specialization = query.specialization || undefined;
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const verifiedOnly = query.verified === 'true';
  const key =
    version == null ? null : JSON.stringify([version, specialization ?? '', pattern ?? '', verifiedOnly]);
  const cached = key === null ? undefined : totals.get(key);
  // Load More's cursor (decision 196): the route's schema has refused a malformed one or one of another sort.
  const cursor = query.cursor === undefined ? undefined : decodeSharksCursor(query.cursor);
  if (cursor === null || (cursor && cursor[0] !== query.sort))
    throw fieldError('cursor', CATALOGUE_MSG.badCursor);
  const [rows, total] = await Promise.all([
    repo.listPublishedSharks(db, {
      sort: query.sort,
      specialization,
      pattern,
      verifiedOnly,
      limit: SHARKS_PAGE_SIZE + 1,
      offset: (query.page - 1) * SHARKS_PAGE_SIZE,
      after: cursor && { key: cursor[1], name: cursor[2], id: cursor[3] },
    }),
    cached ?? repo.countMatchingSharks(db, { specialization, pattern, verifiedOnly }),
  ]);
  if (key !== null && cached === undefined) totals.set(key, total);
  const hasMore = rows.length > SHARKS_PAGE_SIZE;
  const last = hasMore ? rows[SHARKS_PAGE_SIZE - 1] : undefined;
  let items: Shark[] = rows.slice(0, SHARKS_PAGE_SIZE).map(({ sortKey: _key, ...card }) => card);
  if (busyTimesOf) {
    const next = await nextFreeStarts(
      db,
      items.map((s) => s.id),
      NEXT_AVAILABLE_DAYS,
      busyTimesOf,
    );
    items = items.map((s) => ({ ...s, nextAvailable: next.get(s.id) ?? null }));
  }
  return {
    items,
    page: query.page,
    pageSize: SHARKS_PAGE_SIZE,
    hasMore,
    total,
    nextCursor: last ? encodeSharksCursor([query.sort, last.sortKey, last.name, last.id]) : null,
  };
}

/**
 * A profile's answers, kept per catalogue version (issue 28, decision 186): the version changes in the same
 * commit as anything a profile or its courses show (the shark, its courses, credentials, account and
 * bookings), and each answer is stored under the version read before it, so it is never older than its key.
 * The route already tags its answers with that version; a warm profile then costs the version read alone.
 */
const profiles = new LRUCache<string, Shark>({ max: 2_000 });
const profileCourses = new LRUCache<string, PublicCourse[]>({ max: 2_000 });
const keyAt = (version: number | null | undefined, id: string) =>
  version == null ? null : `${version}:${id}`;

/** Whether this process already holds a public answer of the shark at this catalogue version. */
export const isKnownPublic = (version: number, id: string) =>
  profiles.has(`${version}:${id}`) || profileCourses.has(`${version}:${id}`);

/**
 * A published shark, or null (unknown, malformed or unpublished id all read as "not found"); with the
 * catalogue version read before it, from memory when this version's answer is held.
 */
export async function getPublishedShark(
  db: DbOrTx,
  id: string,
  version?: number | null,
): Promise<Shark | null> {
  if (!isUuid(id)) return null;
  const key = keyAt(version, id);
  const held = key === null ? undefined : profiles.get(key);
  if (held) return held;
  const shark = await repo.findPublishedShark(db, id);
  if (key !== null && shark) profiles.set(key, shark);
  return shark;
}

/** The courses of a published shark, oldest first, or null when the shark is unknown or unpublished. */
export async function listPublishedSharkCourses(
  db: DbOrTx,
  sharkId: string,
  version?: number | null,
): Promise<PublicCourse[] | null> {
  if (!isUuid(sharkId)) return null;
  const key = keyAt(version, sharkId);
  const held = key === null ? undefined : profileCourses.get(key);
  if (held) return held;
  const courses = await repo.listPublishedSharkCourses(db, sharkId);
  if (key !== null && courses) profileCourses.set(key, courses);
  return courses;
}

/** How many sharks are listed, and their ids page by page (the sitemap). */
export const countPublishedSharks = repo.countPublishedSharks;
export const listPublishedSharkIds = repo.listPublishedSharkIds;

/** Whether the id names a public shark: a conditional request about anything else must get its 404, not a 304. */
export async function isPublishedShark(db: DbOrTx, id: string): Promise<boolean> {
  return isUuid(id) && repo.publicSharkExists(db, id);
}

/** A number that changes whenever anything the public catalogue shows changes (its ETags, decision 065). */
export const catalogueVersion = (db: DbOrTx) => repo.readCatalogueVersion(db);
