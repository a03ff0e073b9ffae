// The courses tab: the shark's courses and, beside them, the booking form and the calendar (both passed in by
// the page). The Book button asks for focus: the booking column takes it (and scrolls into view) once shown.
import { useCallback, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { paths } from '#shared/routes.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { CourseCard } from './course-card';

export function ProfileCourses({
  shark,
  courses,
  focusBooking,
  onBookingFocused,
  booking,
  aside,
}: {
  shark: Shark;
  courses: UseQueryResult<PublicCourse[]>;
  focusBooking: boolean;
  onBookingFocused: () => void;
  /** The booking form for the courses shown. */
  booking: (courses: PublicCourse[]) => ReactNode;
  /** Shown under the booking form (the calendar summary). */
  aside: ReactNode;
}) {
  const bookingRef = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !focusBooking) return;
      el.scrollIntoView?.({ block: 'start' });
      el.focus({ preventScroll: true });
      onBookingFocused();
    },
    [focusBooking, onBookingFocused],
  );
  if (courses.isPending) {
    return (
      <div role="status" aria-label="Loading courses" className="flex flex-col gap-4">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (courses.isError)
    return <ErrorState message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} />;
  if (courses.data.length === 0) {
    return (
      <EmptyState
        title="No courses yet"
        action={
          <Link to={paths.sharks.list} className="btn-ghost">
            Browse other sharks
          </Link>
        }
      >
        {shark.name} has not published a course yet. Follow this shark to hear when one opens, or browse other
        sharks.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
      <section aria-label="Courses" className="flex flex-col gap-4">
        {courses.data.map((c) => (
          <CourseCard key={c.id} course={c} />
        ))}
      </section>
      <div
        id="book"
        ref={bookingRef}
        tabIndex={-1}
        className="flex scroll-mt-20 flex-col gap-6 outline-none lg:sticky lg:top-20"
      >
        {booking(courses.data)}
        {aside}
      </div>
    </div>
  );
}
