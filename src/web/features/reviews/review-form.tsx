// The learner's review of a completed session: an overall rating, the rubric (knowledge, preparation, clarity) and
// a text of 20 to 2,000 characters; the same form edits it for 7 days.
import { Controller } from 'react-hook-form';
import {
  REVIEW_RUBRIC,
  REVIEW_RUBRIC_LABEL,
  REVIEW_RULES,
  reviewInputSchema,
  type OwnReview,
  type ReviewInput,
} from '#shared/reviews.ts';
import { TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useSaveReview } from './api';
import { StarInput } from './stars';

type Values = Partial<Omit<ReviewInput, 'body'>> & { body: string };

export function ReviewForm({ bookingId, review }: { bookingId: string; review: OwnReview | null }) {
  const save = useSaveReview(bookingId);
  const toast = useToast();
  const form = useApiForm<Values, ReviewInput>({
    schema: reviewInputSchema as never,
    defaultValues: review
      ? {
          rating: review.rating,
          knowledge: review.knowledge,
          preparation: review.preparation,
          clarity: review.clarity,
          body: review.body,
        }
      : { body: '' },
    fields: ['rating', 'knowledge', 'preparation', 'clarity', 'body'],
    onSubmit: async (input) => {
      const res = await save.mutateAsync({ input, edit: review !== null });
      toast(res.message, 'success');
    },
  });
  const errors = form.formState.errors;
  const length = form.watch('body')?.trim().length ?? 0;
  return (
    <Form
      form={form}
      className="flex flex-col gap-5"
      aria-label={review ? 'Edit your review' : 'Write your review'}
    >
      <FormAlert>{form.formError}</FormAlert>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarInput
            name="rating"
            legend="Overall rating"
            value={field.value === undefined ? undefined : Number(field.value)}
            onChange={field.onChange}
            error={errors.rating?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {REVIEW_RUBRIC.map((key) => (
          <Controller
            key={key}
            control={form.control}
            name={key}
            render={({ field }) => (
              <StarInput
                name={key}
                legend={REVIEW_RUBRIC_LABEL[key]}
                value={field.value === undefined ? undefined : Number(field.value)}
                onChange={field.onChange}
                error={errors[key]?.message}
              />
            )}
          />
        ))}
      </div>
      <TextAreaField
        label="Your review"
        hint={`${length} / ${REVIEW_RULES.maxLength.toLocaleString('en-US')} characters (at least ${REVIEW_RULES.minLength}). What did you learn? How was the session run?`}
        keepHint
        inputClassName="input min-h-40 resize-y"
        error={errors.body?.message}
        {...form.register('body')}
      />
      <SubmitButton
        pending={form.formState.isSubmitting}
        pendingLabel="Publishing…"
        className="btn-primary w-fit"
      >
        {review ? 'Save changes' : 'Publish review'}
      </SubmitButton>
    </Form>
  );
}
