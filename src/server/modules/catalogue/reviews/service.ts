// Reviews of sharks (issue 14, decision 007): only the learner of a completed session reviews it, once, within
// 30 days, and may edit it for 7; the shark replies once; anyone signed in reports; admins hide and publish again
// (audited, the learner told by mail). The shark's counters follow in the same transaction (trigger, 0008).
import { CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { Temporal } from 'temporal-polyfill';
import {
  REVIEW_MSG,
  REVIEW_RULES,
  reviewerName,
  type OwnReview,
  type PublicReview,
  type ReportedReviewPage,
  type ReviewInput,
  type ReviewPage,
  type ReviewSummary,
  type SessionReviewState,
  type WorkspaceReview,
  type WorkspaceReviewPage,
} from '#shared/reviews.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { getPublishedShark } from '#server/modules/catalogue/listings/service.ts';
import {
  findSessionForReview,
  sessionLabels,
  sessionsAwaitingReviewInvitation,
} from '#server/modules/sessions/sessions/service.ts';
import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import * as repo from './repository';

const DAY_MS = 86_400_000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** Stores the learner's interest once. Returns null for an unlisted shark, else whether it was already stored. */
export async function requestReviewNotification(
  db: DbOrTx,
  userId: string,
  sharkId: string,
): Promise<{ alreadyRequested: boolean } | null> {
  if (!(await getPublishedShark(db, sharkId))) return null;
  return { alreadyRequested: !(await repo.insertNotifyRequest(db, userId, sharkId)) };
}

// ---- Shapes ------------------------------------------------------------------

/** A review with what it shows of its session (course and start), which the sessions service reads. */
type ReviewRow = repo.ReviewRow & { courseTitle: string; sessionStartsAt: Date };
type SessionForReview = NonNullable<Awaited<ReturnType<typeof findSessionForReview>>>;

async function labelled(db: DbOrTx, rows: repo.ReviewRow[]): Promise<ReviewRow[]> {
  const labels = await sessionLabels(
    db,
    rows.map((r) => r.bookingId),
  );
  return rows.map((r) => {
    const label = labels.get(r.bookingId)!;
    return { ...r, courseTitle: label.courseTitle, sessionStartsAt: label.startsAt };
  });
}

const labelledOne = async (db: DbOrTx, row: repo.ReviewRow | null): Promise<ReviewRow | null> =>
  row ? (await labelled(db, [row]))[0] : null;

/** The month of the session in the shark's calendar sense (UTC is close enough for a month label). */
const monthOf = (at: Date) => at.toISOString().slice(0, 7);

function toPublic(row: ReviewRow): PublicReview {
  const edited = row.updatedAt.getTime() - row.createdAt.getTime() > 1000;
  return {
    id: row.id,
    authorName: row.userId ? reviewerName(row.authorFullName) : 'Former learner',
    courseTitle: row.courseTitle,
    sessionMonth: monthOf(row.sessionStartsAt),
    rating: row.rating,
    knowledge: row.knowledge,
    preparation: row.preparation,
    clarity: row.clarity,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    editedAt: edited ? row.updatedAt.toISOString() : null,
    verified: true,
    reply: row.reply && row.repliedAt ? { body: row.reply, at: row.repliedAt.toISOString() } : null,
  };
}

const toWorkspace = (row: ReviewRow): WorkspaceReview => ({
  ...toPublic(row),
  hidden: row.hiddenAt !== null,
  hiddenReason: row.hiddenReason,
});

const toOwn = (row: ReviewRow): OwnReview => ({
  ...toWorkspace(row),
  editableUntil: addDays(row.createdAt, REVIEW_RULES.editableDays).toISOString(),
});

const num = (v: string | null) => (v === null ? null : Number(v));

export async function reviewSummary(db: DbOrTx, sharkId: string): Promise<ReviewSummary> {
  const s = await repo.summarize(db, sharkId);
  return {
    average: num(s.average),
    count: s.count,
    distribution: s.distribution.map(Number),
    rubric: { knowledge: num(s.knowledge), preparation: num(s.preparation), clarity: num(s.clarity) },
  };
}

// ---- Public list ---------------------------------------------------------------

/** A published shark's published reviews, newest first, with the summary; null for an unlisted shark. */
export async function publishedReviews(
  db: DbOrTx,
  sharkId: string,
  page: number,
): Promise<ReviewPage | null> {
  if (!(await getPublishedShark(db, sharkId))) return null;
  const summary = await reviewSummary(db, sharkId);
  const size = REVIEW_RULES.pageSize;
  const rows = await repo.listPublished(db, sharkId, size, (page - 1) * size);
  return {
    summary,
    items: (await labelled(db, rows)).map(toPublic),
    page,
    pageSize: size,
    total: summary.count,
  };
}

// ---- The learner's review ---------------------------------------------------------

async function learnersBooking(db: DbOrTx, userId: string, bookingId: string) {
  const booking = await findSessionForReview(db, bookingId);
  // Anyone but the session's learner learns nothing about it.
  if (!booking || booking.userId !== userId) throw notFound(REVIEW_MSG.sessionNotFound);
  return booking;
}

function stateOf(booking: SessionForReview, review: ReviewRow | null): SessionReviewState {
  const at = now();
  const reviewableUntil = addDays(booking.completedAt, REVIEW_RULES.windowDays);
  let closedReason: string | null = null;
  if (review) {
    if (review.hiddenAt) closedReason = REVIEW_MSG.hiddenNoEdit;
    else if (at > addDays(review.createdAt, REVIEW_RULES.editableDays)) closedReason = REVIEW_MSG.editClosed;
  } else if (booking.status !== 'completed') closedReason = REVIEW_MSG.notCompleted;
  else if (at > reviewableUntil) closedReason = REVIEW_MSG.windowClosed;
  return {
    session: {
      id: booking.id,
      courseTitle: booking.courseTitle,
      sharkId: booking.sharkId,
      sharkName: booking.sharkName,
      startsAt: booking.startsAt.toISOString(),
      status: booking.status,
    },
    reviewableUntil: reviewableUntil.toISOString(),
    canCreate: !review && closedReason === null,
    canEdit: review !== null && closedReason === null,
    closedReason,
    review: review ? toOwn(review) : null,
  };
}

/** GET /api/sessions/:id/review: for the session's learner only. */
export async function sessionReviewState(db: DbOrTx, userId: string, bookingId: string) {
  const booking = await learnersBooking(db, userId, bookingId);
  return stateOf(booking, await labelledOne(db, await repo.findReviewByBooking(db, bookingId)));
}

const valuesOf = (input: ReviewInput) => ({
  rating: Number(input.rating),
  knowledge: Number(input.knowledge),
  preparation: Number(input.preparation),
  clarity: Number(input.clarity),
  body: input.body.trim(),
});

/**
 * Writes the learner's one review of a completed session within the window. The shark's counters follow by
 * trigger in this transaction; when it is the shark's first published review, the learners who pressed
 * Notify Me are mailed (in the same transaction, through the queue).
 */
export async function createReview(
  db: Db,
  ctx: MailContext,
  userId: string,
  bookingId: string,
  input: ReviewInput,
): Promise<SessionReviewState> {
  return db.transaction(async (tx) => {
    const booking = await learnersBooking(tx, userId, bookingId);
    if (await repo.findReviewByBooking(tx, bookingId))
      throw conflict(REVIEW_MSG.alreadyReviewed, ERROR_CODE.alreadyReviewed);
    if (booking.status !== 'completed') throw conflict(REVIEW_MSG.notCompleted, ERROR_CODE.notCompleted);
    if (now() > addDays(booking.completedAt, REVIEW_RULES.windowDays))
      throw conflict(REVIEW_MSG.windowClosed, ERROR_CODE.windowClosed);
    const id = await repo.insertReview(tx, {
      ...valuesOf(input),
      bookingId,
      sharkId: booking.sharkId,
      userId,
      at: now(),
    });
    if (!id) throw conflict(REVIEW_MSG.alreadyReviewed, ERROR_CODE.alreadyReviewed);
    await tellWaitingLearners(tx, ctx, booking.sharkId, booking.sharkName);
    return stateOf(booking, await labelledOne(tx, await repo.findReviewByBooking(tx, bookingId)));
  });
}

/** The learner edits their review within 7 days of writing it, unless an admin hid it. */
export async function updateReview(
  db: Db,
  userId: string,
  bookingId: string,
  input: ReviewInput,
): Promise<SessionReviewState> {
  return db.transaction(async (tx) => {
    const booking = await learnersBooking(tx, userId, bookingId);
    const review = await repo.findReviewByBooking(tx, bookingId);
    if (!review) throw notFound(REVIEW_MSG.noReview);
    const locked = await repo.lockReview(tx, review.id);
    if (!locked || locked.hiddenAt) throw conflict(REVIEW_MSG.hiddenNoEdit, ERROR_CODE.reviewHidden);
    if (now() > addDays(locked.createdAt, REVIEW_RULES.editableDays))
      throw conflict(REVIEW_MSG.editClosed, ERROR_CODE.editClosed);
    await repo.updateReview(tx, review.id, { ...valuesOf(input), at: now() });
    return stateOf(booking, await labelledOne(tx, await repo.findReviewByBooking(tx, bookingId)));
  });
}

/** When the shark now has exactly one published review, mails everyone who asked to be told (once). */
async function tellWaitingLearners(tx: DbOrTx, ctx: MailContext, sharkId: string, sharkName: string) {
  if ((await repo.countPublished(tx, sharkId)) !== 1) return;
  const emails = await repo.takeNotifyRequests(tx, sharkId);
  const link = `${ctx.appOrigin}${paths.sharks.profile(sharkId)}?tab=reviews`;
  for (const to of emails)
    await ctx.mailer.enqueue(tx, { to, template: 'first-review', data: { sharkName, link } });
}

// ---- The shark's side -------------------------------------------------------------

/** Every review of the scoped shark (hidden ones marked), newest first. */
export async function workspaceReviews(
  db: DbOrTx,
  scope: SharkScope,
  page: number,
): Promise<WorkspaceReviewPage> {
  const size = REVIEW_RULES.pageSize;
  if (!scope.shark)
    return {
      summary: { average: null, count: 0, distribution: [0, 0, 0, 0, 0], rubric: emptyRubric },
      items: [],
      page,
      pageSize: size,
      total: 0,
    };
  const summary = await reviewSummary(db, scope.shark.id);
  const { items, total } = await repo.listAllOfShark(db, scope.shark.id, size, (page - 1) * size);
  return { summary, items: (await labelled(db, items)).map(toWorkspace), page, pageSize: size, total };
}
const emptyRubric = { knowledge: null, preparation: null, clarity: null };

/** The shark's one public reply to a review of theirs. */
export async function replyToReview(
  db: Db,
  scope: SharkScope,
  reviewId: string,
  body: string,
): Promise<WorkspaceReview> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockReview(tx, reviewId);
    if (!locked || !scope.shark || locked.sharkId !== scope.shark.id)
      throw notFound(REVIEW_MSG.reviewNotFound);
    if (!(await repo.setReply(tx, reviewId, body.trim(), now())))
      throw conflict(REVIEW_MSG.alreadyReplied, ERROR_CODE.alreadyReplied);
    const row = await labelledOne(tx, await repo.findReview(tx, reviewId));
    return toWorkspace(row!);
  });
}

