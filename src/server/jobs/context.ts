// What every job handler is built from: the app's config, database, log and mailer. Its own file, so the
// handlers and handlers.ts (which lists them) never import each other.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/platform/mail/service.ts';
import type { JobQueue } from './queue';
import type { PaymentsContext } from '#server/modules/money/payments/service.ts';

export interface JobContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Sends further jobs, with the handler's own transaction (a settled test refund sends its webhook). */
  jobs: Pick<JobQueue, 'enqueue'>;
  /** Payments: the provider, fees and the company (refunds, webhooks, checkouts). */
  payments: PaymentsContext;
}
