// How a shark's sessions get a meeting room (issue 26, decision 149): the shark's choice, and the room a session
// gets when it is confirmed: the shark's fixed link, or a new Jitsi room named with 128 random bits.
import { randomBytes } from 'node:crypto';
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { MeetingRoom } from '#shared/meeting-rooms.ts';
import { WORKSPACE_MSG } from '#shared/workspace.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { conflict } from '#server/http/errors.ts';
import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import { now } from '#server/time.ts';
import * as repo from './repository';

/** The start of every room's name: readable in a browser tab, and nothing about the session in it. */
const ROOM_PREFIX = 'SharkSecurity-';

/** A new room on the Jitsi server: 128 random bits in hex (Jitsi folds a name's case, hex has none to lose). */
export const newJitsiRoom = (jitsiServer: string) =>
  `${jitsiServer}/${ROOM_PREFIX}${randomBytes(16).toString('hex')}`;

export async function getMeetingRoom(
  db: DbOrTx,
  scope: SharkScope,
  jitsiServer: string,
): Promise<MeetingRoom> {
  const row = scope.shark ? await repo.findMeetingRoom(db, scope.shark.id) : null;
  return { kind: row?.kind ?? 'manual', link: row?.link ?? null, jitsiServer };
}

/** The shark's choice for its data export (decision 150), or null when it never chose. */
export async function exportMeetingRoom(
  db: DbOrTx,
  sharkId: string,
): Promise<Pick<MeetingRoom, 'kind' | 'link'> | null> {
  const row = await repo.findMeetingRoom(db, sharkId);
  return row ? { kind: row.kind, link: row.link } : null;
}

export async function saveMeetingRoom(
  db: DbOrTx,
  scope: SharkScope,
  room: Pick<MeetingRoom, 'kind' | 'link'>,
  jitsiServer: string,
): Promise<MeetingRoom> {
  if (!scope.shark) throw conflict(WORKSPACE_MSG.profileFirst, ERROR_CODE.noProfile);
  await repo.upsertMeetingRoom(db, scope.shark.id, room, now());
  return { ...room, jitsiServer };
}

/**
 * The room a session of this shark gets as it is confirmed (in the confirmation's transaction), or null when the
 * shark pastes links by hand.
 */
export async function roomForSession(
  db: DbOrTx,
  sharkId: string,
  jitsiServer: string,
): Promise<string | null> {
  const row = await repo.findMeetingRoom(db, sharkId);
  if (row?.kind === 'fixed') return row.link;
  if (row?.kind === 'jitsi') return newJitsiRoom(jitsiServer);
  return null;
}
