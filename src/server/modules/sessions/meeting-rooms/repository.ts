// All SQL of the meeting rooms (decision 149): the table shark_meeting_rooms, one row per shark that chose.
import { eq } from 'drizzle-orm';
import type { MeetingRoomKind } from '#shared/meeting-rooms.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { sharkMeetingRooms as r } from '#server/db/schema.ts';

export interface MeetingRoomRow {
  kind: MeetingRoomKind;
  link: string | null;
}

export async function findMeetingRoom(db: DbOrTx, sharkId: string): Promise<MeetingRoomRow | null> {
  const [row] = await db.select({ kind: r.kind, link: r.link }).from(r).where(eq(r.sharkId, sharkId));
  return row ?? null;
}

export async function upsertMeetingRoom(db: DbOrTx, sharkId: string, room: MeetingRoomRow, at: Date) {
  await db
    .insert(r)
    .values({ sharkId, ...room, updatedAt: at })
    .onConflictDoUpdate({ target: r.sharkId, set: { ...room, updatedAt: at } });
}
