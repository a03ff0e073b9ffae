// /freelancer/client-requests/:id: one client request as the freelancer sees it (issue 27).
import { Link, useParams } from 'react-router';
import { REQUEST_MSG } from '#shared/client-requests.ts';
import { useFreelancerRequest } from '#web/features/proposals/api.ts';
import { FreelancerRequestView } from '#web/features/proposals/freelancer-request.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function ClientRequestPage() {
  const { id = '' } = useParams();
  const query = useFreelancerRequest(id);
  useDocumentTitle(query.data?.request.title ?? ROUTES.freelancer.clientRequest.title);
  return (
    <div className="container-page flex max-w-4xl flex-col gap-6 py-10 sm:py-14">
      <Link to={paths.freelancer.clientRequests} className="text-sm text-accent-300 hover:underline">
        ← Client requests
      </Link>
      {query.isPending ? (
        <Spinner label="Loading the request" />
      ) : query.isError ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <EmptyState level={1} title={REQUEST_MSG.notFound}>
            It does not exist, or it is not open to you.
          </EmptyState>
        ) : (
          <ErrorState level={1} message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        )
      ) : (
        <FreelancerRequestView request={query.data.request} proposal={query.data.proposal} />
      )}
    </div>
  );
}