// ---- Reports and moderation -----------------------------------------------------------

/** Anyone signed in reports a published review with a reason, once. */
export async function reportReview(
  db: Db,
  userId: string,
  reviewId: string,
  reason: string,
): Promise<{ alreadyReported: boolean }> {
  return db.transaction(async (tx) => {
    const review = await repo.findReview(tx, reviewId);
    if (!review || review.hiddenAt) throw notFound(REVIEW_MSG.reviewNotFound);
    if (review.userId === userId) throw conflict(REVIEW_MSG.ownReview, ERROR_CODE.ownReview);
    const added = await repo.insertReport(tx, reviewId, userId, reason.trim(), now());
    return { alreadyReported: !added };
  });
}

/** A page of the admin console's queue: reviews with reports, open ones first; `q` searches text and names. */
export async function reportedReviewPage(db: DbOrTx, q: string, page: number): Promise<ReportedReviewPage> {
  const {
    items: rows,
    reports,
    total,
  } = await repo.pageReported(db, q, CONSOLE_PAGE_SIZE, (page - 1) * CONSOLE_PAGE_SIZE);
  const labels = await sessionLabels(
    db,
    rows.map((r) => r.bookingId),
  );
  const items = rows.map((r) => ({
    ...r,
    courseTitle: labels.get(r.bookingId)!.courseTitle,
    sessionStartsAt: labels.get(r.bookingId)!.startsAt,
  }));
  return {
    items: items.map((row) => ({
      ...toWorkspace(row),
      sharkId: row.sharkId,
      sharkName: row.sharkName,
      openReports: row.openReports,
      reports: reports
        .filter((r) => r.reviewId === row.id)
        .map((r) => ({ reason: r.reason, at: r.at.toISOString() })),
    })),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
    total,
  };
}

