// One shark in the list: face, name, headline, specialization, experience, bio, a few skills, the next free
// time, price from, students, rating and the follow heart. Compact: a small face beside the name, so a phone
// shows several cards per screen.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Shark } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { formatSlotStartIn, formatYears, viewerTimeZone } from '#web/lib/format.ts';
import { paths } from '#shared/routes.ts';
import { Skeleton } from '#web/components/skeleton.tsx';
import { sharkBio, sharkStudents, specializationLabel } from './shark-display';
import { RatingBadge } from './rating-badge';
import { SharkAvatar } from '#web/components/shark-avatar.tsx';
import { formatPerHour } from '#shared/money.ts';

/**
 * `heart`: the follow heart, top right (the page passes features/follows' FollowHeart: the catalogue does not
 * import another feature). `footer`: an action inside the card, under its numbers (Liked Sharks' Unfollow).
 */
export function SharkCard({ shark, heart, footer }: { shark: Shark; heart: ReactNode; footer?: ReactNode }) {
  return (
    <article
      aria-labelledby={`shark-${shark.id}-name`}
      data-testid="shark-card"
      className="glass group relative flex w-full flex-col gap-3 p-4 transition hover:-translate-y-0.5 hover:border-accent-400/40 motion-reduce:transition-none motion-reduce:hover:translate-y-0 sm:p-5"
    >
      {/* Face | name | heart in a row; in the four-column grid (lg) a card is too narrow for three columns,
          so the face and the heart share the top row and the name, specialization and experience get the
          card's whole width below them instead of wrapping word by word. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-3 lg:grid-cols-[auto_minmax(0,1fr)]">
        <SharkAvatar
          shark={shark}
          size={64}
          className="h-14 w-14 rounded-2xl border border-white/10 sm:h-16 sm:w-16 lg:col-start-1 lg:row-start-1 lg:h-14 lg:w-14"
          textClassName="text-xl"
        />
        <div className="min-w-0 lg:col-span-2 lg:row-start-2">
          <h2 id={`shark-${shark.id}-name`} className="text-lg leading-snug font-semibold text-ink-100">
            <Link
              to={paths.sharks.profile(shark.id)}
              className="after:absolute after:inset-0 after:content-[''] hover:text-accent-300"
            >
              {shark.name}
            </Link>
          </h2>
          {shark.headline ? (
            <p data-testid="shark-headline" className="line-clamp-2 text-sm text-ink-100">
              {shark.headline}
            </p>
          ) : null}
          <p data-testid="shark-specialization" className="text-sm text-accent-300">
            {specializationLabel(shark)}
          </p>
          <p className="text-sm text-ink-400">{formatYears(shark.experience)} experience</p>
          {shark.verifiedCredentials ? (
            <p className="mt-1 text-xs text-success-400">
              {shark.verifiedCredentials} verified credential{shark.verifiedCredentials === 1 ? '' : 's'}
            </p>
          ) : null}
        </div>
        <div className="relative z-10 -mt-1 -mr-1 shrink-0 lg:col-start-2 lg:row-start-1 lg:justify-self-end">
          {heart}
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-ink-300 sm:line-clamp-3">{sharkBio(shark)}</p>
      {shark.skills.length ? (
        <ul aria-label={`${CATALOGUE_MSG.skills} of ${shark.name}`} className="flex flex-wrap gap-1.5">
          {shark.skills.slice(0, 3).map((skill) => (
            <li
              key={skill}
              className="rounded-full border border-white/10 bg-ink-950/40 px-2 py-0.5 text-xs text-ink-100"
            >
              {skill}
            </li>
          ))}
        </ul>
      ) : null}
      <NextAvailable shark={shark} />
      <p data-testid="shark-price" className="mt-auto text-sm">
        {shark.minPricePaise === null ? (
          <span className="text-ink-400">{CATALOGUE_MSG.noCourses}</span>
        ) : (
          <span className="font-semibold text-ink-100">from {formatPerHour(shark.minPricePaise)}</span>
        )}
      </p>
      <dl className="flex items-center justify-between border-t border-white/10 pt-3 text-sm">
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Students</dt>
          <dd className="text-ink-300">
            <span className="font-semibold text-ink-100">{sharkStudents(shark)}</span>{' '}
            {sharkStudents(shark) === 1 ? 'student' : 'students'}
          </dd>
        </div>
        <div className="flex items-center gap-1">
          <dt className="sr-only">Rating</dt>
          <dd className="text-ink-300">
            <RatingBadge shark={shark} />
          </dd>
        </div>
      </dl>
      {footer}
    </article>
  );
}

/** "Next available: Fri 27 Nov, 10:00 IST" in the viewer's zone; only where the list said (not on Liked Sharks). */
function NextAvailable({ shark }: { shark: Shark }) {
  if (shark.nextAvailable === undefined) return null;
  return (
    <p data-testid="shark-next-available" className="text-sm">
      {shark.nextAvailable === null ? (
        <span className="text-ink-400">{CATALOGUE_MSG.noFreeSlots}</span>
      ) : (
        <span className="text-success-400">
          {CATALOGUE_MSG.nextAvailable(formatSlotStartIn(shark.nextAvailable, viewerTimeZone()))}
        </span>
      )}
    </p>
  );
}

export function SharkCardSkeleton() {
  return (
    <div className="glass flex flex-col gap-3 p-4 sm:p-5" aria-hidden="true">
      <div className="flex gap-3">
        <Skeleton className="h-14 w-14 shrink-0 sm:h-16 sm:w-16" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-4 w-full" />
    </div>
  );
}
