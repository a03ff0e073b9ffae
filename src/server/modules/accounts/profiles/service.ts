// The signed-in account's own profile row (profiles: full_name, email, phone).
import type { Profile } from '#shared/accounts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { findProfile, insertProfileRow, setProfileEmail, updateProfileRow } from './repository';

export const getProfile = (db: DbOrTx, userId: string): Promise<Profile | null> => findProfile(db, userId);

/** Email is not changed here: it is the login and is verified, so it stays read-only. */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  input: { fullName: string; phone: string },
): Promise<Profile | null> {
  return updateProfileRow(db, userId, {
    fullName: input.fullName,
    phone: input.phone === '' ? null : input.phone,
  });
}

/** The profile of an account being made, in the account's transaction (accounts' createAccount). */
export const createProfile = insertProfileRow;

/** The profile's copy of the login email, moved with it when a change of email is confirmed (accounts). */
export const moveProfileEmail = setProfileEmail;
