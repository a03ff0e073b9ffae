// /freelancers: the directory of published freelancers (issue 27), 8 at a time with Load More, its filters in
// the URL. Until one freelancer is published the spec's coming-soon page stays, with "Back to Home" and
// "Contact Us".
import { Link } from 'react-router';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';
import { paths } from '#shared/routes.ts';
import { ComingSoon } from '#web/components/coming-soon.tsx';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useFreelancers } from './api';
import { FreelancerCard, FreelancerCardSkeleton } from './freelancer-card';
import { FreelancersFiltersBar } from './freelancers-filters';
import { useFreelancersFilters } from './use-freelancers-filters';

const GRID = 'grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

export function FreelancersComingSoon() {
  return (
    <div className="container-page py-16 sm:py-24">
      <ComingSoon
        title="Freelancers"
        actions={
          <>
            <Link to={paths.home} className="btn-primary">
              Back to Home
            </Link>
            <Link to={paths.contact} className="btn-ghost">
              Contact Us
            </Link>
          </>
        }
      >
        We are building a marketplace of vetted security freelancers for short engagements. Until it opens,
        contact us and we will match you with the right expert.
      </ComingSoon>
    </div>
  );
}

export function FreelancersDirectory() {
  const { filters, rawSearch, rawSkill, update } = useFreelancersFilters();
  const query = useFreelancers(filters);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = Math.max(query.data?.pages.at(-1)?.total ?? 0, items.length);
  const filtered =
    filters.search !== '' || filters.service !== '' || filters.skill !== '' || filters.verified;

  // Nobody published yet: the marketplace is still "coming soon".
  if (query.isSuccess && !filtered && total === 0) return <FreelancersComingSoon />;

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelance marketplace</p>
        <h1 className="heading-1 mt-2">Hire a security freelancer</h1>
        <p className="muted mt-3 text-lg">
          Independent practitioners for penetration tests, red teaming, cloud reviews, forensics and training,
          with day rates in rupees and credentials our team has checked.
        </p>
      </header>

      <FreelancersFiltersBar filters={filters} urlSearch={rawSearch} urlSkill={rawSkill} onChange={update} />

      <section aria-label="Freelancers" aria-busy={query.isPending || query.isFetchingNextPage}>
        {query.isPending ? (
          <div className={GRID} role="status" aria-label="Loading freelancers">
            {Array.from({ length: 4 }, (_, i) => (
              <FreelancerCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError && items.length === 0 ? (
          <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            title="No freelancers match your search"
            action={
              <Link to={paths.freelancers.list} className="btn-primary">
                Clear filters
              </Link>
            }
          >
            Try a shorter search, another service or skill, or clear the filters to see every freelancer.
          </EmptyState>
        ) : (
          <>
            <p className="mb-4 text-sm text-ink-400" aria-live="polite" data-testid="freelancers-count">
              {FREELANCER_MSG.showing(items.length, total)}
            </p>
            <ul className={GRID}>
              {items.map((f) => (
                <li key={f.id} className="flex">
                  <FreelancerCard freelancer={f} />
                </li>
              ))}
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
