// One review as every list shows it: the learner's first name and initial, the verified-session mark, the course
// and month of the session, the rating and rubric, the text, and the shark's reply under it.
import type { ReactNode } from 'react';
import { REVIEW_MSG, REVIEW_RUBRIC, REVIEW_RUBRIC_LABEL, type PublicReview } from '#shared/reviews.ts';
import { dateTimeFormat, formatDayOf } from '#web/lib/format.ts';
import { Stars } from './stars';

/** "November 2026" from "2026-11". */
export const formatMonth = (month: string) =>
  dateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export function ReviewCard({
  review,
  sharkName,
  badge,
  children,
}: {
  review: PublicReview;
  sharkName: string;
  /** A state to show beside the name (hidden, for the shark and admins). */
  badge?: ReactNode;
  /** Actions under the review (report, reply, hide). */
  children?: ReactNode;
}) {
  return (
    <article
      className="glass flex flex-col gap-3 p-5"
      aria-label={`Review by ${review.authorName}, ${review.rating} out of 5`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink-100">{review.authorName}</span>
          {review.verified ? (
            <span className="rounded-full border border-success-400/40 px-2 py-0.5 text-xs text-success-400">
              ✓ {REVIEW_MSG.verified}
            </span>
          ) : null}
          {badge}
        </div>
        <Stars value={review.rating} />
      </header>
      <p className="muted text-sm">
        {review.courseTitle} · session in {formatMonth(review.sessionMonth)}
        {review.editedAt ? ' · edited' : ''}
      </p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {REVIEW_RUBRIC.map((key) => (
          <div key={key} className="flex items-center gap-1">
            <dt className="text-ink-300">{REVIEW_RUBRIC_LABEL[key]}</dt>
            <dd className="font-semibold text-ink-100">{review[key]}/5</dd>
          </div>
        ))}
      </dl>
      <p className="leading-relaxed break-words whitespace-pre-line text-ink-100">{review.body}</p>
      {review.reply ? (
        <div className="rounded-xl border-l-2 border-accent-400 bg-ink-950/40 px-4 py-3 text-sm">
          <p className="font-semibold text-accent-300">
            Reply from {sharkName} · {formatDayOf(review.reply.at)}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink-100">{review.reply.body}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
