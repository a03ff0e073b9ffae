// The finance console's payouts (issue 24, decision 137): a period's batch, searchable and filtered by state;
// "Run payouts now" (the schedule runs it too; nobody is paid twice in a period); the bank-upload file, which
// marks the batch sent; and each manual payout marked paid with the bank's UTR, or failed with a reason the
// shark reads. A table on wide screens, a card each on a phone.
import { useId, useState } from 'react';
import {
  PAYOUT_STATUSES,
  PAYOUT_STATUS_LABEL,
  markPayoutFailedSchema,
  markPayoutPaidSchema,
  type AdminPayout,
  type PayoutStatus,
  payoutMethodText,
} from '#shared/payouts.ts';
import { formatPaise } from '#shared/money.ts';
import { Pager } from '#web/components/console-ui.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import {
  bankFileUrl,
  useAdminPayouts,
  useMarkPayoutFailed,
  useMarkPayoutPaid,
  useRunPayouts,
  type AdminPayoutQuery,
} from './api';
import { PayoutStatusBadge } from './payout-list';

const PAGE_SIZE = 20;

/** "Mark paid" (with the bank's UTR) and "Mark failed" (with a reason the shark reads): one form each. */
const STEPS = {
  paid: {
    field: 'utr',
    label: 'UTR (bank reference)',
    schema: markPayoutPaidSchema,
    title: 'Mark the payout paid',
    action: 'Mark paid',
    describe: (p: AdminPayout) =>
      `${formatPaise(p.amountPaise)} to ${p.payeeName} (${p.destination ?? ''}). Enter the bank's reference of the transfer; the shark is mailed it.`,
  },
  failed: {
    field: 'reason',
    label: 'Reason (mailed to the shark)',
    schema: markPayoutFailedSchema,
    title: 'Mark the payout failed',
    action: 'Mark failed',
    describe: (p: AdminPayout) =>
      `${formatPaise(p.amountPaise)} goes back to ${p.payeeName}'s available balance and out with the next payout. The shark is mailed your reason.`,
  },
} as const;

function PayoutStepDialog({ payout, step }: { payout: AdminPayout; step: keyof typeof STEPS }) {
  const s = STEPS[step];
  const [open, setOpen] = useState(false);
  const paid = useMarkPayoutPaid();
  const failed = useMarkPayoutFailed();
  const toast = useToast();
  const id = useId();
  const form = useApiForm<Record<string, string>>({
    schema: s.schema,
    defaultValues: { [s.field]: '' },
    fields: [s.field],
    onSubmit: async (values) => {
      const res =
        step === 'paid'
          ? await paid.mutateAsync({ id: payout.id, utr: values.utr })
          : await failed.mutateAsync({ id: payout.id, reason: values.reason });
      toast(res.message, 'success');
      setOpen(false);
    },
  });
  const Field = step === 'paid' ? TextField : TextAreaField;
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
          className={`btn-ghost py-1.5${step === 'failed' ? ' text-danger-400' : ''}`}
          aria-label={`Mark the payout to ${payout.payeeName} ${step}`}
        >
          {s.action}
        </button>
      }
      title={s.title}
      description={s.describe(payout)}
    >
      <Form form={form} className="flex flex-col gap-4" aria-label={s.title}>
        <FormAlert>{form.formError}</FormAlert>
        <Field
          id={`${id}-${s.field}`}
          label={s.label}
          autoComplete="off"
          error={form.formState.errors[s.field]?.message}
          {...form.register(s.field)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Cancel</ModalClose>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
            {s.action}
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}

/** What an admin may do to a payout: only manual ones still in the admin's hands. */
function Actions({ p }: { p: AdminPayout }) {
  if (p.provider !== 'manual' || (p.status !== 'created' && p.status !== 'sent')) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <PayoutStepDialog payout={p} step="paid" />
      <PayoutStepDialog payout={p} step="failed" />
    </div>
  );
}

const note = (p: AdminPayout) =>
  p.status === 'failed' || p.status === 'skipped' ? p.failureReason : (p.reference ?? null);

