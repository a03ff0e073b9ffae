// /user/bookings: every booking of the signed-in account: what needs an answer, what is coming, what is past;
// each opens its session page.
import { Link } from 'react-router';
import { useMyBookings } from '#web/features/bookings/api.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { fromMyBooking, groupSessions, SessionGroups } from '#web/features/sessions/session-groups.tsx';
import { formatRupees } from '#web/lib/format.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

const ENDED_UNHELD = new Set(['declined', 'expired', 'cancelled']);

export default function BookingsPage() {
  useDocumentTitle(ROUTES.user.bookings.title);
  const bookings = useMyBookings();
  // Declined, expired and cancelled sessions cost nothing: the total counts the ones booked or held.
  const kept = (bookings.data ?? []).filter((b) => !ENDED_UNHELD.has(b.status));
  const spent = kept.reduce((sum, b) => sum + Math.round(b.totalPrice * 100), 0) / 100;

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Bookings</p>
          <h1 className="heading-2 mt-2">My bookings</h1>
          {bookings.data && bookings.data.length > 0 ? (
            <p className="muted mt-1">
              {kept.length} {kept.length === 1 ? 'session' : 'sessions'} booked or held, {formatRupees(spent)}{' '}
              in total. Payment is arranged with each shark.
            </p>
          ) : null}
        </div>
        <Link to={paths.sharks.list} className="btn-primary w-fit">
          Book another session
        </Link>
      </header>

      {bookings.isPending ? (
        <div role="status" aria-label="Loading bookings" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : bookings.isError ? (
        <ErrorState message={errorMessage(bookings.error)} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
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
        <SessionGroups groups={groupSessions(bookings.data.map(fromMyBooking))} />
      )}
    </div>
  );
}
