// The public catalogue: published sharks, searched, filtered, sorted and paged; one shark and its courses.
import { SHARKS_PAGE_SIZE } from '#shared/constants.ts';
import type { PublicCourse, Shark, SharksPage, SharksQuery } from '#shared/catalogue.ts';
import type { DbOrTx } from '#server/db/client.ts';
import * as repo from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (v: string) => UUID.test(v);

/** A user's `%`, `_` and `\` are literal characters in the search, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listSharks(
  db: DbOrTx,
  query: Omit<SharksQuery, 'verified'> & Partial<Pick<SharksQuery, 'verified'>>,
): Promise<SharksPage> {
  const specialization = query.specialization || undefined;
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const verifiedOnly = query.verified === 'true';
  const [rows, total] = await Promise.all([
    repo.listPublishedSharks(db, {
      sort: query.sort,
      specialization,
      pattern,
      verifiedOnly,
      limit: SHARKS_PAGE_SIZE + 1,
      offset: (query.page - 1) * SHARKS_PAGE_SIZE,
    }),
    repo.countMatchingSharks(db, { specialization, pattern, verifiedOnly }),
  ]);
  return {
    items: rows.slice(0, SHARKS_PAGE_SIZE),
    page: query.page,
    pageSize: SHARKS_PAGE_SIZE,
    hasMore: rows.length > SHARKS_PAGE_SIZE,
    total,
  };
}

/** A published shark, or null (unknown, malformed or unpublished id all read as "not found"). */
export async function getPublishedShark(db: DbOrTx, id: string): Promise<Shark | null> {
  return isUuid(id) ? repo.findPublishedShark(db, id) : null;
}

/** The courses of a published shark, oldest first, or null when the shark is unknown or unpublished. */
export async function listPublishedSharkCourses(db: DbOrTx, sharkId: string): Promise<PublicCourse[] | null> {
  return isUuid(sharkId) ? repo.listPublishedSharkCourses(db, sharkId) : null;
}

/** How many sharks are listed, and their ids page by page (the sitemap). */
export const countPublishedSharks = repo.countPublishedSharks;
export const listPublishedSharkIds = repo.listPublishedSharkIds;

/** A number that changes whenever anything the public catalogue shows changes (its ETags, decision 065). */
export const catalogueVersion = (db: DbOrTx) => repo.readCatalogueVersion(db);
