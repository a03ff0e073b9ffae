// /login/:portal (user, shark, freelancer, admin): email + password against one portal. The server decides who may
// enter which portal and words the refusal; this page shows its message verbatim and offers the next step.
import { Login } from '#web/features/accounts/login.tsx';

export default function LoginPage() {
  return <Login />;
}
