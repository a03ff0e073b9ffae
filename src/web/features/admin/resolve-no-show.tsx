// "Resolve" on a reported no-show in the console's Sessions list (decision 053): the admin rules that the no-show
// stands or that the session took place, with a reason both sides are mailed. The dialog's trigger gets the
// focus back when it closes.
import { useId, useState } from 'react';
import {
  NO_SHOW_OUTCOMES,
  NO_SHOW_OUTCOME_CHOICE,
  resolveNoShowSchema,
  type ResolveNoShowInput,
} from '#shared/sessions.ts';
import { FieldError, TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useResolveNoShow } from './console-api';

export function ResolveNoShowDialog({
  bookingId,
  subject,
  reportedBy,
}: {
  bookingId: string;
  /** What the session is, for the button's and the dialog's names ("Web Pentesting on 2026-12-03 18:00"). */
  subject: string;
  reportedBy: 'learner' | 'shark';
}) {
  const [open, setOpen] = useState(false);
  const resolve = useResolveNoShow();
  const toast = useToast();
  const id = useId();
  const form = useApiForm<ResolveNoShowInput>({
    schema: resolveNoShowSchema,
    defaultValues: { reason: '' },
    fields: ['outcome', 'reason'],
    onSubmit: async (values) => {
      const res = await resolve.mutateAsync({ id: bookingId, ...values });
      toast(res.message, 'success');
      form.reset();
      setOpen(false);
    },
  });
  const outcomeError = form.formState.errors.outcome?.message;
  const reported = reportedBy === 'learner' ? 'the shark' : 'the learner';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <button type="button" className="btn-ghost py-1.5" aria-label={`Resolve the no-show of ${subject}`}>
          Resolve
        </button>
      }
      title="Resolve the no-show"
      description={`The ${reportedBy} reported that ${reported} did not come to ${subject}. Both sides are mailed your ruling and reason; it is kept in the audit log.`}
    >
      <Form form={form} className="flex flex-col gap-4" aria-label="Resolve the no-show">
        <FormAlert>{form.formError}</FormAlert>
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={outcomeError ? true : undefined}
          aria-describedby={outcomeError ? `${id}-outcome-error` : undefined}
        >
          <legend className="label">Outcome</legend>
          {NO_SHOW_OUTCOMES.map((outcome) => (
            <label key={outcome} className="flex items-center gap-2 text-sm text-ink-100">
              <input type="radio" value={outcome} {...form.register('outcome')} />
              {NO_SHOW_OUTCOME_CHOICE[outcome]}
            </label>
          ))}
          <FieldError id={`${id}-outcome-error`} message={outcomeError} />
        </fieldset>
        <TextAreaField
          id={`${id}-reason`}
          label="Reason (mailed to both sides)"
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Cancel</ModalClose>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
            Resolve the no-show
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
