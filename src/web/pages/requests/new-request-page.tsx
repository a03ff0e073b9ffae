// /requests/new: "Post a request" (issue 27); ?service=pentesting chooses the service (the services page's modal).
import { Link, useSearchParams } from 'react-router';
import { RequestForm } from '#web/features/client-requests/request-form.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function NewRequestPage() {
  useDocumentTitle(ROUTES.requests.new.title);
  const [params] = useSearchParams();
  return (
    <div className="container-page flex max-w-4xl flex-col gap-6 py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">
            Hire a security freelancer
          </p>
          <h1 className="heading-2 mt-2">Post a request</h1>
          <p className="muted mt-2">
            Describe the work; freelancers who offer the service send proposals with a price, days and
            milestones.
          </p>
        </div>
        <Link to={paths.requests.mine} className="btn-ghost">
          My requests
        </Link>
      </header>
      <RequestForm service={params.get('service')} />
    </div>
  );
}
