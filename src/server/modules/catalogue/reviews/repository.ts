// All SQL of reviews: the reviews of completed sessions, their reports, the invitations mailed after a session,
// and the "Notify Me" interest. The shark's avg_rating / review_count / rating_score follow by trigger (0008).
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { containsPattern } from '#server/db/patterns.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  profiles,
  reviewInvitations,
  reviewNotifyRequests,
  reviewReports,
  reviews,
  sharks,
  users,
} from '#server/db/schema.ts';

/** True when the row was new, false when the learner had already asked. */
export async function insertNotifyRequest(db: DbOrTx, userId: string, sharkId: string): Promise<boolean> {
  const inserted = await db
    .insert(reviewNotifyRequests)
    .values({ userId, sharkId })
    .onConflictDoNothing()
    .returning({ userId: reviewNotifyRequests.userId });
  return inserted.length > 0;
}

/** The emails of everyone waiting for the shark's first review; their requests are fulfilled, so removed. */
export async function takeNotifyRequests(db: DbOrTx, sharkId: string): Promise<string[]> {
  const rows = await db
    .delete(reviewNotifyRequests)
    .where(eq(reviewNotifyRequests.sharkId, sharkId))
    .returning({ userId: reviewNotifyRequests.userId });
  if (rows.length === 0) return [];
  const found = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          rows.map((r) => r.userId),
        ),
        isNull(users.suspendedAt),
      ),
    );
  return found.map((r) => r.email);
}

/** The columns of a review as the pages show it, with the learner's name (the session's course and start come
 * from the sessions service, which owns the session). */
const reviewColumns = {
  id: reviews.id,
  bookingId: reviews.bookingId,
  sharkId: reviews.sharkId,
  userId: reviews.userId,
  authorFullName: profiles.fullName,
  rating: reviews.rating,
  knowledge: reviews.knowledge,
  preparation: reviews.preparation,
  clarity: reviews.clarity,
  body: reviews.body,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
};

const selectReviews = (db: DbOrTx) =>
  db.select(reviewColumns).from(reviews).leftJoin(profiles, eq(profiles.id, reviews.userId)).$dynamic();

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

export async function findReviewByBooking(db: DbOrTx, bookingId: string): Promise<ReviewRow | null> {
  const [row] = await selectReviews(db).where(eq(reviews.bookingId, bookingId));
  return row ?? null;
}

export async function findReview(db: DbOrTx, id: string): Promise<ReviewRow | null> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return row ?? null;
}

/** The review row locked for a change (reply, hide): concurrent changes queue behind each other. */
export async function lockReview(db: DbOrTx, id: string) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('update');
  return row ?? null;
}

export interface ReviewValues {
  rating: number;
  knowledge: number;
  preparation: number;
  clarity: number;
  body: string;
}

/** Inserts the review; null when the booking already has one (the unique key decides under a race). */
export async function insertReview(
  db: DbOrTx,
  values: ReviewValues & { bookingId: string; sharkId: string; userId: string; at: Date },
): Promise<string | null> {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(reviews)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: reviews.bookingId })
    .returning({ id: reviews.id });
  return row?.id ?? null;
}

export async function updateReview(db: DbOrTx, id: string, values: ReviewValues & { at: Date }) {
  const { at, ...rest } = values;
  await db
    .update(reviews)
    .set({ ...rest, updatedAt: at })
    .where(eq(reviews.id, id));
}

