// /sharks: the searchable catalogue of published sharks, 8 at a time with Load More.
import { Link } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSharks } from '#web/features/catalogue/api.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { SharkCard, SharkCardSkeleton } from '#web/features/catalogue/shark-card.tsx';
import { FollowHeart } from '#web/features/follows/follow-heart.tsx';
import { SharksFiltersBar } from '#web/features/catalogue/sharks-filters.tsx';
import { useSharksFilters } from '#web/features/catalogue/use-sharks-filters.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export default function SharksPage() {
  useDocumentTitle(ROUTES.sharks.list.title);
  const { filters, rawSearch, update } = useSharksFilters();
  const query = useSharks(filters);
  const sharks = query.data?.pages.flatMap((p) => p.items) ?? [];
  // An older server's page has no total: the list then counts what it shows.
  const total = Math.max(query.data?.pages.at(-1)?.total ?? 0, sharks.length);
  const filtered = filters.search !== '' || filters.specialization !== '' || filters.verified;

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Mentors</p>
        <h1 className="heading-1 mt-2">Meet the sharks</h1>
        <p className="muted mt-3 text-lg">
          Certified security practitioners who teach what they do every day. Find one by name, focus or
          rating.
        </p>
      </header>

      <SharksFiltersBar filters={filters} urlSearch={rawSearch} onChange={update} />

      <section aria-label="Sharks" aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <div className={GRID} role="status" aria-label="Loading sharks">
            {Array.from({ length: 8 }, (_, i) => (
              <SharkCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError && sharks.length === 0 ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : sharks.length === 0 ? (
          <EmptyState
            title="No sharks match your search"
            action={
              filtered ? (
                <Link to={paths.sharks.list} className="btn-primary">
                  Clear filters
                </Link>
              ) : (
                <Link to={paths.contact} className="btn-primary">
                  Contact us
                </Link>
              )
            }
          >
            {filtered
              ? 'Try a shorter search, another specialization, or clear the filters to see every shark.'
              : 'No sharks are listed yet. Check back soon, or tell us what you want to learn.'}
          </EmptyState>
        ) : (
          <>
            <p className="mb-4 text-sm text-ink-400" aria-live="polite" data-testid="sharks-count">
              {CATALOGUE_MSG.showing(sharks.length, total)}
            </p>
            <ul className={GRID}>
              {sharks.map((s) => (
                <li key={s.id} className="flex">
                  <SharkCard shark={s} heart={<FollowHeart sharkId={s.id} sharkName={s.name} />} />
                </li>
              ))}
              {query.isFetchingNextPage
                ? Array.from({ length: 4 }, (_, i) => (
                    <li key={`sk-${i}`} aria-hidden="true">
                      <SharkCardSkeleton />
                    </li>
                  ))
                : null}
            </ul>
            {query.isFetchNextPageError ? (
              <div className="mt-6">
                <FormAlert>{errorMessage(query.error)}</FormAlert>
              </div>
            ) : null}
            {query.hasNextPage ? (
              <div className="mt-10 flex justify-center">
                <button
                  type="button"
                  className="btn-ghost px-8"
                  disabled={query.isFetchingNextPage}
                  onClick={() => void query.fetchNextPage()}
                >
                  {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
                </button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
