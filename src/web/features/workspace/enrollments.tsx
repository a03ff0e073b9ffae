// The shark's enrollments: each group of its sessions a page at a time (needing an answer, upcoming, past,
// cancelled), then each course's bookings, held sessions and what those earned (from the ledger, decision 208).
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCourseTotals, useSharkSessionGroup } from '#web/features/workspace/api.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { formatPaise } from '#shared/money.ts';
import { fromSharkSession, PagedSessionGroup } from '#web/features/session-lists/session-groups.tsx';
import type { SessionGroup } from '#shared/session-lists.ts';
import { paths } from '#shared/routes.ts';

export function EnrollmentList({ sharkId }: { sharkId?: string }) {
  const totals = useCourseTotals(sharkId);
  if (totals.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading enrollments">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (totals.isError)
    return <ErrorState message={errorMessage(totals.error)} onRetry={() => void totals.refetch()} />;
  const { courses } = totals.data;
  if (courses.length === 0) {
    return (
      <div className="glass px-6 py-10 text-center">
        <h2 className="text-xl font-semibold text-ink-100">No courses yet</h2>
        <p className="muted mt-2 text-sm">Students appear here once learners book your courses.</p>
        <Link className="btn-primary mt-4" to={withSharkId(paths.shark.editProfile, sharkId)}>
          Add a course
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <SharkGroup group="needsAction" sharkId={sharkId} />
      <SharkGroup
        group="upcoming"
        sharkId={sharkId}
        emptyText="No upcoming sessions. Keep your profile published so learners can book you."
      />
      <SharkGroup group="past" sharkId={sharkId} />
      <SharkGroup group="cancelled" sharkId={sharkId} />
      <section aria-labelledby="courses-summary" className="glass p-5 sm:p-6">
        <h2 id="courses-summary" className="text-lg font-semibold text-ink-100">
          Per course
        </h2>
        <p className="muted mt-1 text-sm">
          What you earned from each course&apos;s held sessions, after the platform fee and any refund.
        </p>
        <ul className="mt-3 divide-y divide-white/10" aria-label="Bookings per course">
          {courses.map((course) => (
            <li
              key={course.courseId}
              className="flex flex-wrap items-baseline justify-between gap-2 py-3 text-sm"
            >
              <span className="min-w-0">
                <span className="font-medium text-ink-100">{course.title}</span>{' '}
                <span className="font-mono text-xs whitespace-nowrap text-accent-300">
                  {course.courseCode}
                </span>
              </span>
              <span className="text-ink-300">
                {course.bookingCount} {course.bookingCount === 1 ? 'booking' : 'bookings'} ·{' '}
                {course.heldCount} held ·{' '}
                <span className="font-semibold text-ink-100">{formatPaise(course.heldNetPaise)}</span> earned
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function SharkGroup({
  group,
  sharkId,
  emptyText,
}: {
  group: SessionGroup;
  sharkId?: string;
  emptyText?: string;
}) {
  const query = useSharkSessionGroup(group, sharkId);
  return <PagedSessionGroup group={group} query={query} toItem={fromSharkSession} emptyText={emptyText} />;
}
