// Money at scale (issue 24): a payout batch for 10,000 sharks and the trial balance over 1M ledger entries, on the
// PostgreSQL server of DATABASE_URL but in a scratch database of their own (`<bench database>_money`), made
// fresh, migrated by the app's own openPostgres and dropped at the end, so the catalogue is never touched.
// The app is built in this process on the scratch database (RUN_JOBS=false: mail is queued, not sent), and the
// cases call the real services with its mailer and queue: runPayouts as the job and the admin's button do,
// trialBalance as the finance console does. Only the fixture is bulk SQL: the sharks, and each one's available
// balance posted as a balanced ledger transaction (the ledger's deferred balance trigger checks every one at
// commit); the payout details are saved through savePayoutDetails, sealed with the development key.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PayoutRun } from '#shared/payouts.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openPostgres, queryRows, type Database, type Db } from '#server/db/client.ts';
import { trialBalance } from '#server/modules/money/ledger/service.ts';
import {
  runPayouts,
  savePayoutDetails,
  type PayoutRunContext,
} from '#server/modules/money/payouts/service.ts';
import { percentile } from './raw';

export const PAYOUT_SHARKS = 10_000;
/** The ledger the trial balance reads: the payout batch's entries, topped up with payments to this many. */
export const TRIAL_BALANCE_ENTRIES = 1_000_000;
/** Transactions per database transaction: the deferred trigger's queue of checks stays bounded. */
const CHUNK = 48_000;
const TRIAL_BALANCE_RUNS = 5;
/** Payout details saved at once, each in its own transaction as a shark's save is. */
const SAVE_CONCURRENCY = 8;

