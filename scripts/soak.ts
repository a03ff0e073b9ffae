// `npm run soak` (issue 28 §3): a day of mixed traffic with money moving, compressed into SOAK_MINUTES (30 by
// default). Two app servers (RUN_JOBS=false) and one `npm run worker` on a private PostgreSQL server made for the
// run (decision 188), seeded with seed-large at a small scale; payments through the production Razorpay adapter
// against a local emulator of Razorpay's API (scripts/soak/razorpay.ts) with signed webhooks; mail to a local SMTP
// server. Virtual learners browse, open profiles and slots, book and pay, message and cancel (refunds); the
// sharks accept or decline; the admin runs payouts. A bounded request rate, loopback only. During the run one
// server gets SIGTERM, the other kill -9, and PostgreSQL restarts; each is restarted and what it cost is reported.
// Then SQL checks (scripts/soak/checks.ts) and the client's acknowledged writes against the database: nothing may
// be lost. Prints the report; the processes and the cluster are gone at the end (SOAK_KEEP=1 keeps the cluster).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSmtp } from '#server/test/smtp.ts';
import { createSoakPeople, SOAK_PASSWORD, type Actor, type SoakPeople } from './soak/actors';
import { mailOnce, soakChecks } from './soak/checks';
import { findPgBin, startPrivatePostgres, type PrivatePostgres } from './soak/postgres';
import { startRazorpayEmulator, type Emulator } from './soak/razorpay';

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!(v > 0)) throw new Error(`${name} must be a positive number, got ${process.env[name]}`);
  return v;
};
const MINUTES = num('SOAK_MINUTES', 30);
/** Requests per second over every virtual user together: the run's load is bounded, whatever the machine. */
const RATE = num('SOAK_RATE', 15);
const LEARNERS = Math.round(num('SOAK_LEARNERS', 12));
const SHARKS = Math.round(num('SOAK_SHARKS', 6));
const SAMPLE_SECONDS = num('SOAK_SAMPLE_SECONDS', 30);
const SEED_SCALE = num('SOAK_SEED_SCALE', 0.01);
const PORT_BASE = Math.round(num('SOAK_PORT_BASE', 44600));
const KEEP = process.env.SOAK_KEEP === '1';
/**
 * How long the end waits for jobs and webhooks: a job that was running when PostgreSQL went away is retried once
 * pg-boss expires it (expireInSeconds 300 for payment webhooks and refunds), so a little over that.
 */
const SETTLE_MS = 420_000;

const PORTS = {
  a: PORT_BASE + 1,
  b: PORT_BASE + 2,
  razorpay: PORT_BASE + 10,
  smtp: PORT_BASE + 11,
  pg: PORT_BASE + 20,
};
const KEYS = {
  keyId: 'rzp_test_SoakRun2026',
  keySecret: `soak-secret-${randomBytes(8).toString('hex')}`,
  webhookSecret: `soak-webhook-${randomBytes(8).toString('hex')}`,
};
const DIR = path.join(os.tmpdir(), `soak-${randomBytes(4).toString('hex')}`);
const T0 = performance.now();
const since = () => (performance.now() - T0) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (n: number) => Math.floor(Math.random() * n);
const log = (msg: string) => console.log(`[${since().toFixed(0).padStart(5)} s] ${msg}`);

// ---- processes -----------------------------------------------------------------------------------------------

interface Proc {
  name: string;
  child: ChildProcess;
  /** Set before a planned signal, so the supervisor does not count the exit as a crash. */
  planned: boolean;
  exited: Promise<void>;
}
interface Server {
  name: string;
  port: number;
  url: string;
  proc: Proc;
  healthy: boolean;
}

const procs: Proc[] = [];
const unexpectedExits: Array<{ at: number; name: string; code: number | null; signal: string | null }> = [];
let shuttingDown = false;

/** The compiled server and worker (scripts/build-server.ts), inside the repository so node_modules resolves. */
const BUILD_DIR = 'dist/soak/server';

function spawnNode(name: string, script: string, env: Record<string, string>, onCrash: () => void): Proc {
  const out = createWriteStream(path.join(DIR, `${name}.log`), { flags: 'a' });
  // Plain node on the compiled bundle, as `npm start` runs it: the signal reaches the server itself, and a restart
  // does not compile TypeScript again.
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(BUILD_DIR, script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const proc: Proc = {
    name,
    child,
    planned: false,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!proc.planned && !shuttingDown) {
          unexpectedExits.push({ at: since(), name, code, signal });
          log(`${name} exited unexpectedly (code ${code}, signal ${signal}); restarting it`);
          onCrash();
        }
        resolve();
      }),
    ),
  };
  procs.push(proc);
  return proc;
}

