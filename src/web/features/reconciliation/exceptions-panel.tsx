// The reconciliation's exceptions (issue 24, decision 145), a section of the admin's finance console: what the
// daily comparison of the provider's payments with the ledger found, open ones first (oldest first: the work
// list), each resolved with a note in a dialog; resolved ones with who resolved them, when and why.
import { useId, useState } from 'react';
import {
  RECONCILIATION_KIND_LABEL,
  RECONCILIATION_MSG,
  resolveExceptionSchema,
  type ReconciliationException,
  type ReconciliationStatus,
  type ResolveExceptionInput,
} from '#shared/reconciliation.ts';
import { formatPaise } from '#shared/money.ts';
import { Pager } from '#web/components/console-ui.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { TextAreaField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { useExceptions, useResolveException } from './api';

const STATUS_CHOICES: { value: ReconciliationStatus; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

const amount = (paise: number | null) => (paise === null ? '—' : formatPaise(paise));

export function ExceptionsPanel() {
  const [status, setStatus] = useState<ReconciliationStatus>('open');
  const [page, setPage] = useState(1);
  const list = useExceptions(status, page);
  return (
    <section aria-labelledby="reconciliation-title" className="glass p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="reconciliation-title" className="text-lg font-semibold text-ink-100">
            Reconciliation exceptions
          </h2>
          <p className="muted mt-1 text-sm">
            Every night the provider&apos;s payments of the day before are compared with the bookings&apos;
            payments and the ledger. Look into each difference, then resolve it with a note.
          </p>
        </div>
        {list.data ? (
          <p className="text-sm text-ink-300" aria-live="polite">
            {list.data.open} open
          </p>
        ) : null}
      </div>
      <div role="group" aria-label="Show exceptions" className="mt-4 flex gap-2">
        {STATUS_CHOICES.map((c) => (
          <button
            key={c.value}
            type="button"
            aria-pressed={status === c.value}
            className={status === c.value ? 'btn-primary py-1.5' : 'btn-ghost py-1.5'}
            onClick={() => {
              setStatus(c.value);
              setPage(1);
            }}
          >
            {c.label}
          </button>
        ))}
      </div>
      <div className="mt-4">
        {list.isPending ? (
          <Spinner label="Loading the exceptions" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <p className="muted text-sm">
            {status === 'open' ? RECONCILIATION_MSG.noneOpen : RECONCILIATION_MSG.noneResolved}
          </p>
        ) : (
          <>
            <ul
              className="flex flex-col divide-y divide-white/10"
              aria-label={status === 'open' ? 'Open exceptions' : 'Resolved exceptions'}
            >
              {list.data.items.map((e) => (
                <ExceptionRow key={e.id} exception={e} />
              ))}
            </ul>
            <Pager
              page={page}
              total={list.data.total}
              pageSize={list.data.pageSize}
              onPage={setPage}
              label="Exception pages"
            />
          </>
        )}
      </div>
    </section>
  );
}

function ExceptionRow({ exception: e }: { exception: ReconciliationException }) {
  const label = RECONCILIATION_KIND_LABEL[e.kind];
  return (
    <li className="flex flex-col gap-2 py-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-full border px-2 py-0.5 text-xs ${
            e.resolvedAt ? 'border-white/15 text-ink-300' : 'border-warning-400/40 text-warning-400'
          }`}
        >
          {label}
        </span>
        <span className="muted text-xs">Day {formatDate(e.day)}</span>
      </div>
      <p className="wrap-anywhere text-ink-100">{e.summary}</p>
      {e.providerAmountPaise !== null || e.ledgerAmountPaise !== null ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:flex sm:gap-6">
          <div>
            <dt className="muted">Provider</dt>
            <dd className="font-mono text-ink-100">{amount(e.providerAmountPaise)}</dd>
          </div>
          <div>
            <dt className="muted">Ledger</dt>
            <dd className="font-mono text-ink-100">{amount(e.ledgerAmountPaise)}</dd>
          </div>
        </dl>
      ) : null}
      <p className="muted text-xs">Found {formatDateTime(e.foundAt)}</p>
      {e.resolvedAt ? (
        <p className="text-ink-300">
          Resolved by {e.resolvedByEmail ?? 'a former admin'} on {formatDateTime(e.resolvedAt)}:{' '}
          <span className="wrap-anywhere whitespace-pre-wrap text-ink-100">{e.resolutionNote}</span>
        </p>
      ) : (
        <div>
          <ResolveDialog exception={e} label={label} />
        </div>
      )}
    </li>
  );
}

function ResolveDialog({ exception, label }: { exception: ReconciliationException; label: string }) {
  const [open, setOpen] = useState(false);
  const resolve = useResolveException();
  const toast = useToast();
  const id = useId();
  const form = useApiForm<ResolveExceptionInput>({
    schema: resolveExceptionSchema,
    defaultValues: { note: '' },
    fields: ['note'],
    onSubmit: async ({ note }) => {
      const res = await resolve.mutateAsync({ id: exception.id, note });
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
          className="btn-ghost py-1.5"
          aria-label={`Resolve: ${label} of ${formatDate(exception.day)}`}
        >
          Resolve
        </button>
      }
      title="Resolve the exception"
      description={`${label}: ${exception.summary} Write what you found and did; the note is kept with the exception and in the audit log.`}
    >
      <Form form={form} className="flex flex-col gap-4" aria-label="Resolve the exception">
        <FormAlert>{form.formError}</FormAlert>
        <TextAreaField
          id={`${id}-note`}
          label="Note"
          error={form.formState.errors.note?.message}
          {...form.register('note')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Cancel</ModalClose>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
            Resolve the exception
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
