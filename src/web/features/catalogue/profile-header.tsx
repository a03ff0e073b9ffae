// The top of a shark's public profile: face, name and code name, headline (role and company), the follow heart
// (passed in by the page), specialization, languages, links, experience, rating and students, and under them
// the price and the Book button (children).
import type { ReactNode } from 'react';
import type { Shark } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { UNRATED_LABEL } from '#shared/constants.ts';
import { SharkAvatar } from '#web/components/shark-avatar.tsx';
import { LINK_SITE, SHARK_LINK_SITES } from '#shared/shark-links.ts';
import { formatRating, formatYears } from '#web/lib/format.ts';
import { sharkRating, sharkStudents, specializationLabel } from './shark-display';

export function ProfileHeader({
  shark,
  heart,
  children,
}: {
  shark: Shark;
  heart: ReactNode;
  children: ReactNode;
}) {
  return (
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
            {shark.headline ? (
              <p data-testid="profile-headline" className="mt-1 text-base break-words text-ink-100">
                {shark.headline}
              </p>
            ) : null}
          </div>
          {heart}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span className="w-fit rounded-full border border-accent-400/40 bg-accent-400/10 px-3 py-1 text-xs font-medium text-accent-300">
            {specializationLabel(shark)}
          </span>
          {shark.languages.length ? (
            <p className="text-sm text-ink-300">
              <span className="text-ink-400">{CATALOGUE_MSG.languages}:</span> {shark.languages.join(', ')}
            </p>
          ) : null}
        </div>
        <ProfileLinks shark={shark} />
        <dl className="grid grid-cols-3 gap-3 text-center sm:max-w-md">
          <Fact label="Experience" value={formatYears(shark.experience)} />
          <Fact label="Rating" value={ratingFact(shark)} />
          <Fact label="Students" value={String(sharkStudents(shark))} />
        </dl>
        {children}
      </div>
    </header>
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
        {CATALOGUE_MSG.reviewCount(shark.reviewCount)}
      </span>
    </>
  );
}

/** The shark's profiles elsewhere, each named by its site; they open in a new tab and pass no referrer. */
function ProfileLinks({ shark }: { shark: Shark }) {
  const sites = SHARK_LINK_SITES.filter((site) => shark.links[site]);
  if (!sites.length) return null;
  return (
    <ul aria-label={`${CATALOGUE_MSG.links} of ${shark.name}`} className="flex flex-wrap gap-2">
      {sites.map((site) => (
        <li key={site}>
          <a
            href={shark.links[site]}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex min-h-11 items-center rounded-xl border border-white/10 bg-ink-950/40 px-3 text-sm text-accent-300 hover:border-accent-400/40 hover:text-accent-400"
          >
            {LINK_SITE[site].label}
            <span className="sr-only"> profile of {shark.name} (opens in a new tab)</span>
            <span aria-hidden="true">&nbsp;↗</span>
          </a>
        </li>
      ))}
    </ul>
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
