// /user/dashboard: the learner's upcoming and past sessions, liked sharks, and where to go next.
import { MetricTile } from '#web/components/stat-tile.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMySessionsOverview } from '#web/features/bookings/api.ts';
import type { MySessionsOverview } from '#shared/bookings.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useMyFollows } from '#web/features/follows/api.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { fromMyBooking, SessionPreview } from '#web/features/session-lists/session-groups.tsx';
import { SharkCard } from '#web/features/catalogue/shark-card.tsx';
import { FollowHeart } from '#web/features/follows/follow-heart.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

const previewOf = (g: MySessionsOverview['groups']['past']) => ({
  total: g.total,
  items: g.items.map(fromMyBooking),
});

export default function UserDashboardPage() {
  useDocumentTitle(ROUTES.user.dashboard.title);
  const session = useSession();
  // The numbers come from the server's aggregate with the first sessions of each group, never from every
  // booking. "Upcoming sessions" counts what the "Upcoming" list below holds (issue 25, decision 161).
  const bookings = useMySessionsOverview();
  const follows = useMyFollows(true);
  const o = bookings.data;
  const firstName = session.user?.fullName?.split(' ')[0];

  return (
    <div className="container-page flex flex-col gap-10 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Dashboard</p>
          <h1 className="heading-2 mt-2">{firstName ? `Welcome back, ${firstName}` : 'Welcome back'}</h1>
          <p className="muted mt-1">Your sessions and the sharks you follow.</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.sharks.list} className="btn-primary">
            Find a shark
          </Link>
          <Link to={paths.user.editProfile} className="btn-ghost">
            Edit profile
          </Link>
        </div>
      </header>

      <dl className="grid grid-cols-3 gap-3 sm:gap-5">
        <MetricTile
          label="Upcoming sessions"
          value={o ? o.groups.upcoming.total : bookings.isError ? '—' : null}
        />
        <MetricTile
          label="Completed sessions"
          value={o ? o.completedSessions : bookings.isError ? '—' : null}
        />
        <MetricTile
          label="Liked sharks"
          value={follows.isPending ? null : (follows.data?.sharks.length ?? 0)}
        />
      </dl>

      <Section
        title="Your sessions"
        more={o && o.total > 0 ? { to: paths.user.bookings, label: 'See all bookings' } : undefined}
      >
        {bookings.isPending ? (
          <ListSkeleton />
        ) : bookings.isError ? (
          <ErrorState message={errorMessage(bookings.error)} onRetry={() => void bookings.refetch()} />
        ) : bookings.data.total === 0 ? (
          <EmptyState
            title="No upcoming sessions"
            action={
              <Link to={paths.sharks.list} className="btn-primary">
                Browse sharks
              </Link>
            }
          >
            Pick a shark, open the Courses tab and book a session: it will show up here.
          </EmptyState>
        ) : (
          <SessionPreview
            groups={{
              needsAction: previewOf(bookings.data.groups.needsAction),
              upcoming: previewOf(bookings.data.groups.upcoming),
              past: previewOf(bookings.data.groups.past),
              cancelled: previewOf(bookings.data.groups.cancelled),
            }}
            allTo={paths.user.bookings}
            emptyUpcoming="No upcoming sessions. Pick a shark and book one."
          />
        )}
      </Section>

      <Section
        title="Liked sharks"
        more={
          (follows.data?.sharks.length ?? 0) > 0
            ? { to: paths.user.favorites, label: 'See all liked sharks' }
            : undefined
        }
      >
        {follows.isPending ? (
          <ListSkeleton />
        ) : follows.isError ? (
          <ErrorState message={errorMessage(follows.error)} onRetry={() => void follows.refetch()} />
        ) : follows.data.sharks.length === 0 ? (
          <EmptyState
            title="No liked sharks yet"
            action={
              <Link to={paths.sharks.list} className="btn-primary">
                Browse sharks
              </Link>
            }
          >
            Press the heart on a shark you like to keep them here.
          </EmptyState>
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {follows.data.sharks.slice(0, 4).map((s) => (
              <SharkCard key={s.id} shark={s} heart={<FollowHeart sharkId={s.id} sharkName={s.name} />} />
            ))}
          </div>
        )}
      </Section>
    </div>
  );
}

function Section({
  title,
  more,
  children,
}: {
  title: string;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = `section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {more ? (
          <Link
            to={more.to}
            className="inline-flex min-h-11 items-center text-sm text-accent-300 hover:underline"
          >
            {more.label} →
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-col gap-3">
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}
