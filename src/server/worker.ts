// `npm run worker`: the job workers without the HTTP server, for deployments that run them apart from the
// web servers (which then set RUN_JOBS=false and only queue jobs). Several workers may run: pg-boss gives each
// job to exactly one of them. SIGTERM drains: no new job is taken, a running one may finish (up to 20 s) or
// goes back to the queue, where another worker retries it.
import Fastify from 'fastify';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { jobHandlers } from './jobs/handlers';
import { startQueue } from './jobs/queue';
import { applySchedules } from './jobs/schedules';
import { createMailer } from './modules/platform/mail/service';
import { createPaymentsContext, paymentGateway } from './modules/money/payments/service';
import { TEST_GATEWAY } from './modules/money/test-gateway/service';

if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Shark Security needs Node.js 24 (this is ${process.version}). Run it with \`npm run worker\`.`,
  );
  process.exit(1);
}

const config = loadConfig();
if (config.embedded) {
  // The embedded database belongs to one process: the app server works the jobs itself (RUN_JOBS).
  console.error(
    'npm run worker needs DATABASE_URL: on the embedded database the app server runs the jobs itself (RUN_JOBS=true).',
  );
  process.exit(1);
}
// Fastify's logger (pino), the same log lines as the app server; no routes, nothing listens.
const log = Fastify({ logger: { level: config.LOG_LEVEL, name: 'worker' } }).log;
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: Math.min(config.DATABASE_POOL_SIZE, 5),
});
const queue = await startQueue({ config, database, log, supervise: true });
await applySchedules(queue, config);
const mailer = createMailer(queue);
// Apart from the web servers, test mode reaches the built-in gateway at APP_ORIGIN over HTTP.
const payments = createPaymentsContext({
  config,
  mailer,
  jobs: queue,
  gateway: paymentGateway(config, { keys: TEST_GATEWAY, fetch }),
});
await queue.work(jobHandlers({ config, db: database.db, log, mailer, jobs: queue, payments }));
log.info('job worker running');

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker draining');
    setTimeout(() => process.exit(1), 25_000).unref();
    await queue.stop(20_000);
    await database.close();
    process.exit(0);
  });
}
