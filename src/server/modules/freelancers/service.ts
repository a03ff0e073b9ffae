// A freelancer's own profile (freelancers: name, skills), read and updated by user_id.
import { eq, sql } from 'drizzle-orm';
import type { FreelancerProfile } from '../../../shared/schemas/freelancers';
import type { DbOrTx } from '../../db/client';
import { freelancers, profiles } from '../../db/schema';

/** A freelancer made without the signup form (admin CLI) has no row yet: start from the account's name. */
export async function getFreelancerProfile(db: DbOrTx, userId: string): Promise<FreelancerProfile> {
  const [row] = await db.select({ name: freelancers.name, skills: freelancers.skills }).from(freelancers).where(eq(freelancers.userId, userId));
  if (row) return row;
  const [profile] = await db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, userId));
  return { name: profile?.fullName ?? '', skills: '' };
}

export async function updateFreelancerProfile(db: DbOrTx, userId: string, input: FreelancerProfile): Promise<FreelancerProfile> {
  const [row] = await db
    .insert(freelancers)
    .values({ userId, name: input.name, skills: input.skills })
    .onConflictDoUpdate({ target: freelancers.userId, set: { name: input.name, skills: input.skills, updatedAt: sql`now()` } })
    .returning({ name: freelancers.name, skills: freelancers.skills });
  return row;
}
