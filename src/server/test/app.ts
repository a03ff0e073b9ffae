// The real database for API tests: one per test worker (PGlite in memory by default; a database on the
// PostgreSQL server named by DATABASE_URL otherwise), each a copy of the run's migrated template
// (global-setup.ts), emptied between tests by resetDb().
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openPglite, openPostgres, queryRows, type Database } from '#server/db/client.ts';
import { copyOfTemplate } from './databases';

let databasePromise: Promise<Database> | null = null;

/**
 * A copy of the run's migrated template on the PostgreSQL server of DATABASE_URL, named for this worker (and
 * `suffix`, for a test that needs a database apart from the one every test shares): its name and URL.
 */
export function serverDatabase(suffix?: string): Promise<{ name: string; url: string }> {
  const template = inject('testTemplate');
  if (template.kind !== 'postgres') throw new Error('A database on the server needs DATABASE_URL');
  const worker = `w${process.env.VITEST_POOL_ID ?? '0'}`;
  return copyOfTemplate(template.prefix, suffix ? `${worker}_${suffix}` : worker);
}

/** A new embedded database, migrated: the run's dumped template, loaded. */
export function openTestPglite(): Promise<Database> {
  const template = inject('testTemplate');
  if (template.kind !== 'pglite')
    throw new Error('An embedded test database is for runs without DATABASE_URL');
  return openPglite(undefined, new Blob([readFileSync(template.file)]));
}

/** The worker's database, migrated: a copy of the run's template (global-setup.ts). */
export function testDatabase(): Promise<Database> {
  databasePromise ??= process.env.DATABASE_URL
    ? serverDatabase().then(({ url }) => openPostgres(url, 10))
    : openTestPglite();
  return databasePromise;
}

/**
 * Empties every table but roles (the migrations' own rows stay), restarts their sequences, and drops the job
 * queue's jobs (its schema exists once an app has started). DELETE with the triggers off (replica role: no
 * foreign-key checks, no counters, no audit rows) instead of TRUNCATE: TRUNCATE gives each of the 26 tables new
 * files, about 200 ms a test on PGlite, where these tables' few rows go in about 10 ms. One statement, so it
 * is one round trip and one transaction on both databases.
 */
const RESET = sql.raw(`DO $reset$
DECLARE
  name text;
BEGIN
  PERFORM set_config('session_replication_role', 'replica', true);
  FOR name IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'roles' LOOP
    EXECUTE format('DELETE FROM public.%I', name);
  END LOOP;
  FOR name IN
    SELECT seq.relname FROM pg_class seq
    JOIN pg_namespace ns ON ns.oid = seq.relnamespace AND ns.nspname = 'public'
    JOIN pg_depend dep ON dep.objid = seq.oid AND dep.deptype IN ('a', 'i')
    JOIN pg_class tab ON tab.oid = dep.refobjid AND tab.relname <> 'roles'
    WHERE seq.relkind = 'S'
  LOOP
    PERFORM setval(format('public.%I', name), 1, false);
  END LOOP;
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    EXECUTE 'DELETE FROM pgboss.job';
  END IF;
END
$reset$`);

/**
 * The ledger's trial balance must be zero after any test (issue 23): the database refuses an unbalanced
 * transaction, and this checks the whole ledger too, before each reset and after each file (setup.ts).
 */
export async function expectLedgerBalanced() {
  if (!databasePromise) return;
  const { db } = await databasePromise;
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(amount_paise), 0)::text AS total FROM ledger_entries`,
  );
  if (row.total !== '0') throw new Error(`The ledger's trial balance is ${row.total} paise, not 0.`);
}

export async function resetDb() {
  await expectLedgerBalanced();
  const { db } = await testDatabase();
  await db.execute(RESET);
}

/**
 * What a production configuration needs besides SMTP: Razorpay's keys (production refuses the test gateway) and
 * a payout details key of its own (it refuses the public development key). No test reaches Razorpay: these keys
 * only let the server start.
 */
export const PRODUCTION_PAYMENT_KEYS = {
  RAZORPAY_KEY_ID: 'rzp_live_testsuite0001',
  RAZORPAY_KEY_SECRET: 'test-suite-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'test-suite-webhook-secret',
  PAYOUT_DETAILS_KEY: '74657374207375697465207061796f7574206b6579206f6e6c79212121212121',
} as const;

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
