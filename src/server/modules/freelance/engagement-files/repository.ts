// All SQL of engagement files (issue 27, decision 180): the row of each uploaded report or evidence.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { engagementFiles as f, engagementMilestones as ms, profiles } from '#server/db/schema.ts';

export type EngagementFileRow = typeof f.$inferSelect;

export async function insertFile(tx: DbOrTx, values: typeof f.$inferInsert): Promise<EngagementFileRow> {
  const [row] = await tx.insert(f).values(values).returning();
  return row;
}

export async function listFiles(db: DbOrTx, engagementId: string) {
  return db
    .select({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      uploaderName: sql<string>`coalesce(${profiles.fullName}, 'Former member')`,
      milestoneId: f.milestoneId,
      milestoneTitle: ms.title,
      createdAt: f.createdAt,
    })
    .from(f)
    .leftJoin(profiles, eq(profiles.id, f.uploaderId))
    .leftJoin(ms, eq(ms.id, f.milestoneId))
    .where(eq(f.engagementId, engagementId))
    .orderBy(asc(f.createdAt), asc(f.id))
    .limit(500);
}

/** What the account uploaded to any engagement, oldest first: its data export (issue 38). Never the storage key. */
export async function listByUploader(db: DbOrTx, uploaderId: string) {
  return db
    .select({
      id: f.id,
      engagementId: f.engagementId,
      milestoneId: f.milestoneId,
      name: f.name,
      contentType: f.contentType,
      sizeBytes: f.sizeBytes,
      createdAt: f.createdAt,
    })
    .from(f)
    .where(eq(f.uploaderId, uploaderId))
    .orderBy(asc(f.createdAt), asc(f.id));
}

export async function findFile(
  db: DbOrTx,
  engagementId: string,
  fileId: string,
): Promise<EngagementFileRow | null> {
  const [row] = await db
    .select()
    .from(f)
    .where(and(eq(f.id, fileId), eq(f.engagementId, engagementId)));
  return row ?? null;
}
