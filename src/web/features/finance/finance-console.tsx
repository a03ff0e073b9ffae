// The admin console's Finance tab (issue 24, decision 142): one sub-section at a time, picked from a row of tabs
// that scrolls sideways on a phone. A sub-section is one line of FINANCE_SECTIONS.
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { BalancesPanel } from './balances-panel';
import { CorrectionsPanel } from './corrections-panel';
import { ExportsPanel } from './exports-panel';
import { PaymentsPanel } from './payments-panel';
import { RefundsPanel } from './refunds-panel';
import { TrialBalancePanel } from './trial-balance-panel';

interface FinanceSection {
  id: string;
  label: string;
  panel: ReactNode;
}

const tabClass =
  'shrink-0 rounded-md px-3 py-1.5 text-sm text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-white/10 data-[state=active]:text-ink-100';

/**
 * The Finance tab. The payouts' batch (features/payouts) and the reconciliation's exceptions
 * (features/reconciliation) are other features: the page passes them in. `?section=` opens a sub-section (the
 * reconciliation's mail to admins links to its exceptions).
 */
export function FinanceConsole({ payouts, exceptions }: { payouts: ReactNode; exceptions: ReactNode }) {
  // The finance sub-sections in the order their tabs show.
  const FINANCE_SECTIONS: FinanceSection[] = [
    { id: 'payments', label: 'Payments', panel: <PaymentsPanel /> },
    { id: 'refunds', label: 'Refunds', panel: <RefundsPanel /> },
    { id: 'payouts', label: 'Payouts', panel: payouts },
    { id: 'balances', label: 'Balances', panel: <BalancesPanel /> },
    { id: 'trial-balance', label: 'Trial balance', panel: <TrialBalancePanel /> },
    { id: 'corrections', label: 'Corrections', panel: <CorrectionsPanel /> },
    { id: 'exceptions', label: 'Exceptions', panel: exceptions },
    { id: 'exports', label: 'Exports', panel: <ExportsPanel /> },
  ];
  const [params] = useSearchParams();
  const asked = params.get('section');
  const initial = FINANCE_SECTIONS.find((s) => s.id === asked)?.id ?? FINANCE_SECTIONS[0].id;
  return (
    <Tabs.Root defaultValue={initial}>
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
      {FINANCE_SECTIONS.map(({ id, panel }) => (
        <Tabs.Content key={id} value={id} className="mt-4">
          {panel}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
