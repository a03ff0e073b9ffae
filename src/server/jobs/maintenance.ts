// Job `maintenance` (daily, see schedules.ts): purges expired sessions and used or expired mail tokens.
import type { DbOrTx } from '#server/db/client.ts';
import { purgeExpiredEmailTokens } from '#server/modules/accounts/accounts/tokens.ts';
import { purgeExpiredSessions } from '#server/modules/accounts/accounts/sessions.ts';
import type { JobHandler } from './queue';
import type { JobContext } from './context';

export async function purgeExpired(db: DbOrTx): Promise<void> {
  await purgeExpiredSessions(db);
  await purgeExpiredEmailTokens(db);
}

export function maintenanceHandler(ctx: JobContext): JobHandler<'maintenance'> {
  return async () => {
    await purgeExpired(ctx.db);
    ctx.log.info('purged expired sessions and mail tokens');
  };
}
