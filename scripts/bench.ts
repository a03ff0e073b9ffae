// `npm run bench`: starts the production server on the seeded PostgreSQL database (npm run seed:large),
// drives it from this process with autocannon, runs the same SQL straight through a pg pool at the same
// concurrency, and prints requests/s, p50/p99 and two ratios per case, to its own steady-state SQL and to the
// naive SQL (the catalogue's, then the signed-in pages' as the seeded learner and shark); then booking under contention on that PostgreSQL server
// and on the embedded PGlite; then the gzipped JS of `/` and of a shark's profile with the slot picker open,
// and Lighthouse scores. It prints figures; it never fails a build (decision 060). All traffic goes
// to 127.0.0.1.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench), BENCH_DURATION seconds per
// case (default 20), BENCH_CONNECTIONS (default 50), BENCH_CASES (comma list of case names to run),
// BENCH_CONTENTION_DURATION seconds of each contention run (default 20),
// BENCH_SKIP=build,http,raw,signed-in,contention,webhooks,contention-pglite,js,lighthouse,payouts,trial-balance
// to leave parts out,
// BENCH_ONLY=payouts,trial-balance to run only the parts named (any of the names above and these two),
// CHROME_PATH (default /usr/bin/chromium), BENCH_PORT (the app server's port; a free one by default). The money-at-scale parts (issue 24: a payout run for 10,000 sharks, the
// trial balance over 1M ledger entries) run last, in a scratch database `<name>_money` on the same server.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { encodeSharksCursor, sharksQuerySchema } from '#shared/catalogue.ts';
import { ROUTES } from '#shared/routes.ts';
import { formatPaise } from '#shared/money.ts';
import {
  catalogueVersion,
  getPublishedShark,
  isKnownPublic,
  isPublishedShark,
  listPublishedSharkCourses,
  listSharks,
} from '#server/modules/catalogue/listings/service.ts';
import { freelancersQuerySchema } from '#shared/freelancers.ts';
import { listFreelancers } from '#server/modules/freelance/freelancers/service.ts';
import { getSlots } from '#server/modules/sessions/availability/service.ts';
import { busyTimes, busyTimesOf, slotsStamp } from '#server/modules/sessions/sessions/service.ts';
import { openPglite, openPostgres, type Db } from '#server/db/client.ts';
import {
  checkContention,
  CONTENTION_LEARNERS,
  CONTENTION_SHARKS,
  prepareContention,
  runContention,
  type ContentionFixture,
  type ContentionResult,
} from './bench/contention';
import { cpuBetween, cpuSnapshot, type CpuUse } from './bench/cpu';
import type { Case } from './bench/case';
import { BENCH_LEARNER_EMAIL, BENCH_SHARK_EMAIL } from './bench/people';
import { captureQueries, runRaw, type LoopResult } from './bench/raw';
import { findBenchPeople, signedInCases, signIn, type Tokens } from './bench/signed-in';
import { filesNaming, initialJs, lighthouse, pageJs, type JsFile, type LighthouseScores } from './bench/web';
import { countStoredEvents, runWebhooks } from './bench/webhooks';
import { openMoneyScratch, runPayoutBatch, runTrialBalance } from './bench/payouts';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONTENTION_DURATION = Number(process.env.BENCH_CONTENTION_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_PORT: the catalogue server's loopback port (default: any free one). */
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
/**
 * The app's pool size; the raw side uses the same, so the ratio isolates what the HTTP layer adds. By default
 * sized to the database server, which here is this machine: about two connections per core keep PostgreSQL's
 * cores busy without time-slicing twenty backends (pool 20 -> 6 took the search's p99 from 25 to 16 ms).
 */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 2 * os.cpus().length + 2);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const ONLY = new Set((process.env.BENCH_CASES ?? '').split(',').filter(Boolean));
/** BENCH_ONLY: the parts to run, every other one skipped (e.g. BENCH_ONLY=payouts,trial-balance). */
const ONLY_PARTS = new Set((process.env.BENCH_ONLY ?? '').split(',').filter(Boolean));
const skips = (part: string) => SKIP.has(part) || (ONLY_PARTS.size > 0 && !ONLY_PARTS.has(part));
/** The bench builds its own copy, so another build running in dist/web cannot change what is measured. */
const WEB_DIST = 'dist/bench';
/** A word the seeded bios contain (about one shark in eight). */
const SEARCH_WORD = 'kubernetes';
/** The payment provider's checkout script (features/checkout/razorpay.ts). */
const PROVIDER_SCRIPT = 'checkout.razorpay.com';

