// One published freelancer in the directory: face, name, headline, services, skills, day rate, experience and
// the verified mark. The whole card links to the public profile.
import { Link } from 'react-router';
import type { FreelancerCard as Card } from '#shared/freelancers.ts';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { paths } from '#shared/routes.ts';
import { SharkAvatar } from '#web/components/shark-avatar.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { formatReviewCount } from '#web/lib/format.ts';
import { formatPaise } from '#shared/money.ts';

const MAX_SKILLS = 4;

export function VerifiedBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-success-400/40 px-2 py-0.5 text-xs text-success-400"
      title={`${count} verified credential${count === 1 ? '' : 's'}`}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-3.5 fill-current">
        <path d="M10 1.5 3.5 4v5.2c0 4 2.8 7.6 6.5 8.8 3.7-1.2 6.5-4.8 6.5-8.8V4L10 1.5Zm-1 11.2L5.8 9.5l1.1-1.1L9 10.5l4.1-4.1 1.1 1.1L9 12.7Z" />
      </svg>
      {FREELANCER_MSG.verifiedBadge}
    </span>
  );
}

/** The clients' verified reviews in short: "★ 4.5 · 2 reviews", or that there are none yet (decision 182). */
export function FreelancerRating({ avgRating, reviewCount }: Pick<Card, 'avgRating' | 'reviewCount'>) {
  if (avgRating === null || reviewCount === 0)
    return <span className="text-sm text-ink-400">{FREELANCER_MSG.noReviews}</span>;
  return (
    <span className="text-sm text-ink-200" data-testid="freelancer-rating">
      <span aria-hidden="true" className="text-warning-400">
        ★
      </span>{' '}
      <span className="sr-only">Rated </span>
      <span className="font-semibold text-ink-100">{avgRating.toFixed(1)}</span>
      <span className="sr-only"> out of 5</span> · {formatReviewCount(reviewCount)}
    </span>
  );
}

export function FreelancerCard({ freelancer: f }: { freelancer: Card }) {
  const more = f.skills.length - MAX_SKILLS;
  return (
    <article
      aria-labelledby={`freelancer-${f.id}-name`}
      data-testid="freelancer-card"
      className="glass relative flex w-full flex-col gap-3 p-4 transition hover:-translate-y-0.5 hover:border-accent-400/40 motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:p-5"
    >
      <div className="flex items-start gap-3">
        <SharkAvatar
          shark={{ id: f.id, name: f.name, photoUrl: null }}
          size={56}
          className="h-14 w-14 shrink-0 rounded-2xl border border-white/10"
          textClassName="text-xl"
        />
        <div className="min-w-0">
          <h2 id={`freelancer-${f.id}-name`} className="text-lg leading-snug font-semibold text-ink-100">
            <Link
              to={paths.freelancers.profile(f.id)}
              className="after:absolute after:inset-0 after:content-[''] hover:text-accent-300"
            >
              {f.name}
            </Link>
          </h2>
          <p className="line-clamp-2 text-sm text-accent-300">{f.headline}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <VerifiedBadge count={f.verifiedCredentials} />
            <FreelancerRating avgRating={f.avgRating} reviewCount={f.reviewCount} />
          </div>
        </div>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Services">
        {f.services.map((s) => (
          <li key={s} className="rounded-full bg-accent-400/10 px-2 py-0.5 text-xs text-accent-200">
            {SECURITY_SERVICE_LABELS[s]}
          </li>
        ))}
      </ul>
      <p className="text-sm text-ink-300">
        {f.skills.slice(0, MAX_SKILLS).join(' · ')}
        {more > 0 ? <span className="text-ink-400"> · +{more} more</span> : null}
      </p>
      <dl className="mt-auto flex items-center justify-between border-t border-white/10 pt-3 text-sm">
        <div>
          <dt className="sr-only">Day rate</dt>
          <dd data-testid="freelancer-rate">
            <span className="font-semibold text-ink-100">{formatPaise(f.dayRatePaise)}</span>{' '}
            <span className="text-ink-400">{FREELANCER_MSG.perDay}</span>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Experience</dt>
          <dd className="text-ink-300">{f.yearsExperience === null ? '' : `${f.yearsExperience} yrs`}</dd>
        </div>
      </dl>
    </article>
  );
}

export function FreelancerCardSkeleton() {
  return (
    <div className="glass flex flex-col gap-3 p-4 sm:p-5" aria-hidden="true">
      <div className="flex gap-3">
        <Skeleton className="h-14 w-14 shrink-0" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/2" />
    </div>
  );
}
