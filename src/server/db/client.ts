// Opens the database: embedded PGlite under DATA_DIR when DATABASE_URL is unset, a pg pool otherwise.
// Both run the same migrations and are used through the same Drizzle API.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either, so callers can compose writes. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded only), for serving it to local clients. */
  pglite?: PGlite;
  /** The pg pool (server only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// numeric/date come back as strings from pg; Drizzle's numeric mode 'number' converts the columns it knows.
// Raw SQL results keep strings, which is what money code wants.

/**
 * `loadDataDir`: start from a dumped data directory (`pglite.dumpDataDir()`) instead of an empty one; the tests
 * load one migrated copy per worker, about a second, where creating and migrating takes about four.
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm, btree_gist } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function openPostgres(url: string, poolSize = 20): Promise<Database> {
  // JIT off for the app's sessions: its queries are short OLTP reads and writes, which JIT compilation never
  // speeds up, and a pessimistic cost estimate (a count over a view) once switched it on and spent 480 of a
  // 720 ms count compiling (docs/benchmarks.md). Sent at connection start, so no extra round trip.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    options: '-c jit=off',
  });
  // A dropped connection (server restart, terminated backend) must not crash the process: the pool replaces it.
  pool.on('error', () => {});
  // A connection terminated while checked out between two queries of a transaction (the booking transaction
  // computes slots between its reads and its insert) emits 'error' on the client: the query that follows
  // fails and the transaction answers 500, but the process must not crash on an unhandled 'error' event.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Two instances starting together must not run the migrations twice.
  const lock = await pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(727274)');
    await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
  } finally {
    await lock.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
    lock.release();
  }
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolSize)
    : openPglite(path.join(opts.dataDir, 'pglite'));
}

/** Rows of a raw SQL query, the same on PGlite and node-postgres (both answer with `rows`). */
export async function queryRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Answers when the database does (the health check); throws when it cannot be reached. */
export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
