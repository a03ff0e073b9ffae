// The client's review of the freelancer on a completed engagement (decision 182): the form once, then the
// review as written. The freelancer and admins see it too; before completion nothing is shown.
import { useId, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENGAGEMENT_REVIEW_MSG,
  engagementReviewInputSchema,
  type EngagementReview as Review,
} from '#shared/engagement-reviews.ts';
import type { Engagement } from '#shared/engagements.ts';
import { REVIEW_RULES } from '#shared/reviews.ts';
import { FieldError } from '#web/components/form/field.tsx';
import { useToast } from '#web/components/toast.tsx';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { engagementKeys } from '#web/features/query-keys/keys.ts';

const url = (id: string) => `/api/engagements/${encodeURIComponent(id)}/review`;
const reviewQuery = (id: string) =>
  queryOptions({
    queryKey: engagementKeys.review(id),
    queryFn: () => api.get<{ review: Review | null }>(url(id)),
  });

export function EngagementReview({ engagement: e }: { engagement: Engagement }) {
  const id = useId();
  const query = useQuery({ ...reviewQuery(e.id), enabled: e.status === 'completed' });
  if (e.status !== 'completed' || !query.data) return null;
  const review = query.data.review;
  return (
    <section aria-labelledby={`${id}-title`} className="glass flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="font-semibold text-ink-100">
        {e.viewer === 'client' ? ENGAGEMENT_REVIEW_MSG.title : 'Client review'}
      </h2>
      {review ? (
        <div className="text-sm" data-testid="engagement-review">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-warning-400" role="img" aria-label={`${review.rating} out of 5 stars`}>
              {'★'.repeat(review.rating)}
              <span className="text-ink-500">{'★'.repeat(5 - review.rating)}</span>
            </span>
            <span className="font-medium text-ink-100">{review.clientName}</span>
            <span className="text-ink-400">{formatDate(review.createdAt.slice(0, 10))}</span>
          </p>
          <p className="mt-1 whitespace-pre-line text-ink-200">{review.body}</p>
        </div>
      ) : e.viewer === 'client' ? (
        <ReviewForm engagementId={e.id} freelancerName={e.freelancer.name} />
      ) : (
        <p className="text-sm text-ink-300">The client has not reviewed this engagement yet.</p>
      )}
    </section>
  );
}

function ReviewForm({ engagementId, freelancerName }: { engagementId: string; freelancerName: string }) {
  const id = useId();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(null);
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; body?: string; form?: string }>({});
  // The thanks is said here, not in mutate's own callbacks: the refetched review replaces this form, and a
  // callback of an unmounted form's mutate never runs.
  const submit = useMutation({
    mutationFn: (v: { rating: number | null; body: string }) =>
      api.post<{ message: string }>(url(engagementId), v),
    onSuccess: (r) => toast(r.message, 'success'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.all }),
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(ev) => {
        ev.preventDefault();
        const parsed = engagementReviewInputSchema.safeParse({ rating: rating ?? undefined, body });
        if (!parsed.success) {
          const next: typeof errors = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] === 'rating' ? 'rating' : 'body';
            next[key] ??= issue.message;
          }
          return setErrors(next);
        }
        setErrors({});
        submit.mutate({ rating, body }, { onError: (err) => setErrors({ form: errorMessage(err) }) });
      }}
    >
      <p className="text-sm text-ink-300">
        How was your work with {freelancerName}? Your review is shown on their profile as a verified
        engagement.
      </p>
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-medium text-ink-100">Rating</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="inline-flex min-h-9 items-center gap-1 text-sm text-ink-200">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
              />
              {n} {n === 1 ? 'star' : 'stars'}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-rating-error`} message={errors.rating ?? null} />
      </fieldset>
      <label htmlFor={`${id}-body`} className="text-sm font-medium text-ink-100">
        Your review
      </label>
      <textarea
        id={`${id}-body`}
        className="input min-h-28"
        value={body}
        maxLength={REVIEW_RULES.maxLength}
        aria-invalid={errors.body ? true : undefined}
        aria-describedby={errors.body ? `${id}-body-error` : undefined}
        onChange={(ev) => setBody(ev.target.value)}
      />
      <FieldError id={`${id}-body-error`} message={errors.body ?? null} />
      <FieldError id={`${id}-form-error`} message={errors.form ?? null} />
      <div>
        <button type="submit" className="btn-primary" disabled={submit.isPending}>
          {submit.isPending ? 'Publishing...' : 'Publish review'}
        </button>
      </div>
    </form>
  );
}
