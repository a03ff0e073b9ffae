// PostgreSQL errors a repository's caller may want to tell apart, whether the driver error arrives bare
// or wrapped by Drizzle (the SQLSTATE then sits on its cause).

const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
};

/** unique_violation: a second row with the same key (an email, a course code). */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/** foreign_key_violation: a row still referenced (a course with bookings). */
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === '23503';

/** exclusion_violation: two overlapping active bookings of one shark (the calendar's exclusion constraint). */
export const isOverlap = (err: unknown) => sqlState(err) === '23P01';
