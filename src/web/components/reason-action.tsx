// An admin action that needs a reason (reject, unpublish, suspend, hide a review): a button that opens a small
// form; the reason is mailed to the person concerned and kept in the audit log. No data of its own (the caller's
// onConfirm makes the call), so the admin console and the reviews' moderation both use it from here.
import { useEffect, useId, useRef, useState } from 'react';
import { reasonSchema, type ReasonInput } from '#shared/admin.ts';
import { TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { useToast } from '#web/components/toast.tsx';
import { ancestorsOf, focusAfterDialog } from '#web/components/return-focus.ts';

const REASON_LABEL = 'Reason (mailed and kept in the audit log)';

export function ReasonAction(
  props: Parameters<typeof InlineReasonAction>[0] & {
    /**
     * A destructive action (unpublish, suspend, reject, hide): a danger-styled button opening a confirmation
     * dialog that says what happens (issue 25), instead of the inline form.
     */
    danger?: string;
  },
) {
  const { danger, ...rest } = props;
  return danger ? <DangerReasonAction {...rest} consequence={danger} /> : <InlineReasonAction {...rest} />;
}

function DangerReasonAction({
  label,
  confirmLabel,
  subject,
  onConfirm,
  consequence,
  reasonLabel = REASON_LABEL,
}: Parameters<typeof InlineReasonAction>[0] & { consequence: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toast = useToast();
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
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <button
          type="button"
          className="btn-ghost border-danger-400/40 py-1.5 text-danger-400"
          aria-label={`${label} ${subject}`}
        >
          {label}
        </button>
      }
      title={`${label} ${subject}?`}
      description={consequence}
    >
      <Form form={form} className="flex flex-col gap-3" aria-label={`${label} ${subject}`}>
        <FormAlert>{form.formError}</FormAlert>
        <TextAreaField
          id={`${id}-reason`}
          label={reasonLabel}
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Keep it</ModalClose>
          <SubmitButton className="btn-danger" pending={form.formState.isSubmitting} pendingLabel="Saving...">
            {confirmLabel}
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}

function InlineReasonAction({
  label,
  confirmLabel,
  subject,
  onConfirm,
  reasonLabel = REASON_LABEL,
}: {
  /** The button that opens the form, e.g. "Reject". */
  label: string;
  /** The submit button, e.g. "Reject the application". */
  confirmLabel: string;
  /** Who or what it is about, for screen readers ("Reject Neha Gupta"). */
  subject: string;
  /** Runs the action; resolves to the server's message, shown as a toast. */
  onConfirm: (reason: string) => Promise<{ message: string }>;
  /** The reason box's label, where the reason is not mailed as usual (decision 194). */
  reasonLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  // The form replaces its button and the button replaces the form, so focus would fall to <body> both ways:
  // opening moves it to the reason, closing (Cancel or done) back to the button that opened the form.
  const [moveFocus, setMoveFocus] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const toggle = (next: boolean) => {
    setOpen(next);
    setMoveFocus(true);
  };
  const close = () => toggle(false);
  useEffect(() => {
    if (!moveFocus) return;
    if (open) document.getElementById(`${id}-reason`)?.focus();
    else opener.current?.focus();
    setMoveFocus(false);
  }, [open, moveFocus, id]);
  // Done, the row may change so much that this action goes away (a suspended account offers "Unsuspend"):
  // focus then goes to the nearest control left where it was, not to <body>.
  const [place] = useState(() => ({ ancestors: [] as Element[] }));
  useEffect(() => {
    place.ancestors = ancestorsOf(opener.current ?? document.getElementById(`${id}-reason`));
  });
  useEffect(
    () => () => {
      if (document.activeElement === document.body)
        focusAfterDialog({ opener: null, ancestors: place.ancestors });
    },
    [place],
  );
  const toast = useToast();
  const form = useApiForm<ReasonInput>({
    schema: reasonSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    onSubmit: async ({ reason }) => {
      const res = await onConfirm(reason);
      toast(res.message, 'success');
      form.reset();
      close();
    },
  });
  if (!open)
    return (
      <button
        ref={opener}
        type="button"
        className="btn-ghost py-1.5"
        aria-label={`${label} ${subject}`}
        onClick={() => toggle(true)}
      >
        {label}
      </button>
    );
  return (
    <Form form={form} className="mt-2 flex w-full flex-col gap-2" aria-label={`${label} ${subject}`}>
      <FormAlert>{form.formError}</FormAlert>
      <TextAreaField
        id={`${id}-reason`}
        label={reasonLabel}
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
        <button type="button" className="btn-ghost py-1.5" onClick={close}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
