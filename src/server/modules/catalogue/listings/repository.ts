// All SQL of the public catalogue: published sharks searched, filtered, sorted and paged; one shark; its
// courses. The hot reads are prepared once per database handle (db/prepared.ts).
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SharkSort } from '#shared/constants.ts';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { isPublicShark, sharkCardColumns } from '#server/db/projections.ts';
import {
  catalogueVersion,
  coursesWithBookings,
  sharkCredentials,
  sharks,
  sharksWithMeta as s,
  users,
} from '#server/db/schema.ts';

/**
 * Each sort's key, its direction and whether it may be null (nulls come last either way): a cursor (decision
 * 196) continues after a card's (key, name, id).
 */
const SORT_KEY: Record<SharkSort, { column: AnyPgColumn; desc: boolean; nullable: boolean }> = {
  rating: { column: s.ratingScore, desc: true, nullable: true },
  experience: { column: s.experience, desc: true, nullable: false },
  students: { column: s.studentCount, desc: true, nullable: false },
  price_low: { column: s.minPricePaise, desc: false, nullable: true },
  price_high: { column: s.minPricePaise, desc: true, nullable: true },
};

/** Every order ends with name, then id: a total order, so pages never repeat or skip a shark. */
const ORDER_BY: Record<SharkSort, SQL[]> = {
  // A Bayesian average (decision 008): one five-star review does not outrank forty averaging 4.8; unrated last.
  rating: [sql`${s.ratingScore} DESC NULLS LAST`],
  experience: [desc(s.experience)],
  students: [desc(s.studentCount)],
  price_low: [sql`${s.minPricePaise} ASC NULLS LAST`],
  price_high: [sql`${s.minPricePaise} DESC NULLS LAST`],
};
const orderOf = (sort: SharkSort) => [...ORDER_BY[sort], asc(s.name), asc(s.id)];

/** A card as the list reads it: with its sort key, which the next page's cursor carries. */
export type SharkCard = Shark & { sortKey: number | null };
const listColumns = (sort: SharkSort) => ({ ...sharkCardColumns, sortKey: SORT_KEY[sort].column });

/** The filter of one shape of request, with its values as placeholders. */
function listWhere(bySpecialization: boolean, bySearch: boolean, verifiedOnly: boolean): SQL[] {
  const where: SQL[] = [eq(s.published, true)];
  if (verifiedOnly) where.push(sql`${s.verifiedCredentials} > 0`);
  if (bySpecialization) where.push(sql`${s.specialization} = ${sql.placeholder('specialization')}`);
  if (bySearch)
    where.push(or(ilike(s.name, sql.placeholder('pattern')), ilike(s.bio, sql.placeholder('pattern')))!);
  return where;
}

/**
 * The list query for one shape of request (sort, with or without a specialization, with or without a
 * search), built once and prepared: Drizzle's query building was a quarter of the server's CPU under load.
 * Without a search the statement is also named, so PostgreSQL plans it once per connection; a search stays
 * unnamed and is planned with its pattern each time (a rare word wants the trigram index, a common one the
 * sort's index: a generic plan cannot know which).
 */
function buildListQuery(
  db: DbOrTx,
  sort: SharkSort,
  bySpecialization: boolean,
  bySearch: boolean,
  verifiedOnly = false,
) {
  const where = listWhere(bySpecialization, bySearch, verifiedOnly);
  const order = orderOf(sort);
  /** Restricts a select of sharks to one page of the matching ones, in the sort's order. */
  const onePage = <Q extends PgSelect>(query: Q) =>
    query
      .where(and(...where))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  // A search reads each candidate's heap row anyway (the bio is not in any sort index), so the deferred
  // join below would only add a second scan and double the planning, which a search pays every time
  // (EXPLAIN ANALYZE on 100k sharks: 0.6 ms -> 0.37 ms for "kubernetes").
  if (bySearch) return onePage(db.select(listColumns(sort)).from(s).$dynamic()).prepare('');
  // Deferred join: the page's ids come from an index-only scan of the sort's partial index, and only
  // those rows are read whole. A deep page (offset 8,000 of 100k) then reads ~60 index pages instead of
  // fetching 8,000 heap rows it throws away (52 ms -> 2 ms on the bench database).
  const pageIds = onePage(db.select({ id: s.id }).from(s).$dynamic()).as('page_ids');
  return db
    .select(listColumns(sort))
    .from(s)
    .innerJoin(pageIds, eq(s.id, pageIds.id))
    .orderBy(...order)
    .prepare(`sharks_list_${sort}_${bySpecialization ? 'spec' : 'all'}${verifiedOnly ? '_verified' : ''}`);
}

