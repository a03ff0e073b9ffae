// Calendar imports (issue 26, decisions 151-153): the secret iCal addresses a shark adds, fetched by a job through
// the SSRF guard and expanded into busy intervals that take slots away from the shark's free slots (never from
// a session already booked here).
import {
  CALENDAR_IMPORT_MSG,
  MAX_CALENDAR_SOURCES,
  maskCalendarUrl,
  type CalendarSource,
  type CalendarSourceInput,
} from '#shared/calendar-imports.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { fieldError, notFound } from '#server/http/errors.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { Mailer } from '#server/modules/platform/mail/service.ts';
import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import { isIP } from 'node:net';
import {
  blockedReason,
  guardedGet,
  OutboundError,
  type OutboundPolicy,
} from '#server/security/outbound-fetch.ts';
import type { Config } from '#server/config.ts';
import { now } from '#server/time.ts';
import {
  runBounded,
  WorkerBudgetError,
  workerModule,
  type WorkerBudget,
} from '#server/jobs/bounded-worker.ts';
import { EXPAND_LIMITS, FeedError, type ExpandAnswer, type ExpandInput, type Interval } from './expand';
import * as repo from './repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A run of failures this long is mailed to the shark, once. */
const MAIL_AFTER = DAY;
/** Conditional requests keep the busy times, but their window moves on: expanded again at least this often. */
const EXPAND_EVERY = 6 * HOUR;

