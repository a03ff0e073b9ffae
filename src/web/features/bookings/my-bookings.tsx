// /user/bookings: the bookings of the signed-in account: what needs an answer, what is coming, what is past,
// what was cancelled, declined or expired, each group a page at a time with its total; each opens its session
// page. The header's numbers come from the server's aggregate, not from the rows.
import { Link } from 'react-router';
import { useMySessionGroup, useMySessionsOverview } from '#web/features/bookings/api.ts';
import type { SessionGroup } from '#shared/session-lists.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { fromMyBooking, PagedSessionGroup } from '#web/features/session-lists/session-groups.tsx';
import { formatPaise } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';

export function MyBookings() {
  const overview = useMySessionsOverview();
  // The sessions booked or held, and the money paid through us less what was or is being refunded.
  const o = overview.data;

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Bookings</p>
          <h1 className="heading-2 mt-2">My bookings</h1>
          {o && o.total > 0 ? (
            <p className="muted mt-1">
              {o.bookedOrHeld} {o.bookedOrHeld === 1 ? 'session' : 'sessions'} booked or held
              {o.paidPaise > 0 ? `, ${formatPaise(o.paidPaise)} paid, net of refunds` : null}.
            </p>
          ) : null}
        </div>
        <Link to={paths.sharks.list} className="btn-primary w-fit">
          Book another session
        </Link>
      </header>

      {overview.isPending ? (
        <div role="status" aria-label="Loading bookings" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : overview.isError ? (
        <ErrorState message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />
      ) : overview.data.total === 0 ? (
        <EmptyState
          title="No bookings yet"
          action={
            <Link to={paths.sharks.list} className="btn-primary">
              Browse sharks
            </Link>
          }
        >
          Find a shark, open the Courses tab, choose hours, a date and a time, and confirm. Your sessions will
          be listed here.
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-8">
          <LearnerGroup group="needsAction" />
          <LearnerGroup group="upcoming" />
          <LearnerGroup group="past" />
          <LearnerGroup group="cancelled" />
        </div>
      )}
    </div>
  );
}

function LearnerGroup({ group }: { group: SessionGroup }) {
  const query = useMySessionGroup(group);
  return <PagedSessionGroup group={group} query={query} toItem={fromMyBooking} />;
}
