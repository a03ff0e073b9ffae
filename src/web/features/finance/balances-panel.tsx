// The finance console's balances: what the company owes each payee (a shark or a freelancer, by its name),
// pending (sessions not yet held, milestones not yet approved) and available, with its payouts on their way and
// paid out, every figure from the ledger (decision 208); a negative available balance is what the payee owes
// back.
import { useState } from 'react';
import type { PayeeBalance } from '#shared/finance.ts';
import type { PayeeKind } from '#shared/ledger.ts';
import { Badge, LoadFailed, Pager, SearchBox, Section } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatPaise } from '#shared/money.ts';
import { useBalanceSearch } from './api';

function Available({ b }: { b: PayeeBalance }) {
  if (b.availablePaise >= 0) return <>{formatPaise(b.availablePaise, { exact: true })}</>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="text-danger-400">{formatPaise(b.availablePaise, { exact: true })}</span>
      <Badge tone="bad">owes {formatPaise(-b.availablePaise, { exact: true })}</Badge>
    </span>
  );
}

const PAYEE_KIND_LABEL: Record<PayeeKind, string> = { shark: 'Shark', freelancer: 'Freelancer' };

export function BalancesPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const balances = useBalanceSearch(q, page);
  return (
    <Section
      title="Balances"
      id="finance-balances-title"
      intro="What each shark and freelancer is owed: pending until a session is held or a milestone approved, then available to pay out; then on its way in a payout, and paid out."
    >
      <div className="max-w-md">
        <SearchBox
          label="Search by name"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
      </div>
      <div className="mt-4">
        {balances.isPending ? (
          <Spinner label="Loading balances" />
        ) : balances.isError ? (
          <LoadFailed error={balances.error} onRetry={() => void balances.refetch()} />
        ) : balances.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q
              ? 'No payee matches this name.'
              : 'No balance yet: a payee has one from its first paid session or funded milestone.'}
          </p>
        ) : (
          <>
            <table className="w-full text-left text-sm" aria-label="Balances">
              <thead className="text-xs text-ink-300 uppercase">
                <tr>
                  <th className="py-2 pr-3 font-medium">Payee</th>
                  <th className="py-2 pr-3 text-right font-medium">Pending</th>
                  <th className="py-2 pr-3 text-right font-medium">Available</th>
                  <th className="py-2 pr-3 text-right font-medium">On its way</th>
                  <th className="py-2 text-right font-medium">Paid out</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {balances.data.items.map((b) => (
                  <tr key={`${b.payeeKind}:${b.payeeId}`}>
                    <td className="py-3 pr-3">
                      {/* Every payee is named by its own row; only one whose row was removed has none. */}
                      <p className="text-ink-100">{b.name || 'Name not on record'}</p>
                      <p className="muted text-xs">{PAYEE_KIND_LABEL[b.payeeKind]}</p>
                    </td>
                    <td className="py-3 pr-3 text-right whitespace-nowrap">
                      {formatPaise(b.pendingPaise, { exact: true })}
                    </td>
                    <td className="py-3 pr-3 text-right whitespace-nowrap">
                      <Available b={b} />
                    </td>
                    <td className="py-3 pr-3 text-right whitespace-nowrap">
                      {formatPaise(b.onTheWayPaise, { exact: true })}
                    </td>
                    <td className="py-3 text-right whitespace-nowrap">
                      {formatPaise(b.paidOutPaise, { exact: true })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              label="Balance pages"
              page={page}
              total={balances.data.total}
              pageSize={balances.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
