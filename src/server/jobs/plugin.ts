// Starts the job queue with the app: `app.jobs` sends jobs (always with the caller's transaction) and
// `app.mailer` queues mail. With RUN_JOBS (the default) this process also works the jobs and runs the
// schedules; a web server with RUN_JOBS=false only sends, and `npm run worker` works them apart.
// The queue stops when the app closes: a running job finishes, or goes back to the queue after the timeout.
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '#server/modules/platform/mail/service.ts';
import {
  createPaymentsContext,
  paymentGateway,
  type PaymentsContext,
} from '#server/modules/money/payments/service.ts';
import { TEST_GATEWAY, testGatewayFetch } from '#server/modules/money/test-gateway/service.ts';
import { jobHandlers } from './handlers';
import { startQueue, type JobHandlers, type JobQueue } from './queue';
import { applySchedules } from './schedules';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue & {
      handlers: JobHandlers;
      /** Works every due job now (tests, the dev tools). */
      runAll(opts?: { timeoutMs?: number }): Promise<number>;
    };
    mailer: Mailer;
    /** Payments' context: the provider (Razorpay or the test gateway), fees, the queue and the mailer. */
    payments: PaymentsContext;
  }
}

export default fp(async (app) => {
  const queue = await startQueue({
    config: app.config,
    database: app.database,
    log: app.log,
    supervise: app.config.RUN_JOBS,
  });
  const mailer = createMailer(queue);
  // Test mode talks to the built-in gateway through this app (in-process HTTP), so it needs no open port.
  const payments = createPaymentsContext({
    config: app.config,
    mailer,
    jobs: queue,
    gateway: paymentGateway(app.config, { keys: TEST_GATEWAY, fetch: testGatewayFetch(app) }),
  });
  const handlers = jobHandlers({
    config: app.config,
    db: app.db,
    log: app.log,
    mailer,
    jobs: queue,
    payments,
  });
  if (app.config.RUN_JOBS) {
    await applySchedules(queue, app.config);
    await queue.work(handlers);
  }
  app.decorate(
    'jobs',
    Object.assign(queue, {
      handlers,
      runAll: (opts?: { timeoutMs?: number }) => queue.drain(handlers, opts),
    }),
  );
  app.decorate('mailer', mailer);
  app.decorate('payments', payments);
  app.addHook('onClose', async () => {
    await queue.stop();
  });
});