/**
 * An admin hides a review (it leaves the profile and the average) or publishes it again, with a reason: the
 * reports are resolved, the action audited and the learner told by mail, all in one transaction.
 */
export async function moderateReview(
  db: Db,
  ctx: MailContext,
  actorId: string,
  reviewId: string,
  input: { hidden: boolean; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await repo.lockReview(tx, reviewId);
    if (!locked) throw notFound(REVIEW_MSG.reviewNotFound);
    if (input.hidden && locked.hiddenAt) throw conflict(REVIEW_MSG.alreadyHidden, ERROR_CODE.alreadyHidden);
    if (!input.hidden && !locked.hiddenAt) throw conflict(REVIEW_MSG.notHidden, ERROR_CODE.notHidden);
    const at = now();
    const reason = input.reason.trim();
    await repo.setHidden(tx, reviewId, input.hidden ? { at, reason } : null);
    await repo.resolveReports(tx, reviewId, at);
    const review = (await repo.findReview(tx, reviewId))!;
    const booking = (await findSessionForReview(tx, review.bookingId))!;
    await recordAudit(tx, {
      actorId,
      action: input.hidden ? 'review.hide' : 'review.unhide',
      targetType: 'review',
      targetId: reviewId,
      reason,
      details: { sharkId: review.sharkId, sharkName: booking.sharkName, rating: review.rating },
    });
    const to = await repo.learnerEmail(tx, review.userId);
    if (to)
      await ctx.mailer.enqueue(tx, {
        to,
        template: 'review-moderated',
        data: {
          sharkName: booking.sharkName,
          hidden: input.hidden,
          reason,
          link: input.hidden
            ? `${ctx.appOrigin}${paths.contact}`
            : `${ctx.appOrigin}${paths.sharks.profile(review.sharkId)}?tab=reviews`,
        },
      });
    if (!input.hidden) await tellWaitingLearners(tx, ctx, review.sharkId, booking.sharkName);
  });
}

