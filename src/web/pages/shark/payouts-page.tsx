// /shark/payouts: where the shark is paid (issue 24), a UPI id or a bank account and the PAN, shown masked. An
// admin picks the shark (?sharkId=) and sees the masked details only.
import { PayoutDetailsManager } from '#web/features/payouts/payout-details.tsx';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function PayoutsPage() {
  useDocumentTitle(ROUTES.shark.payouts.title);
  return (
    <WorkspaceShell
      title="Payout details"
      intro="Where your earnings are sent: a UPI id or a bank account, with your PAN."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <PayoutDetailsManager owner={{ kind: 'shark', sharkId }} />}
    </WorkspaceShell>
  );
}
