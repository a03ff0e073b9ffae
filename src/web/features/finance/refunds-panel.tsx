// The finance console's refunds: newest first, by state and search, with the reason (and an admin's own words),
// the amount, the credit note once processed, and "Send again" on a refund the provider failed.
import { useState } from 'react';
import { Link } from 'react-router';
import { REFUND_STATUS_LABEL, type FinanceRefund } from '#shared/finance.ts';
import { REFUND_REASON_LABEL, REFUND_STATUSES, type RefundStatus } from '#shared/payments.ts';
import { paths } from '#shared/routes.ts';
import { Badge, LoadFailed, Pager, SearchBox, Section, StateSelect } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { formatPaise } from '#shared/money.ts';
import { useRefundSearch, useRetryRefund } from './api';

const tone = (s: RefundStatus) => (s === 'failed' ? 'bad' : s === 'pending' ? 'warn' : 'ok');

function RetryButton({ refund }: { refund: FinanceRefund }) {
  const retry = useRetryRefund();
  const toast = useToast();
  return (
    <button
      type="button"
      className="btn-ghost py-1.5"
      disabled={retry.isPending}
      aria-label={`Send again the refund of ${formatPaise(refund.amountPaise, { exact: true })} to ${refund.learnerName}`}
      onClick={() =>
        retry.mutate(refund.id, {
          onSuccess: (res) => toast(res.message, 'success'),
          onError: (err) => toast(errorMessage(err), 'error'),
        })
      }
    >
      {retry.isPending ? 'Sending…' : 'Send again'}
    </button>
  );
}

function RefundRow({ r }: { r: FinanceRefund }) {
  return (
    <li className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-ink-100">{formatPaise(r.amountPaise, { exact: true })}</span>
          {r.percent !== null ? <span className="muted">({r.percent}%)</span> : null}
          <Badge tone={tone(r.status)}>{REFUND_STATUS_LABEL[r.status]}</Badge>
        </p>
        <p className="mt-1 text-ink-100">
          {r.learnerName} <span className="muted break-all">&lt;{r.learnerEmail}&gt;</span> · from{' '}
          {r.sharkName}
        </p>
        <p className="muted mt-1">
          {REFUND_REASON_LABEL[r.reason]}
          {r.note ? `: “${r.note}”` : ''}
        </p>
        <p className="muted mt-1 text-xs">
          Asked {formatDateTime(r.createdAt)}
          {r.settledAt
            ? ` · ${r.status === 'failed' ? 'failed' : 'sent'} ${formatDateTime(r.settledAt)}`
            : ''}
        </p>
        {r.status === 'failed' && r.lastError ? (
          <p className="mt-1 text-xs text-danger-400">Provider: {r.lastError}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        {r.bookingId ? (
          <Link to={paths.sessions.detail(r.bookingId)} className="text-accent-300 hover:underline">
            Session
          </Link>
        ) : r.engagementId ? (
          <Link to={paths.engagements.detail(r.engagementId)} className="text-accent-300 hover:underline">
            Engagement
          </Link>
        ) : null}
        {r.creditNoteUrl ? (
          <a href={r.creditNoteUrl} download className="text-accent-300 hover:underline">
            Credit note {r.creditNoteNumber}
          </a>
        ) : null}
        {r.status === 'failed' ? <RetryButton refund={r} /> : null}
      </div>
    </li>
  );
}

export function RefundsPanel() {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<RefundStatus | ''>('');
  const [page, setPage] = useState(1);
  const refunds = useRefundSearch(q, status, page);
  return (
    <Section
      title="Refunds"
      id="finance-refunds-title"
      intro="Newest first. A refund the provider failed can be sent again."
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SearchBox
          label="Search refunds (learner, shark or id)"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
        <StateSelect
          value={status}
          options={REFUND_STATUSES}
          labels={REFUND_STATUS_LABEL}
          anyLabel="Any state"
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>
      <div className="mt-4">
        {refunds.isPending ? (
          <Spinner label="Loading refunds" />
        ) : refunds.isError ? (
          <LoadFailed error={refunds.error} onRetry={() => void refunds.refetch()} />
        ) : refunds.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q || status ? 'No refund matches these filters.' : 'No refund yet.'}
          </p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Refunds">
              {refunds.data.items.map((r) => (
                <RefundRow key={r.id} r={r} />
              ))}
            </ul>
            <Pager
              label="Refund pages"
              page={page}
              total={refunds.data.total}
              pageSize={refunds.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
