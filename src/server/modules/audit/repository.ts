// All SQL of the audit log (decision 032): append and read; the table refuses UPDATE and DELETE itself.
import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminAuditLog as log, users } from '#server/db/schema.ts';

export type NewAuditEntry = Omit<typeof log.$inferInsert, 'id' | 'createdAt'>;

export async function insertEntry(db: DbOrTx, entry: NewAuditEntry): Promise<void> {
  await db.insert(log).values(entry);
}

export async function listEntries(db: DbOrTx, limit: number, offset: number) {
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: log.id,
        actorId: log.actorId,
        actorEmail: users.email,
        action: log.action,
        targetType: log.targetType,
        targetId: log.targetId,
        reason: log.reason,
        details: log.details,
        createdAt: log.createdAt,
      })
      .from(log)
      .leftJoin(users, eq(users.id, log.actorId))
      .orderBy(desc(log.createdAt), desc(log.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(log),
  ]);
  return { items, total: Number(total) };
}
