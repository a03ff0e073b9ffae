// A payee's payouts on its earnings page (issue 24, and a freelancer's in issue 27): every payout with its date, amount, where it went, the
// bank's or provider's reference and its state; a failed one says why and that the money came back. A list of
// cards on every width: a payout has few fields, and a phone reads them best one under another.
import {
  PAYOUT_STATUS_LABEL,
  PAYOUTS_TEXT,
  type Payout,
  type PayoutStatus,
  payoutMethodText,
} from '#shared/payouts.ts';
import { formatPaise } from '#shared/money.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { type PayoutOwner, usePayouts } from './api';

const TONE: Record<PayoutStatus, string> = {
  created: 'border-warning-400/50 bg-warning-400/10 text-warning-400',
  sent: 'border-warning-400/50 bg-warning-400/10 text-warning-400',
  paid: 'border-success-400/40 bg-success-400/10 text-success-400',
  failed: 'border-danger-400/40 bg-danger-400/10 text-danger-400',
  skipped: 'border-white/15 text-ink-400',
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      data-testid="payout-status"
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONE[status]}`}
    >
      {PAYOUT_STATUS_LABEL[status]}
    </span>
  );
}

const at = (iso: string) => formatDateTimeIn(iso, viewerTimeZone());

function PayoutCard({ p }: { p: Payout }) {
  const latest = p.paidAt ?? p.failedAt ?? p.sentAt ?? p.createdAt;
  return (
    <li className="glass flex flex-col gap-2 p-4" data-testid="payout">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold text-ink-100 tabular-nums">{formatPaise(p.amountPaise)}</p>
          <p className="text-xs text-ink-400">
            {p.status === 'paid' ? 'Paid' : p.status === 'failed' ? 'Failed' : 'Made'} {at(latest)}
          </p>
        </div>
        <PayoutStatusBadge status={p.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-400">Period</dt>
        <dd className="text-ink-100">{p.period}</dd>
        <dt className="text-ink-400">Method</dt>
        <dd className="break-words text-ink-100">{payoutMethodText(p)}</dd>
        <dt className="text-ink-400">Reference</dt>
        <dd className="font-mono break-all text-ink-100">{p.reference ?? '—'}</dd>
      </dl>
      {p.status === 'failed' ? (
        <p className="text-sm text-danger-400">
          {p.failureReason} {PAYOUTS_TEXT.failed}
        </p>
      ) : null}
    </li>
  );
}

export function PayoutList({ owner }: { owner: PayoutOwner }) {
  const query = usePayouts(owner);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const first = pages[0];
  return (
    <section aria-labelledby="payouts-title" className="flex flex-col gap-3">
      <h2 id="payouts-title" className="text-lg font-semibold text-ink-100">
        Payouts
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Loading your payouts">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : query.isError && pages.length === 0 ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState title="No payouts yet">
          {first ? PAYOUTS_TEXT.empty(first.schedule, formatPaise(first.minimumPaise)) : null}
        </EmptyState>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Your payouts">
            {items.map((p) => (
              <PayoutCard key={p.id} p={p} />
            ))}
          </ul>
          {query.hasNextPage ? (
            <button
              type="button"
              className="btn-ghost w-fit"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show more payouts'}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
