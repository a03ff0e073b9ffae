// The clients' verified reviews on a freelancer's public profile (decision 182): each from a completed
// engagement, with the client's name, as a shark's reviews show the learner's.
import type { EngagementReview } from '#shared/engagement-reviews.ts';
import { ENGAGEMENT_REVIEW_MSG } from '#shared/engagement-reviews.ts';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';
import { formatDate } from '#web/lib/format.ts';

export function FreelancerReviews({ reviews }: { reviews: EngagementReview[] }) {
  return (
    <section aria-labelledby="fl-reviews" className="glass p-5 sm:p-6">
      <h2 id="fl-reviews" className="text-lg font-semibold text-ink-100">
        {ENGAGEMENT_REVIEW_MSG.heading}
      </h2>
      {reviews.length === 0 ? (
        <p className="muted mt-2 text-sm">{FREELANCER_MSG.noReviews}.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-4" aria-label={ENGAGEMENT_REVIEW_MSG.heading}>
          {reviews.map((r, i) => (
            <li
              key={`${r.createdAt}-${i}`}
              className="border-t border-white/10 pt-3 first:border-0 first:pt-0"
            >
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-warning-400" role="img" aria-label={`${r.rating} out of 5 stars`}>
                  {'★'.repeat(r.rating)}
                  <span className="text-ink-500">{'★'.repeat(5 - r.rating)}</span>
                </span>
                <span className="font-medium text-ink-100">{r.clientName}</span>
                <span className="rounded-full border border-success-400/40 px-2 py-0.5 text-xs text-success-400">
                  {ENGAGEMENT_REVIEW_MSG.verified}
                </span>
                <span className="text-ink-400">{formatDate(r.createdAt.slice(0, 10))}</span>
              </p>
              <p className="mt-1 text-sm whitespace-pre-line text-ink-200">{r.body}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
