// /login: pick how to sign in (shark, user or freelancer). A `next` target from a guard is carried to the portal.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { LoginChooser } from '#web/features/accounts/login-chooser.tsx';

export default function LoginChooserPage() {
  useDocumentTitle(ROUTES.login.chooser.title);
  return <LoginChooser />;
}
