// All SQL of profiles: the account's profile row (full_name, email, phone). The only code that writes the table
// (db/owners.ts, decision 209): the accounts module creates the row and moves its email through the service.
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

/** The profile row of an account being made (in its transaction): the email is stored lower-cased, as the login. */
export async function insertProfileRow(
  db: DbOrTx,
  row: { id: string; fullName: string; email: string },
): Promise<void> {
  await db.insert(profiles).values({ ...row, email: row.email.toLowerCase() });
}

/** The profile's copy of the account's email (a confirmed change of email). */
export async function setProfileEmail(db: DbOrTx, userId: string, email: string): Promise<void> {
  await db.update(profiles).set({ email }).where(eq(profiles.id, userId));
}
