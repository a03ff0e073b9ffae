// The session's actions that ask something first, each in an accessible dialog opened by its own button
// (focus goes back to that button when the dialog closes): decline or cancel with a reason, report a
// no-show with a note, propose a new time from the shark's free slots (same hours).
import { formatPaise } from '#shared/money.ts';
import { useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  noShowSchema,
  rescheduleSchema,
  sessionReasonSchema,
  type NoShowInput,
  type RescheduleInput,
  type SessionDetail,
  type SessionReasonInput,
} from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { TextAreaField } from '#web/components/form/field.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useSlots } from '#web/features/slots/api.ts';
import { SlotPicker } from '#web/features/slots/slot-picker.tsx';
import { useSessionAction } from './api';

type Done = (message: string) => void;

/** A dialog with a single text box (reason or note) that runs one action. */
function TextActionDialog<A extends 'decline' | 'cancel' | 'reportNoShow'>({
  session,
  action,
  field,
  triggerLabel,
  triggerClass,
  title,
  description,
  label,
  submitLabel,
  pendingLabel,
  children,
  onDone,
}: {
  session: SessionDetail;
  action: A;
  field: 'reason' | 'note';
  triggerLabel: string;
  triggerClass: string;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  children?: ReactNode;
  onDone: Done;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const mutation = useSessionAction(session.id);
  const form = useApiForm<SessionReasonInput & NoShowInput, Record<string, string>>({
    schema: field === 'reason' ? sessionReasonSchema : noShowSchema,
    fields: [field],
    defaultValues: { reason: '', note: '' },
    onSubmit: async (values) => {
      const text = values[field];
      const result =
        action === 'reportNoShow'
          ? await mutation.mutateAsync({ action: 'reportNoShow', body: { note: text } })
          : await mutation.mutateAsync({ action, body: { reason: text } } as {
              action: 'decline' | 'cancel';
              body: SessionReasonInput;
            });
      setOpen(false);
      form.reset();
      onDone(result.message);
    },
  });
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      form.setFormError(null);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <button type="button" className={triggerClass}>
          {triggerLabel}
        </button>
      }
      title={title}
      description={description}
    >
      {children}
      <Form form={form} className="flex flex-col gap-4">
        <TextAreaField
          id={`${id}-${field}`}
          label={label}
          error={form.formState.errors[field]?.message}
          {...form.register(field)}
        />
        <FormAlert>{form.formError}</FormAlert>
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Keep it</ModalClose>
          <SubmitButton
            className="btn-danger"
            pending={form.formState.isSubmitting}
            pendingLabel={pendingLabel}
          >
            {submitLabel}
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}

export function DeclineDialog({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  return (
    <TextActionDialog
      session={session}
      action="decline"
      field="reason"
      triggerLabel="Decline"
      triggerClass="btn-ghost"
      title="Decline this request?"
      description="The learner is told, with your reason, and the time is freed."
      label="Reason"
      submitLabel="Decline request"
      pendingLabel="Declining…"
      onDone={onDone}
    />
  );
}

/**
 * A learner cancelling an accepted session after the free window is warned first: it is recorded as late.
 * A request the shark has not accepted yet is withdrawn, never late (issue 25): the learner's button, dialog and
 * answer speak of withdrawing the request, not of cancelling a session (issue 43). The action is the same
 * `cancel`, with the same refund.
 */
export function CancelDialog({ session, now, onDone }: { session: SessionDetail; now: Date; onDone: Done }) {
  const withdraw = session.viewer === 'learner' && session.status === 'requested';
  const late =
    session.viewer === 'learner' &&
    session.status === 'confirmed' &&
    now > new Date(session.freeCancellationUntil);
  const verb = withdraw ? 'Withdrawing' : 'Cancelling';
  return (
    <TextActionDialog
      session={session}
      action="cancel"
      field="reason"
      triggerLabel={withdraw ? 'Withdraw request' : 'Cancel session'}
      triggerClass="btn-ghost border-danger-400/40 text-danger-400"
      title={withdraw ? 'Withdraw this request?' : 'Cancel this session?'}
      description={
        withdraw
          ? SESSION_MSG.withdrawRequest
          : 'The other side is told, with your reason, and the time is freed.'
      }
      label="Reason"
      submitLabel={withdraw ? 'Withdraw request' : 'Cancel session'}
      pendingLabel={`${verb}…`}
      onDone={onDone}
    >
      {late ? (
        <p
          role="alert"
          className="rounded-xl border border-warning-400/50 bg-warning-400/10 text-ink-100 px-4 py-3 text-sm"
        >
          {SESSION_MSG.lateCancellation(session.course.cancellationHours)}
        </p>
      ) : null}
      {session.payment?.cancelRefund ? (
        <p className="text-sm text-ink-100" data-testid="cancel-refund">
          {session.payment.cancelRefund.percent === 0
            ? `${verb} now refunds nothing.`
            : `${verb} now refunds ${formatPaise(session.payment.cancelRefund.amountPaise)} (${session.payment.cancelRefund.percent}%) to the original payment method.`}
        </p>
      ) : null}
    </TextActionDialog>
  );
}

export function NoShowDialog({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  const other = session.viewer === 'shark' ? 'the learner' : 'the shark';
  return (
    <TextActionDialog
      session={session}
      action="reportNoShow"
      field="note"
      triggerLabel="Report a no-show"
      triggerClass="btn-ghost"
      title="Report a no-show"
      description={`Tell us what happened if ${other} did not come. The other side sees your note.`}
      label="Note"
      submitLabel="Report no-show"
      pendingLabel="Reporting…"
      onDone={onDone}
    />
  );
}

/** Propose another free start of the shark's calendar, for the same number of hours. */
export function RescheduleDialog({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="btn-ghost">
          Propose a new time
        </button>
      }
      title="Propose a new time"
      description={`Pick a free time of ${session.shark.name}'s calendar for the same ${session.hours} ${
        session.hours === 1 ? 'hour' : 'hours'
      }. The other side accepts or declines it; until then the session stays where it is.`}
    >
      {open ? (
        <RescheduleForm
          session={session}
          onDone={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      ) : null}
    </Modal>
  );
}

function RescheduleForm({ session, onDone }: { session: SessionDetail; onDone: Done }) {
  const slots = useSlots(session.shark.id, session.hours);
  const mutation = useSessionAction(session.id);
  const form = useApiForm<RescheduleInput>({
    schema: rescheduleSchema,
    fields: ['startsAt'],
    defaultValues: { startsAt: '' },
    onSubmit: async (values) => {
      if (new Date(values.startsAt).getTime() === new Date(session.startsAt).getTime()) {
        form.setError('startsAt', { message: SESSION_MSG.rescheduleSameTime });
        return;
      }
      const result = await mutation.mutateAsync({ action: 'reschedule', body: values });
      onDone(result.message);
    },
  });
  const startsAt = useWatch({ control: form.control, name: 'startsAt' });
  return (
    <Form form={form} className="flex flex-col gap-4">
      {slots.data ? (
        <SlotPicker
          days={slots.data.days}
          sharkZone={slots.data.timeZone}
          value={startsAt}
          onChange={(v) => form.setValue('startsAt', v, { shouldValidate: !!v })}
          error={form.formState.errors.startsAt?.message}
        />
      ) : (
        <p className="muted text-sm" role="status">
          {slots.isError ? 'Could not load the free times.' : 'Loading free times…'}
        </p>
      )}
      <FormAlert>{form.formError}</FormAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <ModalClose>Keep the current time</ModalClose>
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Proposing…">
          Propose this time
        </SubmitButton>
      </div>
    </Form>
  );
}