let databaseUrl = '';
let smtpUrl = '';
const appEnv = (url: string, port?: number): Record<string, string> => ({
  NODE_ENV: 'development',
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: '10',
  ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}),
  APP_ORIGIN: url,
  RUN_JOBS: 'false',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  DATA_DIR: path.join(DIR, 'data'),
  RAZORPAY_KEY_ID: KEYS.keyId,
  RAZORPAY_KEY_SECRET: KEYS.keySecret,
  RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
  RAZORPAY_API_URL: `http://127.0.0.1:${PORTS.razorpay}`,
  SMTP_URL: smtpUrl,
  // Many learners share 127.0.0.1: the per-address limits are raised, not switched off.
  RATE_LIMIT_SCALE: '100',
  REDIS_URL: '',
});

function startServer(s: Server) {
  s.proc = spawnNode(`server-${s.name}`, 'main.js', appEnv(s.url, s.port), () => startServer(s));
}
let worker: Proc;
function startWorker() {
  worker = spawnNode('worker', 'worker.js', appEnv(`http://127.0.0.1:${PORTS.a}`), startWorker);
}

async function healthy(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1500) }).then(
    (r) => r.status === 200,
    () => false,
  );
}
async function waitHealthy(url: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (await healthy(url)) return performance.now();
    await sleep(200);
  }
  throw new Error(`${url} did not answer /api/health within ${timeoutMs / 1000} s`);
}

function rssKb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---- the load balancer and the client ------------------------------------------------------------------------

const servers: Server[] = [
  { name: 'A', port: PORTS.a, url: `http://127.0.0.1:${PORTS.a}`, proc: undefined!, healthy: false },
  { name: 'B', port: PORTS.b, url: `http://127.0.0.1:${PORTS.b}`, proc: undefined!, healthy: false },
];
let turn = 0;
/** Round robin over the servers whose /api/health answered 200 at the last poll (every 500 ms), as a balancer. */
function pick(): Server {
  const up = servers.filter((s) => s.healthy);
  const pool = up.length ? up : servers;
  return pool[turn++ % pool.length];
}

interface KindStats {
  ms: number[];
  status: Map<number, number>;
  s5xx: number;
  network: number;
}
const stats = new Map<string, KindStats>();
const failures: Array<{ at: number; kind: string; what: string; server: string; resent?: boolean }> = [];
let nextSlot = performance.now();
/** The global rate: each request waits for its turn, RATE a second across every virtual user. */
async function turnToSend() {
  const now = performance.now();
  nextSlot = Math.max(now, nextSlot + 1000 / RATE);
  if (nextSlot > now) await sleep(nextSlot - now);
}

interface Answer {
  status: number;
  json: unknown;
  server: Server;
}
async function call(
  kind: string,
  method: string,
  url: string,
  opts: { cookie?: string; body?: unknown; server?: Server } = {},
): Promise<Answer> {
  await turnToSend();
  const server = opts.server ?? pick();
  const k: KindStats = stats.get(kind) ?? { ms: [], status: new Map(), s5xx: 0, network: 0 };
  stats.set(kind, k);
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
        ...(method !== 'GET' ? { origin: server.url } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    k.ms.push(performance.now() - started);
    k.status.set(res.status, (k.status.get(res.status) ?? 0) + 1);
    if (res.status >= 500) {
      k.s5xx++;
      failures.push({ at: since(), kind, what: `${res.status}`, server: server.name });
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json, server };
  } catch (e) {
    const what = e instanceof Error ? ((e.cause as { code?: string })?.code ?? e.name) : String(e);
    // A refused connection never reached a server: the balancer sends it to the other one, as nginx's
    // proxy_next_upstream does. Anything else (a reset, a timeout) may have been half done and is the client's.
    const other = servers.find((s) => s !== server);
    if (what === 'ECONNREFUSED' && !opts.server && other) {
      failures.push({ at: since(), kind, what, server: server.name, resent: true });
      return call(kind, method, url, { ...opts, server: other });
    }
    k.network++;
    failures.push({ at: since(), kind, what, server: server.name });
    return { status: 0, json: null, server };
  }
}

