// The job queue (decision 080): pg-boss on the app's own database. On the embedded PGlite it runs in this
// process through pg-boss's PGlite adapter; with DATABASE_URL it keeps a small pool of its own on the server,
// where its row locks (SKIP LOCKED) give each job to exactly one worker across every app server.
// A job is always sent with the caller's transaction (or database), so it commits or rolls back with the
// change that caused it.
import type { FastifyBaseLogger } from 'fastify';
import { fromPglite, PgBoss, type JobResult, type JobWithMetadata, type SendOptions } from 'pg-boss';
import type { Config } from '#server/config.ts';
import type { RefundStatus } from '#shared/payments.ts';
import type { PayoutJob } from '#shared/payouts.ts';
import type { Database, DbOrTx } from '#server/db/client.ts';
import { jobsDb } from '#server/db/jobs-adapter.ts';

/** A webhook of the test gateway, as it goes over the wire. */
export interface TestGatewayWebhook {
  eventId: string;
  rawBody: string;
  signature: string;
}

/** The learner's money mail: a payment's document, or a refund's change as it was then (issue 23). */
export type PaymentMailJob =
  | { kind: 'received'; documentId: string; at: string }
  | { kind: 'refund'; refundId: string; status: RefundStatus; documentId: string | null; at: string };

/** Every kind of job and what it carries. A kind is also the name of its pg-boss queue. */
export interface JobData {
  /** Deliver one mail of the delivery log. */
  mail: { mailId: string };
  /** Daily clean-up: expired sessions and mail tokens. */
  maintenance: { task: 'purge' };
  /**
   * A reset or verification link asked for by email. The request only queues this job, the same work whether
   * or not the email has an account, so neither the answer nor its timing tells them apart (decision 020).
   */
  'account-link': { kind: 'reset' | 'verify'; email: string };
  /** The sessions' clock, every minute: expiry, completion, reminders, message mails (decision 054). */
  sessions: { task: 'tick' };
  /** Daily: invites the learners of yesterday's completed sessions to review them (once per session). */
  'review-invitations': { task: 'invite' };
  /**
   * Test mode (decision 133): one webhook the built-in test gateway sends, exactly as signed (the raw body, its
   * x-razorpay-signature and x-razorpay-event-id), delivered to the payments module's receiver; `then`: the
   * webhooks sent once this one is taken, in order (order.paid after payment.captured).
   */
  'test-gateway-webhook': TestGatewayWebhook & { then?: TestGatewayWebhook[] };
  /** Test mode: the test gateway settles a pending refund, as Razorpay does some time after creating it. */
  'test-gateway-refund': { refundId: string; status: 'processed' | 'failed' };
  /** Apply one stored payment webhook event (issue 23): captures, failures, refunds. */
  'payment-webhook': { eventId: string };
  /** Send one refund to the payment provider; retried with backoff while it does not answer. */
  refund: { refundId: string };
  /** Every minute: open checkouts past their hold are closed, payments and refunds left open are asked about. */
  checkouts: { task: 'reconcile' };
  /** The learner's mail of a payment or of a refund's change, its PDF drawn here (not in the money's transaction). */
  'payment-mail': PaymentMailJob;
  /** The payout run (weekly or monthly), or one Route payout sent to the provider (issue 24). */
  payouts: PayoutJob;
  /**
   * Daily: the provider's payments of a day compared with the payments and the ledger (issue 24); `day`
   * (YYYY-MM-DD in APP_TIMEZONE) defaults to yesterday.
   */
  reconciliation: { day?: string };
  /**
   * Calendar imports (issue 26): every minute, a fetch is sent for each calendar not read for
   * CALENDAR_FETCH_MINUTES; a fetch reads one calendar a shark added.
   */
  'calendar-imports': { task: 'tick' } | { task: 'fetch'; sourceId: string };
  /** The engagements' clock (issue 27): delivered milestones unanswered for 14 days are approved. */
  engagements: { task: 'tick' };
}
export type JobKind = keyof JobData;
export const JOB_KINDS = [
  'mail',
  'maintenance',
  'account-link',
  'sessions',
  'review-invitations',
  'test-gateway-webhook',
  'test-gateway-refund',
  'payment-webhook',
  'refund',
  'checkouts',
  'payment-mail',
  'payouts',
  'reconciliation',
  'calendar-imports',
  'engagements',
] as const satisfies readonly JobKind[];