/** Sets the reply once; false when there already was one. */
export async function setReply(db: DbOrTx, id: string, body: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ reply: body, repliedAt: at })
    .where(and(eq(reviews.id, id), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

export async function setHidden(db: DbOrTx, id: string, hidden: { at: Date; reason: string } | null) {
  await db
    .update(reviews)
    .set({ hiddenAt: hidden?.at ?? null, hiddenReason: hidden?.reason ?? null })
    .where(eq(reviews.id, id));
}

/** The shark's published reviews, newest first. */
export async function listPublished(db: DbOrTx, sharkId: string, limit: number, offset: number) {
  return selectReviews(db)
    .where(and(eq(reviews.sharkId, sharkId), isNull(reviews.hiddenAt)))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

/** Every review of the shark (hidden ones too), newest first, and how many there are. */
export async function listAllOfShark(db: DbOrTx, sharkId: string, limit: number, offset: number) {
  const items = await selectReviews(db)
    .where(eq(reviews.sharkId, sharkId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(reviews).where(eq(reviews.sharkId, sharkId));
  return { items, total: n };
}

export interface SummaryRow {
  count: number;
  average: string | null;
  knowledge: string | null;
  preparation: string | null;
  clarity: string | null;
  distribution: number[];
}

/** Count, averages and the star distribution of the shark's published reviews, in one pass. */
export async function summarize(db: DbOrTx, sharkId: string): Promise<SummaryRow> {
  const [row] = await db
    .select({
      count: count(),
      average: sql<string | null>`round(avg(${reviews.rating}), 2)::text`,
      knowledge: sql<string | null>`round(avg(${reviews.knowledge}), 2)::text`,
      preparation: sql<string | null>`round(avg(${reviews.preparation}), 2)::text`,
      clarity: sql<string | null>`round(avg(${reviews.clarity}), 2)::text`,
      distribution: sql<number[]>`array[
        count(*) FILTER (WHERE ${reviews.rating} = 1), count(*) FILTER (WHERE ${reviews.rating} = 2),
        count(*) FILTER (WHERE ${reviews.rating} = 3), count(*) FILTER (WHERE ${reviews.rating} = 4),
        count(*) FILTER (WHERE ${reviews.rating} = 5)]::int[]`,
    })
    .from(reviews)
    .where(and(eq(reviews.sharkId, sharkId), isNull(reviews.hiddenAt)));
  return row;
}

/** How many published reviews the shark has. */
export async function countPublished(db: DbOrTx, sharkId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviews)
    .where(and(eq(reviews.sharkId, sharkId), isNull(reviews.hiddenAt)));
  return row.n;
}

/** True when the report was new, false when this person had already reported the review. */
export async function insertReport(db: DbOrTx, reviewId: string, userId: string, reason: string, at: Date) {
  const rows = await db
    .insert(reviewReports)
    .values({ reviewId, userId, reason, createdAt: at })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.userId] })
    .returning({ id: reviewReports.id });
  return rows.length > 0;
}

export async function resolveReports(db: DbOrTx, reviewId: string, at: Date) {
  await db
    .update(reviewReports)
    .set({ resolvedAt: at })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)));
}

/** Reviews with at least one report: those with open reports first, then by their latest report. */
export async function pageReported(db: DbOrTx, q: string, limit: number, offset: number) {
  const stats = db
    .select({
      reviewId: reviewReports.reviewId,
      open: sql<number>`(count(*) FILTER (WHERE ${reviewReports.resolvedAt} IS NULL))::int`.as('open'),
      latest: sql<Date>`max(${reviewReports.createdAt})`.as('latest'),
    })
    .from(reviewReports)
    .groupBy(reviewReports.reviewId)
    .as('stats');
  const pattern = containsPattern(q);
  const where = q
    ? or(ilike(reviews.body, pattern), ilike(sharks.name, pattern), ilike(profiles.fullName, pattern))
    : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({ ...reviewColumns, sharkName: sharks.name, openReports: stats.open })
      .from(reviews)
      .innerJoin(stats, eq(stats.reviewId, reviews.id))
      .innerJoin(sharks, eq(sharks.id, reviews.sharkId))
      .leftJoin(profiles, eq(profiles.id, reviews.userId))
      .where(where)
      .orderBy(sql`${stats.open} > 0 DESC`, sql`${stats.latest} DESC`, desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(reviews)
      .innerJoin(stats, eq(stats.reviewId, reviews.id))
      .innerJoin(sharks, eq(sharks.id, reviews.sharkId))
      .leftJoin(profiles, eq(profiles.id, reviews.userId))
      .where(where),
  ]);
  if (items.length === 0) return { items, reports: [], total: Number(total) };
  const reports = await db
    .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, at: reviewReports.createdAt })
    .from(reviewReports)
    .where(
      inArray(
        reviewReports.reviewId,
        items.map((i) => i.id),
      ),
    )
    .orderBy(desc(reviewReports.createdAt), asc(reviewReports.id));
  return { items, reports, total: Number(total) };
}

/** The learner's email (null once the account is deleted). */
export async function learnerEmail(db: DbOrTx, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/**
 * Inserts the invitation rows of these sessions, in the caller's transaction, so each session is invited once
 * even when two workers run the job; returns the ids this call took.
 */
export async function takeInvitations(db: DbOrTx, bookingIds: string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const taken = await db
    .insert(reviewInvitations)
    .values(bookingIds.map((bookingId) => ({ bookingId })))
    .onConflictDoNothing()
    .returning({ bookingId: reviewInvitations.bookingId });
  return new Set(taken.map((t) => t.bookingId));
}

/** The reviews the account wrote (hidden ones too), oldest first: its data export. */
export async function listByAuthor(db: DbOrTx, userId: string) {
  return selectReviews(db).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt), asc(reviews.id));
}
