// /freelancers/:id: a published freelancer's public profile: name, headline, services, skills, day rate,
// experience, languages, portfolio links, the credentials an admin verified and the clients' verified reviews
// (decision 182).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicFreelancer } from '#shared/freelancers.ts';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { paths } from '#shared/routes.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { SharkAvatar } from '#web/components/shark-avatar.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { usePublicFreelancer } from './api';
import { FreelancerRating, VerifiedBadge } from './freelancer-card';
import { FreelancerReviews } from './freelancer-reviews';
import { formatPaise } from '#shared/money.ts';

const NOT_FOUND_TITLE = 'Freelancer not found';

/** `actions`: what the page puts under the headline, given the profile (e.g. "Invite to a request"). */
export function FreelancerPublicProfile({
  id,
  actions,
}: {
  id: string;
  actions?: (f: PublicFreelancer) => ReactNode;
}) {
  const query = usePublicFreelancer(id);
  const notFound =
    query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  useDocumentTitle(
    query.data ? `${query.data.name}, security freelancer` : notFound ? NOT_FOUND_TITLE : 'Freelancer',
  );
  if (query.isPending)
    return (
      <div className="container-page flex flex-col gap-6 py-10" role="status" aria-label="Loading freelancer">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (notFound)
    return (
      <div className="container-page py-16">
        <EmptyState
          title={NOT_FOUND_TITLE}
          level={1}
          action={
            <Link to={paths.freelancers.list} className="btn-primary">
              Back to Freelancers
            </Link>
          }
        >
          {FREELANCER_MSG.notFound} Browse the other freelancers instead.
        </EmptyState>
      </div>
    );
  if (query.isError)
    return (
      <div className="container-page py-16">
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      </div>
    );
  return <Profile f={query.data} actions={actions?.(query.data)} />;
}

function Profile({ f, actions }: { f: PublicFreelancer; actions?: ReactNode }) {
  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={paths.freelancers.list} className="text-accent-400 hover:underline">
          ← All freelancers
        </Link>
      </nav>
      <header className="glass flex flex-col gap-5 p-6 sm:flex-row sm:items-start sm:p-8">
        <SharkAvatar
          shark={{ id: f.id, name: f.name, photoUrl: null }}
          size={112}
          className="h-24 w-24 shrink-0 rounded-2xl border border-white/10 sm:h-28 sm:w-28"
          textClassName="text-3xl"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Security freelancer</p>
          <h1 className="heading-2">{f.name}</h1>
          <p className="text-lg text-ink-200">{f.headline}</p>
          <div className="flex flex-wrap items-center gap-2">
            <VerifiedBadge count={f.verifiedCredentials} />
            <FreelancerRating avgRating={f.avgRating} reviewCount={f.reviewCount} />
          </div>
          {actions ? <div className="mt-2 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        <dl className="grid shrink-0 gap-3 rounded-xl border border-white/10 bg-ink-950/40 p-4 text-sm sm:min-w-52">
          <div>
            <dt className="text-ink-400">Day rate</dt>
            <dd className="text-xl font-semibold text-ink-100" data-testid="freelancer-rate">
              {formatPaise(f.dayRatePaise)}{' '}
              <span className="text-sm font-normal text-ink-400">{FREELANCER_MSG.perDay}</span>
            </dd>
          </div>
          {f.yearsExperience !== null ? (
            <div>
              <dt className="text-ink-400">Experience</dt>
              <dd className="text-ink-100">{FREELANCER_MSG.years(f.yearsExperience)}</dd>
            </div>
          ) : null}
          {f.languages.length ? (
            <div>
              <dt className="text-ink-400">Languages</dt>
              <dd className="text-ink-100">{f.languages.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
      </header>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="fl-services" className="glass p-5 sm:p-6">
          <h2 id="fl-services" className="text-lg font-semibold text-ink-100">
            Services
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {f.services.map((s) => (
              <li key={s}>
                <Link
                  to={`${paths.freelancers.list}?service=${s}`}
                  className="inline-flex min-h-9 items-center rounded-full bg-accent-400/10 px-3 text-sm text-accent-200 hover:bg-accent-400/20"
                >
                  {SECURITY_SERVICE_LABELS[s]}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="fl-skills" className="glass p-5 sm:p-6">
          <h2 id="fl-skills" className="text-lg font-semibold text-ink-100">
            Skills
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {f.skills.map((s) => (
              <li key={s}>
                <Link
                  to={`${paths.freelancers.list}?skill=${encodeURIComponent(s)}`}
                  className="inline-flex min-h-9 items-center rounded-full border border-white/15 px-3 text-sm text-ink-200 hover:border-accent-400/50"
                >
                  {s}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {f.credentials.length ? (
          <section aria-labelledby="fl-credentials" className="glass p-5 sm:p-6">
            <h2 id="fl-credentials" className="text-lg font-semibold text-ink-100">
              Verified credentials
            </h2>
            <ul className="mt-3 flex flex-col gap-3" aria-label="Verified credentials">
              {f.credentials.map((c) => (
                <li key={c.id} className="text-sm">
                  <a
                    href={c.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="font-medium text-accent-400 hover:underline"
                  >
                    {c.name}
                  </a>
                  {c.issuer ? <span className="text-ink-300"> · {c.issuer}</span> : null}
                  {c.expired ? (
                    <span className="ml-2 rounded-full border border-warning-400/40 px-2 py-0.5 text-xs text-warning-400">
                      {CREDENTIAL_MSG.expired}
                    </span>
                  ) : null}
                  <p className="muted text-xs">
                    {CREDENTIAL_MSG.verifiedBy} {formatDate(c.verifiedAt.slice(0, 10))}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {f.portfolioLinks.length ? (
          <section aria-labelledby="fl-links" className="glass p-5 sm:p-6">
            <h2 id="fl-links" className="text-lg font-semibold text-ink-100">
              Portfolio
            </h2>
            <ul className="mt-3 flex flex-col gap-2 text-sm">
              {f.portfolioLinks.map((url) => (
                <li key={url}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer nofollow ugc"
                    className="break-all text-accent-400 hover:underline"
                  >
                    {url.replace(/^https:\/\//, '').replace(/\/$/, '')}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <FreelancerReviews reviews={f.reviews} />
      </div>
    </div>
  );
}
