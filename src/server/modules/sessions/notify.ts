// Who hears of a change to a session, and how: mails through the job queue, enqueued in the transaction of the
// change, so a change that rolls back tells nobody. The mails themselves are the session-mail module's.
import type { DbOrTx } from '#server/db/client.ts';
import type { MailContext } from '#server/modules/mail/service.ts';
import { notifySession, type SessionNotice } from '#server/modules/session-mail/service.ts';

export type { SessionNotice } from '#server/modules/session-mail/service.ts';

/**
 * Tells the other side (and for a request, both sides) of a change. Called by the sessions service and jobs.
 * - requested: the shark (answer by …) and the learner (a receipt: it awaits the shark);
 * - confirmed, declined: the learner (a confirmation carries the .ics); expired: both;
 * - cancelled, reschedule_proposed, no_show: the other side (both when an admin acted); a late cancellation
 *   says so; reschedule_accepted: both, with the new .ics; reschedule_declined: the proposer;
 * - completed: nobody; no_show_resolved (an admin's ruling on a reported no-show): both, with the reason.
 */
export async function notifySessionEvent(tx: DbOrTx, ctx: MailContext, notice: SessionNotice): Promise<void> {
  await notifySession(tx, ctx, notice);
}
