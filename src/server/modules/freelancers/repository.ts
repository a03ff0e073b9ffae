// All SQL of freelancers: the freelancers row (name, skills) of an account.
import { eq, sql } from 'drizzle-orm';
import type { FreelancerProfile } from '#shared/freelancers.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { freelancers, profiles } from '#server/db/schema.ts';

export async function findFreelancer(db: DbOrTx, userId: string): Promise<FreelancerProfile | null> {
  const [row] = await db
    .select({ name: freelancers.name, skills: freelancers.skills })
    .from(freelancers)
    .where(eq(freelancers.userId, userId));
  return row ?? null;
}

/** The account's full name, the default name of a freelancer row not made yet. */
export async function findFullName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.fullName ?? null;
}

export async function upsertFreelancer(
  db: DbOrTx,
  userId: string,
  input: FreelancerProfile,
): Promise<FreelancerProfile> {
  const [row] = await db
    .insert(freelancers)
    .values({ userId, name: input.name, skills: input.skills })
    .onConflictDoUpdate({
      target: freelancers.userId,
      set: { name: input.name, skills: input.skills, updatedAt: sql`now()` },
    })
    .returning({ name: freelancers.name, skills: freelancers.skills });
  return row;
}
