// /shark-application/confirm?token=: an approved applicant whose email already had an account confirms, logged
// in with that email, and the account gains the shark role (decision 032).
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ConfirmSharkRole } from '#web/features/credentials/confirm-shark-role.tsx';

export default function ConfirmSharkRolePage() {
  useDocumentTitle(ROUTES.confirmSharkRole.title);
  return <ConfirmSharkRole />;
}
