// /sharks/:id: one shark's public profile with tabs about, courses and reviews, and the booking panel.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { getSharkCoursesQueryOptions, useShark } from '#web/features/catalogue/api.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { FollowHeart } from '#web/features/follows/follow-heart.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { CourseCard } from '#web/features/catalogue/course-card.tsx';
import { SharkAvatar } from '#web/features/catalogue/shark-avatar.tsx';
import {
  reviewCountText,
  sharkBio,
  sharkRating,
  sharkStudents,
  specializationLabel,
} from '#web/features/catalogue/shark-display.ts';
import { UNRATED_LABEL } from '#shared/constants.ts';
import { formatFromHourly, formatHourlyRange, formatRating, formatYears } from '#web/lib/format.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#shared/routes.ts';
import { useSession } from '#web/features/accounts/api.ts';
import { useMyBookings } from '#web/features/bookings/api.ts';
import { getSharkProfileQueryOptions } from '#web/features/workspace/api.ts';
import { getOwnCoursesQueryOptions } from '#web/features/courses/api.ts';
import type { SharkProfile } from '#shared/workspace.ts';
import { formatDate } from '#web/lib/format.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { VerifiedCredentials } from '#web/features/credentials/verified-credentials.tsx';
import { CalendarSummary } from '#web/features/bookings/calendar-summary.tsx';

// The booking panel carries the form and validation code (about two thirds of this page's JavaScript) and
// only the courses tab shows it: it loads on its own, fetched while the browser is idle after the profile
// has painted, so the about tab a phone opens first paints sooner (docs/benchmarks.md).
const loadBookingPanel = () => import('#web/features/bookings/booking-panel.tsx');
const BookingPanel = lazy(() => loadBookingPanel().then((m) => ({ default: m.BookingPanel })));

// The reviews tab (its cards, the report dialog and its form and focus layers) loads when opened, behind the
// same "Loading reviews" spinner it shows while its reviews are fetched, so the other tabs do not carry it.
const ReviewsTab = lazy(() =>
  import('#web/features/reviews/reviews-tab.tsx').then((m) => ({ default: m.ReviewsTab })),
);

/**
 * Fetches the booking panel's code while the learner reads the profile: two seconds after the page shows, at
 * the next idle moment, so its seven files never compete with the profile's own first paint on a slow network.
 * Opening the Courses tab sooner loads it at once.
 */
