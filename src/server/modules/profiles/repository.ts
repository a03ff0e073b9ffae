// All SQL of profiles: the account's profile row (full_name, email, phone).
import { eq } from 'drizzle-orm';
import type { Profile } from '#shared/accounts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { now } from '#server/time.ts';
import { profiles } from '#server/db/schema.ts';

const profileColumns = { fullName: profiles.fullName, email: profiles.email, phone: profiles.phone };

export async function findProfile(db: DbOrTx, userId: string): Promise<Profile | null> {
  const [row] = await db.select(profileColumns).from(profiles).where(eq(profiles.id, userId));
  return row ?? null;
}

export async function updateProfileRow(
  db: DbOrTx,
  userId: string,
  fields: { fullName: string; phone: string | null },
): Promise<Profile | null> {
  const [row] = await db
    .update(profiles)
    .set({ ...fields, updatedAt: now() })
    .where(eq(profiles.id, userId))
    .returning(profileColumns);
  return row ?? null;
}
