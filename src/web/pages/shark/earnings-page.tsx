// /shark/earnings: the shark's balance (pending, available, paid out), each paid session's money and every
// payout (issue 24).
// An admin picks the shark (?sharkId=) and reads the same.
import { PayoutList } from '#web/features/payouts/payout-list.tsx';
import { EarningsView } from '#web/features/workspace/earnings.tsx';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function EarningsPage() {
  useDocumentTitle(ROUTES.shark.earnings.title);
  return (
    <WorkspaceShell
      title="Earnings"
      intro="What learners paid for your sessions, the platform fee and tax inside it, and your share."
      link={{ to: paths.shark.payouts, label: 'Payout details' }}
    >
      {(sharkId) => (
        <>
          <EarningsView sharkId={sharkId} />
          <PayoutList owner={{ kind: 'shark', sharkId }} />
        </>
      )}
    </WorkspaceShell>
  );
}