async function login(a: Actor, portal: 'user' | 'shark' | 'admin'): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const server = servers[0];
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: a.email, password: SOAK_PASSWORD, portal }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('='));
    if (res.ok && cookie) return cookie.split(';')[0];
    await sleep(1000);
  }
  throw new Error(`could not sign in as ${a.email}`);
}

// ---- the traffic ---------------------------------------------------------------------------------------------

type BookingState = 'paid' | 'confirmed' | 'declined' | 'cancelled';
interface Booking {
  id: string;
  learner: number;
  shark: number;
  state: BookingState;
}
const bookings = new Map<string, Booking>();
/** Paid requests waiting for their shark's answer. */
const awaitingAnswer: string[] = [];
/** What the client was told happened (2xx), with when: checked against the database at the end. */
const acks = {
  paid: new Map<string, number>(),
  accepted: new Map<string, number>(),
  declined: new Map<string, number>(),
  cancelled: new Map<string, number>(),
  messages: new Map<string, number>(),
};
const counters = { bookConflicts: 0, paymentsFailed: 0, payoutRuns: 0, payoutsMade: 0 };

let people: SoakPeople;
let catalogueSharks: string[] = [];
const cookies = new Map<string, string>();
let emulator: Emulator;
let endAt = 0;
let faultsDone = false;
/** Traffic runs for SOAK_MINUTES, and on until the last fault has recovered: every fault happens under load. */
const running = () => performance.now() < endAt || !faultsDone;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function bookAndPay(learnerIdx: number) {
  const learner = people.learners[learnerIdx];
  const cookie = cookies.get(learner.email)!;
  const sharkIdx = rand(people.sharks.length);
  const shark = people.sharks[sharkIdx];
  const slots = await call(
    'slots',
    'GET',
    `/api/sharks/${shark.sharkId}/slots?courseId=${shark.courseId}&hours=1&from=${day(1 + rand(55))}`,
  );
  const days = (slots.json as { days?: Array<{ starts: string[] }> } | null)?.days ?? [];
  const starts = days.find((d) => d.starts.length)?.starts ?? [];
  if (!starts.length) return;
  // One of the first few free starts: learners racing for the same slot is part of a real day.
  const startsAt = starts[rand(Math.min(3, starts.length))];
  const body = {
    requestId: randomUUID(),
    courseId: shark.courseId,
    hours: 1,
    startsAt,
    name: learner.name,
    email: learner.email,
    phone: '+91 90000 00000',
    timeZone: 'Asia/Kolkata',
  };
  let booked = await call('book', 'POST', '/api/bookings', { cookie, body });
  // A booking is idempotent by its requestId: a lost answer is sent again, as the browser's retry does.
  for (let i = 0; i < 3 && (booked.status === 0 || booked.status >= 500); i++) {
    await sleep(1000);
    booked = await call('book', 'POST', '/api/bookings', { cookie, body });
  }
  if (booked.status === 409) {
    counters.bookConflicts++;
    return;
  }
  const bookingId = (booked.json as { checkout?: { bookingId: string } | null } | null)?.checkout?.bookingId;
  if (!bookingId) return;
  const checkout = await call('checkout', 'GET', `/api/sessions/${bookingId}/checkout`, { cookie });
  const orderId = (checkout.json as { orderId?: string } | null)?.orderId;
  if (!orderId) return;
  // One payment in twenty is refused by the bank: Checkout reports the failure and the hold is let go.
  if (Math.random() < 0.05) {
    emulator.pay(orderId, 'failure');
    counters.paymentsFailed++;
    await call('abandon', 'POST', `/api/sessions/${bookingId}/checkout/abandon`, {
      cookie,
      body: { outcome: 'failed' },
    });
    return;
  }
  const callback = emulator.pay(orderId, 'success');
  if (!callback) return;
  let confirmed = await call('pay', 'POST', `/api/sessions/${bookingId}/checkout/confirm`, {
    cookie,
    body: callback,
  });
  for (let i = 0; i < 3 && (confirmed.status === 0 || confirmed.status >= 500); i++) {
    await sleep(1000);
    confirmed = await call('pay', 'POST', `/api/sessions/${bookingId}/checkout/confirm`, {
      cookie,
      body: callback,
    });
  }
  if (confirmed.status !== 200) return;
  acks.paid.set(bookingId, since());
  bookings.set(bookingId, { id: bookingId, learner: learnerIdx, shark: sharkIdx, state: 'paid' });
  awaitingAnswer.push(bookingId);
}

