// /signup/user: a learner creates an account (role user), is told to verify the email, and lands on /login after 3 s.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { SignupUser } from '#web/features/accounts/signup-user.tsx';

export default function SignupUserPage() {
  useDocumentTitle(ROUTES.signup.user.title);
  return <SignupUser />;
}
