// Shown at /sessions/:id/review: the learner reviews a completed session (or edits the review for 7 days). Anyone else
// gets "Session not found." from the API.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { REVIEW_MSG, REVIEW_RULES } from '#shared/reviews.ts';
import { SESSION_STATUS_LABEL, type SessionStatus } from '#shared/sessions.ts';
import { paths } from '#shared/routes.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useSessionReview } from '#web/features/reviews/api.ts';
import { ReviewCard } from '#web/features/reviews/review-card.tsx';
import { ReviewForm } from '#web/features/reviews/review-form.tsx';

/**
 * `nextSteps`: what the page offers once the review is published (issue 25): booking this shark again, and
 * following them (the follow button belongs to another feature, so the page passes it in).
 */
export function SessionReview({
  nextSteps,
}: {
  nextSteps?: (shark: { id: string; name: string }) => ReactNode;
}) {
  const { id = '' } = useParams();
  const state = useSessionReview(id);

  if (state.isPending)
    return (
      <div className="container-page py-10">
        <Spinner label="Loading your session" />
      </div>
    );
  if (state.isError) {
    const missing = state.error instanceof ApiError && state.error.status === 404;
    return (
      <div className="container-page py-10">
        {missing ? (
          <EmptyState
            level={1}
            title={errorMessage(state.error)}
            action={
              <Link to={paths.user.bookings} className="btn-primary">
                My bookings
              </Link>
            }
          />
        ) : (
          <ErrorState level={1} message={errorMessage(state.error)} onRetry={() => void state.refetch()} />
        )}
      </div>
    );
  }
  const s = state.data;
  const status = SESSION_STATUS_LABEL[s.session.status as SessionStatus] ?? s.session.status;
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Review</p>
        <h1 className="heading-2 mt-1">
          {s.review ? 'Your review' : 'Review your session'}: {s.session.courseTitle}
        </h1>
        <p className="muted mt-2">
          With{' '}
          <Link to={paths.sharks.profile(s.session.sharkId)} className="text-accent-300 hover:underline">
            {s.session.sharkName}
          </Link>{' '}
          · {formatDateTime(s.session.startsAt)} · {status}
        </p>
      </header>
      {s.review && !s.review.hidden ? (
        <section
          aria-labelledby="review-thanks"
          data-testid="review-thanks"
          className="glass flex flex-col gap-3 border-accent-400/40 p-5 sm:p-6"
        >
          <h2 id="review-thanks" className="text-lg font-semibold text-ink-100">
            {REVIEW_MSG.thanks(s.session.sharkName)}
          </h2>
          <p className="muted text-sm">{REVIEW_MSG.nextStep}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.sharks.profile(s.session.sharkId)} className="btn-primary">
              Book again with {s.session.sharkName}
            </Link>
            {nextSteps?.({ id: s.session.sharkId, name: s.session.sharkName })}
          </div>
        </section>
      ) : null}
      {s.closedReason ? <FormAlert tone="info">{s.closedReason}</FormAlert> : null}
      {s.canCreate ? (
        <p className="muted text-sm">
          Your review is public, signed with your first name and initial, and marked as a verified session.
          You can write it until {formatDateTime(s.reviewableUntil)} and edit it for{' '}
          {REVIEW_RULES.editableDays} days.
        </p>
      ) : null}
      {s.review && s.canEdit ? (
        <p className="muted text-sm">
          You can edit your review until {formatDateTime(s.review.editableUntil)}.
        </p>
      ) : null}
      {s.canCreate || s.canEdit ? (
        <section className="glass p-5 sm:p-6">
          <ReviewForm
            key={s.review?.editedAt ?? s.review?.createdAt ?? 'new'}
            bookingId={s.session.id}
            review={s.review}
          />
        </section>
      ) : null}
      {s.review ? (
        <section aria-labelledby="published-heading" className="flex flex-col gap-3">
          <h2 id="published-heading" className="text-lg font-semibold">
            {s.review.hidden ? 'Your review (hidden by our team)' : 'As learners see it'}
          </h2>
          {s.review.hidden && s.review.hiddenReason ? (
            <FormAlert tone="error">Hidden: {s.review.hiddenReason}</FormAlert>
          ) : null}
          <ReviewCard review={s.review} sharkName={s.session.sharkName} />
        </section>
      ) : null}
    </div>
  );
}