/**
 * The page after a cursor (decision 196): the matching sharks that sort after (key, name, id), as ranges of
 * the sort's partial index `(key, name, id) WHERE published` instead of counting past an offset. Sort keys
 * run one way and names and ids the other, so no single row comparison says "after"; the page is the union
 * of two index ranges, each stopped at the page's size: the cards with the same key and a later name or id
 * plus every later key (`key <= $key` for a descending sort, one range of the index), then the cards
 * without a key (nulls sort last). After a card without a key only the second range is left.
 */
function buildListAfterQuery(
  db: DbOrTx,
  name: string,
  sort: SharkSort,
  bySpecialization: boolean,
  bySearch: boolean,
  verifiedOnly: boolean,
  afterNull: boolean,
) {
  const where = listWhere(bySpecialization, bySearch, verifiedOnly);
  const order = orderOf(sort);
  const { column: key, desc: descending, nullable } = SORT_KEY[sort];
  const [k, n, id] = [sql.placeholder('key'), sql.placeholder('name'), sql.placeholder('id')];
  const laterTie = sql`(${s.name}, ${s.id}) > (${n}, ${id})`;
  const range = (after: SQL) =>
    sql`(${db
      .select({ id: s.id })
      .from(s)
      .where(and(...where, after))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))})`;
  const ranges = afterNull
    ? [range(sql`${key} IS NULL AND ${laterTie}`)]
    : [
        range(
          descending
            ? sql`${key} <= ${k} AND (${key} < ${k} OR ${laterTie})`
            : sql`${key} >= ${k} AND (${key} > ${k} OR ${laterTie})`,
        ),
        ...(nullable ? [range(sql`${key} IS NULL`)] : []),
      ];
  const pageIds = sql`(${sql.join(ranges, sql` UNION ALL `)}) AS page_ids`;
  return db
    .select(listColumns(sort))
    .from(s)
    .innerJoin(pageIds, sql`${s.id} = page_ids.id`)
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .prepare(name);
}

export interface SharkListFilter {
  sort: SharkSort;
  specialization?: string;
  /** Already a LIKE pattern (escaped by the caller), or undefined for no search. */
  pattern?: string;
  /** Only sharks with a verified credential. */
  verifiedOnly?: boolean;
  limit: number;
  offset: number;
  /** Continue after this card (its sort key, name and id) instead of at the offset (decision 196). */
  after?: { key: number | null; name: string; id: string };
}

export async function listPublishedSharks(db: DbOrTx, filter: SharkListFilter): Promise<SharkCard[]> {
  const bySpecialization = Boolean(filter.specialization);
  const bySearch = filter.pattern !== undefined;
  const verifiedOnly = filter.verifiedOnly === true;
  const shape = `${filter.sort}_${bySpecialization ? 'spec' : 'all'}${bySearch ? '_search' : ''}${verifiedOnly ? '_verified' : ''}`;
  const values = { specialization: filter.specialization, pattern: filter.pattern, limit: filter.limit };
  const { after } = filter;
  if (after) {
    const afterNull = after.key === null;
    const name = `sharks_after_${shape}${afterNull ? '_null' : ''}`;
    const statement = prepared(db, name, (d) =>
      // A search stays unnamed, planned with its pattern (above).
      buildListAfterQuery(
        d,
        bySearch ? '' : name,
        filter.sort,
        bySpecialization,
        bySearch,
        verifiedOnly,
        afterNull,
      ),
    );
    return statement.execute({ ...values, key: after.key, name: after.name, id: after.id });
  }
  const statement = prepared(db, `sharks_list_${shape}`, (d) =>
    buildListQuery(d, filter.sort, bySpecialization, bySearch, verifiedOnly),
  );
  return statement.execute({ ...values, offset: filter.offset });
}

/**
 * How many public sharks match the filter in all (the list's "Showing 8 of 28"): the published ones that
 * match, counted on the sharks table, less those of them whose owner is suspended (a handful, found through
 * users_suspended_idx). Counted on sharks_with_meta, whose `published` also checks the owner, the count read
 * every published row from the heap (90k on the bench database), and its cost estimate switched on
 * PostgreSQL's JIT; this way the first count is an index-only scan of a sort's partial index `WHERE published`
 * (EXPLAIN ANALYZE, docs/benchmarks.md). The list's rows still come from the view.
 */
