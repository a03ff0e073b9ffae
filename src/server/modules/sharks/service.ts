// The public catalogue: published sharks, searched, filtered, sorted and paged; one shark and its courses.
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { SHARKS_PAGE_SIZE, type SharkSort } from '../../../shared/constants';
import type { PublicCourse, Shark, SharksPage, SharksQuery } from '../../../shared/schemas/sharks';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { coursesWithBookings, sharks, sharksWithMeta as s } from '../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

/** A user's `%`, `_` and `\` are literal characters in the search, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every order ends with name, then id: a total order, so offset pages never repeat or skip a shark. */
const ORDER_BY: Record<SharkSort, SQL[]> = {
  rating: [sql`${s.avgRating} DESC NULLS LAST`],
  experience: [desc(s.experience)],
  students: [desc(s.studentCount)],
  price_low: [sql`${s.minPrice} ASC NULLS LAST`],
  price_high: [sql`${s.minPrice} DESC NULLS LAST`],
};

/** The columns of a shark card; the follows list selects the same ones so both answer with one `Shark` shape. */
export const sharkColumns = {
  id: s.id,
  name: s.name,
  codeName: s.codeName,
  specialization: s.specialization,
  experience: s.experience,
  bio: s.bio,
  photoUrl: s.photoUrl,
  studentCount: s.studentCount,
  avgRating: s.avgRating,
  reviewCount: s.reviewCount,
  minPrice: s.minPrice,
};

/**
 * The list query for one shape of request (sort, with or without a specialization, with or without a
 * search), built once and prepared: Drizzle's query building was a quarter of the server's CPU under load.
 * Without a search the statement is also named, so PostgreSQL plans it once per connection; a search stays
 * unnamed and is planned with its pattern each time (a rare word wants the trigram index, a common one the
 * sort's index: a generic plan cannot know which).
 */
function buildListQuery(db: DbOrTx, sort: SharkSort, bySpecialization: boolean, bySearch: boolean) {
  const where: SQL[] = [eq(s.published, true)];
  if (bySpecialization) where.push(sql`${s.specialization} = ${sql.placeholder('specialization')}`);
  if (bySearch) where.push(or(ilike(s.name, sql.placeholder('pattern')), ilike(s.bio, sql.placeholder('pattern')))!);
  const order = [...ORDER_BY[sort], asc(s.name), asc(s.id)];
  /** Restricts a select of sharks to one page of the matching ones, in the sort's order. */
  const onePage = <Q extends PgSelect>(query: Q) =>
    query.where(and(...where)).orderBy(...order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset'));
  // A search reads each candidate's heap row anyway (the bio is not in any sort index), so the deferred
  // join below would only add a second scan and double the planning, which a search pays every time
  // (EXPLAIN ANALYZE on 100k sharks: 0.6 ms -> 0.37 ms for "kubernetes").
  if (bySearch) return onePage(db.select(sharkColumns).from(s).$dynamic()).prepare('');
  // Deferred join: the page's ids come from an index-only scan of the sort's partial index, and only
  // those rows are read whole. A deep page (offset 8,000 of 100k) then reads ~60 index pages instead of
  // fetching 8,000 heap rows it throws away (52 ms -> 2 ms on the bench database).
  const pageIds = onePage(db.select({ id: s.id }).from(s).$dynamic()).as('page_ids');
  return db
    .select(sharkColumns)
    .from(s)
    .innerJoin(pageIds, eq(s.id, pageIds.id))
    .orderBy(...order)
    .prepare(`sharks_list_${sort}_${bySpecialization ? 'spec' : 'all'}`);
}

type ListQuery = ReturnType<typeof buildListQuery>;
const listQueries = new WeakMap<DbOrTx, Map<string, ListQuery>>();

export async function listSharks(db: DbOrTx, query: SharksQuery): Promise<SharksPage> {
  const key = `${query.sort}|${Boolean(query.specialization)}|${Boolean(query.search)}`;
  let cache = listQueries.get(db);
  if (!cache) listQueries.set(db, (cache = new Map()));
  let prepared = cache.get(key);
  if (!prepared) cache.set(key, (prepared = buildListQuery(db, query.sort, Boolean(query.specialization), Boolean(query.search))));
  const rows = await prepared.execute({
    specialization: query.specialization,
    pattern: `%${escapeLike(query.search)}%`,
    limit: SHARKS_PAGE_SIZE + 1,
    offset: (query.page - 1) * SHARKS_PAGE_SIZE,
  });
  return {
    items: rows.slice(0, SHARKS_PAGE_SIZE) as Shark[],
    page: query.page,
    pageSize: SHARKS_PAGE_SIZE,
    hasMore: rows.length > SHARKS_PAGE_SIZE,
  };
}

const buildSharkById = (db: DbOrTx) =>
  db
    .select(sharkColumns)
    .from(s)
    .where(and(sql`${s.id} = ${sql.placeholder('id')}`, eq(s.published, true)))
    .prepare('sharks_by_id');
const sharkById = new WeakMap<DbOrTx, ReturnType<typeof buildSharkById>>();

/** A published shark, or null (unknown, malformed or unpublished id all read as "not found"). */
export async function getPublishedShark(db: DbOrTx, id: string): Promise<Shark | null> {
  if (!isUuid(id)) return null;
  let prepared = sharkById.get(db);
  if (!prepared) sharkById.set(db, (prepared = buildSharkById(db)));
  const [row] = await prepared.execute({ id });
  return (row as Shark | undefined) ?? null;
}

/**
 * A published shark's courses in one prepared statement: the shark row left-joined to its courses, so
 * "no such published shark" (no row) and "a shark without courses" (one row of nulls) are told apart
 * without a second round trip (the profile's courses were the bench's slowest read per SQL).
 */
const buildSharkCourses = (db: DbOrTx) => {
  const c = coursesWithBookings;
  return db
    .select({
      id: c.id,
      sharkId: c.sharkId,
      title: c.title,
      courseCode: c.courseCode,
      description: c.description,
      duration: c.duration,
      price: c.price,
      image: c.image,
      enrollmentFormUrl: c.enrollmentFormUrl,
      requiredDevices: c.requiredDevices,
      requiredKnowledge: c.requiredKnowledge,
      bookingCount: c.bookingCount,
      enrolledCount: c.enrolledCount,
    })
    .from(sharks)
    .leftJoin(c, eq(c.sharkId, sharks.id))
    .where(and(sql`${sharks.id} = ${sql.placeholder('id')}`, eq(sharks.published, true)))
    .orderBy(asc(c.createdAt), asc(c.id))
    .prepare('sharks_courses');
};
const sharkCourses = new WeakMap<DbOrTx, ReturnType<typeof buildSharkCourses>>();

/** The courses of a published shark, oldest first, or null when the shark is unknown or unpublished. */
export async function listPublishedSharkCourses(db: DbOrTx, sharkId: string): Promise<PublicCourse[] | null> {
  if (!isUuid(sharkId)) return null;
  let prepared = sharkCourses.get(db);
  if (!prepared) sharkCourses.set(db, (prepared = buildSharkCourses(db)));
  const rows = await prepared.execute({ id: sharkId });
  if (rows.length === 0) return null;
  return rows.filter((row): row is PublicCourse => row.id !== null);
}
