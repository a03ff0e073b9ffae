// A freelancer's own profile (the spec's name and skills, and issue 27's headline, services, day rate,
// experience, languages, portfolio links and published toggle), and the public directory of published ones.
import { payeeBalance } from '#server/modules/money/ledger/service.ts';
import type {
  FreelancerCard,
  FreelancerProfile,
  FreelancerProfileUpdate,
  FreelancerProfileView,
  FreelancersPage,
  FreelancersQuery,
  PublicFreelancer,
} from '#shared/freelancers.ts';
import { FREELANCERS_PAGE_SIZE, skillTags } from '#shared/freelancers-texts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { publicFreelancerCredentials } from '#server/modules/catalogue/credentials/service.ts';
import type { EngagementReview } from '#shared/engagement-reviews.ts';
import * as repo from './repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A freelancer made without the signup form (admin CLI) has no row yet: start from the account's name. */
export async function getFreelancerProfile(db: DbOrTx, userId: string): Promise<FreelancerProfileView> {
  const row = await repo.findFreelancer(db, userId);
  if (row) return row;
  return {
    id: null,
    name: (await repo.findFullName(db, userId)) ?? '',
    skills: '',
    headline: '',
    services: [],
    dayRatePaise: null,
    yearsExperience: null,
    languages: [],
    portfolioLinks: [],
    published: false,
  };
}

/** Signup and "become a freelancer": creates the row or changes its name and skills, nothing else. */
export const saveNameAndSkills = (db: DbOrTx, userId: string, input: FreelancerProfile) =>
  repo.upsertNameAndSkills(db, userId, input);

/** The profile page's save: the whole form at once. */
export const updateFreelancerProfile = (db: DbOrTx, userId: string, input: FreelancerProfileUpdate) =>
  repo.upsertProfile(db, userId, input);

type CardRow = Awaited<ReturnType<typeof repo.listPublishedFreelancers>>[number];
const toCard = (r: CardRow): FreelancerCard => ({
  id: r.id,
  name: r.name,
  headline: r.headline,
  services: r.services,
  skills: skillTags(r.skills),
  // Published rows always have a day rate (freelancers_published_check).
  dayRatePaise: r.dayRatePaise ?? 0,
  yearsExperience: r.yearsExperience,
  languages: r.languages,
  verifiedCredentials: Number(r.verifiedCredentials),
  avgRating: r.avgRating === null ? null : Number(r.avgRating),
  reviewCount: Number(r.reviewCount),
});

export async function listFreelancers(db: DbOrTx, query: FreelancersQuery): Promise<FreelancersPage> {
  const filter: repo.FreelancerListFilter = {
    service: query.service || undefined,
    pattern: query.search ? containsPattern(query.search) : undefined,
    skill: query.skill || undefined,
    verifiedOnly: query.verified === 'true',
  };
  const offset = (query.page - 1) * FREELANCERS_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    repo.listPublishedFreelancers(db, filter, query.sort, FREELANCERS_PAGE_SIZE + 1, offset),
    repo.countPublishedFreelancers(db, filter),
  ]);
  return {
    items: rows.slice(0, FREELANCERS_PAGE_SIZE).map(toCard),
    page: query.page,
    pageSize: FREELANCERS_PAGE_SIZE,
    hasMore: rows.length > FREELANCERS_PAGE_SIZE,
    total,
  };
}

/**
 * The clients' reviews of a freelancer by its user id: the engagement-reviews module's, handed in by app.ts
 * through the routes (that module reaches engagements, which reach this one for payees: importing it would be a
 * cycle of modules, decision 209).
 */
export type FreelancerReviewsReader = (db: DbOrTx, userId: string) => Promise<EngagementReview[]>;

/** A published freelancer with the portfolio and verified credentials; null for any other id. */
export async function getPublishedFreelancer(
  db: DbOrTx,
  id: string,
  timeZone: string,
  reviewsOf: FreelancerReviewsReader = async () => [],
): Promise<PublicFreelancer | null> {
  if (!UUID.test(id)) return null;
  const row = await repo.findPublishedFreelancer(db, id);
  if (!row) return null;
  return {
    ...toCard(row),
    portfolioLinks: row.portfolioLinks,
    credentials: await publicFreelancerCredentials(db, id, timeZone),
    reviews: await reviewsOf(db, row.userId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const countAllPublishedFreelancers = (db: DbOrTx) =>
  repo.countPublishedFreelancers(db, { verifiedOnly: false });

export const listPublishedFreelancerIds = repo.listPublishedFreelancerIds;

/**
 * What the ledger owes the freelancer (issue 27): pending (milestones funded, not yet approved) and available.
 * The payee is the freelancer's profile row, as a shark's is its shark row; none before the profile is saved.
 */
export async function getFreelancerBalance(db: DbOrTx, userId: string) {
  const row = await repo.findFreelancer(db, userId);
  if (!row?.id) return { pendingPaise: 0, availablePaise: 0 };
  return payeeBalance(db, { kind: 'freelancer', id: row.id });
}

/**
 * The clients' rating of each of these freelancers (user ids), for a client comparing their proposals: the average
 * and the count of engagement reviews, as the directory shows them; a freelancer without reviews is left out.
 */
export async function freelancerRatings(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, { rating: number; reviewCount: number }>> {
  const rows = await repo.ratingsOf(db, userIds);
  return new Map(rows.map((r) => [r.userId, { rating: Number(r.avgRating), reviewCount: r.reviewCount }]));
}

/** Whom the ledger credits for a freelancer's milestones: its profile row (decision 181). */
export const freelancerPayeeId = (db: DbOrTx, userId: string) => repo.payeeIdOf(db, userId);

/** The payee id to read a freelancer's money by, or null when it has no profile row (and so was never paid). */
export const findFreelancerPayeeId = (db: DbOrTx, userId: string) => repo.findPayeeId(db, userId);
