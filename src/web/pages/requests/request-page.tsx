// /requests/:id: one request for its client (and admins): its details and its proposals side by side.
import { Link, useParams } from 'react-router';
import { REQUEST_MSG } from '#shared/client-requests.ts';
import { useRequest } from '#web/features/client-requests/api.ts';
import { RequestDetails } from '#web/features/client-requests/request-details.tsx';
import { ProposalsComparison } from '#web/features/proposals/proposals-comparison.tsx';
import { MyEngagements } from '#web/features/engagements/engagement-view.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function RequestPage() {
  const { id = '' } = useParams();
  const request = useRequest(id);
  useDocumentTitle(request.data?.title ?? ROUTES.requests.detail.title);
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <Link to={paths.requests.mine} className="text-sm text-accent-300 hover:underline">
        ← My requests
      </Link>
      {request.isPending ? (
        <Spinner label="Loading the request" />
      ) : request.isError ? (
        request.error instanceof ApiError && request.error.status === 404 ? (
          <EmptyState level={1} title={REQUEST_MSG.notFound}>
            It does not exist, or it is not yours.
          </EmptyState>
        ) : (
          <ErrorState
            level={1}
            message={errorMessage(request.error)}
            onRetry={() => void request.refetch()}
          />
        )
      ) : (
        <>
          <RequestDetails request={request.data} />
          {request.data.viewerIsClient ? (
            <MyEngagements title="Engagement" role="client" requestId={request.data.id} />
          ) : null}
          <ProposalsComparison
            requestId={request.data.id}
            requestStatus={request.data.status}
            canAct={request.data.viewerIsClient}
          />
        </>
      )}
    </div>
  );
}
