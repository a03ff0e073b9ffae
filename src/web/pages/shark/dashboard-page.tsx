// /shark/dashboard: upcoming and completed sessions, earnings and average rating (all computed by the
// database), and the next sessions booked.
import { MetricTile } from '#web/components/stat-tile.tsx';
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSharkDashboard } from '#web/features/workspace/api.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { formatDate, formatRating, formatRupees } from '#web/lib/format.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { AVAILABILITY_MSG } from '#shared/availability.ts';

export default function DashboardPage() {
  useDocumentTitle(ROUTES.shark.dashboard.title);
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
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Your numbers">
            <MetricTile label="Upcoming sessions" value={data ? String(data.upcomingSessions) : null} />
            <MetricTile label="Completed sessions" value={data ? String(data.completedSessions) : null} />
            <MetricTile label="Earnings" value={data ? formatRupees(data.earnings) : null} />
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
          </dl>

          <section aria-labelledby="next-title" className="glass p-5 sm:p-6">
            <h2 id="next-title" className="text-lg font-semibold text-ink-100">
              Next sessions
            </h2>
            {!data ? (
              <div className="mt-4 grid gap-2">
                <Skeleton className="h-14" />
                <Skeleton className="h-14" />
              </div>
            ) : data.nextSessions.length === 0 ? (
              <p className="muted mt-3 text-sm">
                No upcoming sessions yet.{' '}
                {data.courseCount === 0 ? (
                  <>
                    <Link className="text-accent-300 hover:text-accent-400" to={paths.shark.editProfile}>
                      Add a course
                    </Link>{' '}
                    so learners can book you.
                  </>
                ) : (
                  'Keep your profile published so learners can find and book you.'
                )}
              </p>
            ) : (
              <ul className="mt-4 divide-y divide-white/10" aria-label="Next sessions">
                {data.nextSessions.map((s) => (
                  <li
                    key={s.id}
                    className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="truncate font-medium text-ink-100">{s.courseTitle}</p>
                      <p className="muted text-sm">with {s.learnerName}</p>
                    </div>
                    <p className="text-sm text-ink-300">
                      {formatDate(s.preferredDate)} · {s.preferredTime} · {s.hours}{' '}
                      {s.hours === 1 ? 'hour' : 'hours'}
                    </p>
                  </li>
                ))}
              </ul>
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
