// All SQL of the contact form: its stored messages.
import { count, desc, ilike, or } from 'drizzle-orm';
import type { ContactInput } from '#shared/contact.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { contactMessages } from '#server/db/schema.ts';
import { containsPattern } from '#server/db/patterns.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: DbOrTx, input: ContactInput): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(input).returning();
  return row;
}

const messageSearch = (q: string) => {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(contactMessages.name, pattern),
    ilike(contactMessages.email, pattern),
    ilike(contactMessages.message, pattern),
  );
};

/** A page of the messages whose name, email or text contains `q`, newest first, and how many match. */
export async function pageContactMessages(db: DbOrTx, q: string, limit: number, offset: number) {
  const where = messageSearch(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: Number(total) };
}
