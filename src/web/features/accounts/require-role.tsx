// The route guard (UX only; the server enforces the same rules). While roles load it shows Loading;
// a signed-out visitor goes to log in and comes back; a signed-in one without an allowed role goes to /unauthorized.
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { paths } from '#shared/routes.ts';
import { Spinner } from '#web/components/spinner.tsx';

export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { isPending, isSignedIn, roles: userRoles } = useSession();
  const location = useLocation();
  // Someone who was signed in on this page and now is not has logged out (here, or in another tab): they go to
  // plain /login, where Logout sends them anyway, not to a "log in to come back here" link.
  const [wasSignedIn, setWasSignedIn] = useState(false);
  if (isSignedIn && !wasSignedIn) setWasSignedIn(true);
  if (isPending) return <Spinner label="Loading" />;
  if (!isSignedIn) {
    if (wasSignedIn) return <Navigate to={paths.login.chooser} replace />;
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${paths.login.chooser}?next=${next}`} replace />;
  }
  if (!userRoles.some((r) => roles.includes(r))) return <Navigate to={paths.unauthorized} replace />;
  return <>{children}</>;
}
