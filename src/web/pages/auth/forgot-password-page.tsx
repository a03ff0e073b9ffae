// /forgotpassword: ask for a reset link. The answer is the same whether or not the email has an account.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ForgotPassword } from '#web/features/accounts/forgot-password.tsx';

export default function ForgotPasswordPage() {
  useDocumentTitle(ROUTES.forgotPassword.title);
  return <ForgotPassword />;
}
