// A shark's rating wherever it shows: the average of published reviews with their count, or "New" without
// stars for an unrated shark (never an invented rating, decision 007).
import type { Shark } from '#shared/catalogue.ts';
import { UNRATED_LABEL } from '#shared/constants.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { formatRating } from '#web/lib/format.ts';
import { sharkRating } from './shark-display';

export function RatingBadge({ shark }: { shark: Pick<Shark, 'avgRating' | 'reviewCount'> }) {
  const rating = sharkRating(shark);
  if (rating === null)
    return (
      <span className="rounded-full border border-accent-400/40 px-2 py-0.5 text-xs font-semibold text-accent-300">
        {UNRATED_LABEL}
      </span>
    );
  return (
    <span>
      <span aria-hidden="true" className="text-warning-400">
        ★
      </span>{' '}
      <span className="font-semibold text-ink-100">{formatRating(rating)}</span>{' '}
      <span className="text-ink-300">({CATALOGUE_MSG.reviewCount(shark.reviewCount)})</span>
    </span>
  );
}
