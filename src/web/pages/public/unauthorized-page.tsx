// /unauthorized: where the route guard sends a visitor whose roles do not open a page.
import { Link } from 'react-router';
import { paths, ROUTES } from '#shared/routes.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export default function UnauthorizedPage() {
  useDocumentTitle(ROUTES.unauthorized.title);
  return (
    <div className="container-page py-16 sm:py-24">
      <div className="glass mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center">
        <span aria-hidden="true" className="font-mono text-5xl font-bold text-danger-400">
          403
        </span>
        <h1 className="heading-2">{ROUTES.unauthorized.title}</h1>
        <p className="muted">{COMMON_MSG.unauthorizedBody}</p>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <Link to={paths.home} className="btn-primary">
            Back to Home
          </Link>
          <Link to={paths.login.chooser} className="btn-ghost">
            Log in with another account
          </Link>
        </div>
      </div>
    </div>
  );
}
