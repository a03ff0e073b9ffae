// The admin console (/admin): run the marketplace from one page of tabs: create shark accounts and see every
// shark, decide applications, search and suspend accounts, search sessions, verify credentials, see and move
// the money (finance: payments, refunds, payouts, balances, the trial balance, the reconciliation's exceptions,
// exports), moderate reported reviews, read contact messages, the mail log and the audit log; and the freelance
// marketplace: hide spam client requests, search engagements, rule on disputes (decisions 193, 194). Every section is a
// component of this feature; the reported reviews (features/reviews) and the Finance tab (features/finance, with
// the payouts and the exceptions inside) are passed in by the page. `?tab=` opens a tab (the admins' mails link
// to theirs).
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { AccountsPanel } from './accounts-panel';
import { ApplicationsPanel } from './applications-panel';
import { AuditLogPanel } from './audit-log-panel';
import { ClientRequestsPanel } from './client-requests-panel';
import { CreateSharkPanel } from './create-shark-panel';
import { CredentialQueuePanel } from './credential-queue-panel';
import { DisputesPanel } from './disputes-panel';
import { EngagementsPanel } from './engagements-panel';
import { MailLogPanel } from './mail-log';
import { MessagesPanel } from './messages-panel';
import { SessionsPanel } from './sessions-panel';
import { SharksStatePanel } from './sharks-state-panel';

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-accent-400/15 data-[state=active]:text-accent-300';

/** The tabs in order, each with its `?tab=` value and its label. */
const TABS = [
  ['sharks', 'Sharks'],
  ['applications', 'Applications'],
  ['accounts', 'Accounts'],
  ['sessions', 'Sessions'],
  ['credentials', 'Credentials'],
  ['finance', 'Finance'],
  ['client-requests', 'Client requests'],
  ['engagements', 'Engagements'],
  ['disputes', 'Disputes'],
  ['reviews', 'Reviews'],
  ['messages', 'Contact messages'],
  ['mail', 'Mail'],
  ['audit', 'Audit log'],
] as const;

export function AdminConsole({
  reportedReviews,
  finance,
}: {
  reportedReviews: ReactNode;
  /** The Finance tab (features/finance), passed in by the page. */
  finance: ReactNode;
}) {
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const initial = TABS.find(([value]) => value === asked)?.[0] ?? 'sharks';
  // Each tab's content; the reported reviews and the Finance tab come from their own features through the page.
  const panels: Record<(typeof TABS)[number][0], ReactNode> = {
    sharks: (
      <>
        <CreateSharkPanel />
        <SharksStatePanel />
      </>
    ),
    applications: <ApplicationsPanel />,
    accounts: <AccountsPanel />,
    sessions: <SessionsPanel />,
    credentials: <CredentialQueuePanel />,
    finance,
    'client-requests': <ClientRequestsPanel />,
    engagements: <EngagementsPanel />,
    disputes: <DisputesPanel />,
    reviews: reportedReviews,
    messages: <MessagesPanel />,
    mail: <MailLogPanel />,
    audit: <AuditLogPanel />,
  };
  return (
    <div className="container-page py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Admin</p>
        <h1 className="heading-2 mt-1">Admin console</h1>
        <p className="muted mt-2">
          Run the marketplace: applications, sharks, accounts, sessions, credentials, finance, client
          requests, engagements, disputes, reviews, mail and the audit log.
        </p>
      </header>
      <Tabs.Root defaultValue={initial} className="mt-8">
        <Tabs.List aria-label="Admin sections" className="glass flex w-full flex-wrap gap-1 p-1 sm:w-fit">
          {TABS.map(([value, label]) => (
            <Tabs.Trigger key={value} value={value} className={tabClass}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(([value]) => (
          <Tabs.Content
            key={value}
            value={value}
            className={
              value === 'sharks'
                ? 'mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start'
                : 'mt-6'
            }
          >
            {panels[value]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