/** What the job needs from outside the module: the guard's policy, the mailer, the shark's zone and horizon. */
export interface FetchContext {
  db: Db;
  policy: OutboundPolicy;
  /** The time and heap the worker thread that reads one feed may take. */
  expandBudget: WorkerBudget;
  mailer: Pick<Mailer, 'enqueue'>;
  appOrigin: string;
  /** The shark's calendar zone (all-day events are its whole days) and booking horizon in days. */
  calendarOf: (db: DbOrTx, sharkId: string) => Promise<{ timeZone: string; horizonDays: number }>;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

export type FetchJobs = Pick<JobQueue, 'enqueue'>;

/** The guard's rules from the configuration: loopback and http only where tests allow it (never production). */
export const fetchPolicyOf = (config: Config): OutboundPolicy => ({
  allowLoopback: config.CALENDAR_FETCH_ALLOW_LOOPBACK && !config.isProduction,
  timeoutMs: config.CALENDAR_FETCH_TIMEOUT_MS,
  maxBytes: config.CALENDAR_FETCH_MAX_BYTES,
  maxRedirects: 5,
});

/** A feed's worker thread may hold at most this much heap. */
const EXPAND_MEMORY_MB = 128;

/** The budget of the thread that reads one feed, from the configuration. */
export const expandBudgetOf = (config: Config): WorkerBudget => ({
  ms: config.CALENDAR_EXPAND_BUDGET_MS,
  memoryMb: EXPAND_MEMORY_MB,
});

const EXPAND_WORKER = workerModule(import.meta.url, 'expand-worker', 'calendar-expand-worker');

/**
 * The busy intervals of a feed, read in a worker thread within its budget (issue 38, decision 203): the event
 * loop keeps answering whatever the feed holds. Every way the thread fails is the feed's fault (a FeedError).
 */
async function expandOffThread(
  text: string,
  window: ExpandInput['window'],
  budget: WorkerBudget,
): Promise<Interval[]> {
  let answer: ExpandAnswer;
  try {
    const input: ExpandInput = { text, window, limits: EXPAND_LIMITS };
    answer = await runBounded<ExpandAnswer>(EXPAND_WORKER, input, budget);
  } catch (err) {
    if (!(err instanceof WorkerBudgetError)) throw err;
    if (err.kind === 'time')
      throw new FeedError(`The calendar took too long to read (over ${budget.ms / 1000} seconds).`);
    if (err.kind === 'memory') throw new FeedError('The calendar needs too much memory to read.');
    throw new FeedError('The calendar could not be read.');
  }
  if (!answer.ok) throw new FeedError(answer.error);
  return answer.intervals;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toView = (r: Awaited<ReturnType<typeof repo.listSources>>[number]): CalendarSource => ({
  id: r.id,
  address: maskCalendarUrl(r.url),
  createdAt: r.createdAt.toISOString(),
  lastSuccessAt: iso(r.lastSuccessAt),
  lastError: r.lastError,
  failingSince: iso(r.failingSince),
});

function sharkOf(scope: SharkScope) {
  if (!scope.shark) throw notFound(CATALOGUE_MSG.sharkNotFound);
  return scope.shark;
}

export async function listCalendarSources(db: DbOrTx, scope: SharkScope): Promise<CalendarSource[]> {
  return (await repo.listSources(db, sharkOf(scope).id)).map(toView);
}

/** The shark's calendars for its data export (decision 150): masked as on the page, the secret never. */
export async function exportCalendarSources(db: DbOrTx, sharkId: string): Promise<CalendarSource[]> {
  return (await repo.listSources(db, sharkId)).map(toView);
}

/**
 * Adds a calendar (call in a transaction) and sends its first fetch in the same transaction. http:// is taken
 * only where the guard lets tests fetch loopback; the guard checks the address again at every fetch.
 */
export async function addCalendarSource(
  tx: DbOrTx,
  scope: SharkScope,
  input: CalendarSourceInput,
  jobs: FetchJobs,
  policy: Pick<OutboundPolicy, 'allowLoopback'>,
): Promise<CalendarSource> {
  const shark = sharkOf(scope);
  const url = new URL(input.url.trim().replace(/^webcals?:\/\//i, 'https://'));
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:'))
    throw fieldError('url', CALENDAR_IMPORT_MSG.urlInvalid);
  // An address written as a private or loopback IP is refused at once; names are checked at every fetch.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && blockedReason(host, policy)) throw fieldError('url', CALENDAR_IMPORT_MSG.notPublic);
  if ((await repo.lockSharkSources(tx, shark.id)) >= MAX_CALENDAR_SOURCES)
    throw fieldError('url', CALENDAR_IMPORT_MSG.tooMany);
  let row;
  try {
    // A savepoint: a duplicate must leave the transaction usable for the 400.
    row = await tx.transaction((sp) => repo.insertSource(sp, shark.id, url.toString()));
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('url', CALENDAR_IMPORT_MSG.duplicate);
    throw err;
  }
  await jobs.enqueue(tx, 'calendar-imports', { task: 'fetch', sourceId: row.id });
  return toView(row);
}

export async function removeCalendarSource(db: DbOrTx, scope: SharkScope, id: string): Promise<void> {
  if (!(await repo.deleteSource(db, sharkOf(scope).id, id))) throw notFound(CALENDAR_IMPORT_MSG.notFound);
}

/** The shark's imported busy intervals meeting [from, to): what availability takes out of the free slots. */
export const importedBusy = (db: DbOrTx, sharkId: string, from: Date, to: Date): Promise<Interval[]> =>
  repo.busyBetween(db, sharkId, from, to);

/** Every calendar due a fetch (not tried for `intervalMinutes`), one job each: one slow feed holds up no other. */
export async function sendDueFetches(db: Db, jobs: FetchJobs, intervalMinutes: number): Promise<number> {
  const at = now();
  return db.transaction(async (tx) => {
    const ids = await repo.takeDueSources(tx, new Date(at.getTime() - intervalMinutes * 60_000), at, 500);
    for (const sourceId of ids)
      await jobs.enqueue(tx, 'calendar-imports', { task: 'fetch', sourceId }, { singletonKey: sourceId });
    return ids.length;
  });
}

/** The host of an address, all the log ever says of it (the rest is the shark's secret). */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
};

/** What the shark reads as the calendar's last error. */
function errorText(err: unknown): string {
  if (err instanceof FeedError) return err.message;
  if (err instanceof OutboundError) {
    if (err.kind === 'http' && (err.status === 404 || err.status === 410))
      return 'The address no longer works (HTTP 404): the calendar may have a new secret address.';
    if (err.kind === 'http' && (err.status === 401 || err.status === 403))
      return `The calendar refused us (HTTP ${err.status}): use its secret address in iCal format.`;
    if (err.kind === 'timeout') return 'The calendar did not answer in time.';
    if (err.kind === 'too-large') return `The calendar is too large to read (${err.message}).`;
    if (err.kind === 'refused') return `This address cannot be fetched: ${err.message}.`;
    return `The calendar could not be reached: ${err.message}.`;
  }
  return 'The calendar could not be read.';
}

/**
 * Fetches one calendar and replaces its busy times in one transaction. A 304 keeps them. A failure is recorded
 * with its reason; a day of failures is mailed to the shark once. Never throws for the feed's faults (the next
 * run tries again); only for our own (the database), which the queue retries.
 */
export async function fetchCalendarSource(
  ctx: FetchContext,
  sourceId: string,
): Promise<'read' | 'unchanged' | 'failed' | 'gone'> {
  const source = await repo.findSource(ctx.db, sourceId);
  if (!source) return 'gone';
  const started = now();
  const { timeZone, horizonDays } = await ctx.calendarOf(ctx.db, source.sharkId);
  const fresh = source.expandedAt && started.getTime() - source.expandedAt.getTime() < EXPAND_EVERY;
  const conditional: Record<string, string> = {};
  if (fresh && source.etag) conditional['if-none-match'] = source.etag;
  if (fresh && source.lastModified) conditional['if-modified-since'] = source.lastModified;
  let intervals: Interval[] | null = null;
  let cache = { etag: source.etag, lastModified: source.lastModified };
  try {
    const res = await guardedGet(source.url, ctx.policy, conditional);
    if (res.status !== 304) {
      intervals = await expandOffThread(
        res.body,
        {
          from: new Date(started.getTime() - DAY),
          to: new Date(started.getTime() + (horizonDays + 2) * DAY),
          zone: timeZone,
        },
        ctx.expandBudget,
      );
      cache = { etag: res.headers.etag ?? null, lastModified: res.headers['last-modified'] ?? null };
    }
  } catch (err) {
    if (!(err instanceof OutboundError || err instanceof FeedError)) throw err;
    const error = errorText(err);
    ctx.log.warn({ source: sourceId, host: hostOf(source.url), error }, 'calendar import failed');
    await ctx.db.transaction(async (tx) => {
      const row = await repo.recordFailure(tx, sourceId, started, error);
      if (!row?.failingSince || row.failureMailedAt) return;
      if (started.getTime() - row.failingSince.getTime() < MAIL_AFTER) return;
      if (!(await repo.markFailureMailed(tx, sourceId, started))) return;
      await ctx.mailer.enqueue(tx, {
        to: source.ownerEmail,
        template: 'calendar-source-failing',
        data: {
          calendar: maskCalendarUrl(source.url),
          since: formatInstant(row.failingSince, timeZone),
          error,
          link: `${ctx.appOrigin}${paths.shark.availability}`,
        },
      });
    });
    return 'failed';
  }
  await ctx.db.transaction((tx) => repo.recordSuccess(tx, source, started, cache, intervals));
  ctx.log.info(
    { source: sourceId, host: hostOf(source.url), busy: intervals?.length ?? 'unchanged' },
    'calendar imported',
  );
  return intervals ? 'read' : 'unchanged';
}

/** "Thu, 26 Nov 2026, 18:30 (Asia/Kolkata)". */
function formatInstant(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${text} (${timeZone})`;
}
