// All SQL of freelancers: the freelancers row of an account, and the published profiles the public directory
// searches, filters, sorts and pages (issue 27).
import { now } from '#server/time.ts';
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FreelancerProfileUpdate, FreelancerProfileView } from '#shared/freelancers.ts';
import type { FreelancerSort } from '#shared/freelancers-texts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  engagementReviews as er,
  freelancers as f,
  profiles,
  sharkCredentials as c,
  users,
} from '#server/db/schema.ts';

const ownColumns = {
  id: f.id,
  name: f.name,
  skills: f.skills,
  headline: f.headline,
  services: f.services,
  dayRatePaise: f.dayRatePaise,
  yearsExperience: f.yearsExperience,
  languages: f.languages,
  portfolioLinks: f.portfolioLinks,
  published: f.published,
};

export async function findFreelancer(db: DbOrTx, userId: string): Promise<FreelancerProfileView | null> {
  const [row] = await db.select(ownColumns).from(f).where(eq(f.userId, userId));
  return row ?? null;
}

/** The account's full name, the default name of a freelancer row not made yet. */
export async function findFullName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.fullName ?? null;
}

/** Name and skills only (signup, becoming a freelancer): the rest of the profile is left as it is. */
export async function upsertNameAndSkills(
  db: DbOrTx,
  userId: string,
  input: { name: string; skills: string },
) {
  await db
    .insert(f)
    .values({ userId, name: input.name, skills: input.skills })
    .onConflictDoUpdate({
      target: f.userId,
      set: { name: input.name, skills: input.skills, updatedAt: now() },
    });
}

export async function upsertProfile(
  db: DbOrTx,
  userId: string,
  input: FreelancerProfileUpdate,
): Promise<FreelancerProfileView> {
  const [row] = await db
    .insert(f)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: f.userId, set: { ...input, updatedAt: now() } })
    .returning(ownColumns);
  return row;
}

// ---- The public directory -----------------------------------------------------------------------------------

const verifiedCount = sql<number>`(SELECT count(*)::int FROM ${c} WHERE ${c.freelancerId} = ${f.id} AND ${c.status} = 'verified')`;

// The rating is computed from the clients' reviews at read time (decision 182): a count and an average can never
// drift from the rows they summarise. Reviews are keyed by the freelancer's user id.
const reviewCount = sql<number>`(SELECT count(*)::int FROM ${er} WHERE ${er.freelancerId} = ${f.userId})`;
const avgRating = sql<
  string | null
>`(SELECT round(avg(${er.rating}), 1)::text FROM ${er} WHERE ${er.freelancerId} = ${f.userId})`;

/** The rating of each of these freelancers (user ids) with a review, computed as the directory's (decision 182). */
export async function ratingsOf(db: DbOrTx, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({
      userId: er.freelancerId,
      avgRating: sql<string>`round(avg(${er.rating}), 1)::text`,
      reviewCount: sql<number>`count(*)::int`,
    })
    .from(er)
    .where(inArray(er.freelancerId, userIds))
    .groupBy(er.freelancerId);
}

const cardColumns = {
  id: f.id,
  name: f.name,
  headline: f.headline,
  services: f.services,
  skills: f.skills,
  dayRatePaise: f.dayRatePaise,
  yearsExperience: f.yearsExperience,
  languages: f.languages,
  verifiedCredentials: verifiedCount,
  avgRating,
  reviewCount,
};

/** Published, and the owner not suspended: the only freelancers anyone but the owner sees. */
const isPublic = and(eq(f.published, true), sql`${users.suspendedAt} IS NULL`)!;

/**
 * Every order ends with name, then id: a total order, so offset pages never repeat or skip anyone. "Top rated":
 * the best average first, unrated last, then more reviews, then more verified credentials (decision 182).
 */
const ORDER_BY: Record<FreelancerSort, SQL[]> = {
  rating: [
    sql`(SELECT avg(${er.rating}) FROM ${er} WHERE ${er.freelancerId} = ${f.userId}) DESC NULLS LAST`,
    desc(reviewCount),
    desc(verifiedCount),
  ],
  'rate-low': [asc(f.dayRatePaise)],
  'rate-high': [desc(f.dayRatePaise)],
};

export interface FreelancerListFilter {
  service?: string;
  /** Already a LIKE pattern (escaped by the caller). */
  pattern?: string;
  /** One skill, matched whole and case-insensitively against the comma-separated skills. */
  skill?: string;
  verifiedOnly: boolean;
}

function whereOf(filter: FreelancerListFilter): SQL {
  const where: SQL[] = [isPublic];
  if (filter.service) where.push(sql`${filter.service} = ANY(${f.services})`);
  if (filter.pattern !== undefined)
    where.push(
      or(ilike(f.name, filter.pattern), ilike(f.headline, filter.pattern), ilike(f.skills, filter.pattern))!,
    );
  if (filter.skill)
    where.push(
      sql`EXISTS (SELECT 1 FROM unnest(regexp_split_to_array(${f.skills}, '[,\n]')) AS t(s) WHERE lower(btrim(t.s)) = lower(${filter.skill}))`,
    );
  if (filter.verifiedOnly) where.push(sql`${verifiedCount} > 0`);
  return and(...where)!;
}

export async function listPublishedFreelancers(
  db: DbOrTx,
  filter: FreelancerListFilter,
  sort: FreelancerSort,
  limit: number,
  offset: number,
) {
  return db
    .select(cardColumns)
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(whereOf(filter))
    .orderBy(...ORDER_BY[sort], asc(f.name), asc(f.id))
    .limit(limit)
    .offset(offset);
}

export async function countPublishedFreelancers(db: DbOrTx, filter: FreelancerListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(whereOf(filter));
  return Number(row?.n ?? 0);
}

export async function findPublishedFreelancer(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...cardColumns, userId: f.userId, portfolioLinks: f.portfolioLinks, updatedAt: f.updatedAt })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(and(eq(f.id, id), isPublic));
  return row ?? null;
}

/** The sitemap's freelancers: id and last change, in a stable order. */
export async function listPublishedFreelancerIds(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ id: f.id, updatedAt: f.updatedAt })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(isPublic)
    .orderBy(asc(f.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The freelancer's payee id, its profile row's public id (decision 181), made unpublished with the account's name
 * if the freelancer was paid before ever saving a profile: a payee needs a stable row to be credited to.
 */
export async function payeeIdOf(db: DbOrTx, userId: string): Promise<string> {
  const name = (await findFullName(db, userId)) ?? 'Freelancer';
  await db.insert(f).values({ userId, name, skills: '' }).onConflictDoNothing({ target: f.userId });
  const [row] = await db.select({ id: f.id }).from(f).where(eq(f.userId, userId));
  return row.id;
}

/** The freelancer's payee id if its profile row exists (a read; payeeIdOf makes the row when paying). */
export async function findPayeeId(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: f.id }).from(f).where(eq(f.userId, userId));
  return row?.id ?? null;
}