// ---- The invitation job ---------------------------------------------------------------

/** The start of the app clock's today in the zone, as an instant. */
const startOfToday = (timeZone: string) =>
  new Date(
    Temporal.Instant.fromEpochMilliseconds(now().getTime()).toZonedDateTimeISO(timeZone).startOfDay()
      .epochMilliseconds,
  );

/**
 * The daily invitation (job `review-invitations`): every session completed before today and still in its
 * window, not yet reviewed, is invited once; the invitation rows and the mails commit together.
 */
export async function sendReviewInvitations(db: Db, ctx: MailContext, timeZone: string): Promise<number> {
  const before = startOfToday(timeZone);
  const since = addDays(now(), -REVIEW_RULES.windowDays);
  let sent = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const candidates = await sessionsAwaitingReviewInvitation(tx, before, since, 200);
      const taken = await repo.takeInvitations(
        tx,
        candidates.map((d) => d.bookingId),
      );
      const due = candidates.filter((d) => taken.has(d.bookingId));
      for (const d of due)
        await ctx.mailer.enqueue(tx, {
          to: d.email,
          template: 'review-invitation',
          data: {
            sharkName: d.sharkName,
            courseTitle: d.courseTitle,
            days: REVIEW_RULES.windowDays,
            link: `${ctx.appOrigin}${paths.user.review(d.bookingId)}`,
          },
        });
      return due.length;
    });
    sent += batch;
    if (batch < 200) return sent;
  }
}

// ---- The data export ------------------------------------------------------------------

/** The reviews the account wrote (hidden ones too), as its own review page shows them. */
export async function listReviewsByAuthor(db: DbOrTx, userId: string): Promise<OwnReview[]> {
  return (await labelled(db, await repo.listByAuthor(db, userId))).map(toOwn);
}
