// The one cache of prepared statements: built once per database handle and statement name, then reused.
// Drizzle's query building was a quarter of the server's CPU under load (decision 072), so hot reads are
// prepared; a WeakMap keyed by the handle lets a closed database (a test's) take its statements with it.
import type { DbOrTx } from './client';

const caches = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * The statement `name` on `db`, built by `build` on first use. `name` is also PostgreSQL's statement name
 * when `build` passes it to `.prepare(name)`; an empty name there keeps the statement unnamed (re-planned).
 */
export function prepared<Q>(db: DbOrTx, name: string, build: (db: DbOrTx) => Q): Q {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let statement = cache.get(name) as Q | undefined;
  if (statement === undefined) cache.set(name, (statement = build(db)));
  return statement;
}
