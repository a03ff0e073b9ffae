// /requests: the signed-in client's requests (issue 27).
import { Link } from 'react-router';
import { MyRequests } from '#web/features/client-requests/my-requests.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function MyRequestsPage() {
  useDocumentTitle(ROUTES.requests.mine.title);
  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="heading-2">My requests</h1>
        <Link to={paths.requests.new} className="btn-primary">
          Post a request
        </Link>
      </header>
      <MyRequests />
    </div>
  );
}
