import { Link } from 'react-router';
import { ErrorState } from './error-state';
import { paths } from '#shared/routes.ts';

/** Shown when a page fails to load (for example after a deploy replaced its chunk). */
export function RouteError() {
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center">
      <ErrorState
        level={1}
        title="Something went wrong"
        message="This page could not be loaded. Reload the page, or go back home."
        action={
          <>
            <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
              Reload
            </button>
            <Link to={paths.home} className="btn-ghost">
              Back to Home
            </Link>
          </>
        }
      />
    </div>
  );
}
