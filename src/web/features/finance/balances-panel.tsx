// The finance console's balances: what the company owes each payee (sharks now, freelancers later), pending
// (sessions not yet held) and available; a negative available balance is what the payee owes back.
import { useState } from 'react';
import type { PayeeBalance } from '#shared/finance.ts';
import { Badge, LoadFailed, Pager, SearchBox, Section } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatPaiseExact as inr } from '#web/lib/format.ts';
import { useBalanceSearch } from './api';

function Available({ b }: { b: PayeeBalance }) {
  if (b.availablePaise >= 0) return <>{inr(b.availablePaise)}</>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="text-danger-400">{inr(b.availablePaise)}</span>
      <Badge tone="bad">owes {inr(-b.availablePaise)}</Badge>
    </span>
  );
}

export function BalancesPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const balances = useBalanceSearch(q, page);
  return (
    <Section
      title="Balances"
      id="finance-balances-title"
      intro="What each shark is owed: pending until its sessions are held, then available to pay out."
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
              : 'No balance yet: a shark has one from its first paid session.'}
          </p>
        ) : (
          <>
            <table className="w-full text-left text-sm" aria-label="Balances">
              <thead className="text-xs text-ink-300 uppercase">
                <tr>
                  <th className="py-2 pr-3 font-medium">Payee</th>
                  <th className="py-2 pr-3 text-right font-medium">Pending</th>
                  <th className="py-2 text-right font-medium">Available</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {balances.data.items.map((b) => (
                  <tr key={`${b.payeeKind}:${b.payeeId}`}>
                    <td className="py-3 pr-3">
                      <p className="text-ink-100">{b.name || 'Unknown payee'}</p>
                      <p className="muted text-xs capitalize">{b.payeeKind}</p>
                    </td>
                    <td className="py-3 pr-3 text-right whitespace-nowrap">{inr(b.pendingPaise)}</td>
                    <td className="py-3 text-right whitespace-nowrap">
                      <Available b={b} />
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
