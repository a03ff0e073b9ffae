// An admin action that needs a reason (reject, unpublish, suspend): a button that opens a small form; the
// reason is mailed to the person concerned and kept in the audit log.
import { useId, useState } from 'react';
import { reasonSchema, type ReasonInput } from '#shared/admin.ts';
import { TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';

export function ReasonAction({
  label,
  confirmLabel,
  subject,
  onConfirm,
}: {
  /** The button that opens the form, e.g. "Reject". */
  label: string;
  /** The submit button, e.g. "Reject the application". */
  confirmLabel: string;
  /** Who or what it is about, for screen readers ("Reject Neha Gupta"). */
  subject: string;
  /** Runs the action; resolves to the server's message, shown as a toast. */
  onConfirm: (reason: string) => Promise<{ message: string }>;
}) {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const id = useId();
  const form = useApiForm<ReasonInput>({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    onSubmit: async ({ reason }) => {
      const res = await onConfirm(reason);
      toast(res.message, 'success');
      form.reset();
      setOpen(false);
    },
  });
  if (!open)
    return (
      <button
        type="button"
        className="btn-ghost py-1.5"
        aria-label={`${label} ${subject}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
    );
  return (
    <Form form={form} className="mt-2 flex w-full flex-col gap-2" aria-label={`${label} ${subject}`}>
      <FormAlert>{form.formError}</FormAlert>
      <TextAreaField
        id={`${id}-reason`}
        label="Reason (mailed and kept in the audit log)"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex gap-2">
        <SubmitButton
          className="btn-primary py-1.5"
          pending={form.formState.isSubmitting}
          pendingLabel="Saving..."
        >
          {confirmLabel}
        </SubmitButton>
        <button type="button" className="btn-ghost py-1.5" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