function mine(learnerIdx: number, states: BookingState[]) {
  const list = [...bookings.values()].filter((b) => b.learner === learnerIdx && states.includes(b.state));
  return list.length ? list[rand(list.length)] : null;
}

async function learnerLoop(learnerIdx: number) {
  const learner = people.learners[learnerIdx];
  const cookie = cookies.get(learner.email)!;
  while (running()) {
    const r = Math.random();
    if (r < 0.3) {
      await call(
        'browse',
        'GET',
        `/api/sharks?page=${1 + rand(20)}${Math.random() < 0.3 ? '&search=web' : ''}`,
      );
    } else if (r < 0.5) {
      const id = catalogueSharks[rand(catalogueSharks.length)];
      await call('profile', 'GET', `/api/sharks/${id}`);
      await call('profile', 'GET', `/api/sharks/${id}/courses`);
    } else if (r < 0.6) {
      const s = people.sharks[rand(people.sharks.length)];
      await call(
        'slots',
        'GET',
        `/api/sharks/${s.sharkId}/slots?courseId=${s.courseId}&hours=1&from=${day(rand(50))}`,
      );
    } else if (r < 0.75) {
      await bookAndPay(learnerIdx);
    } else if (r < 0.83) {
      await call('my-sessions', 'GET', '/api/me/sessions/overview', { cookie });
    } else if (r < 0.93) {
      const b = mine(learnerIdx, ['paid', 'confirmed']);
      if (!b) continue;
      const sent = await call('message', 'POST', `/api/sessions/${b.id}/messages`, {
        cookie,
        body: {
          body: `Looking forward to it: could we cover ${['XSS', 'SSRF', 'IDOR', 'auth flows'][rand(4)]}?`,
        },
      });
      const id = (sent.json as { id?: string } | null)?.id;
      if (sent.status === 201 && id) acks.messages.set(id, since());
      await call('messages-read', 'GET', `/api/sessions/${b.id}/messages`, { cookie });
    } else {
      const b = mine(learnerIdx, ['paid', 'confirmed']);
      if (!b) continue;
      const res = await call('cancel', 'POST', `/api/sessions/${b.id}/cancel`, {
        cookie,
        body: { reason: 'My plans changed, sorry (soak).' },
      });
      if (res.status === 200) {
        b.state = 'cancelled';
        acks.cancelled.set(b.id, since());
      }
    }
  }
}

/** The sharks at their desks: each paid request is accepted (three in four) or declined. */
async function sharkLoop() {
  while (running()) {
    const id = awaitingAnswer.shift();
    if (!id) {
      await sleep(500);
      continue;
    }
    const b = bookings.get(id)!;
    if (b.state !== 'paid') continue;
    const shark = people.sharks[b.shark];
    const cookie = cookies.get(shark.email)!;
    await call('shark-dashboard', 'GET', '/api/workspace/dashboard', { cookie });
    const accept = Math.random() < 0.75;
    const res = accept
      ? await call('accept', 'POST', `/api/sessions/${id}/accept`, { cookie })
      : await call('decline', 'POST', `/api/sessions/${id}/decline`, {
          cookie,
          body: { reason: 'I am travelling that day, please pick another slot.' },
        });
    if (res.status === 200 && b.state === 'paid') {
      b.state = accept ? 'confirmed' : 'declined';
      (accept ? acks.accepted : acks.declined).set(id, since());
    } else if (res.status === 0 || res.status >= 500) {
      awaitingAnswer.push(id);
    }
  }
}

async function payoutLoop() {
  const cookie = cookies.get(people.admin.email)!;
  while (running()) {
    await sleep(60_000);
    if (!running()) break;
    const res = await call('payouts-run', 'POST', '/api/admin/payouts/run', { cookie });
    if (res.status === 200) {
      counters.payoutRuns++;
      counters.payoutsMade += Number((res.json as { created?: number } | null)?.created ?? 0);
    }
  }
}

// ---- faults --------------------------------------------------------------------------------------------------

interface Fault {
  name: string;
  at: number;
  recoveredAt: number | null;
  detail: string;
}
const faults: Fault[] = [];

