// /shark/credentials: the shark's certifications and practice-platform profiles, each verified by an admin
// before it shows in public (decision 032). An admin picks the shark (?sharkId=).
import { CredentialsManager } from '#web/features/credentials/credentials-manager.tsx';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function CredentialsPage() {
  useDocumentTitle(ROUTES.shark.credentials.title);
  return (
    <WorkspaceShell
      title="Credentials"
      intro="Certifications and practice-platform profiles, verified by our team before learners see them."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <CredentialsManager sharkId={sharkId} />}
    </WorkspaceShell>
  );
}
