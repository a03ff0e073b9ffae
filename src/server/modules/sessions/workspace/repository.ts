// All SQL of the shark's workspace: its sharks row, the one place that writes the sharks table (db/owners.ts,
// decision 209): the shark's saves and photo here, the admin console's draft rows and publication through the
// workspace's service. The dashboard's and enrollments' figures are the sessions module's (it owns the bookings).
import { eq } from 'drizzle-orm';
import type { Specialization } from '#shared/constants.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { now } from '#server/time.ts';
import { sharks } from '#server/db/schema.ts';
import type { SharkRow } from '#server/modules/sessions/shark-scope/repository.ts';

export type SharkFields = Pick<
  typeof sharks.$inferInsert,
  'name' | 'codeName' | 'specialization' | 'experience' | 'bio' | 'published' | 'updatedAt'
> &
  Partial<Pick<typeof sharks.$inferInsert, 'headline' | 'languages' | 'skills' | 'links'>>;

/** Upsert on user_id (spec section 7): the first save of an account without a sharks row creates it. */
export async function upsertShark(db: DbOrTx, userId: string, fields: SharkFields): Promise<SharkRow> {
  const [row] = await db
    .insert(sharks)
    .values({ userId, ...fields })
    .onConflictDoUpdate({ target: sharks.userId, set: fields })
    .returning();
  return row;
}

/** The admin's unpublish reason of the row (null when none), locking the row for this transaction. */
export async function lockAdminUnpublishReason(db: DbOrTx, sharkId: string): Promise<string | null> {
  const [row] = await db
    .select({ reason: sharks.adminUnpublishReason })
    .from(sharks)
    .where(eq(sharks.id, sharkId))
    .for('update');
  return row?.reason ?? null;
}

export async function setSharkPhoto(db: DbOrTx, sharkId: string, photoUrl: string): Promise<SharkRow> {
  const [row] = await db
    .update(sharks)
    .set({ photoUrl, updatedAt: now() })
    .where(eq(sharks.id, sharkId))
    .returning();
  return row;
}

/** An unpublished sharks row for a new shark account, filled in later by the shark. */
export async function insertDraftShark(
  db: DbOrTx,
  input: {
    userId: string;
    name: string;
    specialization: Specialization;
    experience?: number;
    bio?: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(sharks)
    .values({ ...input, published: false })
    .returning({ id: sharks.id });
  return row.id;
}

/** An admin's unpublish keeps its reason on the row, which holds the profile hidden until an admin publishes. */
export async function setSharkPublished(
  tx: DbOrTx,
  id: string,
  published: boolean,
  reason: string,
): Promise<void> {
  await tx
    .update(sharks)
    .set({ published, adminUnpublishReason: published ? null : reason, updatedAt: now() })
    .where(eq(sharks.id, id));
}
