// `npm run bench`: starts the production server on the seeded PostgreSQL database (npm run seed:large),
// drives it from this process with autocannon, runs the same SQL straight through a pg pool at the same
// concurrency, and prints requests/s, p50/p99 and the app/raw ratio per case; then the gzipped JS of `/`
// and Lighthouse scores. It prints figures; it never fails a build (design.md section 7).
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench), BENCH_DURATION seconds per
// case (default 20), BENCH_CONNECTIONS (default 50), BENCH_CASES (comma list of case names to run),
// BENCH_SKIP=build,http,raw,js,lighthouse to leave parts out, CHROME_PATH (default /usr/bin/chromium).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { sharksQuerySchema } from '#shared/catalogue.ts';
import { getPublishedShark, listPublishedSharkCourses, listSharks } from '#server/modules/sharks/service.ts';
import type { Db } from '#server/db/client.ts';
import { cpuBetween, cpuSnapshot, type CpuUse } from './bench/cpu';
import { captureQueries, runRaw, type LoopResult } from './bench/raw';
import { initialJs, lighthouse, type LighthouseScores } from './bench/web';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/**
 * The app's pool size; the raw side uses the same, so the ratio isolates what the HTTP layer adds. By default
 * sized to the database server, which here is this machine: about two connections per core keep PostgreSQL's
 * cores busy without time-slicing twenty backends (pool 20 -> 6 took the search's p99 from 25 to 16 ms).
 */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 2 * os.cpus().length + 2);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const ONLY = new Set((process.env.BENCH_CASES ?? '').split(',').filter(Boolean));
/** The bench builds its own copy, so another build running in dist/web cannot change what is measured. */
const WEB_DIST = 'dist/bench';
/** A word the seeded bios contain (about one shark in eight). */
const SEARCH_WORD = 'kubernetes';

const TARGET = { p99: 25, ratio: 0.6, jsKb: 170, perf: 95, a11y: 100 };

interface Case {
  name: string;
  path: string;
  /** The service calls the route makes for this request, run against a recording database. */
  service: (db: Db) => Promise<unknown>;
}

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

async function startServer(port: number): Promise<ChildProcess> {
  // node itself with tsx's loader, so the pid signalled is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      // Production mode needs an SMTP server; these GET endpoints never send mail, so a dead one is enough.
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      DATABASE_URL,
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      WEB_DIST,
    },
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

async function runHttp(url: string): Promise<LoopResult & { non2xx: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, pipelining: 1 });
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const mark = (ok: boolean) => (ok ? 'ok' : 'MISS');

