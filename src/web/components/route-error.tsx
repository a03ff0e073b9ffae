import { Link } from 'react-router';

/** Shown when a page fails to load (for example after a deploy replaced its chunk). */
export function RouteError() {
  return (
    <div className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 text-center">
      <h1 className="heading-2">Something went wrong</h1>
      <p className="muted">This page could not be loaded. Reload the page, or go back home.</p>
      <div className="flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn-ghost">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
