// /verify-email?token=...: the mailed verification link. Verifies on arrival; without a (good) token, offers a new mail.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { VerifyEmail } from '#web/features/accounts/verify-email.tsx';

export default function VerifyEmailPage() {
  useDocumentTitle(ROUTES.verifyEmail.title);
  return <VerifyEmail />;
}
