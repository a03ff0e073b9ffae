// The profile's reviews tab (its cards, the report dialog and its form and focus layers) loads when opened,
// behind the same "Loading reviews" spinner it shows while its reviews are fetched, so the other tabs do not
// carry it.
import { lazy, Suspense } from 'react';
import { Spinner } from '#web/components/spinner.tsx';

const ReviewsTab = lazy(() => import('./reviews-tab').then((m) => ({ default: m.ReviewsTab })));

export function LazyReviewsTab({ sharkId, sharkName }: { sharkId: string; sharkName: string }) {
  return (
    <Suspense fallback={<Spinner label="Loading reviews" />}>
      <ReviewsTab sharkId={sharkId} sharkName={sharkName} />
    </Suspense>
  );
}