async function restartAfter(s: Server, signal: 'SIGTERM' | 'SIGKILL', f: Fault) {
  const proc = s.proc;
  proc.planned = true;
  const sent = performance.now();
  proc.child.kill(signal);
  await proc.exited;
  const exitMs = performance.now() - sent;
  f.detail = `exited ${(exitMs / 1000).toFixed(1)} s after ${signal} (code ${proc.child.exitCode}, signal ${proc.child.signalCode})`;
  startServer(s);
  const up = await waitHealthy(s.url);
  f.recoveredAt = (up - T0) / 1000;
}

async function runFaults(pgServer: PrivatePostgres, durationMs: number) {
  const at = (fraction: number) => sleep(Math.max(0, T0run + durationMs * fraction - performance.now()));
  await at(0.25);
  const term: Fault = { name: `SIGTERM to server A`, at: since(), recoveredAt: null, detail: '' };
  faults.push(term);
  log('fault: SIGTERM to server A');
  await restartAfter(servers[0], 'SIGTERM', term);
  log(`server A back: ${term.detail}`);

  await at(0.5);
  const kill: Fault = { name: `kill -9 of server B`, at: since(), recoveredAt: null, detail: '' };
  faults.push(kill);
  log('fault: kill -9 of server B');
  await restartAfter(servers[1], 'SIGKILL', kill);
  log(`server B back: ${kill.detail}`);

  await at(0.75);
  const restart: Fault = { name: 'PostgreSQL restart', at: since(), recoveredAt: null, detail: '' };
  faults.push(restart);
  log('fault: PostgreSQL restart (pg_ctl stop -m fast, 3 s down, start)');
  const t = await pgServer.restart(3000);
  await Promise.all(servers.map((s) => waitHealthy(s.url)));
  restart.recoveredAt = since();
  restart.detail = `stopped in ${((t.stoppedAt - restart.at * 1000 - T0) / 1000).toFixed(1)} s, down ${((t.startedAt - t.stoppedAt) / 1000).toFixed(1)} s until pg_ctl start returned`;
  log(`PostgreSQL back, both servers healthy: ${restart.detail}`);
}
let T0run = 0;

// ---- the report ----------------------------------------------------------------------------------------------

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
const pad = (s: string | number, n: number) => String(s).padStart(n);

