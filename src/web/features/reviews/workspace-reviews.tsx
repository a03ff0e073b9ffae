// The shark's reviews in the workspace: the summary and every review (hidden ones marked with the reason), each
// with a form for the one public reply.
import { useState } from 'react';
import { reviewReplySchema, type ReviewReplyInput, type WorkspaceReview } from '#shared/reviews.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useReplyToReview, useWorkspaceReviews } from './api';
import { ReviewCard } from './review-card';
import { ReviewSummaryPanel } from './reviews-tab';

function ReplyForm({ review, sharkId }: { review: WorkspaceReview; sharkId?: string }) {
  const [open, setOpen] = useState(false);
  const reply = useReplyToReview(sharkId);
  const toast = useToast();
  const form = useApiForm<ReviewReplyInput>({
    schema: reviewReplySchema,
    defaultValues: { body: '' },
    fields: ['body'],
    onSubmit: async ({ body }) => {
      const res = await reply.mutateAsync({ reviewId: review.id, body });
      toast(res.message, 'success');
      setOpen(false);
    },
  });
  if (!open)
    return (
      <button
        type="button"
        className="btn-ghost w-fit py-1.5"
        aria-label={`Reply to the review by ${review.authorName}`}
        onClick={() => setOpen(true)}
      >
        Reply
      </button>
    );
  return (
    <Form
      form={form}
      className="flex flex-col gap-2"
      aria-label={`Reply to the review by ${review.authorName}`}
    >
      <FormAlert>{form.formError}</FormAlert>
      <TextAreaField
        label="Your public reply (one per review; it cannot be changed)"
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <div className="flex gap-2">
        <SubmitButton
          className="btn-primary py-1.5"
          pending={form.formState.isSubmitting}
          pendingLabel="Publishing…"
        >
          Publish reply
        </SubmitButton>
        <button type="button" className="btn-ghost py-1.5" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function WorkspaceReviews({ sharkId, sharkName }: { sharkId?: string; sharkName: string }) {
  const reviews = useWorkspaceReviews(sharkId);
  if (reviews.isPending) return <Spinner label="Loading reviews" />;
  if (reviews.isError)
    return <ErrorState message={errorMessage(reviews.error)} onRetry={() => void reviews.refetch()} />;
  const [first] = reviews.data.pages;
  const items = reviews.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <EmptyState title="No reviews yet">
        Learners are invited to review the day after a completed session. Their reviews appear here, and you
        can reply to each once.
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-4">
      <ReviewSummaryPanel summary={first.summary} />
      <ul className="flex flex-col gap-4" aria-label="Your reviews">
        {items.map((review) => (
          <li key={review.id}>
            <ReviewCard
              review={review}
              sharkName={sharkName}
              badge={
                review.hidden ? (
                  <span className="rounded-full border border-danger-400/40 px-2 py-0.5 text-xs text-danger-400">
                    Hidden by our team
                  </span>
                ) : null
              }
            >
              {review.hidden && review.hiddenReason ? (
                <p className="text-sm text-danger-400">Hidden: {review.hiddenReason}</p>
              ) : null}
              {review.reply ? null : <ReplyForm review={review} sharkId={sharkId} />}
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
