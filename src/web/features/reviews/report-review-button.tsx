// "Report" under a published review: anyone signed in gives a reason, once; a visitor is asked to log in first.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { reviewReasonSchema, type ReviewReasonInput } from '#shared/reviews.ts';
import { paths } from '#shared/routes.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useReportReview } from './api';

export function ReportReviewButton({ reviewId, authorName }: { reviewId: string; authorName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const report = useReportReview();
  const toast = useToast();
  const form = useApiForm<ReviewReasonInput>({
    schema: reviewReasonSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    onSubmit: async ({ reason }) => {
      const res = await report.mutateAsync({ reviewId, reason });
      toast(res.message, 'success');
      form.reset();
      setOpen(false);
    },
  });

  if (!session.isSignedIn)
    return (
      <button
        type="button"
        className="btn-ghost w-fit py-1 text-xs"
        onClick={() =>
          navigate(
            `${paths.login.portal('user')}?next=${encodeURIComponent(location.pathname + location.search)}`,
          )
        }
      >
        Report
      </button>
    );
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="btn-ghost w-fit py-1 text-xs"
          aria-label={`Report the review by ${authorName}`}
        >
          Report
        </button>
      }
      title="Report this review"
      description="Tell our team what is wrong with it (abuse, personal data, not about the session). We read every report."
    >
      <Form form={form} className="flex flex-col gap-3" aria-label="Report this review">
        <FormAlert>{form.formError}</FormAlert>
        <TextAreaField
          label="Reason"
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Cancel</ModalClose>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending…">
            Send report
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