async function main() {
  const bin = findPgBin();
  if (!bin)
    throw new Error(
      'The soak needs PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin: apt-get install postgresql',
    );
  mkdirSync(DIR, { recursive: true });
  const cpus = os.cpus();
  console.log(
    `soak: ${MINUTES} min, ${RATE} req/s, ${LEARNERS} learners, ${SHARKS} sharks; ${os.hostname()}, ${cpus.length} × ${cpus[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}`,
  );
  log(
    `private PostgreSQL (${path.basename(path.dirname(bin))}) on 127.0.0.1:${PORTS.pg}, files under ${DIR}`,
  );
  const pgServer = startPrivatePostgres({ bin, dir: path.join(DIR, 'pg'), port: PORTS.pg });
  const receivedAt = new Map<string, number[]>();
  const smtp = await startSmtp({
    parse: false,
    port: PORTS.smtp,
    onAccepted: (m) => void receivedAt.set(m.messageId, [...(receivedAt.get(m.messageId) ?? []), since()]),
  });
  smtpUrl = smtp.url;
  emulator = await startRazorpayEmulator({
    port: PORTS.razorpay,
    keys: KEYS,
    webhookTargets: () => servers.filter((s) => s.healthy).map((s) => s.url),
  });
  let poll: NodeJS.Timeout | undefined;
  let sampler: NodeJS.Timeout | undefined;
  try {
    log(`compiling the server and the worker into ${BUILD_DIR}`);
    await new Promise<void>((resolve, reject) => {
      const b = spawn(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts', BUILD_DIR], {
        stdio: 'inherit',
      });
      b.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`))));
    });
    databaseUrl = pgServer.url(`soak_${randomBytes(3).toString('hex')}`);
    log(`seeding ${databaseUrl} with seed-large at SEED_SCALE=${SEED_SCALE}`);
    await new Promise<void>((resolve, reject) => {
      const seed = spawn(process.execPath, ['--import', 'tsx', 'scripts/seed-large.ts'], {
        env: { ...process.env, DATABASE_URL: databaseUrl, SEED_SCALE: String(SEED_SCALE) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const out = createWriteStream(path.join(DIR, 'seed.log'));
      seed.stdout.pipe(out);
      seed.stderr.pipe(out);
      seed.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed-large exited ${code}`))));
    });
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    people = await createSoakPeople(db, { sharks: SHARKS, learners: LEARNERS });
    catalogueSharks = (
      await db.query<{ id: string }>('SELECT id FROM sharks WHERE published LIMIT 1000')
    ).rows.map((r) => r.id);
    await db.end();
    log(
      `seeded: ${catalogueSharks.length} published sharks sampled; ${SHARKS} soak sharks, ${LEARNERS} learners, 1 admin`,
    );

    for (const s of servers) startServer(s);
    startWorker();
    await Promise.all(servers.map((s) => waitHealthy(s.url)));
    for (const s of servers) s.healthy = true;
    log('two servers and the worker started');
    poll = setInterval(() => {
      for (const s of servers) void healthy(s.url).then((ok) => (s.healthy = ok));
    }, 500);

    for (const a of people.sharks) cookies.set(a.email, await login(a, 'shark'));
    for (const a of people.learners) cookies.set(a.email, await login(a, 'user'));
    cookies.set(people.admin.email, await login(people.admin, 'admin'));
    for (const [i, s] of people.sharks.entries()) {
      const res = await call('payout-details', 'PUT', '/api/workspace/payout-details', {
        cookie: cookies.get(s.email),
        body: { method: 'upi', upiId: `soakshark${i + 1}@okaxis`, pan: s.pan },
      });
      if (res.status !== 200) log(`payout details of ${s.email}: ${res.status} ${JSON.stringify(res.json)}`);
    }

    const rss: Array<{ t: number; a: number | null; b: number | null; worker: number | null }> = [];
    const sample = () =>
      rss.push({
        t: since() - (T0run - T0) / 1000,
        a: rssKb(servers[0].proc.child.pid),
        b: rssKb(servers[1].proc.child.pid),
        worker: rssKb(worker.child.pid),
      });
    T0run = performance.now();
    const durationMs = MINUTES * 60_000;
    endAt = T0run + durationMs;
    sample();
    sampler = setInterval(sample, SAMPLE_SECONDS * 1000);
    log(`traffic for ${MINUTES} min`);
    await Promise.all([
      ...people.learners.map((_, i) => learnerLoop(i)),
      sharkLoop(),
      payoutLoop(),
      runFaults(pgServer, durationMs).finally(() => (faultsDone = true)),
    ]);
    const trafficSeconds = (performance.now() - T0run) / 1000;
    clearInterval(sampler);
    sample();
    log('traffic over; waiting for jobs and webhooks to settle');

    // ---- settle, then check ----
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    const q = async (sql: string) => (await check.query(sql)).rows as Array<Record<string, unknown>>;
    const settleStarted = performance.now();
    for (;;) {
      const [open] = await q(`SELECT
          (SELECT count(*) FROM outbox WHERE status = 'queued')::int AS mail,
          (SELECT count(*) FROM refunds WHERE status = 'pending')::int AS refunds,
          (SELECT count(*) FROM payment_webhook_events WHERE processed_at IS NULL)::int AS webhooks`);
      const waiting =
        Number(open.mail) + Number(open.refunds) + Number(open.webhooks) + emulator.webhooks.pending;
      if (waiting === 0) break;
      if (performance.now() - settleStarted > SETTLE_MS) {
        log(
          `still open after 180 s: ${JSON.stringify({ ...open, webhooksToSend: emulator.webhooks.pending })}`,
        );
        break;
      }
      await sleep(1000);
    }
    const settleSeconds = (performance.now() - settleStarted) / 1000;
    const checks = await soakChecks(q);
    const sentIds = (await q(`SELECT id FROM outbox WHERE status = 'sent'`)).map((r) => String(r.id));
    const mail = mailOnce(
      sentIds,
      smtp.envelopes.map((e) => e.messageId),
    );

    // The client's acknowledged writes, read back.
    const statusOf = new Map(
      (
        await q(
          `SELECT id, status FROM course_bookings WHERE user_id IN (${people.learners.map((l) => `'${l.userId}'`).join(',')})`,
        )
      ).map((r) => [String(r.id), String(r.status)]),
    );
    const capturedBookings = new Set(
      (await q(`SELECT booking_id FROM payments WHERE status = 'captured'`)).map((r) => String(r.booking_id)),
    );
    const dbPayments = new Map(
      (await q(`SELECT provider_payment_id, status FROM payments WHERE provider_payment_id IS NOT NULL`)).map(
        (r) => [String(r.provider_payment_id), String(r.status)],
      ),
    );
    const dbRefunds = new Map(
      (
        await q(
          `SELECT provider_refund_id, amount_paise, status FROM refunds WHERE provider_refund_id IS NOT NULL`,
        )
      ).map((r) => [
        String(r.provider_refund_id),
        { amount: Number(r.amount_paise), status: String(r.status) },
      ]),
    );
    const messageIds = new Set((await q(`SELECT id FROM booking_messages`)).map((r) => String(r.id)));
    const lost: Array<{ what: string; at: number }> = [];
    for (const [id, at] of acks.paid)
      if (!capturedBookings.has(id)) lost.push({ what: `paid booking ${id}`, at });
    for (const [id, at] of acks.accepted)
      if (!['confirmed', 'cancelled', 'completed'].includes(statusOf.get(id) ?? ''))
        lost.push({ what: `accepted booking ${id} is ${statusOf.get(id)}`, at });
    for (const [id, at] of acks.declined)
      if (statusOf.get(id) !== 'declined')
        lost.push({ what: `declined booking ${id} is ${statusOf.get(id)}`, at });
    for (const [id, at] of acks.cancelled)
      if (statusOf.get(id) !== 'cancelled')
        lost.push({ what: `cancelled booking ${id} is ${statusOf.get(id)}`, at });
    for (const [id, at] of acks.messages) if (!messageIds.has(id)) lost.push({ what: `message ${id}`, at });
    let providerUnmatched = 0;
    for (const p of emulator.payments.values())
      if (p.captured && !dbPayments.has(p.id)) {
        providerUnmatched++;
        lost.push({ what: `captured payment ${p.id} unknown to the app`, at: -1 });
      }
    for (const r of emulator.refunds.values()) {
      const mine = dbRefunds.get(r.id);
      if (!mine || mine.amount !== r.amount || mine.status !== 'processed') {
        providerUnmatched++;
        lost.push({ what: `provider refund ${r.id} not matched`, at: -1 });
      }
    }
    await check.end();

    // ---- print ----
    const runSeconds = trafficSeconds;
    console.log('\n== Requests (per kind) ==');
    console.log(
      `${'kind'.padEnd(16)}${pad('requests', 9)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('5xx', 6)}${pad('no answer', 11)}  statuses`,
    );
    let total = 0;
    let total5xx = 0;
    let totalNet = 0;
    for (const [kind, k] of [...stats.entries()].sort()) {
      const sorted = [...k.ms].sort((x, y) => x - y);
      const n = k.ms.length + k.network;
      total += n;
      total5xx += k.s5xx;
      totalNet += k.network;
      const statuses = [...k.status.entries()]
        .sort()
        .map(([s, c]) => `${s}:${c}`)
        .join(' ');
      console.log(
        `${kind.padEnd(16)}${pad(n, 9)}${pad(pct(sorted, 50).toFixed(1), 9)}${pad(pct(sorted, 99).toFixed(1), 9)}${pad(k.s5xx, 6)}${pad(k.network, 11)}  ${statuses}`,
      );
    }
    console.log(
      `total ${total} requests in ${runSeconds.toFixed(0)} s (${(total / runSeconds).toFixed(1)}/s), 5xx ${total5xx}, no answer ${totalNet}; ` +
        `bookings paid ${acks.paid.size}, slot taken (409) ${counters.bookConflicts}, payments refused by the bank ${counters.paymentsFailed}, ` +
        `accepted ${acks.accepted.size}, declined ${acks.declined.size}, cancelled ${acks.cancelled.size}, messages ${acks.messages.size}, ` +
        `payout runs ${counters.payoutRuns} (${counters.payoutsMade} payouts made); webhooks delivered ${emulator.webhooks.delivered} (${emulator.webhooks.failedAttempts} attempts refused or unanswered, retried); ` +
        `provider: ${emulator.payments.size} payments, ${emulator.refunds.size} refunds`,
    );

    console.log(`\n== Resident memory (MB, every ${SAMPLE_SECONDS} s; a restart starts a new process) ==`);
    console.log(`${pad('t s', 6)}${pad('server A', 10)}${pad('server B', 10)}${pad('worker', 8)}`);
    const mb = (kb: number | null) => (kb === null ? '-' : (kb / 1024).toFixed(0));
    for (const r of rss)
      console.log(`${pad(r.t.toFixed(0), 6)}${pad(mb(r.a), 10)}${pad(mb(r.b), 10)}${pad(mb(r.worker), 8)}`);

    console.log('\n== Faults ==');
    for (const f of faults) {
      const until = (f.recoveredAt ?? since()) + 2;
      const seen = failures.filter((e) => e.at >= f.at && e.at <= until);
      const byWhat = new Map<string, number>();
      for (const e of seen) byWhat.set(`${e.kind} ${e.what}`, (byWhat.get(`${e.kind} ${e.what}`) ?? 0) + 1);
      const lostHere = lost.filter((l) => l.at >= f.at && l.at <= until);
      const resent = seen.filter((e) => e.resent).length;
      // A send cut by the fault is retried when pg-boss expires its job (up to 5 min later): the mail counts to
      // the fault whose window holds its first delivery.
      const twice = [...receivedAt.values()].filter(
        (ts) => ts.length > 1 && ts[0] >= f.at - 5 && ts[0] <= until,
      );
      console.log(
        `${f.name} at ${f.at.toFixed(0)} s: recovered in ${f.recoveredAt === null ? 'never' : `${(f.recoveredAt - f.at).toFixed(1)} s`}; ${f.detail}; ` +
          `errors seen ${seen.length}${seen.length ? ` (${[...byWhat.entries()].map(([w, c]) => `${w} ×${c}`).join(', ')}; ${resent} refused connections re-sent to the other server)` : ''}; ` +
          `mails delivered twice ${twice.length}; lost ${lostHere.length}`,
      );
    }
    const outside = failures.filter(
      (e) => !faults.some((f) => e.at >= f.at && e.at <= (f.recoveredAt ?? since()) + 2),
    );
    console.log(
      `errors outside the fault windows: ${outside.length}${
        outside.length
          ? ` (${outside
              .slice(0, 10)
              .map((e) => `${e.at.toFixed(0)} s ${e.kind} ${e.what}`)
              .join(', ')})`
          : ''
      }`,
    );
    console.log(
      `unexpected process exits: ${unexpectedExits.length}${unexpectedExits.map((u) => ` ${u.name} at ${u.at.toFixed(0)} s (${u.code ?? u.signal})`).join(',')}`,
    );

    console.log(`\n== Checks (SQL after ${settleSeconds.toFixed(0)} s of settling; each must be 0) ==`);
    for (const c of checks) console.log(`${pad(c.count, 6)}  ${c.name}`);
    console.log(
      `${pad(mail.missing, 6)}  mails marked sent that the SMTP server never received (of ${sentIds.length} sent, ${smtp.envelopes.length} received)`,
    );
    console.log(`${pad(mail.duplicates, 6)}  mails received more than once (same Message-ID)`);
    for (const [id, ts] of receivedAt)
      if (ts.length > 1)
        console.log(`        ${id} received at ${ts.map((t) => `${t.toFixed(0)} s`).join(' and ')}`);
    console.log(`${pad(mail.unknown, 6)}  mails received that the outbox does not hold`);
    console.log(`${pad(providerUnmatched, 6)}  provider payments or refunds without their record in the app`);
    console.log(
      `${pad(lost.length, 6)}  acknowledged writes lost (paid, accepted, declined, cancelled, messages)`,
    );
    for (const l of lost.slice(0, 20))
      console.log(`        ${l.what} (acknowledged at ${l.at.toFixed(0)} s)`);
    const bad =
      checks.some((c) => c.count !== 0) ||
      mail.missing + mail.duplicates + mail.unknown + lost.length + providerUnmatched > 0;
    console.log(bad ? '\nSOAK FAILED: a check is not 0' : '\nsoak passed: every check is 0');
    process.exitCode = bad ? 1 : 0;
  } finally {
    shuttingDown = true;
    clearInterval(poll);
    clearInterval(sampler);
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.race([Promise.all(procs.map((p) => p.exited)), sleep(30_000)]);
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await emulator.close();
    await smtp.close();
    if (KEEP) log(`kept the cluster and logs under ${DIR}`);
    else {
      pgServer.stop();
      log(`logs under ${DIR}`);
    }
  }
}

await main();