export interface MoneyScratch {
  name: string;
  app: FastifyInstance;
  db: Db;
  sharks: Array<{ id: string; userId: string; email: string; name: string }>;
  /** Seconds to create, migrate and fill the database with the sharks. */
  setupSeconds: number;
  close(): Promise<void>;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** CREATE and DROP DATABASE run outside a transaction, from the server's `postgres` database. */
async function onServer(baseUrl: string, statement: string) {
  const url = new URL(baseUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The scratch database `<bench database>_money`, replacing one a killed run left: migrated, with the app built
 * on it and 10,000 published sharks (each with its own account), made in one statement.
 */
export async function openMoneyScratch(baseUrl: string, poolSize: number): Promise<MoneyScratch> {
  const started = performance.now();
  const name = `${new URL(baseUrl).pathname.slice(1) || 'bench'}_money`;
  const ident = `"${name.replace(/"/g, '""')}"`;
  await onServer(baseUrl, `DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
  await onServer(baseUrl, `CREATE DATABASE ${ident}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  const close = async () => {
    await app?.close();
    await database?.close();
    await onServer(baseUrl, `DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`);
  };
  try {
    database = await openPostgres(url.toString(), poolSize);
    // Development mode: the built-in test gateway and the public development key of payout details.
    const config = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: String(poolSize),
      RUN_JOBS: 'false',
      LOG_LEVEL: 'warn',
      APP_ORIGIN: 'http://127.0.0.1:3000',
    });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const sharks = await queryRows<{ id: string; userId: string; email: string; name: string }>(
      database.db,
      sql`WITH u AS (
            INSERT INTO users (email, email_confirmed_at, created_at)
            SELECT 'payout-bench-' || g || '@bench.sharksecurity.in', now(), now() FROM generate_series(1, ${PAYOUT_SHARKS}) g
            RETURNING id, email)
          INSERT INTO sharks (user_id, name, specialization, experience, bio, published, created_at, updated_at)
          SELECT u.id, 'Payout Bench Shark ' || split_part(split_part(u.email, '@', 1), '-', 3), 'pentesting', 5,
                 'Bench shark.', true, now(), now()
            FROM u
          RETURNING id, user_id AS "userId",
                    'payout-bench-' || split_part(name, ' ', 4) || '@bench.sharksecurity.in' AS email, name`,
    );
    return { name, app, db: database.db, sharks, setupSeconds: seconds(started), close };
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
}

export interface PayoutBatchResult {
  sharks: number;
  detailsSeconds: number;
  balancesSeconds: number;
  run: PayoutRun;
  seconds: number;
  perSecond: number;
  again: PayoutRun;
  againSeconds: number;
  /** SQL after the runs. */
  payouts: number;
  paidPaise: number;
  owedPaise: number;
  availableNotZero: number;
  trialTotalPaise: number;
}

/**
 * Every shark saves payout details (half a UPI id, half a bank account) and is owed ₹500-₹50,500 on its available
 * balance; then ONE payout run, timed, and a second run that must pay nobody again.
 */
export async function runPayoutBatch(s: MoneyScratch): Promise<PayoutBatchResult> {
  const { app, db } = s;
  const mailCtx = { mailer: app.mailer, appOrigin: app.config.appOrigin, key: app.config.payoutDetailsKey };
  let t = performance.now();
  let next = 0;
  const saver = async () => {
    while (next < s.sharks.length) {
      const i = next++;
      const shark = s.sharks[i];
      const digits = String(1_000_000_000 + i);
      await savePayoutDetails(
        db,
        mailCtx,
        {
          sessionId: 'bench',
          user: {
            id: shark.userId,
            email: shark.email,
            fullName: shark.name,
            avatarUrl: null,
            emailConfirmed: true,
          },
          roles: ['shark'],
        },
        { userId: shark.userId },
        i % 2
          ? { method: 'upi', upiId: `bench${i}@okaxis`, pan: `ABCDE${String(i).padStart(4, '0').slice(-4)}F` }
          : {
              method: 'bank',
              holderName: shark.name,
              accountNumber: digits,
              accountNumberConfirm: digits,
              ifsc: 'HDFC0001234',
              pan: `ABCDE${String(i).padStart(4, '0').slice(-4)}F`,
            },
      );
    }
  };
  await Promise.all(Array.from({ length: SAVE_CONCURRENCY }, saver));
  const detailsSeconds = seconds(t);

  // Each shark's available balance: one balanced transaction (the provider's clearing account to the shark),
  // all in one statement; the deferred trigger checks each transaction at commit.
  t = performance.now();
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`INSERT INTO ledger_accounts (kind, created_at) VALUES ('provider_clearing', now()) ON CONFLICT DO NOTHING`,
    );
    await queryRows(
      tx,
      sql`INSERT INTO ledger_accounts (kind, payee_kind, payee_id, created_at)
          SELECT 'payee_available', 'shark', id, now() FROM sharks ON CONFLICT DO NOTHING`,
    );
    await queryRows(
      tx,
      sql`WITH clearing AS (SELECT id FROM ledger_accounts WHERE kind = 'provider_clearing'),
          t AS (
            INSERT INTO ledger_transactions (idempotency_key, kind, memo, at)
            SELECT 'bench:available:' || a.id, 'bench_available', 'Bench: a balance to pay out', now()
              FROM ledger_accounts a WHERE a.kind = 'payee_available'
            RETURNING id, idempotency_key)
          INSERT INTO ledger_entries (transaction_id, account_id, amount_paise)
          SELECT t.id, x.account_id, x.amount
            FROM t
            JOIN ledger_accounts a ON 'bench:available:' || a.id = t.idempotency_key
            CROSS JOIN clearing
            CROSS JOIN LATERAL (SELECT 50000 + (abs(hashtext(a.payee_id::text)) % 5000000) AS paise) p
            CROSS JOIN LATERAL (VALUES (clearing.id, p.paise), (a.id, -p.paise)) x(account_id, amount)`,
    );
  });
  const balancesSeconds = seconds(t);

  const ctx: PayoutRunContext = {
    ...mailCtx,
    schedule: app.config.PAYOUT_SCHEDULE,
    minimumPaise: app.config.PAYOUT_MINIMUM_PAISE,
    provider: 'manual',
    zone: app.config.APP_TIMEZONE,
    jobs: app.jobs,
    gateway: app.payments.gateway,
  };
  t = performance.now();
  const run = await runPayouts(db, ctx);
  const runSeconds = seconds(t);
  t = performance.now();
  const again = await runPayouts(db, ctx);
  const againSeconds = seconds(t);

