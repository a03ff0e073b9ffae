// /sharks/:id: one shark's public profile with tabs about, courses and reviews, and the booking panel.
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { MSG } from '../../../shared/messages';
import type { Shark } from '../../../shared/schemas/sharks';
import { ApiError, errorMessage } from '../../api/client';
import { useShark, useSharkCourses } from '../../api/sharks';
import { ComingSoon } from '../../components/coming-soon';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { Skeleton } from '../../components/skeleton';
import { FollowHeart } from '../../features/follows/follow-heart';
import { NotifyMeButton } from '../../features/reviews/notify-me-button';
import { CourseCard } from '../../features/sharks/course-card';
import { sharkBio, sharkPhoto, sharkRating, sharkStudents, specializationLabel } from '../../features/sharks/shark-display';
import { formatRating, formatYears } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

// The booking panel carries the form and validation code (about two thirds of this page's JavaScript) and
// only the courses tab shows it: it loads on its own, fetched while the browser is idle after the profile
// has painted, so the about tab a phone opens first paints sooner (docs/benchmarks.md).
const loadBookingPanel = () => import('../../features/bookings/booking-panel');
const BookingPanel = lazy(() => loadBookingPanel().then((m) => ({ default: m.BookingPanel })));

function usePrefetchBookingPanel() {
  useEffect(() => {
    const prefetch = () => void loadBookingPanel().catch(() => {});
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 1500);
    return () => clearTimeout(timer);
  }, []);
}

const TAB_TRIGGER =
  'rounded-lg px-4 py-2 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-accent-400/15 data-[state=active]:text-accent-300';

export default function SharkProfilePage() {
  const { id = '' } = useParams();
  const shark = useShark(id);
  const notFound = shark.error instanceof ApiError && shark.error.status === 404;
  useDocumentTitle(shark.data?.name ?? (notFound ? MSG.sharkNotFound : 'Shark'));

  if (shark.isPending) return <ProfileSkeleton />;
  if (notFound) {
    return (
      <div className="container-page py-16">
        <EmptyState
          title={MSG.sharkNotFound}
          level={1}
          action={
            <Link to={paths.sharks.list} className="btn-primary">
              Back to Sharks
            </Link>
          }
        >
          This shark does not exist or is not listed right now. Browse the other sharks instead.
        </EmptyState>
      </div>
    );
  }
  if (shark.isError) {
    return (
      <div className="container-page py-16">
        <ErrorState message={errorMessage(shark.error)} onRetry={() => void shark.refetch()} />
      </div>
    );
  }
  return <Profile shark={shark.data} />;
}

const TABS = ['about', 'courses', 'reviews'] as const;
type Tab = (typeof TABS)[number];

/** The open tab lives in the URL (?tab=courses), so a link or a return from login lands on the booking panel. */
function useProfileTab(): [Tab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: Tab = TABS.includes(current as Tab) ? (current as Tab) : 'about';
  const setTab = (next: string) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'about') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}

function Profile({ shark }: { shark: Shark }) {
  const [tab, setTab] = useProfileTab();
  usePrefetchBookingPanel();
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-400">
        <Link to={paths.sharks.list} className="hover:text-accent-300">
          ← All sharks
        </Link>
      </nav>
      <header className="glass flex flex-col gap-6 p-6 sm:flex-row sm:items-center">
        <img
          src={sharkPhoto(shark)}
          alt={`Photo of ${shark.name}`}
          width={160}
          height={160}
          className="h-32 w-32 shrink-0 rounded-2xl border border-accent-400/30 object-cover sm:h-40 sm:w-40"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="heading-2 break-words">{shark.name}</h1>
              {shark.codeName ? (
                <p className="font-mono text-sm text-accent-300">
                  <span className="sr-only">Code name: </span>@{shark.codeName}
                </p>
              ) : null}
            </div>
            <FollowHeart sharkId={shark.id} sharkName={shark.name} />
          </div>
          <span className="w-fit rounded-full border border-accent-400/40 bg-accent-400/10 px-3 py-1 text-xs font-medium text-accent-300">
            {specializationLabel(shark)}
          </span>
          <dl className="grid grid-cols-3 gap-3 text-center sm:max-w-md">
            <Fact label="Experience" value={formatYears(shark.experience)} />
            <Fact label="Rating" value={`★ ${formatRating(sharkRating(shark))}`} />
            <Fact label="Students" value={String(sharkStudents(shark))} />
          </dl>
        </div>
      </header>

      <Tabs.Root value={tab} onValueChange={setTab} className="flex flex-col gap-6">
        <Tabs.List aria-label={`About ${shark.name}`} className="glass flex w-fit max-w-full gap-1 overflow-x-auto p-1">
          <Tabs.Trigger value="about" className={TAB_TRIGGER}>
            About
          </Tabs.Trigger>
          <Tabs.Trigger value="courses" className={TAB_TRIGGER}>
            Courses
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={TAB_TRIGGER}>
            Reviews
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="about" className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <section aria-labelledby="about-heading" className="glass p-6">
            <h2 id="about-heading" className="mb-3 text-lg font-semibold">
              About {shark.name}
            </h2>
            <p className="leading-relaxed break-words whitespace-pre-line text-ink-300">{sharkBio(shark)}</p>
          </section>
          <Availability />
        </Tabs.Content>

        <Tabs.Content value="courses">
          <CoursesTab shark={shark} />
        </Tabs.Content>

        <Tabs.Content value="reviews">
          <ComingSoon level={2} title="Reviews are coming soon" actions={<NotifyMeButton sharkId={shark.id} />}>
            Learners will soon be able to rate and review {shark.name}. Ask us to tell you when reviews open.
          </ComingSoon>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-950/40 px-2 py-2">
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="font-semibold text-ink-100">{value}</dd>
    </div>
  );
}

function Availability() {
  return (
    <section aria-labelledby="availability-heading" className="glass p-6">
      <h2 id="availability-heading" className="mb-3 text-lg font-semibold">
        Availability
      </h2>
      <p className="muted">{MSG.calendarComingSoon}</p>
    </section>
  );
}

function CoursesTab({ shark }: { shark: Shark }) {
  const courses = useSharkCourses(shark.id);
  if (courses.isPending) {
    return (
      <div role="status" aria-label="Loading courses" className="flex flex-col gap-4">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (courses.isError) return <ErrorState message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} />;
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
        {shark.name} has not published a course yet. Follow this shark to hear when one opens, or browse other sharks.
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
      <div className="flex flex-col gap-6 lg:sticky lg:top-20">
        <Suspense
          fallback={
            <div role="status" aria-label="Loading the booking form">
              <Skeleton className="h-96 w-full" />
            </div>
          }
        >
          <BookingPanel shark={shark} courses={courses.data} />
        </Suspense>
        <Availability />
      </div>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div className="container-page flex flex-col gap-8 py-10" role="status" aria-label="Loading shark">
      <div className="glass flex flex-col gap-6 p-6 sm:flex-row">
        <Skeleton className="h-32 w-32 sm:h-40 sm:w-40" />
        <div className="flex flex-1 flex-col gap-3">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
          <Skeleton className="h-14 w-full max-w-md" />
        </div>
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