export type JobHandler<K extends JobKind> = (job: JobWithMetadata<JobData[K]>) => Promise<void>;
export type JobHandlers = { [K in JobKind]: JobHandler<K> };

export interface QueueOptions {
  /** Retries after the first attempt of a mail. */
  mailRetryLimit: number;
  /** Base of the exponential backoff between mail attempts, in seconds (about 1x, 2x, 4x... with jitter). */
  mailRetryDelaySeconds: number;
  /** A mail job whose worker stopped marking it alive for this long is retried. */
  mailHeartbeatSeconds: number;
  /** How often the supervisor fails dead and expired jobs. */
  superviseSeconds: number;
}

export function queueOptionsOf(config: Config): QueueOptions {
  return {
    mailRetryLimit: config.MAIL_RETRY_LIMIT,
    mailRetryDelaySeconds: config.MAIL_RETRY_DELAY_SECONDS,
    mailHeartbeatSeconds: config.MAIL_HEARTBEAT_SECONDS,
    superviseSeconds: config.JOB_SUPERVISE_SECONDS,
  };
}

/**
 * Jobs a worker takes at a time. After a fetch pg-boss waits the polling interval unless the batch came back
 * full (burstWhenBatchFull, which it ignores at a batch of 1): one job per fetch would send one mail every
 * 2 s per server, so a minute's 2,000 reminders would take half an hour to leave. Kept small because a
 * worker killed mid-batch leaves the whole batch to its heartbeat's retry.
 */
const BATCH_SIZE = 10;

