// "Be a Shark" applications: stored for an admin to review; never an account.
import { desc } from 'drizzle-orm';
import type { z } from 'zod';
import type { SharkApplication, sharkApplicationSchema } from '../../../shared/schemas/applications';
import type { DbOrTx } from '../../db/client';
import { sharkApplications as a } from '../../db/schema';

export async function saveApplication(db: DbOrTx, userId: string | null, input: z.output<typeof sharkApplicationSchema>) {
  const [row] = await db
    .insert(a)
    .values({ ...input, links: input.links === '' ? null : input.links, userId })
    .returning({ id: a.id });
  return row;
}

export async function listApplications(db: DbOrTx, limit = 200): Promise<SharkApplication[]> {
  const rows = await db
    .select({
      id: a.id,
      name: a.name,
      email: a.email,
      specialization: a.specialization,
      experience: a.experience,
      links: a.links,
      motivation: a.motivation,
      status: a.status,
      createdAt: a.createdAt,
    })
    .from(a)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
