// The finance console's payments: every payment newest first, found by learner, shark or id, with its money
// (amount, fee, GST), its state and refund, links to the session and the receipt, and a manual refund. A table
// on wide screens, a card each on a phone.
import { useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_STATUS_LABEL, REFUND_STATUS_LABEL, type FinancePayment } from '#shared/finance.ts';
import { paths } from '#shared/routes.ts';
import { Badge, LoadFailed, Pager, SearchBox, Section } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { formatPaise } from '#shared/money.ts';
import { usePaymentSearch } from './api';
import { ManualRefundDialog } from './manual-refund';

const statusTone = (p: FinancePayment) =>
  p.status === 'captured' ? 'ok' : p.status === 'failed' ? 'bad' : 'muted';

function RefundState({ p }: { p: FinancePayment }) {
  if (!p.refund) return <span className="muted">None</span>;
  return (
    <Badge tone={p.refund.status === 'failed' ? 'bad' : p.refund.status === 'pending' ? 'warn' : 'muted'}>
      {REFUND_STATUS_LABEL[p.refund.status]}: {formatPaise(p.refund.amountPaise, { exact: true })}
    </Badge>
  );
}

function Links({ p }: { p: FinancePayment }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      {p.bookingId ? (
        <Link to={paths.sessions.detail(p.bookingId)} className="text-accent-300 hover:underline">
          Session
        </Link>
      ) : p.engagementId ? (
        <Link to={paths.engagements.detail(p.engagementId)} className="text-accent-300 hover:underline">
          Engagement
        </Link>
      ) : null}
      {p.receiptUrl ? (
        <a href={p.receiptUrl} download className="text-accent-300 hover:underline">
          Receipt
        </a>
      ) : null}
    </span>
  );
}

const refundAction = (p: FinancePayment) =>
  p.refundablePaise > 0 ? <ManualRefundDialog payment={p} /> : null;

export function PaymentsPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const payments = usePaymentSearch(q, page);
  return (
    <Section
      title="Payments"
      id="finance-payments-title"
      intro="Every payment, newest first. Search by learner (name or email), shark, payment id or booking id."
    >
      <div className="max-w-md">
        <SearchBox
          label="Search payments"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
      </div>
      <div className="mt-4">
        {payments.isPending ? (
          <Spinner label="Loading payments" />
        ) : payments.isError ? (
          <LoadFailed error={payments.error} onRetry={() => void payments.refetch()} />
        ) : payments.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q ? 'No payment matches this search.' : 'No payment yet: they appear here as learners pay.'}
          </p>
        ) : (
          <>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm" aria-label="Payments">
                <thead className="text-xs text-ink-300 uppercase">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Paid</th>
                    <th className="py-2 pr-3 font-medium">Learner and shark</th>
                    <th className="py-2 pr-3 text-right font-medium">Amount</th>
                    <th className="py-2 pr-3 text-right font-medium">Fee</th>
                    <th className="py-2 pr-3 text-right font-medium">GST</th>
                    <th className="py-2 pr-3 font-medium">State</th>
                    <th className="py-2 pr-3 font-medium">Refund</th>
                    <th className="py-2 font-medium">
                      <span className="sr-only">Links and actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/10">
                  {payments.data.items.map((p) => (
                    <tr key={p.id} className="align-top">
                      <td className="py-3 pr-3 whitespace-nowrap text-ink-300">
                        {formatDateTime(p.capturedAt ?? p.createdAt)}
                      </td>
                      <td className="py-3 pr-3">
                        <p className="text-ink-100">{p.learnerName}</p>
                        <p className="muted text-xs">{p.learnerEmail}</p>
                        <p className="muted text-xs">to {p.sharkName}</p>
                        <p className="muted font-mono text-xs break-all">{p.providerPaymentId ?? p.id}</p>
                      </td>
                      <td className="py-3 pr-3 text-right font-medium whitespace-nowrap text-ink-100">
                        {formatPaise(p.amountPaise, { exact: true })}
                      </td>
                      <td className="py-3 pr-3 text-right whitespace-nowrap">
                        {formatPaise(p.feePaise, { exact: true })}
                      </td>
                      <td className="py-3 pr-3 text-right whitespace-nowrap">
                        {formatPaise(p.feeTaxPaise, { exact: true })}
                      </td>
                      <td className="py-3 pr-3">
                        <Badge tone={statusTone(p)}>{PAYMENT_STATUS_LABEL[p.status]}</Badge>
                        {p.duplicateOf ? <p className="muted mt-1 text-xs">Duplicate</p> : null}
                      </td>
                      <td className="py-3 pr-3">
                        <RefundState p={p} />
                      </td>
                      <td className="py-3">
                        <div className="flex flex-col items-start gap-2">
                          <Links p={p} />
                          {refundAction(p)}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="flex flex-col gap-3 md:hidden" aria-label="Payments">
              {payments.data.items.map((p) => (
                <li key={p.id} className="rounded-lg border border-white/10 p-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-medium text-ink-100">{p.learnerName}</p>
                      <p className="muted text-xs break-all">
                        {p.learnerEmail} · to {p.sharkName}
                      </p>
                    </div>
                    <p className="shrink-0 font-semibold text-ink-100">
                      {formatPaise(p.amountPaise, { exact: true })}
                    </p>
                  </div>
                  <p className="muted mt-1 text-xs">
                    {formatDateTime(p.capturedAt ?? p.createdAt)} · fee{' '}
                    {formatPaise(p.feePaise, { exact: true })} · GST{' '}
                    {formatPaise(p.feeTaxPaise, { exact: true })}
                  </p>
                  <p className="mt-2 flex flex-wrap items-center gap-2">
                    <Badge tone={statusTone(p)}>{PAYMENT_STATUS_LABEL[p.status]}</Badge>
                    <span className="text-xs text-ink-300">Refund:</span>
                    <RefundState p={p} />
                  </p>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                    <Links p={p} />
                    {refundAction(p)}
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              label="Payment pages"
              page={page}
              total={payments.data.total}
              pageSize={payments.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
