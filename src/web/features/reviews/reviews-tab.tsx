// The reviews tab of a shark's profile: the summary (average, count, star distribution, rubric), the published
// reviews newest first with Load More, and, while the shark has none, the empty state that keeps Notify Me.
import type { ReviewSummary } from '#shared/reviews.ts';
import { REVIEW_MSG, REVIEW_RUBRIC, REVIEW_RUBRIC_LABEL, ratingText } from '#shared/reviews.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { useSharkReviews } from './api';
import { NotifyMeButton } from './notify-me-button';
import { ReportReviewButton } from './report-review-button';
import { ReviewCard } from './review-card';
import { Stars } from './stars';

export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  if (summary.average === null) return null;
  const max = Math.max(1, ...summary.distribution);
  return (
    <section aria-label="Rating summary" className="glass grid gap-6 p-5 sm:grid-cols-[auto_1fr_auto]">
      <div className="flex flex-col items-start gap-1">
        <p className="text-4xl font-bold text-ink-100">{ratingText(summary.average)}</p>
        <Stars value={summary.average} />
        <p className="muted text-sm">{CATALOGUE_MSG.reviewCount(summary.count)}</p>
      </div>
      <ol className="flex flex-col gap-1 text-sm" aria-label="Stars given">
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = summary.distribution[stars - 1];
          return (
            <li key={stars} className="grid grid-cols-[3.5rem_1fr_2rem] items-center gap-2">
              <span className="text-ink-300">{stars} stars</span>
              <span className="h-2 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
                <span className="block h-full bg-warning-400" style={{ width: `${(n / max) * 100}%` }} />
              </span>
              <span className="text-right text-ink-100">{n}</span>
            </li>
          );
        })}
      </ol>
      <dl className="flex flex-col gap-1 text-sm">
        {REVIEW_RUBRIC.map((key) => {
          const v = summary.rubric[key];
          return (
            <div key={key} className="flex justify-between gap-4">
              <dt className="text-ink-300">{REVIEW_RUBRIC_LABEL[key]}</dt>
              <dd className="font-semibold text-ink-100">{v === null ? '–' : ratingText(v)}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

export function ReviewsTab({ sharkId, sharkName }: { sharkId: string; sharkName: string }) {
  const reviews = useSharkReviews(sharkId);
  if (reviews.isPending) return <Spinner label="Loading reviews" />;
  if (reviews.isError)
    return <ErrorState message={errorMessage(reviews.error)} onRetry={() => void reviews.refetch()} />;
  const [first] = reviews.data.pages;
  const items = reviews.data.pages.flatMap((p) => p.items);
  if (first.summary.count === 0)
    return (
      <EmptyState title="No reviews yet" action={<NotifyMeButton sharkId={sharkId} />}>
        {REVIEW_MSG.noReviews} Ask us to tell you when {sharkName} gets the first one.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <ReviewSummaryPanel summary={first.summary} />
      <ul className="flex flex-col gap-4" aria-label={`Reviews of ${sharkName}`}>
        {items.map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} sharkName={sharkName}>
              <ReportReviewButton reviewId={review.id} authorName={review.authorName} />
            </ReviewCard>
          </li>
        ))}
      </ul>
      {reviews.hasNextPage ? (
        <button
          type="button"
          className="btn-ghost mx-auto"
          onClick={() => void reviews.fetchNextPage()}
          disabled={reviews.isFetchingNextPage}
        >
          {reviews.isFetchingNextPage ? 'Loading…' : 'Load more reviews'}
        </button>
      ) : null}
    </div>
  );
}