const TARGET = {
  p99: 25,
  slotsP99: 10,
  ratio: 0.6,
  homeJsKb: 120,
  profileJsKb: 170,
  perf: 95,
  a11y: 100,
  /** Issue 24: one payout run for 10,000 sharks, on this 2-core machine. */
  payoutBatchSeconds: 120,
  trialBalanceP50: 2000,
};
/** The parts that run on DATABASE_URL's seeded catalogue (catalogueParts). */
const CATALOGUE_PARTS = [
  'build',
  'http',
  'raw',
  'signed-in',
  'contention',
  'webhooks',
  'contention-pglite',
  'js',
  'lighthouse',
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The server on `port`: on DATABASE_URL, or on an embedded PGlite under `dataDir` when one is given. */
async function startServer(
  port: number,
  dataDir?: string,
  opts: { testMode?: boolean } = {},
): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Production mode needs an SMTP server; no mail is sent (jobs are not worked), so a dead one is enough.
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:1',
    // Production refuses the test payment gateway; the bench never pays, so keys that reach nothing do.
    RAZORPAY_KEY_ID: 'rzp_live_bench000001',
    RAZORPAY_KEY_SECRET: 'bench-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'bench-webhook-secret',
    // ...and refuses to start without a payout details key (decision 136).
    PAYOUT_DETAILS_KEY: 'YmVuY2gtcGF5b3V0LWRldGFpbHMta2V5LTMyYnl0ZXM=',
    DATABASE_URL,
    DATABASE_POOL_SIZE: String(POOL_SIZE),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // Booking requests queue mail to the shark; the bench measures the request, not the mail worker.
    RUN_JOBS: 'false',
    // The free-slots and booking routes are rate-limited per address and account; the bench is one address.
    RATE_LIMIT_SCALE: '10000',
    WEB_DIST,
  };
  if (dataDir) {
    delete env.DATABASE_URL;
    env.DATA_DIR = dataDir;
  }
  // Money cases (issue 23): the built-in test gateway, which production refuses, so the server runs as in
  // development (plain cookie name, no HSTS); everything else is the same server and database.
  if (opts.testMode) {
    env.NODE_ENV = 'development';
    delete env.SMTP_URL;
    delete env.RAZORPAY_KEY_ID;
    delete env.RAZORPAY_KEY_SECRET;
    delete env.RAZORPAY_WEBHOOK_SECRET;
  }
  // node itself with tsx's loader, so the pid signalled is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/sharks`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return child;
    if (status) {
      child.kill('SIGTERM');
      throw new Error(`GET /api/sharks answered ${status}: the bench measures only a working server`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer within 60 s');
}

async function runHttp(
  url: string,
  headers?: Record<string, string>,
  status = 200,
): Promise<LoopResult & { non2xx: number }> {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
  });
  // autocannon counts 3xx as non-2xx: a conditional case expects every answer to be a 304.
  const unexpected = status === 304 ? result.requests.total - result['3xx'] : result.non2xx;
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: unexpected,
  };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function printContention(
  label: string,
  r: ContentionResult,
  check: { doubleBookings: number; stored: number; doubleCharges: number },
) {
  const lost = check.stored - r.booked;
  const ok = check.doubleBookings === 0 && check.doubleCharges === 0 && r.fivexx === 0 && lost === 0;
  console.log(
    `${label.padEnd(16)} ${fmt(r.bookedPerSecond, 1).padStart(8)} paid/s  hold+order p99 ${fmt(r.holdP99)} ms  hold to paid p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  | ${r.attempts} attempts: ${r.held} held (201), ${r.booked} paid, ${r.taken} just taken (409), ${r.other4xx} other 4xx, ${r.fivexx} 5xx, ${r.errors} network errors | SQL: ${check.doubleBookings} double bookings, ${check.doubleCharges} double charges, ${check.stored} stored (${lost === 0 ? 'matches the payments' : `${lost} differ from the payments`}) ${mark(ok)}`,
  );
  return ok;
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const mark = (ok: boolean) => (ok ? 'ok' : 'MISS');

/**
 * Every part on DATABASE_URL's seeded catalogue: the HTTP and raw cases, booking under contention, webhooks,
 * contention on PGlite, the JavaScript's weight and Lighthouse.
 */
async function catalogueParts(misses: string[]) {
  // The raw side's sessions are set up as the app's are (db/client.ts: JIT off), so both run the same plans.
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE, options: '-c jit=off' });
  pool.on('error', () => {});
  const { rows } = await pool
    .query<{ published: string }>('SELECT count(*) FILTER (WHERE published) AS published FROM sharks')
    .catch(() => ({ rows: [] as Array<{ published: string }> }));
  if (!rows.length || Number(rows[0].published) < 1000) {
    console.error(
      `The database at ${DATABASE_URL} has no large catalogue: run DATABASE_URL=${DATABASE_URL} npm run seed:large first.`,
    );
    process.exit(2);
  }
  const { rows: picked } = await pool.query<{ id: string }>(
    `SELECT s.id FROM sharks s WHERE s.published AND (SELECT count(*) FROM courses c WHERE c.shark_id = s.id) >= 3 ORDER BY s.id LIMIT 1`,
  );
  const sharkId = picked[0].id;
  // The free-slots case: the published shark with an open calendar and the most active bookings ahead.
  const { rows: busiest } = await pool.query<{ id: string; n: string }>(
    `SELECT b.shark_id AS id, count(*) AS n FROM course_bookings b
       JOIN shark_availability a ON a.shark_id = b.shark_id AND a.published
       JOIN sharks s ON s.id = b.shark_id AND s.published
      WHERE b.status IN ('requested', 'confirmed') AND b.starts_at > now() AND b.starts_at < now() + interval '60 days'
      GROUP BY b.shark_id ORDER BY count(*) DESC, b.shark_id LIMIT 1`,
  );
  const slotsShark = busiest[0]?.id ?? sharkId;
  // `page 1000` (decision 196): Load More's request for it, after page 999's last card (the default sort's).
  const { rows: deep } = await pool.query<{ key: string | null; name: string; id: string }>(
    `SELECT rating_score AS key, name, id FROM sharks_with_meta WHERE published
      ORDER BY rating_score DESC NULLS LAST, name, id OFFSET 999 * 8 - 1 LIMIT 1`,
  );
  const deepCursor = deep[0]
    ? encodeSharksCursor([
        'rating',
        deep[0].key === null ? null : Number(deep[0].key),
        deep[0].name,
        deep[0].id,
      ])
    : undefined;
  // The ETag a client holds after reading the list once.
  const listEtag = async (base: string) => (await fetch(`${base}/api/sharks`)).headers.get('etag') ?? '';
  let etag = '';

  const q = (query: Record<string, string>) => sharksQuerySchema.parse(query);
  // Each case's service is what its route sends (sharks/routes.ts): the catalogue version read before the data,
  // then the list with its totals kept per version and its cards' next free times; a profile's public check
  // first. Its naive side is the same answer with nothing kept per version.
  const list = (query: Record<string, string>) => ({
    service: async (db: Db) => listSharks(db, q(query), await catalogueVersion(db), busyTimesOf),
    naive: (db: Db) => listSharks(db, q(query), null, busyTimesOf),
  });
  // A profile's route (decision 186): the version first; the public check and the answer only when this
  // process holds no answer of the shark at that version. Its naive side reads all three every time.
  const one = (id: string, read: (db: Db, version?: number | null) => Promise<unknown>) => ({
    service: async (db: Db) => {
      const version = await catalogueVersion(db);
      if (!(version !== null && isKnownPublic(version, id)) && !(await isPublishedShark(db, id)))
        throw new Error(`the bench shark ${id} is not public`);
      return read(db, version);
    },
    naive: async (db: Db) => {
      await isPublishedShark(db, id);
      await catalogueVersion(db);
      return read(db, null);
    },
  });
  const all: Case[] = [
    { name: 'list', path: '/api/sharks', ...list({}) },
    { name: 'search', path: `/api/sharks?search=${SEARCH_WORD}`, ...list({ search: SEARCH_WORD }) },
    {
      name: 'specialization',
      path: '/api/sharks?specialization=forensics',
      ...list({ specialization: 'forensics' }),
    },
    ...(['rating', 'experience', 'students', 'price_low', 'price_high'] as const).map((sort) => ({
      name: `sort ${sort}`,
      path: `/api/sharks?sort=${sort}`,
      ...list({ sort }),
    })),
    // Load More's thousandth page through its cursor; its naive side is the same page by number (an offset
    // of 7,992 cards) with its count, which is what the cursor replaces.
    deepCursor
      ? {
          name: 'page 1000',
          path: `/api/sharks?page=1000&cursor=${deepCursor}`,
          ...list({ page: '1000', cursor: deepCursor }),
          naive: list({ page: '1000' }).naive,
        }
      : { name: 'page 1000', path: '/api/sharks?page=1000', ...list({ page: '1000' }) },
    {
      name: 'profile',
      path: `/api/sharks/${sharkId}`,
      ...one(sharkId, (db, version) => getPublishedShark(db, sharkId, version)),
    },
    {
      name: 'profile courses',
      path: `/api/sharks/${sharkId}/courses`,
      ...one(sharkId, (db, version) => listPublishedSharkCourses(db, sharkId, version)),
    },
    {
      // 60 days of 1-hour slots of the shark with the most bookings ahead (issue 12: p99 < 10 ms).
      name: 'free slots',
      path: `/api/sharks/${slotsShark}/slots?hours=1`,
      // What the route sends (decision 197): the slots stamp, then the slots only when this process holds no
      // answer at that version; its naive side computes them every time.
      service: (db) => getSlots(db, slotsShark, { hours: 1 }, busyTimes, slotsStamp),
      naive: (db) => getSlots(db, slotsShark, { hours: 1 }, busyTimes),
      p99: TARGET.slotsP99,
    },
    {
      // The freelancers' directory (issue 27): its first page, as /freelancers loads it.
      name: 'freelancers list',
      path: '/api/freelancers',
      service: (db) => listFreelancers(db, freelancersQuerySchema.parse({})),
    },
    {
      // A client that already holds the list asks again: 304 from the catalogue's version row alone, which is
      // its own SQL; its naive side is the list's whole SQL, what the request costs without the ETag.
      name: 'list 304',
      path: '/api/sharks',
      service: (db) => catalogueVersion(db),
      naive: list({}).naive,
      get headers() {
        return { 'if-none-match': etag };
      },
      status: 304,
    },
  ];
  // The signed-in pages' calls, as the seeded learner (200 sessions) and shark (2,000 bookings).
  const people = skips('signed-in') ? null : await findBenchPeople(pool);
  const tokens: Tokens = { learner: '', shark: '' };
  if (people) all.push(...signedInCases(people, tokens));
  else if (!skips('signed-in'))
    console.log(
      `no bench learner and shark in ${DATABASE_URL} (seeded before them): the signed-in cases are left out; run npm run seed:large -- --force to add them`,
    );
  if (people && !people.learnerRequestId)
    console.log('the bench learner has posted no client request: the request page case is left out');
  const cases = all.filter((c) => !ONLY.size || ONLY.has(c.name));

  console.log(
    `node ${process.version}; database ${DATABASE_URL} (${rows[0].published} published sharks${people ? `; bench learner with ${people.learnerSessions} sessions, shark with ${people.sharkBookings} bookings` : ''}); ${CONNECTIONS} connections, ${DURATION} s per case, pool ${POOL_SIZE}`,
  );

  if (!skips('build') || !existsSync(`${WEB_DIST}/index.html`)) {
    console.log(`building the web app into ${WEB_DIST} (vite build)...`);
    execFileSync(
      'node_modules/.bin/vite',
      ['build', '--outDir', `../../${WEB_DIST}`, '--emptyOutDir', '--logLevel', 'warn'],
      { stdio: 'inherit' },
    );
  }

  const port = PORT ?? (await freePort());
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  etag = await listEtag(base);
  if (people && cases.some((c) => c.headers && 'cookie' in c.headers)) {
    tokens.learner = await signIn(base, BENCH_LEARNER_EMAIL, 'user');
    tokens.shark = await signIn(base, BENCH_SHARK_EMAIL, 'shark');
  }
  const cpu: Array<{ name: string; app: CpuUse | null; raw: CpuUse | null }> = [];
  const summary: Array<{
    name: string;
    app: LoopResult | null;
    raw: LoopResult | null;
    naive: LoopResult | null;
    ratio: number;
    naiveRatio: number;
    queries: number;
    naiveQueries: number;
    p99Met: boolean | null;
    p99Target: number;
  }> = [];
  const perRequest = (use: CpuUse, requests: number): CpuUse => ({
    server: (use.server / requests) * 1e6,
    self: (use.self / requests) * 1e6,
    postgres: (use.postgres / requests) * 1e6,
  });
  try {
    if (!skips('http') || !skips('raw')) {
      console.log(
        `\n${'case'.padEnd(20)} ${'app req/s'.padStart(9)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} | ${'own SQL'.padStart(8)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} | ${'naive'.padStart(7)} | ${'own'.padStart(5)} ${'naive'.padStart(6)}  (req/s, ms; ratio = app / SQL; targets p99 < ${TARGET.p99}, ratio to own SQL >= ${TARGET.ratio})`,
      );
      for (const c of cases) {
        // The list's ETag names a five-minute slice (its cards' next free times): take it afresh for each case,
        // or `list 304` sends one that has lapsed and measures full answers.
        etag = await listEtag(base);
        // Warm both sides (JIT, plan cache, buffer cache) before measuring.
        await autocannon({
          url: base + c.path,
          headers: c.headers,
          connections: CONNECTIONS,
          duration: Math.min(3, DURATION),
        });
        // The naive side is captured cold, before this process keeps anything for the case; the own side from a
        // warm request (after one call), what the app sends per request in steady state (issue 28).
        const naiveQueries = await captureQueries(pool, c.naive ?? c.service);
        await captureQueries(pool, c.service);
        const queries = await captureQueries(pool, c.service);
        const texts = (qs: typeof queries) => JSON.stringify(qs.map((x) => x.text));
        const beforeApp = cpuSnapshot(server.pid);
        const app = skips('http') ? null : await runHttp(base + c.path, c.headers, c.status);
        const beforeRaw = cpuSnapshot(server.pid);
        const raw = skips('raw') ? null : await runRaw(pool, queries, CONNECTIONS, DURATION);
        cpu.push({
          name: c.name,
          app: app ? perRequest(cpuBetween(beforeApp, beforeRaw), app.requests) : null,
          raw: raw ? perRequest(cpuBetween(beforeRaw, cpuSnapshot(server.pid)), raw.requests) : null,
        });
        // The same statements cold and warm (nothing kept for this case): one run measures both.
        const naive =
          skips('raw') || texts(naiveQueries) === texts(queries)
            ? raw
            : await runRaw(pool, naiveQueries, CONNECTIONS, DURATION);
        const ratio = app && raw ? app.perSecond / raw.perSecond : NaN;
        const naiveRatio = app && naive ? app.perSecond / naive.perSecond : NaN;
        const notes: string[] = [];
        if (app && !app.requests) notes.push(`no answer within the ${DURATION} s run`);
        if (app && (app.errors || app.non2xx))
          notes.push(`${app.errors} errors, ${app.non2xx} not ${c.status ?? '2xx'}`);
        const p99Target = c.p99 ?? TARGET.p99;
        if (app && app.p99 >= p99Target) notes.push(`p99 ${mark(false)} (target < ${p99Target})`);
        if (Number.isFinite(ratio) && ratio < TARGET.ratio) notes.push(`ratio ${mark(false)}`);
        if (notes.length) misses.push(`${c.name}: ${notes.join(', ')}`);
        summary.push({
          name: c.name,
          app,
          raw,
          naive,
          ratio,
          naiveRatio,
          queries: queries.length,
          naiveQueries: naiveQueries.length,
          p99Met: app ? app.requests > 0 && app.p99 < p99Target : null,
          p99Target,
        });
        console.log(
          `${c.name.padEnd(20)} ${fmt(app?.perSecond ?? NaN, 0).padStart(9)} ${fmt(app?.p50 ?? NaN).padStart(6)} ${fmt(app?.p99 ?? NaN).padStart(6)} | ${fmt(raw?.perSecond ?? NaN, 0).padStart(8)} ${fmt(raw?.p50 ?? NaN).padStart(6)} ${fmt(raw?.p99 ?? NaN).padStart(6)} | ${fmt(naive?.perSecond ?? NaN, 0).padStart(7)} | ${fmt(ratio, 2).padStart(5)} ${fmt(naiveRatio, 2).padStart(6)}  ${notes.join('; ')}`,
        );
      }
    }

    if (cpu.length) {
      // Where the machine's CPU went, per request: the load generator's share is CPU neither the app nor the
      // database gets, which is why the ratio cannot reach 1 on a machine that runs all three.
      console.log(
        `\nCPU per request (microseconds): app run = server + autocannon + PostgreSQL | raw run = pg client + PostgreSQL`,
      );
      for (const row of cpu) {
        const a = row.app;
        const r = row.raw;
        console.log(
          `${row.name.padEnd(18)} ${a ? `${fmt(a.server, 0).padStart(5)} + ${fmt(a.self, 0).padStart(5)} + ${fmt(a.postgres, 0).padStart(5)} = ${fmt(a.server + a.self + a.postgres, 0).padStart(5)}` : '-'.padStart(29)} | ${r ? `${fmt(r.self, 0).padStart(5)} + ${fmt(r.postgres, 0).padStart(5)} = ${fmt(r.self + r.postgres, 0).padStart(5)}` : '-'}`,
        );
      }
    }

    if (summary.length) {
      // The same figures as one Markdown table (docs/benchmarks.md), with each case's CPU split beside it.
      console.log(
        `\n| case | app req/s | p50 ms | p99 ms | own SQL req/s (statements) | naive SQL req/s (statements) | ratio to own | ratio to naive | target | CPU µs/request: server + autocannon + PostgreSQL \\| pg client + PostgreSQL |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |`,
      );
      for (const r of summary) {
        const use = cpu.find((u) => u.name === r.name);
        const split =
          use?.app && use.raw
            ? `${fmt(use.app.server, 0)} + ${fmt(use.app.self, 0)} + ${fmt(use.app.postgres, 0)} \\| ${fmt(use.raw.self, 0)} + ${fmt(use.raw.postgres, 0)}`
            : '-';
        const ratioMet = Number.isFinite(r.ratio) ? r.ratio >= TARGET.ratio : null;
        const verdict = [
          ratioMet === null ? '' : `ratio ${ratioMet ? 'met' : 'missed'}`,
          r.p99Met === null ? '' : `p99 < ${r.p99Target} ${r.p99Met ? 'met' : 'missed'}`,
        ]
          .filter(Boolean)
          .join(', ');
        console.log(
          `| ${r.name} | ${fmt(r.app?.perSecond ?? NaN, 0)} | ${fmt(r.app?.p50 ?? NaN)} | ${fmt(r.app?.p99 ?? NaN)} | ${fmt(r.raw?.perSecond ?? NaN, 0)} (${r.queries}) | ${fmt(r.naive?.perSecond ?? NaN, 0)} (${r.naiveQueries}) | ${fmt(r.ratio, 2)} | ${fmt(r.naiveRatio, 2)} | ${verdict} | ${split} |`,
        );
      }
    }

    if (!skips('contention') || !skips('contention-pglite')) {
      console.log(
        `\nBooking and paying under contention (test gateway): ${CONTENTION_LEARNERS} learners, ${CONTENTION_SHARKS} sharks, ${CONTENTION_DURATION} s; targets 0 double bookings, 0 double charges, 0 5xx, none lost`,
      );
    }
    if (!skips('contention') || !skips('webhooks')) {
      // Money moves: the same database, a second server in test mode (the built-in payment gateway).
      const moneyPort = await freePort();
      const money = await startServer(moneyPort, undefined, { testMode: true });
      const moneyBase = `http://127.0.0.1:${moneyPort}`;
      const database = await openPostgres(DATABASE_URL, 2);
      try {
        if (!skips('contention')) {
          const fixture = await prepareContention(database.db);
          const result = await runContention(moneyBase, fixture, CONTENTION_DURATION);
          if (!printContention('PostgreSQL', result, await checkContention(database.db, fixture)))
            misses.push('booking under contention on PostgreSQL');
        }
        if (!skips('webhooks')) {
          const w = await runWebhooks(moneyBase, DURATION, CONNECTIONS);
          const stored = await countStoredEvents(database.db, w.run);
          // Requests still in flight when the run stops are stored but not counted by autocannon: at most one per
          // connection more than the answers received, never fewer.
          const ok =
            w.non2xx === 0 && w.errors === 0 && stored >= w.requests && stored <= w.requests + CONNECTIONS;
          console.log(
            `\nWebhooks received (signed raw body checked, event stored once, its job written), ${CONNECTIONS} connections, ${DURATION} s\n${'PostgreSQL'.padEnd(16)} ${fmt(w.perSecond, 0).padStart(8)} req/s  p50 ${fmt(w.p50)} ms  p99 ${fmt(w.p99)} ms  | ${w.requests} sent, ${w.non2xx} non-2xx, ${w.errors} errors | SQL: ${stored} events stored ${mark(ok)}`,
          );
          if (!ok) misses.push('webhooks under load');
        }
      } finally {
        await database.close();
        await stopServer(money);
      }
    }
    if (!skips('contention-pglite')) {
      // The same against the embedded database: the bench writes the fixture into a fresh data directory,
      // hands it to a server of its own (one process per directory), and reads it again once that server stopped.
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sharks-bench-pglite-'));
      let fixture: ContentionFixture;
      const seed = await openPglite(path.join(dataDir, 'pglite'));
      try {
        fixture = await prepareContention(seed.db);
      } finally {
        await seed.close();
      }
      const pglitePort = await freePort();
      const embedded = await startServer(pglitePort, dataDir, { testMode: true });
      let result: ContentionResult;
      try {
        result = await runContention(`http://127.0.0.1:${pglitePort}`, fixture, CONTENTION_DURATION);
      } finally {
        await stopServer(embedded);
      }
      const after = await openPglite(path.join(dataDir, 'pglite'));
      try {
        if (!printContention('PGlite', result, await checkContention(after.db, fixture)))
          misses.push('booking under contention on PGlite');
      } finally {
        await after.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }

    if (!skips('js')) {
      const weigh = (label: string, files: JsFile[], target: number) => {
        const total = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
        console.log(
          `\n${label} (gzip -9): ${fmt(total)} KB in ${files.length} files (target <= ${target} KB) ${mark(total <= target)}`,
        );
        // The largest files, where a cut would come from; the many small ones summed.
        const sorted = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes);
        for (const f of sorted.slice(0, 10))
          console.log(
            `  ${f.file.padEnd(48)} ${fmt(f.bytes / 1024).padStart(7)} KB raw ${fmt(f.gzipBytes / 1024).padStart(6)} KB gz`,
          );
        const rest = sorted.slice(10);
        if (rest.length)
          console.log(
            `  ${`${rest.length} smaller files`.padEnd(48)} ${fmt(rest.reduce((s, f) => s + f.bytes, 0) / 1024).padStart(7)} KB raw ${fmt(rest.reduce((s, f) => s + f.gzipBytes, 0) / 1024).padStart(6)} KB gz`,
          );
        if (total > target) misses.push(`${label}: ${fmt(total)} KB gz`);
      };
      const home = initialJs(WEB_DIST);
      weigh('JS loaded by /', home, TARGET.homeJsKb);
      // A learner on a shark's profile with the slot picker open: the page, its booking panel (loaded on its
      // own, the slot picker inside it) and the signed-in navbar's menu.
      const profile = pageJs(WEB_DIST, [
        ROUTES.sharks.profile.page,
        'features/bookings/booking-panel.tsx',
        'features/accounts/user-menu.tsx',
      ]);
      weigh('JS of a shark profile with the slot picker open, signed in', profile, TARGET.profileJsKb);
      // The payment provider's script is loaded by the checkout step alone, when the learner presses Pay
      // (features/checkout/razorpay.ts): no file `/` or a profile loads may name it.
      const naming = filesNaming(WEB_DIST, PROVIDER_SCRIPT);
      const eager = naming.filter((f) => home.some((h) => h.file === f) || profile.some((p) => p.file === f));
      console.log(
        `\nPayment provider's script (${PROVIDER_SCRIPT}) named by: ${naming.join(', ') || 'no file'}; loaded by / or a profile: ${eager.join(', ') || 'none'} ${mark(eager.length === 0 && naming.length > 0)}`,
      );
      if (eager.length) misses.push(`the payment provider's script is named by ${eager.join(', ')}`);
    }

    if (!skips('lighthouse')) {
      console.log(
        `\nLighthouse 12 (${CHROME_PATH}, headless; targets performance >= ${TARGET.perf}, accessibility ${TARGET.a11y})`,
      );
      for (const formFactor of ['mobile', 'desktop'] as const) {
        for (const path of ['/', '/sharks', `/sharks/${sharkId}`]) {
          let s: LighthouseScores;
          try {
            s = await lighthouse(base + path, formFactor, CHROME_PATH);
          } catch (err) {
            console.log(
              `  ${formFactor.padEnd(8)} ${path}: lighthouse failed: ${(err as Error).message.split('\n')[0]}`,
            );
            continue;
          }
          const ok = s.performance >= TARGET.perf && s.accessibility >= TARGET.a11y;
          if (!ok)
            misses.push(`lighthouse ${formFactor} ${path}: perf ${s.performance}, a11y ${s.accessibility}`);
          console.log(
            `  ${formFactor.padEnd(8)} ${path.padEnd(48)} perf ${String(s.performance).padStart(3)}  a11y ${String(s.accessibility).padStart(3)}  FCP ${fmt(s.metrics.fcp, 0)} ms  LCP ${fmt(s.metrics.lcp, 0)} ms  TBT ${fmt(s.metrics.tbt, 0)} ms  CLS ${fmt(s.metrics.cls, 3)}  ${mark(ok)}${s.failedA11y.length ? `  failed: ${s.failedA11y.join(', ')}` : ''}`,
          );
        }
      }
    }
  } finally {
    await stopServer(server);
    await pool.end();
  }
}