export interface JobQueue {
  readonly boss: PgBoss;
  /** Sends a job within `db`: pass the caller's transaction so the job commits with its change. */
  enqueue<K extends JobKind>(db: DbOrTx, kind: K, data: JobData[K], opts?: SendOptions): Promise<string>;
  /** Starts workers for every kind in this process (polling; pg-boss locks each job to one worker). */
  work(handlers: JobHandlers): Promise<void>;
  /**
   * Works every due job now, waiting for retries that come due, until no job is left (tests and the
   * dev tools). Fails after `timeoutMs` if jobs are still pending.
   */
  drain(handlers: JobHandlers, opts?: { timeoutMs?: number }): Promise<number>;
  /** Stops the workers, letting a running job finish within `timeoutMs` (it is retried otherwise). */
  stop(timeoutMs?: number): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error as pg-boss stores it in the job's output: the message is what an admin reads. */
const errorOutput = (err: unknown) => ({
  message: err instanceof Error ? err.message : String(err),
});

export async function startQueue(opts: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** Run maintenance and the cron clock here (workers do; a web server with RUN_JOBS=false does not). */
  supervise: boolean;
}): Promise<JobQueue> {
  const { config, database, log, supervise } = opts;
  const { mailRetryLimit, mailRetryDelaySeconds, mailHeartbeatSeconds, superviseSeconds } =
    queueOptionsOf(config);
  const common = {
    supervise,
    schedule: supervise,
    migrate: true,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  } as const;
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...common })
      : // A small pool of its own on the app's database, so polling never waits behind requests.
        new PgBoss({ connectionString: database.pool?.options.connectionString, max: 3, ...common });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
  await boss.start();

  const queues = {
    mail: {
      retryLimit: mailRetryLimit,
      retryDelay: mailRetryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // An SMTP server that hangs: the attempt is abandoned and retried after this long.
      expireInSeconds: 300,
      // A worker that died mid-send: its jobs are retried once their heartbeat is this old (decision 081).
      heartbeatSeconds: mailHeartbeatSeconds,
    },
    maintenance: { retryLimit: 2, retryDelay: 60, retryBackoff: false, expireInSeconds: 600 },
    'account-link': { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    // A failed tick is not retried: the next one, a minute later, picks up whatever is still due.
    sessions: { retryLimit: 0, expireInSeconds: 300 },
    'review-invitations': { retryLimit: 2, retryDelay: 300, retryBackoff: false, expireInSeconds: 600 },
    // Razorpay retries a webhook the receiver did not take (a non-2xx, no receiver yet) with backoff; so does this.
    'test-gateway-webhook': {
      retryLimit: 8,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 600,
      expireInSeconds: 60,
    },
    'test-gateway-refund': { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
    // A webhook's work is retried while it fails (the provider is not asked again: the event is stored).
    'payment-webhook': { retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 300 },
    // A provider outage: about 30 s, 1, 2, 4... minutes, for a day; the checkouts job also asks again.
    refund: { retryLimit: 12, retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 300 },
    // Like the sessions' clock: the next minute picks up whatever is still due.
    checkouts: { retryLimit: 0, expireInSeconds: 300 },
    'payment-mail': { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    // A run is safe to run again (one payout a payee and period); a send keeps its idempotency key.
    payouts: {
      retryLimit: 8,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 3600,
      expireInSeconds: 1800,
    },
    // A provider outage: asked again about 10, 20, 40... minutes later, for most of the day.
    reconciliation: {
      retryLimit: 6,
      retryDelay: 600,
      retryBackoff: true,
      retryDelayMax: 7200,
      expireInSeconds: 1800,
    },
    // A feed's faults are recorded, not thrown: only our own (the database) is retried; the next run reads again.
    'calendar-imports': { retryLimit: 2, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
    // Like the sessions' clock: the next run picks up whatever is still due.
    engagements: { retryLimit: 0, expireInSeconds: 300 },
  } satisfies Record<JobKind, object>;
  for (const kind of JOB_KINDS) {
    // createQueue leaves an existing queue as it is; updateQueue applies changed settings (new jobs take them).
    await boss.createQueue(kind, queues[kind]);
    await boss.updateQueue(kind, queues[kind]);
  }

  let working = false;
  const run = async <K extends JobKind>(kind: K, handlers: JobHandlers, job: JobWithMetadata<JobData[K]>) => {
    const handler = handlers[kind] as JobHandler<K>;
    await handler(job);
  };

  return {
    boss,
    async enqueue(db, kind, data, sendOpts = {}) {
      const id = await boss.send(kind, data, { ...sendOpts, db: jobsDb(db) });
      if (!id) throw new Error(`the ${kind} job was not created`);
      return id;
    },
    async work(handlers) {
      working = true;
      for (const kind of JOB_KINDS) {
        await boss.work(
          kind,
          {
            includeMetadata: true,
            batchSize: BATCH_SIZE,
            burstWhenBatchFull: true,
            perJobResults: true,
            pollingIntervalSeconds: 2,
          },
          // One job after the other, each settled on its own: a failed mail is retried without its batch.
          async (jobs) => {
            const results: JobResult[] = [];
            for (const job of jobs) {
              try {
                await run(kind, handlers, job as never);
                results.push({ id: job.id, status: 'completed' });
              } catch (err) {
                results.push({ id: job.id, status: 'failed', output: errorOutput(err) });
              }
            }
            return results;
          },
        );
      }
    },
    async drain(handlers, { timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      let worked = 0;
      for (;;) {
        let ran = 0;
        for (const kind of JOB_KINDS) {
          const jobs = await boss.fetch<JobData[typeof kind]>(kind, { includeMetadata: true, batchSize: 20 });
          for (const job of jobs) {
            ran++;
            try {
              await run(kind, handlers, job as never);
              await boss.complete(kind, { id: job.id, retryCount: job.retryCount });
            } catch (err) {
              await boss.fail(kind, { id: job.id, retryCount: job.retryCount }, errorOutput(err));
            }
          }
        }
        worked += ran;
        if (ran) continue;
        const pending: string[] = [];
        for (const kind of JOB_KINDS) {
          const jobs = await boss.findJobs(kind);
          for (const j of jobs)
            if (['created', 'retry', 'active'].includes(j.state))
              pending.push(
                `${kind} ${j.state} attempt ${j.retryCount + 1} after ${j.startAfter.toISOString()}`,
              );
        }
        if (!pending.length) return worked;
        if (Date.now() > deadline)
          throw new Error(
            `jobs still pending after ${timeoutMs} ms: ${pending.join('; ')} (now ${new Date().toISOString()})`,
          );
        await sleep(200);
      }
    },
    async stop(timeoutMs = 20_000) {
      // The PGlite instance belongs to the app (closed with the database); a pool of pg-boss's own is closed.
      await boss.stop({ graceful: working, timeout: timeoutMs, close: database.kind !== 'pglite' });
    },
  };
}
