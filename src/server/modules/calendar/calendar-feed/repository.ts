// All SQL of the calendar feeds (decision 148): the table calendar_feeds, one row (its secret's hash) per account.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { calendarFeeds as f, users } from '#server/db/schema.ts';

/** When the account's live address was made, or null when it has none. */
export async function findFeedCreatedAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: f.createdAt }).from(f).where(eq(f.userId, userId));
  return row?.createdAt ?? null;
}

/** Makes `tokenHash` the account's only address: an older one stops matching at once. */
export async function replaceFeed(db: DbOrTx, userId: string, tokenHash: string, at: Date): Promise<void> {
  await db
    .insert(f)
    .values({ userId, tokenHash, createdAt: at })
    .onConflictDoUpdate({ target: f.userId, set: { tokenHash, createdAt: at } });
}

/** The account an address belongs to; a suspended account's feed is as good as gone. */
export async function findFeedOwner(db: DbOrTx, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: f.userId })
    .from(f)
    .innerJoin(users, eq(users.id, f.userId))
    .where(and(eq(f.tokenHash, tokenHash), isNull(users.suspendedAt)));
  return row?.userId ?? null;
}