  const [payouts] = await queryRows<{ n: number; paid: string }>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(amount_paise), 0)::text AS paid
          FROM payouts WHERE period = ${run.period} AND status = 'created'`,
  );
  const [owed] = await queryRows<{ owed: string }>(
    db,
    sql`SELECT coalesce(sum(amount_paise), 0)::text AS owed FROM ledger_entries
         WHERE transaction_id IN (SELECT id FROM ledger_transactions WHERE kind = 'bench_available')
           AND amount_paise > 0`,
  );
  const [notZero] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT a.id FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
           WHERE a.kind = 'payee_available' GROUP BY a.id HAVING coalesce(sum(e.amount_paise), 0) <> 0) x`,
  );
  const trial = await trialBalance(db);
  return {
    sharks: s.sharks.length,
    detailsSeconds,
    balancesSeconds,
    run,
    seconds: runSeconds,
    perSecond: run.created / runSeconds,
    again,
    againSeconds,
    payouts: Number(payouts.n),
    paidPaise: Number(payouts.paid),
    owedPaise: Number(owed.owed),
    availableNotZero: Number(notZero.n),
    trialTotalPaise: trial.totalPaise,
  };
}

export interface TrialBalanceResult {
  transactions: number;
  insertSeconds: number;
  entries: number;
  accounts: number;
  runsMs: number[];
  p50: number;
  max: number;
  totalPaise: number;
}

/**
 * Payments until the ledger holds 1M entries (480,000 after the payout batch), each a balanced transaction of two
 * entries (the provider's clearing account to one of the sharks' pending payables), inserted with generate_series
 * 48,000 to a database transaction; then trialBalance, timed five times.
 */
export async function runTrialBalance(s: MoneyScratch): Promise<TrialBalanceResult> {
  const { db } = s;
  const [before] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ledger_entries`);
  const transactions = Math.max(0, Math.ceil((TRIAL_BALANCE_ENTRIES - Number(before.n)) / 2));
  await queryRows(
    db,
    sql`INSERT INTO ledger_accounts (kind) VALUES ('provider_clearing') ON CONFLICT DO NOTHING`,
  );
  await queryRows(
    db,
    sql`INSERT INTO ledger_accounts (kind, payee_kind, payee_id)
        SELECT 'payee_pending', 'shark', id FROM sharks ON CONFLICT DO NOTHING`,
  );
  const t = performance.now();
  for (let from = 1; from <= transactions; from += CHUNK) {
    const to = Math.min(transactions, from + CHUNK - 1);
    await db.transaction((tx) =>
      queryRows(
        tx,
        sql`WITH clearing AS (SELECT id FROM ledger_accounts WHERE kind = 'provider_clearing'),
            payees AS (SELECT array_agg(id ORDER BY id) AS ids FROM ledger_accounts WHERE kind = 'payee_pending'),
            t AS (
              INSERT INTO ledger_transactions (idempotency_key, kind, memo, at)
              SELECT 'bench:payment:' || g, 'bench_payment', 'Bench: a payment captured',
                     now() - (g % 365) * interval '1 day'
                FROM generate_series(${from}::int, ${to}::int) g
              RETURNING id, split_part(idempotency_key, ':', 3)::int AS g)
            INSERT INTO ledger_entries (transaction_id, account_id, amount_paise)
            SELECT t.id, x.account_id, x.amount
              FROM t CROSS JOIN clearing CROSS JOIN payees
              CROSS JOIN LATERAL (SELECT 100000 + (t.g % 97) * 1000 AS paise) p
              CROSS JOIN LATERAL (VALUES (clearing.id, p.paise),
                                         (payees.ids[1 + t.g % cardinality(payees.ids)], -p.paise)) x(account_id, amount)`,
      ),
    );
  }
  const insertSeconds = seconds(t);
  // What autovacuum does after a million inserts: fresh statistics for the planner.
  await queryRows(db, sql`ANALYZE ledger_accounts, ledger_transactions, ledger_entries`);
  const [counts] = await queryRows<{ entries: number; accounts: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM ledger_entries) AS entries,
               (SELECT count(*)::int FROM ledger_accounts) AS accounts`,
  );
  const runsMs: number[] = [];
  let totalPaise = NaN;
  for (let i = 0; i < TRIAL_BALANCE_RUNS; i++) {
    const started = performance.now();
    const trial = await trialBalance(db);
    runsMs.push(performance.now() - started);
    totalPaise = trial.totalPaise;
    if (trial.accounts.reduce((sum, a) => sum + a.balance, 0) !== trial.totalPaise)
      throw new Error('the accounts of the trial balance do not add up to its total');
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return {
    transactions,
    insertSeconds,
    entries: Number(counts.entries),
    accounts: Number(counts.accounts),
    runsMs,
    p50: percentile(sorted, 50),
    max: sorted[sorted.length - 1],
    totalPaise,
  };
}
