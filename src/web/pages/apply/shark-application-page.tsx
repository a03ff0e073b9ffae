// /signup/shark ("Be a Shark"): apply to mentor. The application is stored for an admin to review; shark
// accounts are still created by the company, so this makes no account.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { SharkApplicationForm } from '#web/features/applications/shark-application-form.tsx';

export default function SharkApplicationPage() {
  useDocumentTitle(ROUTES.signup.shark.title);
  return <SharkApplicationForm />;
}
