// The parts a payee's earnings page is built of, shared by the shark's (issue 24) and the freelancer's (issue 27):
// the balance in three tiles (pending, available, paid out; available below zero in red with what is owed), a
// line's state, its "Available from …" note, and its money (price, fee, tax on the fee, refunded part, net) as
// table cells on wide screens or label and value rows on a phone. Every amount comes from the server in paise.
import type { ReactNode } from 'react';
import { EARNING_STATE_LABEL, EARNINGS_TEXT, type EarningState } from '#shared/earnings.ts';
import { formatPaise } from '#shared/money.ts';
import { Skeleton } from '#web/components/skeleton.tsx';
import { formatDayTimeIn, viewerTimeZone } from '#web/lib/format.ts';

const STATE_TONE: Record<EarningState, string> = {
  pending: 'border-warning-400/50 bg-warning-400/10 text-warning-400',
  available: 'border-success-400/40 bg-success-400/10 text-success-400',
  refunded: 'border-white/15 text-ink-400',
};

function EarningStateBadge({ state }: { state: EarningState }) {
  return (
    <span
      data-testid="earning-state"
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATE_TONE[state]}`}
    >
      {EARNING_STATE_LABEL[state]}
    </span>
  );
}

/** A pending share's date of becoming available, in the viewer's own time; nothing without one. */
function AvailableFrom({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <span data-testid="earning-available-from" className="block text-xs whitespace-nowrap text-ink-400">
      {EARNINGS_TEXT.availableFrom(formatDayTimeIn(at, viewerTimeZone()))}
    </span>
  );
}

function BalanceTile({
  label,
  value,
  note,
  owedNote,
  extra,
}: {
  label: string;
  value: number | null;
  note: string;
  owedNote?: string;
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
      <dd className={`text-xs ${owed ? 'text-danger-400' : 'text-ink-400'}`}>{owed ? owedNote : note}</dd>
      {extra ? <dd className="text-xs text-ink-300">{extra}</dd> : null}
    </div>
  );
}

interface Balance {
  pendingPaise: number;
  availablePaise: number;
  paidOutPaise: number;
  onTheWayPaise: number;
}

/** What each tile holds, in the payee's own words (sessions for a shark, milestones for a freelancer). */
interface BalanceNotes {
  pending: string;
  available: string;
  paidOut: string;
  /** Under the available tile when it is below zero. */
  owed: string;
}

/** The three tiles; placeholders while the balance loads (null). */
export function BalanceTiles({ balance, notes }: { balance: Balance | null; notes: BalanceNotes }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4" aria-label="Your balance">
      <BalanceTile label="Pending" value={balance?.pendingPaise ?? null} note={notes.pending} />
      <BalanceTile
        label="Available"
        value={balance?.availablePaise ?? null}
        note={notes.available}
        owedNote={notes.owed}
      />
      <BalanceTile
        label="Paid out"
        value={balance?.paidOutPaise ?? null}
        note={notes.paidOut}
        extra={balance?.onTheWayPaise ? EARNINGS_TEXT.onTheWay(formatPaise(balance.onTheWayPaise)) : null}
      />
    </dl>
  );
}

/** One line's money: what was paid, what the platform took of it, and what the payee keeps. */
interface LineMoney {
  pricePaise: number;
  feePaise: number;
  feeTaxPaise: number;
  refundedPaise: number;
  netPaise: number;
}

/** An amount taken off the price ("−₹300"); nothing taken reads as a dash. */
const taken = (paise: number) => (paise === 0 ? '—' : `−${formatPaise(paise)}`);
const money = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';

/** The money columns' headers, in the order MoneyCells fills them. */
function MoneyHeaders() {
  return (
    <>
      {['Price', 'Platform fee', 'Tax on fee', 'Refunded', 'Your net'].map((label) => (
        <th key={label} scope="col" className={`${money} font-medium`}>
          {label}
        </th>
      ))}
    </>
  );
}

function MoneyCells({ line }: { line: LineMoney }) {
  return (
    <>
      <td className={`${money} text-ink-100`}>{formatPaise(line.pricePaise)}</td>
      <td className={`${money} text-ink-400`}>{taken(line.feePaise)}</td>
      <td className={`${money} text-ink-400`}>{taken(line.feeTaxPaise)}</td>
      <td className={`${money} text-ink-400`}>{taken(line.refundedPaise)}</td>
      <td className={`${money} font-semibold text-ink-100`}>{formatPaise(line.netPaise)}</td>
    </>
  );
}

/** A phone's card: the same money as label and value, leaving out a tax or refund that is nothing. */
function MoneyRows({ line }: { line: LineMoney }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-ink-300">Price</dt>
      <dd className="text-right text-ink-100 tabular-nums">{formatPaise(line.pricePaise)}</dd>
      <dt className="text-ink-400">Platform fee</dt>
      <dd className="text-right text-ink-400 tabular-nums">{taken(line.feePaise)}</dd>
      {line.feeTaxPaise > 0 ? (
        <>
          <dt className="text-ink-400">Tax on fee</dt>
          <dd className="text-right text-ink-400 tabular-nums">{taken(line.feeTaxPaise)}</dd>
        </>
      ) : null}
      {line.refundedPaise > 0 ? (
        <>
          <dt className="text-ink-400">Refunded</dt>
          <dd className="text-right text-ink-400 tabular-nums">{taken(line.refundedPaise)}</dd>
        </>
      ) : null}
      <dt className="border-t border-white/10 pt-1 font-semibold text-ink-100">Your net</dt>
      <dd className="border-t border-white/10 pt-1 text-right font-semibold text-ink-100 tabular-nums">
        {formatPaise(line.netPaise)}
      </dd>
    </dl>
  );
}

/**
 * Wide screens: a table of paid lines, the amounts in columns that line up. `headers` are the columns before the
 * money (what the line is for); each row is an EarningRow.
 */
export function EarningsTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="glass hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="earnings-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-white/10 text-xs text-ink-400">
            {headers}
            <MoneyHeaders />
            <th scope="col" className="px-3 py-2 font-medium">
              State
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Where a line's money sits, and what it is: the parts a row and a card share. */
interface PaidLine {
  money: LineMoney;
  state: EarningState;
  availableFrom: string | null;
}

/** A table row: `head` is the row's header cell and any cells before the money. Focusable for "Show more". */
export function EarningRow({ line, head }: { line: PaidLine; head: ReactNode }) {
  return (
    <tr
      className="border-t border-white/5 align-top"
      data-testid="earning-line"
      data-earning-line
      tabIndex={-1}
    >
      {head}
      <MoneyCells line={line.money} />
      <td className="px-3 py-2">
        <EarningStateBadge state={line.state} />
        <AvailableFrom at={line.availableFrom} />
      </td>
    </tr>
  );
}

/** Phones: a card per line, named by `head`, with its badges aside and its money as label and value. */
export function EarningCard({ line, head, badges }: { line: PaidLine; head: ReactNode; badges?: ReactNode }) {
  return (
    <li className="glass flex flex-col gap-3 p-4" data-testid="earning-card" data-earning-line tabIndex={-1}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {head}
          <AvailableFrom at={line.availableFrom} />
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <EarningStateBadge state={line.state} />
          {badges}
        </div>
      </div>
      <MoneyRows line={line.money} />
    </li>
  );
}
