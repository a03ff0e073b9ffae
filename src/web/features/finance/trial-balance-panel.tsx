// The finance console's trial balance: every ledger account's balance (debits positive, credits negative) and
// their total, zero when the ledger balances. The payees' accounts are added up per kind; each payee's own are
// under Balances.
import { LEDGER_ACCOUNT_LABEL } from '#shared/finance.ts';
import { LoadFailed, Section } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatPaise } from '#shared/money.ts';
import { useTrialBalance } from './api';

const side = (paise: number) => (paise > 0 ? 'debit' : paise < 0 ? 'credit' : '');

export function TrialBalancePanel() {
  const tb = useTrialBalance();
  return (
    <Section
      title="Trial balance"
      id="finance-trial-balance-title"
      intro="Every account of the ledger: debits are positive, credits negative. The total is zero when the ledger balances."
    >
      {tb.isPending ? (
        <Spinner label="Loading the trial balance" />
      ) : tb.isError ? (
        <LoadFailed error={tb.error} onRetry={() => void tb.refetch()} />
      ) : (
        <table className="w-full max-w-2xl text-left text-sm" aria-label="Trial balance">
          <thead className="text-xs text-ink-300 uppercase">
            <tr>
              <th className="py-2 pr-3 font-medium">Account</th>
              <th className="py-2 text-right font-medium">Balance</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10">
            {tb.data.accounts.length === 0 ? (
              <tr>
                <td colSpan={2} className="muted py-3">
                  Nothing posted yet: the ledger starts with the first payment.
                </td>
              </tr>
            ) : (
              tb.data.accounts.map((a) => (
                <tr key={`${a.kind}:${a.payeeKind ?? ''}`}>
                  <td className="py-2.5 pr-3 text-ink-100">
                    {LEDGER_ACCOUNT_LABEL[a.kind]}
                    {a.payeeKind ? (
                      <span className="muted text-xs">
                        {' '}
                        ({a.accounts} {a.payeeKind}
                        {a.accounts === 1 ? '' : 's'})
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2.5 text-right whitespace-nowrap">
                    {formatPaise(a.balancePaise, { exact: true })}
                    <span className="muted ml-2 inline-block w-10 text-left text-xs">
                      {side(a.balancePaise)}
                    </span>
                  </td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t border-white/20">
              <th scope="row" className="py-3 pr-3 text-left font-semibold text-ink-100">
                Total
              </th>
              <td
                className="py-3 text-right font-semibold whitespace-nowrap"
                data-testid="trial-balance-total"
              >
                <span className={tb.data.totalPaise === 0 ? 'text-success-400' : 'text-danger-400'}>
                  {formatPaise(tb.data.totalPaise, { exact: true })}
                </span>
                <span className="muted ml-2 inline-block w-10 text-left text-xs font-normal">
                  {tb.data.totalPaise === 0 ? 'zero' : ''}
                </span>
              </td>
            </tr>
          </tfoot>
        </table>
      )}
      {tb.data && tb.data.totalPaise !== 0 ? (
        <p role="alert" className="mt-3 text-sm text-danger-400">
          The ledger does not balance: tell the engineers at once.
        </p>
      ) : null}
    </Section>
  );
}
