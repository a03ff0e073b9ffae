// The signed-in account's own profile row (profiles: full_name, email, phone).
import { eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/schemas/profiles';
import type { DbOrTx } from '../../db/client';
import { profiles } from '../../db/schema';

export async function getProfile(db: DbOrTx, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ fullName: profiles.fullName, email: profiles.email, phone: profiles.phone })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

/** Email is not changed here: it is the login and is verified, so it stays read-only. */
export async function updateProfile(db: DbOrTx, userId: string, input: { fullName: string; phone: string }): Promise<Profile | null> {
  const [row] = await db
    .update(profiles)
    .set({ fullName: input.fullName, phone: input.phone === '' ? null : input.phone, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ fullName: profiles.fullName, email: profiles.email, phone: profiles.phone });
  return row ?? null;
}
