// "My requests": every request the signed-in client posted, newest first, with its state and proposal count.
import { Link } from 'react-router';
import { paths } from '#shared/routes.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useMyRequests } from './api';
import { HiddenNotice, StatusBadge, budgetText, deadlineText } from './request-parts';

export function MyRequests() {
  const list = useMyRequests();
  if (list.isPending) return <Spinner label="Loading your requests" />;
  if (list.isError)
    return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return (
      <EmptyState
        title="No requests yet"
        action={
          <Link to={paths.requests.new} className="btn-primary">
            Post a request
          </Link>
        }
      >
        Describe the security work you need; freelancers who offer that service will send proposals.
      </EmptyState>
    );
  return (
    <ul className="flex flex-col gap-3" aria-label="My requests">
      {list.data.map((r) => (
        <li key={r.id} className="glass flex flex-col gap-1 p-4 sm:p-5">
          <p className="flex flex-wrap items-center gap-2">
            <Link
              to={paths.requests.detail(r.id)}
              className="font-semibold text-ink-100 hover:text-accent-300"
            >
              {r.title}
            </Link>
            <StatusBadge status={r.status} />
          </p>
          <p className="muted text-sm">
            {[
              SECURITY_SERVICE_LABELS[r.service],
              budgetText(r.budgetMinPaise, r.budgetMaxPaise),
              deadlineText(r.deadline),
              `${r.proposalCount} proposal${r.proposalCount === 1 ? '' : 's'}`,
            ].join(' · ')}
          </p>
          <HiddenNotice reason={r.hiddenReason} />
        </li>
      ))}
    </ul>
  );
}
