// Who hears of a change to a session, and how: mails through the job queue, enqueued in the transaction of the
// change, so a change that rolls back tells nobody. (Owned by the notifications work of issue 13.)
import type { SessionActor, SessionEventKind } from '#shared/sessions.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { MailContext } from '#server/modules/mail/service.ts';

/** One change of a session, as the state machine recorded it in booking_events. */
export interface SessionNotice {
  bookingId: string;
  kind: SessionEventKind;
  actor: SessionActor;
  reason?: string | null;
  /** For reschedule events: the proposed or new start. */
  startsAt?: Date | null;
  late?: boolean;
}

/** Tells the other side (and for a request, both sides) of a change. Called by the sessions service and jobs. */
export async function notifySessionEvent(
  _tx: DbOrTx,
  _ctx: MailContext,
  _notice: SessionNotice,
): Promise<void> {
  // Filled in by the notifications work: a mail per kind of change, with the session page's link.
}