/**
 * Money at scale (issue 24), in a scratch database of its own on DATABASE_URL's server: a payout run for 10,000
 * sharks, then the trial balance over 1M ledger entries.
 */
async function moneyAtScale(misses: string[]) {
  const scratch = await openMoneyScratch(DATABASE_URL, POOL_SIZE);
  try {
    console.log(
      `\nMoney at scale, in the scratch database ${scratch.name} (made, migrated and ${scratch.sharks.length} sharks added in ${fmt(scratch.setupSeconds)} s; dropped at the end)`,
    );
    if (!skips('payouts')) {
      const p = await runPayoutBatch(scratch);
      const ok =
        p.run.created === p.sharks &&
        p.payouts === p.sharks &&
        p.paidPaise === p.owedPaise &&
        p.availableNotZero === 0 &&
        p.trialTotalPaise === 0 &&
        p.again.created === 0 &&
        p.again.skipped === 0;
      const fast = p.seconds < TARGET.payoutBatchSeconds;
      console.log(
        `Payout batch  ${p.sharks} sharks (details saved through the service in ${fmt(p.detailsSeconds)} s, balances posted in ${fmt(p.balancesSeconds)} s): one run made ${p.run.created} payouts (${p.run.skipped} skipped, ${p.run.belowMinimum} below the minimum, ${p.run.alreadyPaid} already paid) in ${fmt(p.seconds)} s, ${fmt(p.perSecond, 0)} payouts/s (target < ${TARGET.payoutBatchSeconds} s) ${mark(fast)}\n` +
          `              SQL: ${p.payouts} payouts of period ${p.run.period}, ${formatPaise(p.paidPaise)} paid of ${formatPaise(p.owedPaise)} owed, ${p.availableNotZero} available balances not 0, trial balance total ${p.trialTotalPaise}; run again: ${p.again.created} payouts made in ${fmt(p.againSeconds, 2)} s ${mark(ok)}`,
      );
      if (!fast) misses.push(`payout batch: ${fmt(p.seconds)} s for ${p.sharks} sharks`);
      if (!ok) misses.push('payout batch: the payouts or the ledger do not add up');
    }
    if (!skips('trial-balance')) {
      const t = await runTrialBalance(scratch);
      const fast = t.p50 < TARGET.trialBalanceP50;
      console.log(
        `Trial balance ${t.entries} entries in ${t.accounts} accounts (${t.transactions} payments inserted in ${fmt(t.insertSeconds)} s, ${fmt(t.transactions / t.insertSeconds, 0)}/s): ${t.runsMs.length} runs p50 ${fmt(t.p50, 0)} ms, max ${fmt(t.max, 0)} ms (${t.runsMs.map((ms) => fmt(ms, 0)).join(', ')}; target p50 < ${TARGET.trialBalanceP50} ms) ${mark(fast)}; total ${t.totalPaise} ${mark(t.totalPaise === 0)}`,
      );
      if (!fast) misses.push(`trial balance: p50 ${fmt(t.p50, 0)} ms over ${t.entries} entries`);
      if (t.totalPaise !== 0) misses.push(`trial balance: total ${t.totalPaise}, not 0`);
    }
  } finally {
    await scratch.close();
  }
}

async function main() {
  const misses: string[] = [];
  const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `machine: ${os.cpus().length} x ${cpuModel}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (CATALOGUE_PARTS.some((part) => !skips(part))) await catalogueParts(misses);
  if (!skips('payouts') || !skips('trial-balance')) await moneyAtScale(misses);
  console.log(misses.length ? `\nmissed targets:\n  ${misses.join('\n  ')}` : '\nevery target met');
}

await main();
