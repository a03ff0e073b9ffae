// The spec's display fallbacks, applied only where a value is absent (null), never to a real 0.
import { FALLBACK_BIO, FALLBACK_STUDENT_COUNT, SPECIALIZATION_LABELS } from '#shared/constants.ts';
import type { Shark } from '#shared/catalogue.ts';

export const sharkBio = (s: Pick<Shark, 'bio'>) =>
  s.bio === null || s.bio.trim() === '' ? FALLBACK_BIO : s.bio;
export const sharkStudents = (s: Pick<Shark, 'studentCount'>) => s.studentCount ?? FALLBACK_STUDENT_COUNT;
/** The average of published reviews, or null for an unrated shark ("New": ratings are never invented, decision 007). */
export const sharkRating = (s: Pick<Shark, 'avgRating' | 'reviewCount'>) =>
  s.avgRating === null || s.reviewCount === 0 ? null : s.avgRating;
export const specializationLabel = (s: Pick<Shark, 'specialization'>) =>
  SPECIALIZATION_LABELS[s.specialization] ?? s.specialization;

/** The bio's paragraphs: blank lines separate them; single line breaks stay inside one (shown as text, never HTML). */
export const bioParagraphs = (s: Pick<Shark, 'bio'>): string[] =>
  sharkBio(s)
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
