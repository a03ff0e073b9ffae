// Shown at /sessions/:id: one booking's page for its learner, its shark and admins (issue 13). Anyone else gets the
// API's 404, shown as "Session not found." with a way back.
import { Link, useParams } from 'react-router';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { useSessionDetail } from '#web/features/sessions/api.ts';
import { SessionView } from '#web/features/sessions/session-view.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export function SessionDetail() {
  const { id = '' } = useParams();
  const session = useSessionDetail(id);
  const notFound = session.error instanceof ApiError && session.error.status === 404;
  useDocumentTitle(
    session.data
      ? `${ROUTES.sessions.detail.title}: ${session.data.course.title}`
      : notFound
        ? SESSION_MSG.notFound
        : ROUTES.sessions.detail.title,
  );

  if (session.isPending) {
    return (
      <div className="container-page flex flex-col gap-6 py-10" role="status" aria-label="Loading session">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="container-page py-16">
        <EmptyState
          title={SESSION_MSG.notFound}
          level={1}
          action={
            <Link to={paths.home} className="btn-primary">
              Go to the home page
            </Link>
          }
        >
          It may have been removed, or it belongs to another account.
        </EmptyState>
      </div>
    );
  }
  if (session.isError) {
    return (
      <div className="container-page py-16">
        <ErrorState level={1} message={errorMessage(session.error)} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return <SessionView session={session.data} />;
}
