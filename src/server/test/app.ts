// The real database for API tests: one per test worker (PGlite in memory by default; a fresh database on
// the PostgreSQL server named by DATABASE_URL otherwise), emptied between tests by resetDb().
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openPglite, openPostgres, queryRows, type Database } from '#server/db/client.ts';

let databasePromise: Promise<Database> | null = null;

async function openWorkerPostgres(url: string): Promise<Database> {
  const base = new URL(url);
  const name = `${base.pathname.slice(1) || 'test'}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  base.pathname = `/${name}`;
  return openPostgres(base.toString(), 10);
}

/** The worker's database, migrated. */
export function testDatabase(): Promise<Database> {
  databasePromise ??= process.env.DATABASE_URL ? openWorkerPostgres(process.env.DATABASE_URL) : openPglite();
  return databasePromise;
}

/** Empties every table but roles; the migrations' own rows stay. */
export async function resetDb() {
  const { db } = await testDatabase();
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'roles'`,
  );
  await db.execute(
    sql.raw(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`),
  );
  // The job queue's jobs go with the rows they point to (its schema exists once an app has started).
  const [boss] = await queryRows<{ t: string | null }>(db, sql`SELECT to_regclass('pgboss.job')::text AS t`);
  if (boss?.t) await db.execute(sql`DELETE FROM pgboss.job`);
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sharks-test-')),
    // Jobs run when a test says so (app.jobs.runAll()), not on a polling worker's schedule.
    RUN_JOBS: 'false',
    MAIL_RETRY_DELAY_SECONDS: '1',
    ...overrides,
  });
}

/** A fresh app on the worker's database. Call in beforeAll; close in afterAll. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: Pick<BuildOptions, 'onRoute'> = {},
): Promise<FastifyInstance> {
  const database = await testDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, ...options });
  await app.ready();
  return app;
}
