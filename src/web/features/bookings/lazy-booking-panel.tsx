// The booking panel carries the form and validation code (about two thirds of the profile's JavaScript) and
// only the profile's courses tab shows it: it loads on its own, fetched while the browser is idle after the
// profile has painted, so the about tab a phone opens first paints sooner (docs/benchmarks.md).
import { lazy, Suspense, useEffect } from 'react';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { Skeleton } from '#web/components/skeleton.tsx';

const loadBookingPanel = () => import('./booking-panel');
const BookingPanel = lazy(() => loadBookingPanel().then((m) => ({ default: m.BookingPanel })));

/**
 * Fetches the booking panel's code while the learner reads the profile: two seconds after the page shows, at
 * the next idle moment, so its seven files never compete with the profile's own first paint on a slow network.
 * Opening the Courses tab sooner loads it at once.
 */
export function usePrefetchBookingPanel() {
  useEffect(() => {
    const prefetch = () => void loadBookingPanel().catch(() => {});
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      else prefetch();
    }, 2000);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

export function LazyBookingPanel({ shark, courses }: { shark: Shark; courses: PublicCourse[] }) {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading the booking form">
          <Skeleton className="h-96 w-full" />
        </div>
      }
    >
      <BookingPanel shark={shark} courses={courses} />
    </Suspense>
  );
}
