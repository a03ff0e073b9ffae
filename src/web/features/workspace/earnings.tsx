// The shark's earnings (issue 24): the balance in three tiles (pending, available, paid out), each with a line
// on what it holds, then one line per paid session with its money: a table on wide screens, a card each on a
// phone; between them, the monthly statements and fee invoices to download. Every amount comes from the server in
// paise and is only formatted here (formatPaise).
import { useEffect, useRef, useState } from 'react';
import {
  EARNING_STATE_LABEL,
  EARNINGS_TEXT,
  type EarningLine,
  type EarningState,
  type Earnings,
} from '#shared/earnings.ts';
import { formatPaise } from '#shared/payments-texts.ts';
import { SESSION_LIST_MSG } from '#shared/session-lists.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, formatDayTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { StatusBadge } from '#web/features/session-lists/status-badge.tsx';
import { useEarnings } from './api';
import { StatementsSection } from './statements';

const STATE_TONE: Record<EarningState, string> = {
  pending: 'border-warning-400/50 bg-warning-400/10 text-warning-400',
  available: 'border-success-400/40 bg-success-400/10 text-success-400',
  refunded: 'border-white/15 text-ink-400',
};

function StateBadge({ state }: { state: EarningState }) {
  return (
    <span
      data-testid="earning-state"
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATE_TONE[state]}`}
    >
      {EARNING_STATE_LABEL[state]}
    </span>
  );
}

/** A held session's pending share: when its no-show window ends and the share becomes available. */
function AvailableFrom({ line }: { line: EarningLine }) {
  if (!line.availableFrom) return null;
  return (
    <span data-testid="earning-available-from" className="block text-xs whitespace-nowrap text-ink-400">
      {EARNINGS_TEXT.availableFrom(formatDayTimeIn(line.availableFrom, viewerTimeZone()))}
    </span>
  );
}

function BalanceTile({
  label,
  value,
  note,
  extra,
}: {
  label: string;
  value: number | null;
  note: string;
  extra?: string | null;
}) {
  const owed = value !== null && value < 0;
  return (
    <div className="glass flex flex-col gap-1 p-4 sm:p-5">
      <dt className="text-sm font-medium text-ink-300">{label}</dt>
      <dd className={`text-2xl font-bold sm:text-3xl ${owed ? 'text-danger-400' : 'text-accent-300'}`}>
        {value === null ? (
          <Skeleton className="h-8 w-24" />
        ) : owed ? (
          `−${formatPaise(-value)}`
        ) : (
          formatPaise(value)
        )}
      </dd>
      <dd className={`text-xs ${owed ? 'text-danger-400' : 'text-ink-400'}`}>
        {owed ? EARNINGS_TEXT.owed : note}
      </dd>
      {extra ? <dd className="text-xs text-ink-300">{extra}</dd> : null}
    </div>
  );
}

function Balance({ balance }: { balance: Earnings['balance'] | null }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4" aria-label="Your balance">
      <BalanceTile label="Pending" value={balance?.pendingPaise ?? null} note={EARNINGS_TEXT.pending} />
      <BalanceTile label="Available" value={balance?.availablePaise ?? null} note={EARNINGS_TEXT.available} />
      <BalanceTile
        label="Paid out"
        value={balance?.paidOutPaise ?? null}
        note={EARNINGS_TEXT.paidOut}
        extra={balance?.onTheWayPaise ? EARNINGS_TEXT.onTheWay(formatPaise(balance.onTheWayPaise)) : null}
      />
    </dl>
  );
}

const when = (l: EarningLine) => formatDateTimeIn(l.startsAt, viewerTimeZone());
/** An amount taken off the price ("−₹300"); nothing taken reads as a dash. */
const taken = (paise: number) => (paise === 0 ? '—' : `−${formatPaise(paise)}`);
const money = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';

/** Wide screens: one row per session, the amounts in columns that line up. */
function LinesTable({ lines }: { lines: EarningLine[] }) {
  return (
    <div className="glass hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="earnings-table">
        <caption className="sr-only">Your paid sessions and your share of each</caption>
        <thead>
          <tr className="border-b border-white/10 text-xs text-ink-400">
            <th scope="col" className="px-3 py-2 font-medium">
              Session
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              When (your time)
            </th>
            <th scope="col" className={`${money} font-medium`}>
              Price
            </th>
            <th scope="col" className={`${money} font-medium`}>
              Platform fee
            </th>
            <th scope="col" className={`${money} font-medium`}>
              Tax on fee
            </th>
            <th scope="col" className={`${money} font-medium`}>
              Refunded
            </th>
            <th scope="col" className={`${money} font-medium`}>
              Your net
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              State
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr
              key={l.bookingId}
              className="border-t border-white/5 align-top"
              data-testid="earning-line"
              data-earning-line
              tabIndex={-1}
            >
              <th scope="row" className="px-3 py-2 font-normal">
                <span className="block font-semibold text-ink-100">{l.courseTitle}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-ink-400">
                  {l.learnerName} <StatusBadge status={l.status} />
                </span>
              </th>
              <td className="px-3 py-2 text-ink-300">{when(l)}</td>
              <td className={`${money} text-ink-100`}>{formatPaise(l.pricePaise)}</td>
              <td className={`${money} text-ink-400`}>{taken(l.feePaise)}</td>
              <td className={`${money} text-ink-400`}>{taken(l.feeTaxPaise)}</td>
              <td className={`${money} text-ink-400`}>{taken(l.refundedPaise)}</td>
              <td className={`${money} font-semibold text-ink-100`}>{formatPaise(l.netPaise)}</td>
              <td className="px-3 py-2">
                <StateBadge state={l.state} />
                <AvailableFrom line={l} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: a card per session, its amounts as label and value side by side. */
function LineCards({ lines }: { lines: EarningLine[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your paid sessions">
      {lines.map((l) => (
        <li
          key={l.bookingId}
          className="glass flex flex-col gap-3 p-4"
          data-testid="earning-card"
          data-earning-line
          tabIndex={-1}
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-ink-100">{l.courseTitle}</p>
              <p className="text-sm text-ink-400">{l.learnerName}</p>
              <p className="text-xs text-ink-400">{when(l)}</p>
              <AvailableFrom line={l} />
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1">
              <StateBadge state={l.state} />
              <StatusBadge status={l.status} />
            </div>
          </div>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-300">Price</dt>
            <dd className="text-right text-ink-100 tabular-nums">{formatPaise(l.pricePaise)}</dd>
            <dt className="text-ink-400">Platform fee</dt>
            <dd className="text-right text-ink-400 tabular-nums">{taken(l.feePaise)}</dd>
            {l.feeTaxPaise > 0 ? (
              <>
                <dt className="text-ink-400">Tax on fee</dt>
                <dd className="text-right text-ink-400 tabular-nums">{taken(l.feeTaxPaise)}</dd>
              </>
            ) : null}
            {l.refundedPaise > 0 ? (
              <>
                <dt className="text-ink-400">Refunded</dt>
                <dd className="text-right text-ink-400 tabular-nums">{taken(l.refundedPaise)}</dd>
              </>
            ) : null}
            <dt className="border-t border-white/10 pt-1 font-semibold text-ink-100">Your net</dt>
            <dd className="border-t border-white/10 pt-1 text-right font-semibold text-ink-100 tabular-nums">
              {formatPaise(l.netPaise)}
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function EarningsView({ sharkId }: { sharkId?: string }) {
  const query = useEarnings(sharkId);
  const pages = query.data?.pages ?? [];
  const lines = pages.flatMap((p) => p.lines);
  const last = pages.at(-1);
  // "Show more" moves focus to the first new line, so a keyboard user continues where the new rows begin.
  const listRef = useRef<HTMLElement>(null);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  useEffect(() => {
    if (focusLine === null || lines.length <= focusLine) return;
    // The table's rows on a wide screen, the cards on a phone: whichever is shown has boxes.
    const shown = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-earning-line]') ?? [])].filter(
      (row) => row.getClientRects().length > 0,
    );
    shown[focusLine]?.focus();
    setFocusLine(null);
  }, [focusLine, lines.length]);

  if (query.isError && pages.length === 0)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Balance balance={pages[0]?.balance ?? null} />
      <StatementsSection sharkId={sharkId} />
      <section ref={listRef} aria-labelledby="earning-lines-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="earning-lines-title" className="text-lg font-semibold text-ink-100">
            Paid sessions
          </h2>
          {last && last.total > 0 ? (
            <p className="muted text-sm">
              {lines.length} of {last.total}, the most recently paid first
            </p>
          ) : null}
        </div>
        {query.isPending ? (
          <div role="status" aria-label="Loading your paid sessions" className="grid gap-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : lines.length === 0 ? (
          <EmptyState title="No paid sessions yet">{EARNINGS_TEXT.empty}</EmptyState>
        ) : (
          <>
            <LinesTable lines={lines} />
            <LineCards lines={lines} />
            {query.isError ? (
              <p role="alert" className="text-sm text-danger-400">
                {errorMessage(query.error)}
              </p>
            ) : null}
            {query.hasNextPage ? (
              <button
                type="button"
                className="btn-ghost w-fit"
                disabled={query.isFetchingNextPage}
                onClick={() => {
                  setFocusLine(lines.length);
                  void query.fetchNextPage();
                }}
              >
                {query.isFetchingNextPage ? SESSION_LIST_MSG.loadingMore : 'Show more sessions'}
              </button>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
