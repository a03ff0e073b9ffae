// /freelancer/client-requests: nothing sends client requests yet, so the page says so honestly.
import { Link } from 'react-router';
import { EmptyState } from '#web/components/empty-state.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function ClientRequestsPage() {
  useDocumentTitle(ROUTES.freelancer.clientRequests.title);
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelancer</p>
        <h1 className="heading-2 mt-2">Client requests</h1>
      </header>
      <EmptyState
        title="No client requests yet"
        action={
          <>
            <Link to={paths.freelancer.editProfile} className="btn-primary">
              Update your skills
            </Link>
            <Link to={paths.freelancer.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </>
        }
      >
        Clients cannot send requests to freelancers yet: the freelancer listing is still coming soon. When it
        opens, the requests sent to you will appear here. Until then, keep your profile and skills up to date.
      </EmptyState>
    </div>
  );
}
