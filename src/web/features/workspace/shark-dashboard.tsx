// /shark/dashboard: the spec's numbers (upcoming = the "Upcoming" list's sessions, completed, earnings = the
// shark's share of completed sessions, from the ledger, average rating), the share of paid sessions not yet held
// and what needs the shark's action (the "Needs your action" list: requests and proposed new times), then the first sessions of each group (needing an answer, upcoming, past, cancelled) with its
// count, from the dashboard's own answer: the full lists are on the enrollments page.
import { MetricTile } from '#web/components/stat-tile.tsx';
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSharkDashboard } from '#web/features/workspace/api.ts';
import { fromSharkSession, SessionPreview } from '#web/features/session-lists/session-groups.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { formatRating } from '#web/lib/format.ts';
import { formatPaise } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import type { Dashboard } from '#shared/workspace.ts';

const previewOf = (g: Dashboard['sessions']['past']) => ({
  total: g.total,
  items: g.items.map(fromSharkSession),
});

export function SharkDashboard() {
  const dashboard = useSharkDashboard();
  const data = dashboard.data;
  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Shark workspace</p>
          <h1 className="heading-2 mt-1">
            {data?.sharkName ? `Welcome back, ${data.sharkName}` : 'Dashboard'}
          </h1>
          <p className="muted mt-2">Your sessions and earnings at a glance.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link className="btn-ghost" to={paths.shark.enrollments}>
            Student enrollments
          </Link>
          <Link className="btn-primary" to={paths.shark.editProfile}>
            Edit profile & courses
          </Link>
        </div>
      </header>

      {dashboard.isError ? (
        <ErrorState message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3" aria-label="Your numbers">
            {/* Each tile counts what its list below holds, under the list's name (issue 25, decision 161). */}
            <MetricTile
              label="Upcoming sessions"
              value={data ? String(data.sessions.upcoming.total) : null}
            />
            <MetricTile label="Completed sessions" value={data ? String(data.completedSessions) : null} />
            <MetricTile label="Earnings" value={data ? formatPaise(data.earningsPaise) : null} />
            <MetricTile
              label="Average rating"
              value={
                data ? (
                  data.avgRating === null ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">No ratings yet</span>
                    </>
                  ) : (
                    `${formatRating(data.avgRating)} ★`
                  )
                ) : null
              }
            />
            {data ? (
              <MetricTile label="Booked, not yet held" value={formatPaise(data.bookedNotHeldPaise)} />
            ) : null}
            {data ? (
              <MetricTile label="Needs your action" value={String(data.sessions.needsAction.total)} />
            ) : null}
          </dl>
          {data ? (
            <div className="-mt-2 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <p className="muted text-xs">
                Earnings are your share of completed sessions: what learners paid, less the platform fee and
                any tax on it, and less refunds. A session counts once held; its share is available for payout
                48 hours later.
                {data.sharkCancellations !== undefined
                  ? ` Sessions you cancelled: ${data.sharkCancellations}.`
                  : ''}
              </p>
              <Link
                className="inline-flex min-h-11 shrink-0 items-center text-sm text-accent-300 hover:underline"
                to={paths.shark.earnings}
              >
                See earnings →
              </Link>
            </div>
          ) : null}

          <section aria-labelledby="sessions-title" className="glass flex flex-col gap-4 p-5 sm:p-6">
            <div className="flex flex-wrap items-baseline justify-between gap-3">
              <h2 id="sessions-title" className="text-lg font-semibold text-ink-100">
                Your sessions
              </h2>
              <Link
                className="inline-flex min-h-11 items-center text-sm text-accent-300 hover:underline"
                to={paths.shark.enrollments}
              >
                See all enrollments →
              </Link>
            </div>
            {!data ? (
              <div className="grid gap-2" role="status" aria-label="Loading sessions">
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
              </div>
            ) : (
              <SessionPreview
                groups={{
                  needsAction: previewOf(data.sessions.needsAction),
                  upcoming: previewOf(data.sessions.upcoming),
                  past: previewOf(data.sessions.past),
                  cancelled: previewOf(data.sessions.cancelled),
                }}
                allTo={paths.shark.enrollments}
                emptyUpcoming={
                  data.courseCount === 0
                    ? 'No upcoming sessions yet. Add a course so learners can book you.'
                    : 'No upcoming sessions yet. Keep your profile published so learners can find and book you.'
                }
              />
            )}
          </section>

          <section aria-labelledby="calendar-title" className="glass p-5 sm:p-6">
            <h2 id="calendar-title" className="text-lg font-semibold text-ink-100">
              Calendar
            </h2>
            <p className="muted mt-2 text-sm">{AVAILABILITY_MSG.workspaceLink}</p>
            <Link className="btn-ghost mt-3" to={paths.shark.availability}>
              Edit availability
            </Link>
          </section>
        </>
      )}
    </div>
  );
}
