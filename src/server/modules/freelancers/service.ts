// A freelancer's own profile (freelancers: name, skills), read and updated by user_id.
import type { FreelancerProfile } from '#shared/freelancers.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { findFreelancer, findFullName, upsertFreelancer } from './repository';

/** A freelancer made without the signup form (admin CLI) has no row yet: start from the account's name. */
export async function getFreelancerProfile(db: DbOrTx, userId: string): Promise<FreelancerProfile> {
  const row = await findFreelancer(db, userId);
  if (row) return row;
  return { name: (await findFullName(db, userId)) ?? '', skills: '' };
}

/** Creates the freelancers row or updates it: signup, becoming a freelancer and the profile page all save here. */
export const updateFreelancerProfile = (db: DbOrTx, userId: string, input: FreelancerProfile) =>
  upsertFreelancer(db, userId, input);
