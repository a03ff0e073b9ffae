// All SQL of calendar imports (issue 26): the calendars sharks added, their fetch state, their busy intervals.
import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { calendarBusy as b, calendarSources as s, sharks, users } from '#server/db/schema.ts';
import type { Interval } from './expand';

const columns = {
  id: s.id,
  sharkId: s.sharkId,
  url: s.url,
  etag: s.etag,
  lastModified: s.lastModified,
  lastAttemptAt: s.lastAttemptAt,
  lastSuccessAt: s.lastSuccessAt,
  expandedAt: s.expandedAt,
  lastError: s.lastError,
  failingSince: s.failingSince,
  failureMailedAt: s.failureMailedAt,
  createdAt: s.createdAt,
};

export async function listSources(db: DbOrTx, sharkId: string) {
  return db.select(columns).from(s).where(eq(s.sharkId, sharkId)).orderBy(asc(s.createdAt), asc(s.seq));
}

/** Takes the shark's calendar list for this transaction, so two adds at once count each other. */
export async function lockSharkSources(tx: DbOrTx, sharkId: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`calendar_sources:${sharkId}`}, 0))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(s)
    .where(eq(s.sharkId, sharkId));
  return row?.n ?? 0;
}

export async function insertSource(tx: DbOrTx, sharkId: string, url: string) {
  const [row] = await tx.insert(s).values({ sharkId, url }).returning(columns);
  return row!;
}

/** Deletes one calendar of this shark (its busy times go with it); false when it is not this shark's. */
export async function deleteSource(db: DbOrTx, sharkId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(s)
    .where(and(eq(s.id, id), eq(s.sharkId, sharkId)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** A calendar with its shark's account email, for the fetch job. */
export async function findSource(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...columns, ownerEmail: users.email })
    .from(s)
    .innerJoin(sharks, eq(sharks.id, s.sharkId))
    .innerJoin(users, eq(users.id, sharks.userId))
    .where(eq(s.id, id));
  return row ?? null;
}

/**
 * The calendars not tried since `before`, marked tried at `at` in the same statement (so two ticks on two
 * servers never both send one); at most `limit`, the longest waiting first.
 */
export async function takeDueSources(db: DbOrTx, before: Date, at: Date, limit: number): Promise<string[]> {
  const due = db
    .select({ id: s.id })
    .from(s)
    .where(or(isNull(s.lastAttemptAt), lt(s.lastAttemptAt, before)))
    .orderBy(sql`${s.lastAttemptAt} ASC NULLS FIRST`)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(s)
    .set({ lastAttemptAt: at })
    .where(sql`${s.id} IN ${due}`)
    .returning({ id: s.id });
  return rows.map((r) => r.id);
}

/**
 * A good read: the fetch state, and (unless the feed answered 304) the busy intervals replaced whole. Call in
 * a transaction: readers see the old intervals or the new, never half.
 */
export async function recordSuccess(
  tx: DbOrTx,
  source: { id: string; sharkId: string },
  at: Date,
  cache: { etag: string | null; lastModified: string | null },
  intervals: Interval[] | null,
): Promise<void> {
  const updated = await tx
    .update(s)
    .set({
      ...cache,
      lastAttemptAt: at,
      lastSuccessAt: at,
      ...(intervals ? { expandedAt: at } : {}),
      lastError: null,
      failingSince: null,
      failureMailedAt: null,
    })
    .where(eq(s.id, source.id))
    .returning({ id: s.id });
  // Removed while it was being read: nothing to keep.
  if (!intervals || !updated.length) return;
  await tx.delete(b).where(eq(b.sourceId, source.id));
  for (let i = 0; i < intervals.length; i += 1000)
    await tx.insert(b).values(
      intervals.slice(i, i + 1000).map((v) => ({
        sourceId: source.id,
        sharkId: source.sharkId,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
      })),
    );
}

/** A failed read: the error, and since when it fails (kept from the first failure). Answers the updated row. */
export async function recordFailure(db: DbOrTx, id: string, at: Date, error: string) {
  const [row] = await db
    .update(s)
    .set({ lastAttemptAt: at, lastError: error, failingSince: sql`coalesce(${s.failingSince}, ${at})` })
    .where(eq(s.id, id))
    .returning({ failingSince: s.failingSince, failureMailedAt: s.failureMailedAt });
  return row ?? null;
}

/** Marks this run of failures mailed; false when another worker already did. */
export async function markFailureMailed(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(s)
    .set({ failureMailedAt: at })
    .where(and(eq(s.id, id), isNull(s.failureMailedAt)))
    .returning({ id: s.id });
  return rows.length > 0;
}

/** The shark's imported busy intervals meeting [from, to), by start. */
export async function busyBetween(db: DbOrTx, sharkId: string, from: Date, to: Date): Promise<Interval[]> {
  return db
    .select({ startsAt: b.startsAt, endsAt: b.endsAt })
    .from(b)
    .where(and(eq(b.sharkId, sharkId), lt(b.startsAt, to), gt(b.endsAt, from)))
    .orderBy(asc(b.startsAt));
}