export async function countMatchingSharks(
  db: DbOrTx,
  filter: Pick<SharkListFilter, 'specialization' | 'pattern' | 'verifiedOnly'>,
): Promise<number> {
  // `published` as the bare column, not `= $1`: the partial indexes `WHERE published` then match any plan.
  const where: SQL[] = [sql`${sharks.published}`];
  // sharks_with_meta.verified_credentials > 0, on the table.
  if (filter.verifiedOnly)
    where.push(
      sql`EXISTS (SELECT 1 FROM ${sharkCredentials} WHERE ${sharkCredentials.sharkId} = ${sharks.id} AND ${sharkCredentials.status} = 'verified')`,
    );
  if (filter.specialization) where.push(sql`${sharks.specialization} = ${filter.specialization}`);
  if (filter.pattern !== undefined)
    where.push(or(ilike(sharks.name, filter.pattern), ilike(sharks.bio, filter.pattern))!);
  return countPublicSharks(db, and(...where)!);
}

/** Public sharks among the published ones `where` selects (it must require sharks.published). */
async function countPublicSharks(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM ${sharks} WHERE ${where})::int
      - (SELECT count(*) FROM ${sharks} JOIN ${users} ON ${users.id} = ${sharks.userId}
          AND ${users.suspendedAt} IS NOT NULL WHERE ${where})::int AS n`,
  );
  return Number(row!.n);
}

const buildSharkById = (db: DbOrTx) =>
  db
    .select(sharkCardColumns)
    .from(s)
    .where(and(sql`${s.id} = ${sql.placeholder('id')}`, eq(s.published, true)))
    .prepare('sharks_by_id');

/** A published shark by a well-formed id, or null. */
export async function findPublishedShark(db: DbOrTx, id: string): Promise<Shark | null> {
  const [row] = await prepared(db, 'sharks_by_id', buildSharkById).execute({ id });
  return row ?? null;
}

/**
 * The shark row left-joined to its courses, so "no such published shark" (no row) and "a shark without
 * courses" (one row of nulls) are told apart without a second round trip (the profile's courses were the
 * bench's slowest read per SQL).
 */
const buildSharkCourses = (db: DbOrTx) => {
  const c = coursesWithBookings;
  return (
    db
      .select({
        id: c.id,
        sharkId: c.sharkId,
        title: c.title,
        courseCode: c.courseCode,
        description: c.description,
        duration: c.duration,
        pricePaise: c.pricePaise,
        image: c.image,
        enrollmentFormUrl: c.enrollmentFormUrl,
        requiredDevices: c.requiredDevices,
        requiredKnowledge: c.requiredKnowledge,
        bookingCount: c.bookingCount,
        enrolledCount: c.enrolledCount,
        cancellationHours: c.cancellationHours,
        lateCancellationRefund: c.lateCancellationRefund,
      })
      .from(sharks)
      // Archived courses stay on their sessions but are not offered any more.
      .leftJoin(c, and(eq(c.sharkId, sharks.id), isNull(c.archivedAt)))
      .where(and(sql`${sharks.id} = ${sql.placeholder('id')}`, isPublicShark()))
      .orderBy(asc(c.createdAt), asc(c.id))
      .prepare('sharks_courses')
  );
};

/** The courses of a public shark, oldest first, or null when the shark is unknown, unpublished or suspended. */
export async function listPublishedSharkCourses(db: DbOrTx, sharkId: string): Promise<PublicCourse[] | null> {
  const rows = await prepared(db, 'sharks_courses', buildSharkCourses).execute({ id: sharkId });
  if (rows.length === 0) return null;
  return rows.filter((row): row is PublicCourse => row.id !== null);
}

/** How many sharks are public (the sitemap): counted as the list's total is. */
export async function countPublishedSharks(db: DbOrTx): Promise<number> {
  return countPublicSharks(db, sql`${sharks.published}`);
}

/** Public (published, not suspended) sharks' ids and last changes in id order, `limit` after the `skip` first ones (the sitemap). */
export async function listPublishedSharkIds(db: DbOrTx, skip: number, limit: number) {
  return db
    .select({ id: sharks.id, updatedAt: sharks.updatedAt })
    .from(sharks)
    .where(isPublicShark())
    .orderBy(asc(sharks.id))
    .offset(skip)
    .limit(limit);
}

const buildCatalogueVersion = (db: DbOrTx) =>
  db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1))
    .prepare('catalogue_version');

const buildPublicSharkExists = (db: DbOrTx) =>
  db
    .select({ id: sharks.id })
    .from(sharks)
    .where(and(sql`${sharks.id} = ${sql.placeholder('id')}`, isPublicShark()))
    .prepare('sharks_public_exists');

/** Whether a well-formed id names a public shark (published, owner not suspended): one index lookup. */
export async function publicSharkExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await prepared(db, 'sharks_public_exists', buildPublicSharkExists).execute({ id })).length > 0;
}

/** The catalogue's version (decision 065), or null in a database whose row was emptied and not yet rebuilt. */
export async function readCatalogueVersion(db: DbOrTx): Promise<number | null> {
  const [row] = await prepared(db, 'catalogue_version', buildCatalogueVersion).execute();
  return row?.version ?? null;
}
