// All SQL of the shark scope: the sharks row of an account, or of an id.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { sharks } from '#server/db/schema.ts';

export type SharkRow = typeof sharks.$inferSelect;

export async function findSharkByUserId(db: DbOrTx, userId: string): Promise<SharkRow | null> {
  const [row] = await db.select().from(sharks).where(eq(sharks.userId, userId));
  return row ?? null;
}

export async function findSharkById(db: DbOrTx, id: string): Promise<SharkRow | null> {
  const [row] = await db.select().from(sharks).where(eq(sharks.id, id));
  return row ?? null;
}
