// One handler per job kind, built on the app's services.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/mail/service.ts';
import { accountLinkHandler } from './account-link';
import type { JobHandlers } from './queue';
import { mailHandler } from './mail';
import { maintenanceHandler } from './maintenance';
import { sessionsHandler } from './sessions';
import { reviewInvitationsHandler } from './review-invitations';

export interface JobContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
}

export function jobHandlers(ctx: JobContext): JobHandlers {
  return {
    mail: mailHandler(ctx),
    maintenance: maintenanceHandler(ctx),
    'account-link': accountLinkHandler(ctx),
    sessions: sessionsHandler(ctx),
    'review-invitations': reviewInvitationsHandler(ctx),
  };
}
