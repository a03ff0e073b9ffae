// The spec's display fallbacks, applied only where a value is absent (null), never to a real 0.
import {
  FALLBACK_BIO,
  FALLBACK_RATING,
  FALLBACK_STUDENT_COUNT,
  SPECIALIZATION_LABELS,
} from '#shared/constants.ts';
import type { Shark } from '#shared/catalogue.ts';

export const sharkBio = (s: Pick<Shark, 'bio'>) =>
  s.bio === null || s.bio.trim() === '' ? FALLBACK_BIO : s.bio;
export const sharkStudents = (s: Pick<Shark, 'studentCount'>) => s.studentCount ?? FALLBACK_STUDENT_COUNT;
export const sharkRating = (s: Pick<Shark, 'avgRating'>) => s.avgRating ?? FALLBACK_RATING;
export const specializationLabel = (s: Pick<Shark, 'specialization'>) =>
  SPECIALIZATION_LABELS[s.specialization] ?? s.specialization;