async function main() {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
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

  const q = (query: Record<string, string>) => sharksQuerySchema.parse(query);
  const all: Case[] = [
    { name: 'list', path: '/api/sharks', service: (db) => listSharks(db, q({})) },
    {
      name: 'search',
      path: `/api/sharks?search=${SEARCH_WORD}`,
      service: (db) => listSharks(db, q({ search: SEARCH_WORD })),
    },
    {
      name: 'specialization',
      path: '/api/sharks?specialization=forensics',
      service: (db) => listSharks(db, q({ specialization: 'forensics' })),
    },
    ...(['rating', 'experience', 'students', 'price_low', 'price_high'] as const).map((sort) => ({
      name: `sort ${sort}`,
      path: `/api/sharks?sort=${sort}`,
      service: (db: Db) => listSharks(db, q({ sort })),
    })),
    {
      name: 'page 1000',
      path: '/api/sharks?page=1000',
      service: (db) => listSharks(db, q({ page: '1000' })),
    },
    { name: 'profile', path: `/api/sharks/${sharkId}`, service: (db) => getPublishedShark(db, sharkId) },
    {
      name: 'profile courses',
      path: `/api/sharks/${sharkId}/courses`,
      service: (db) => listPublishedSharkCourses(db, sharkId),
    },
  ];
  const cases = all.filter((c) => !ONLY.size || ONLY.has(c.name));

  const cpuModel = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `machine: ${os.cpus().length} x ${cpuModel}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `node ${process.version}; database ${DATABASE_URL} (${rows[0].published} published sharks); ${CONNECTIONS} connections, ${DURATION} s per case, pool ${POOL_SIZE}`,
  );

  if (!SKIP.has('build') || !existsSync(`${WEB_DIST}/index.html`)) {
    console.log(`building the web app into ${WEB_DIST} (vite build)...`);
    execFileSync(
      'node_modules/.bin/vite',
      ['build', '--outDir', `../../${WEB_DIST}`, '--emptyOutDir', '--logLevel', 'warn'],
      { stdio: 'inherit' },
    );
  }

  const port = await freePort();
  const server = await startServer(port);
  const base = `http://127.0.0.1:${port}`;
  const misses: string[] = [];
  const cpu: Array<{ name: string; app: CpuUse | null; raw: CpuUse | null }> = [];
  const perRequest = (use: CpuUse, requests: number): CpuUse => ({
    server: (use.server / requests) * 1e6,
    self: (use.self / requests) * 1e6,
    postgres: (use.postgres / requests) * 1e6,
  });
  try {
    if (!SKIP.has('http') || !SKIP.has('raw')) {
      console.log(
        `\n${'case'.padEnd(16)} ${'app req/s'.padStart(10)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} | ${'raw req/s'.padStart(10)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} | ratio  (ms; targets p99 < ${TARGET.p99}, ratio >= ${TARGET.ratio})`,
      );
      for (const c of cases) {
        // Warm both sides (JIT, plan cache, buffer cache) before measuring.
        await autocannon({ url: base + c.path, connections: CONNECTIONS, duration: Math.min(3, DURATION) });
        const queries = await captureQueries(pool, c.service);
        const beforeApp = cpuSnapshot(server.pid);
        const app = SKIP.has('http') ? null : await runHttp(base + c.path);
        const beforeRaw = cpuSnapshot(server.pid);
        const raw = SKIP.has('raw') ? null : await runRaw(pool, queries, CONNECTIONS, DURATION);
        cpu.push({
          name: c.name,
          app: app ? perRequest(cpuBetween(beforeApp, beforeRaw), app.requests) : null,
          raw: raw ? perRequest(cpuBetween(beforeRaw, cpuSnapshot(server.pid)), raw.requests) : null,
        });
        const ratio = app && raw ? app.perSecond / raw.perSecond : NaN;
        const notes: string[] = [];
        if (app && (app.errors || app.non2xx)) notes.push(`${app.errors} errors, ${app.non2xx} non-2xx`);
        if (app && app.p99 >= TARGET.p99) notes.push(`p99 ${mark(false)}`);
        if (Number.isFinite(ratio) && ratio < TARGET.ratio) notes.push(`ratio ${mark(false)}`);
        if (notes.length) misses.push(`${c.name}: ${notes.join(', ')}`);
        console.log(
          `${c.name.padEnd(16)} ${fmt(app?.perSecond ?? NaN, 0).padStart(10)} ${fmt(app?.p50 ?? NaN).padStart(6)} ${fmt(app?.p99 ?? NaN).padStart(6)} | ${fmt(raw?.perSecond ?? NaN, 0).padStart(10)} ${fmt(raw?.p50 ?? NaN).padStart(6)} ${fmt(raw?.p99 ?? NaN).padStart(6)} | ${fmt(ratio, 2).padStart(5)}  ${notes.join('; ')}`,
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
          `${row.name.padEnd(16)} ${a ? `${fmt(a.server, 0).padStart(5)} + ${fmt(a.self, 0).padStart(5)} + ${fmt(a.postgres, 0).padStart(5)} = ${fmt(a.server + a.self + a.postgres, 0).padStart(5)}` : '-'.padStart(29)} | ${r ? `${fmt(r.self, 0).padStart(5)} + ${fmt(r.postgres, 0).padStart(5)} = ${fmt(r.self + r.postgres, 0).padStart(5)}` : '-'}`,
        );
      }
    }

    if (!SKIP.has('js')) {
      const files = initialJs(WEB_DIST);
      const total = files.reduce((sum, f) => sum + f.gzipBytes, 0) / 1024;
      console.log(
        `\nJS loaded by / (gzip -9): ${fmt(total)} KB in ${files.length} files (target <= ${TARGET.jsKb} KB) ${mark(total <= TARGET.jsKb)}`,
      );
      for (const f of files)
        console.log(
          `  ${f.file.padEnd(48)} ${fmt(f.bytes / 1024).padStart(7)} KB raw ${fmt(f.gzipBytes / 1024).padStart(6)} KB gz`,
        );
      if (total > TARGET.jsKb) misses.push(`initial JS ${fmt(total)} KB gz`);
    }

    if (!SKIP.has('lighthouse')) {
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
    server.kill('SIGTERM');
    await pool.end();
  }
  console.log(misses.length ? `\nmissed targets:\n  ${misses.join('\n  ')}` : '\nevery target met');
}

await main();
