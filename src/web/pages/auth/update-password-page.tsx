// /update-password?token=...: the target of the mailed reset link. Choose a new password; every session ends.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { UpdatePassword } from '#web/features/accounts/update-password.tsx';

export default function UpdatePasswordPage() {
  useDocumentTitle(ROUTES.updatePassword.title);
  return <UpdatePassword />;
}