function usePrefetchBookingPanel() {
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

const TAB_TRIGGER =
  'min-h-11 rounded-lg px-4 py-2 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-accent-400/15 data-[state=active]:text-accent-300';

/** A shark's own workspace profile as the public page's shape (no public numbers yet). */
const asShark = (p: SharkProfile & { id: string }): Shark => ({
  id: p.id,
  name: p.name,
  codeName: p.codeName,
  specialization: p.specialization ?? 'pentesting',
  experience: p.experience ?? 0,
  bio: p.bio,
  photoUrl: p.photoUrl,
  studentCount: null,
  avgRating: null,
  reviewCount: 0,
  minPrice: null,
});

export default function SharkProfilePage() {
  const { id = '' } = useParams();
  const shark = useShark(id);
  const notFound = shark.error instanceof ApiError && shark.error.status === 404;
  const session = useSession();
  // An unpublished shark opening their own page sees a preview of it.
  const own = useQuery({
    ...getSharkProfileQueryOptions(),
    enabled: notFound && session.roles.includes('shark'),
  });
  const preview =
    notFound && own.data?.id === id && !own.data.published ? asShark({ ...own.data, id }) : null;
  // A learner who booked a shark that later unpublished still sees whom and what they booked.
  const bookings = useMyBookings(notFound && session.roles.includes('user'));
  const booked = notFound ? (bookings.data ?? []).filter((b) => b.sharkId === id) : [];
  useDocumentTitle(
    shark.data?.name ??
      preview?.name ??
      (booked[0]
        ? CATALOGUE_MSG.notListed(booked[0].sharkName)
        : notFound
          ? CATALOGUE_MSG.sharkNotFound
          : 'Shark'),
  );

  if (shark.isPending || (notFound && (own.isLoading || bookings.isLoading))) return <ProfileSkeleton />;
  if (preview) return <Profile shark={preview} preview />;
  if (booked.length > 0) {
    return (
      <div className="container-page py-16">
        <EmptyState
          title={CATALOGUE_MSG.notListed(booked[0].sharkName)}
          level={1}
          action={
            <Link to={paths.user.bookings} className="btn-primary">
              Your bookings
            </Link>
          }
        >
          {CATALOGUE_MSG.notListedBody}
          <ul className="mt-3 flex flex-col gap-1 text-ink-100">
            {booked.map((b) => (
              <li key={b.id}>
                {b.courseTitle}, {formatDate(b.preferredDate)}
              </li>
            ))}
          </ul>
        </EmptyState>
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="container-page py-16">
        <EmptyState
          title={CATALOGUE_MSG.sharkNotFound}
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
function useProfileTab(): [Tab, (tab: string, courseId?: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const tab: Tab = TABS.includes(current as Tab) ? (current as Tab) : 'about';
  const setTab = (next: string, courseId?: string) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === 'about') updated.delete('tab');
        else updated.set('tab', next);
        // The booking panel starts on the course named here (?course=<id>).
        if (courseId) updated.set('course', courseId);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [tab, setTab];
}

/** The cheapest course: the one the card's "from" price names and the Book button chooses. */
const cheapest = (courses: PublicCourse[]) =>
  courses.reduce<PublicCourse | undefined>(
    (best, c) => (best && best.price <= c.price ? best : c),
    undefined,
  );

function PriceAndBook({
  shark,
  courses,
  onBook,
}: {
  shark: Shark;
  courses: PublicCourse[] | undefined;
  onBook: (courseId: string) => void;
}) {
  if (courses?.length === 0) return <p className="text-sm text-ink-400">{CATALOGUE_MSG.noCourses}</p>;
  if (!courses && shark.minPrice === null) return null;
  const prices = courses?.map((c) => c.price) ?? [];
  const label = courses
    ? formatHourlyRange(Math.min(...prices), Math.max(...prices))
    : formatFromHourly(shark.minPrice ?? 0);
  const first = courses ? cheapest(courses) : undefined;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <p data-testid="price-range" className="text-lg font-semibold text-ink-100">
        <span className="sr-only">Price: </span>
        {label}
      </p>
      <button
        type="button"
        className="btn-primary min-h-11 w-full sm:w-auto"
        disabled={!first}
        onClick={() => first && onBook(first.id)}
      >
        {CATALOGUE_MSG.bookSession}
      </button>
    </div>
  );
}

/** The public courses, or in a preview the shark's own (the public ones answer 404 until they publish). */
function useProfileCourses(sharkId: string, preview: boolean): UseQueryResult<PublicCourse[]> {
  const listed = useQuery({ ...getSharkCoursesQueryOptions(sharkId), enabled: !preview });
  const own = useQuery({ ...getOwnCoursesQueryOptions(), enabled: preview });
  return preview ? own : listed;
}

function Profile({ shark, preview = false }: { shark: Shark; preview?: boolean }) {
  const [tab, setTab] = useProfileTab();
  const courses = useProfileCourses(shark.id, preview);
  // Set by the Book button: the booking panel takes the focus (and scrolls into view) once it is there.
  const [focusBooking, setFocusBooking] = useState(false);
  const book = (courseId: string) => {
    setTab('courses', courseId);
    setFocusBooking(true);
  };
  usePrefetchBookingPanel();
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      {preview ? (
        <p
          role="status"
          className="rounded-xl border border-warning-400/50 bg-warning-400/10 px-4 py-3 text-sm font-medium text-warning-400"
        >
          {CATALOGUE_MSG.preview}
        </p>
      ) : null}
      <nav aria-label="Breadcrumb" className="text-sm text-ink-400">
        <Link to={paths.sharks.list} className="inline-flex min-h-11 items-center hover:text-accent-300">
          ← All sharks
        </Link>
      </nav>
      <header className="glass flex flex-col gap-6 p-6 sm:flex-row sm:items-center">
        <SharkAvatar
          shark={shark}
          size={160}
          className="h-24 w-24 rounded-2xl border border-accent-400/30 sm:h-40 sm:w-40"
          textClassName="text-3xl sm:text-5xl"
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
            <Fact label="Rating" value={ratingFact(shark)} />
            <Fact label="Students" value={String(sharkStudents(shark))} />
          </dl>
          <PriceAndBook shark={shark} courses={courses.data} onBook={book} />
        </div>
      </header>

      <Tabs.Root value={tab} onValueChange={setTab} className="flex flex-col gap-6">
        <Tabs.List
          aria-label={`About ${shark.name}`}
          className="glass flex w-fit max-w-full gap-1 overflow-x-auto p-1"
        >
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
          <VerifiedCredentials sharkId={shark.id} count={shark.verifiedCredentials} />
          <Availability shark={shark} />
        </Tabs.Content>

        <Tabs.Content value="courses">
          <CoursesTab
            shark={shark}
            courses={courses}
            preview={preview}
            focusBooking={focusBooking}
            onBookingFocused={() => setFocusBooking(false)}
          />
        </Tabs.Content>

        <Tabs.Content value="reviews">
          <Suspense fallback={<Spinner label="Loading reviews" />}>
            <ReviewsTab sharkId={shark.id} sharkName={shark.name} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

/**
 * "★ 4.8 · 12 reviews", or "New" for an unrated shark (never an invented rating). The count is its own line
 * under the stars, so a narrow tile never breaks the phrase in the middle ("★ 4.8 · 12" / "reviews").
 */
function ratingFact(shark: Pick<Shark, 'avgRating' | 'reviewCount'>): ReactNode {
  const rating = sharkRating(shark);
  if (rating === null) return UNRATED_LABEL;
  return (
    <>
      ★ {formatRating(rating)}
      <span className="block text-xs font-normal text-ink-300">
        <span className="sr-only"> · </span>
        {reviewCountText(shark.reviewCount)}
      </span>
    </>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-white/10 bg-ink-950/40 px-2 py-2">
      <dt className="text-xs text-ink-400">{label}</dt>
      <dd className="font-semibold text-ink-100">{value}</dd>
    </div>
  );
}

function Availability({ shark }: { shark: Shark }) {
  return <CalendarSummary sharkId={shark.id} name={shark.name} />;
}

function CoursesTab({
  shark,
  courses,
  preview,
  focusBooking,
  onBookingFocused,
}: {
  shark: Shark;
  courses: UseQueryResult<PublicCourse[]>;
  preview: boolean;
  focusBooking: boolean;
  onBookingFocused: () => void;
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
        {preview ? (
          <p className="glass p-6 text-sm text-ink-300">{CATALOGUE_MSG.previewBooking}</p>
        ) : (
          <Suspense
            fallback={
              <div role="status" aria-label="Loading the booking form">
                <Skeleton className="h-96 w-full" />
              </div>
            }
          >
            <BookingPanel shark={shark} courses={courses.data} />
          </Suspense>
        )}
        <Availability shark={shark} />
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
