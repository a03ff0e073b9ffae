// The admin console's Finance tab (issue 24, decision 142): one sub-section at a time, picked from a row of tabs
// that scrolls sideways on a phone. A sub-section is one line of FINANCE_SECTIONS: the payouts and the
// reconciliation's exceptions join the list the same way.
import { Tabs } from 'radix-ui';
import type { ComponentType } from 'react';
import { BalancesPanel } from './balances-panel';
import { ExportsPanel } from './exports-panel';
import { PaymentsPanel } from './payments-panel';
import { RefundsPanel } from './refunds-panel';
import { TrialBalancePanel } from './trial-balance-panel';

interface FinanceSection {
  id: string;
  label: string;
  Panel: ComponentType;
}

/** The finance sub-sections in the order their tabs show. */
const FINANCE_SECTIONS: FinanceSection[] = [
  { id: 'payments', label: 'Payments', Panel: PaymentsPanel },
  { id: 'refunds', label: 'Refunds', Panel: RefundsPanel },
  // { id: 'payouts', label: 'Payouts', Panel: PayoutsPanel },
  { id: 'balances', label: 'Balances', Panel: BalancesPanel },
  { id: 'trial-balance', label: 'Trial balance', Panel: TrialBalancePanel },
  // { id: 'exceptions', label: 'Exceptions', Panel: ExceptionsPanel },
  { id: 'exports', label: 'Exports', Panel: ExportsPanel },
];

const tabClass =
  'shrink-0 rounded-md px-3 py-1.5 text-sm text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-white/10 data-[state=active]:text-ink-100';

export function FinanceConsole() {
  return (
    <Tabs.Root defaultValue={FINANCE_SECTIONS[0].id}>
      <Tabs.List
        aria-label="Finance sections"
        className="flex w-full gap-1 overflow-x-auto rounded-lg border border-white/10 p-1 sm:w-fit"
      >
        {FINANCE_SECTIONS.map((s) => (
          <Tabs.Trigger key={s.id} value={s.id} className={tabClass}>
            {s.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {FINANCE_SECTIONS.map(({ id, Panel }) => (
        <Tabs.Content key={id} value={id} className="mt-4">
          <Panel />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
