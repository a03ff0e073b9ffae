// /user/favorites ("Liked Sharks"): the sharks this account follows, each with Unfollow.
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { useMyFollows, useSetFollow } from '#web/features/follows/api.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { useToast } from '#web/components/toast.tsx';
import { SharkCard, SharkCardSkeleton } from '#web/features/catalogue/shark-card.tsx';
import { FollowHeart } from '#web/features/follows/follow-heart.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export default function FavoritesPage() {
  useDocumentTitle(ROUTES.user.favorites.title);
  const follows = useMyFollows(true);
  const setFollow = useSetFollow();
  const toast = useToast();

  const unfollow = (sharkId: string, name: string) =>
    setFollow.mutate(
      { sharkId, following: false },
      {
        onSuccess: () => toast(`You unfollowed ${name}.`, 'success'),
        onError: (err) => toast(errorMessage(err), 'error'),
      },
    );

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Sharks you follow</p>
        <h1 className="heading-2 mt-2">Liked Sharks</h1>
        <p className="muted mt-1">The sharks you follow. Press Unfollow (or the heart) to remove one.</p>
      </header>
      {follows.isPending ? (
        <div className={GRID} role="status" aria-label="Loading liked sharks">
          {Array.from({ length: 4 }, (_, i) => (
            <SharkCardSkeleton key={i} />
          ))}
        </div>
      ) : follows.isError ? (
        <ErrorState message={errorMessage(follows.error)} onRetry={() => void follows.refetch()} />
      ) : follows.data.sharks.length === 0 ? (
        <EmptyState
          title="You do not follow any sharks yet"
          action={
            <Link to={paths.sharks.list} className="btn-primary">
              Browse sharks
            </Link>
          }
        >
          Press the heart on a shark's card or profile to follow them. They will be listed here.
        </EmptyState>
      ) : (
        <ul className={GRID} aria-label="Liked sharks">
          {follows.data.sharks.map((s) => (
            <li key={s.id} className="flex">
              <SharkCard
                shark={s}
                heart={<FollowHeart sharkId={s.id} sharkName={s.name} />}
                footer={
                  <button
                    type="button"
                    className="btn-ghost relative z-10 min-h-11 w-full"
                    onClick={() => unfollow(s.id, s.name)}
                  >
                    Unfollow <span className="sr-only">{s.name}</span>
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
