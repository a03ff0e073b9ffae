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

// Node's socket errors and pg-pool's own messages when the server is down, restarting or out of slots.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Cannot use a pool after calling end/i,
];

/**
 * The database could not be reached (a restart, a failover, a full pool): the request did nothing, so it is
 * answered 503 with Retry-After rather than as a fault of ours (found by the soak, issue 28). SQLSTATE class 08
 * is "connection exception"; 57P0x are the server shutting down or starting up; 53300 too many connections.
 */
export const isDatabaseUnavailable = (err: unknown): boolean => {
  const state = sqlState(err);
  if (state && (state.startsWith('08') || UNAVAILABLE_CODES.has(state))) return true;
  const messages = [err, (err as { cause?: unknown } | null)?.cause].map((e) =>
    e instanceof Error ? e.message : '',
  );
  return messages.some((m) => UNAVAILABLE_MESSAGES.some((re) => re.test(m)));
};
