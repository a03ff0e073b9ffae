// The shark's earnings (issue 24): the balance in three tiles (pending, available, paid out), each with a line
// on what it holds, then one line per paid session with its money: a table on wide screens, a card each on a
// phone (their parts shared with the freelancer's earnings in money/earning-parts); between them, the monthly
// statements and fee invoices to download. Every amount comes from the server in paise.
import { useEffect, useRef, useState } from 'react';
import { EARNINGS_TEXT, type EarningLine } from '#shared/earnings.ts';
import { SESSION_LIST_MSG } from '#shared/session-lists.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { StatusBadge } from '#web/features/session-lists/status-badge.tsx';
import { BalanceTiles, EarningCard, EarningRow, EarningsTable } from '#web/features/money/earning-parts.tsx';
import { useEarnings } from './api';
import { StatementsSection } from './statements';

const when = (l: EarningLine) => formatDateTimeIn(l.startsAt, viewerTimeZone());

/** What a session's line holds for the shared row and card: its money, state and release date. */
const paidLine = (l: EarningLine) => ({ money: l, state: l.state, availableFrom: l.availableFrom });

/** Wide screens: one row per session, the amounts in columns that line up. */
function LinesTable({ lines }: { lines: EarningLine[] }) {
  return (
    <EarningsTable
      caption="Your paid sessions and your share of each"
      headers={
        <>
          <th scope="col" className="px-3 py-2 font-medium">
            Session
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            When (your time)
          </th>
        </>
      }
    >
      {lines.map((l) => (
        <EarningRow
          key={l.bookingId}
          line={paidLine(l)}
          head={
            <>
              <th scope="row" className="px-3 py-2 font-normal">
                <span className="block font-semibold text-ink-100">{l.courseTitle}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-ink-400">
                  {l.learnerName} <StatusBadge status={l.status} />
                </span>
              </th>
              <td className="px-3 py-2 text-ink-300">{when(l)}</td>
            </>
          }
        />
      ))}
    </EarningsTable>
  );
}

/** Phones: a card per session, its amounts as label and value side by side. */
function LineCards({ lines }: { lines: EarningLine[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your paid sessions">
      {lines.map((l) => (
        <EarningCard
          key={l.bookingId}
          line={paidLine(l)}
          head={
            <>
              <p className="font-semibold break-words text-ink-100">{l.courseTitle}</p>
              <p className="text-sm text-ink-400">{l.learnerName}</p>
              <p className="text-xs text-ink-400">{when(l)}</p>
            </>
          }
          badges={<StatusBadge status={l.status} />}
        />
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
      <BalanceTiles balance={pages[0]?.balance ?? null} notes={EARNINGS_TEXT} />
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
