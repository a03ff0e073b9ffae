// One shark in the list: photo, name, specialization, experience, bio, students, rating and the follow heart.
import { Link } from 'react-router';
import type { Shark } from '../../../shared/schemas/sharks';
import { formatRating, formatYears } from '../../lib/format';
import { paths } from '../../paths';
import { Skeleton } from '../../components/skeleton';
import { FollowHeart } from '../follows/follow-heart';
import { sharkBio, sharkPhoto, sharkRating, sharkStudents, specializationLabel } from './shark-display';

export function SharkCard({ shark }: { shark: Shark }) {
  return (
    <article
      aria-labelledby={`shark-${shark.id}-name`}
      data-testid="shark-card"
      className="glass group relative flex w-full flex-col overflow-hidden transition hover:-translate-y-0.5 hover:border-accent-400/40 motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <div className="relative aspect-[16/9] overflow-hidden bg-ink-800 sm:aspect-[4/3]">
        <img src={sharkPhoto(shark)} alt={`Photo of ${shark.name}`} loading="lazy" width={400} height={300} className="h-full w-full object-cover" />
        <span className="absolute top-3 left-3 rounded-full border border-accent-400/40 bg-ink-950/80 px-2.5 py-1 text-xs font-medium text-accent-300">
          {specializationLabel(shark)}
        </span>
        <div className="absolute top-2 right-2 z-10 rounded-full bg-ink-950/70">
          <FollowHeart sharkId={shark.id} sharkName={shark.name} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h2 id={`shark-${shark.id}-name`} className="text-lg font-semibold text-ink-100">
            <Link to={paths.sharks.profile(shark.id)} className="after:absolute after:inset-0 after:content-[''] hover:text-accent-300 focus-visible:outline-none">
              {shark.name}
            </Link>
          </h2>
          <p className="text-sm text-ink-400">{formatYears(shark.experience)} experience</p>
        </div>
        <p className="line-clamp-3 text-sm text-ink-300">{sharkBio(shark)}</p>
        <dl className="mt-auto flex items-center justify-between border-t border-white/10 pt-3 text-sm">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">Students</dt>
            <dd className="text-ink-300">
              <span className="font-semibold text-ink-100">{sharkStudents(shark)}</span> {sharkStudents(shark) === 1 ? 'student' : 'students'}
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt className="sr-only">Rating</dt>
            <dd className="text-ink-300">
              <span aria-hidden="true" className="text-warning-400">
                ★
              </span>{' '}
              <span className="font-semibold text-ink-100">{formatRating(sharkRating(shark))}</span>
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

export function SharkCardSkeleton() {
  return (
    <div className="glass flex flex-col overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[16/9] rounded-none sm:aspect-[4/3]" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-4 w-full" />
      </div>
    </div>
  );
}
