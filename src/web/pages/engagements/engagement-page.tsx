// /engagements/:id: one engagement for its client, its freelancer and admins; anyone else is told it is not found.
import { useParams } from 'react-router';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import { ROUTES } from '#shared/routes.ts';
import { useEngagement } from '#web/features/engagements/api.ts';
import { EngagementView } from '#web/features/engagements/engagement-view.tsx';
import { EngagementFiles } from '#web/features/engagements/engagement-files.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export default function EngagementPage() {
  const { id = '' } = useParams();
  const engagement = useEngagement(id);
  useDocumentTitle(engagement.data?.title ?? ROUTES.engagements.detail.title);
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      {engagement.isPending ? (
        <Spinner label="Loading the engagement" />
      ) : engagement.isError ? (
        engagement.error instanceof ApiError && engagement.error.status === 404 ? (
          <EmptyState level={1} title={ENGAGEMENT_MSG.notFound}>
            It does not exist, or you are not one of its parties.
          </EmptyState>
        ) : (
          <ErrorState
            level={1}
            message={errorMessage(engagement.error)}
            onRetry={() => void engagement.refetch()}
          />
        )
      ) : (
        <>
          <EngagementView engagement={engagement.data} />
          <EngagementFiles engagement={engagement.data} />
        </>
      )}
    </div>
  );
}