function Table({ items }: { items: AdminPayout[] }) {
  const cell = 'px-3 py-2 align-top';
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="payouts-table">
        <caption className="sr-only">Payouts of the period</caption>
        <thead>
          <tr className="border-b border-white/10 text-xs text-ink-400">
            <th scope="col" className={cell}>
              Shark
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Amount
            </th>
            <th scope="col" className={cell}>
              Method
            </th>
            <th scope="col" className={cell}>
              State
            </th>
            <th scope="col" className={cell}>
              Reference or reason
            </th>
            <th scope="col" className={cell}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} className="border-t border-white/5" data-testid="admin-payout">
              <th scope="row" className={`${cell} font-normal`}>
                <span className="block font-semibold text-ink-100">{p.payeeName}</span>
                <span className="text-xs text-ink-400">{p.payeeEmail}</span>
              </th>
              <td className={`${cell} text-right font-semibold whitespace-nowrap text-ink-100 tabular-nums`}>
                {formatPaise(p.amountPaise)}
              </td>
              <td className={`${cell} text-ink-300`}>{payoutMethodText(p)}</td>
              <td className={cell}>
                <PayoutStatusBadge status={p.status} />
                <span className="block text-xs text-ink-400">{formatDateTime(p.createdAt)}</span>
              </td>
              <td className={`${cell} font-mono text-xs break-all text-ink-300`}>{note(p) ?? '—'}</td>
              <td className={cell}>
                <Actions p={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cards({ items }: { items: AdminPayout[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Payouts of the period">
      {items.map((p) => (
        <li key={p.id} className="rounded-xl border border-white/10 p-4" data-testid="admin-payout-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-ink-100">{p.payeeName}</p>
              <p className="text-xs break-all text-ink-400">{p.payeeEmail}</p>
            </div>
            <PayoutStatusBadge status={p.status} />
          </div>
          <p className="mt-2 text-lg font-semibold text-ink-100 tabular-nums">{formatPaise(p.amountPaise)}</p>
          <p className="text-sm break-words text-ink-300">{payoutMethodText(p)}</p>
          {note(p) ? <p className="mt-1 font-mono text-xs break-all text-ink-400">{note(p)}</p> : null}
          <div className="mt-3">
            <Actions p={p} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function AdminPayoutsPanel() {
  const [query, setQuery] = useState<AdminPayoutQuery>({ page: 1 });
  const payouts = useAdminPayouts(query);
  const runNow = useRunPayouts();
  const toast = useToast();
  const period = query.period ?? payouts.data?.periods[0];
  const set = (patch: Partial<AdminPayoutQuery>) => setQuery((q) => ({ ...q, ...patch, page: 1 }));
  return (
    <section aria-labelledby="payouts-admin-title" className="glass p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="payouts-admin-title" className="text-lg font-semibold text-ink-100">
            Payouts
          </h2>
          <p className="muted mt-1 text-sm">
            Each period's batch. Download the bank file, upload it to the bank, then mark each payout paid
            with its UTR, or failed with a reason.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {period ? (
            <a className="btn-ghost" href={bankFileUrl(period)} download>
              Download bank file
            </a>
          ) : null}
          <button
            type="button"
            className="btn-primary"
            disabled={runNow.isPending}
            onClick={() =>
              runNow.mutate(undefined, {
                onSuccess: (r) => {
                  set({ period: r.period });
                  toast(
                    `Payout run for ${r.period}: ${r.created} made, ${r.skipped} skipped for missing details.`,
                    'success',
                  );
                },
                onError: (e) => toast(errorMessage(e), 'error'),
              })
            }
          >
            {runNow.isPending ? 'Running…' : 'Run payouts now'}
          </button>
        </div>
      </div>
      <div className="mt-4 grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          Period
          <select
            className="input"
            value={period ?? ''}
            onChange={(e) => set({ period: e.target.value || undefined })}
          >
            {(payouts.data?.periods ?? []).map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          State
          <select
            className="input"
            value={query.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || undefined) as PayoutStatus | undefined })}
          >
            <option value="">Every state</option>
            {PAYOUT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PAYOUT_STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          Shark (name or email)
          <input
            type="search"
            className="input"
            value={query.q ?? ''}
            onChange={(e) => set({ q: e.target.value })}
          />
        </label>
      </div>
      <div className="mt-4">
        {payouts.isPending ? (
          <Spinner label="Loading payouts" />
        ) : payouts.isError ? (
          <ErrorState message={errorMessage(payouts.error)} onRetry={() => void payouts.refetch()} />
        ) : payouts.data.items.length === 0 ? (
          <p className="muted text-sm">
            No payouts here yet. The payout run makes them from available balances.
          </p>
        ) : (
          <>
            <p className="muted mb-2 text-sm">
              {payouts.data.total} payout{payouts.data.total === 1 ? '' : 's'} in {period}
            </p>
            <Table items={payouts.data.items} />
            <Cards items={payouts.data.items} />
          </>
        )}
      </div>
      <Pager
        page={query.page}
        total={payouts.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
        label="Payout pages"
      />
    </section>
  );
}
