// All SQL of the contact form: its stored messages.
import { desc } from 'drizzle-orm';
import type { ContactInput } from '#shared/contact.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { contactMessages } from '#server/db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(db: DbOrTx, input: ContactInput): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(input).returning();
  return row;
}

export async function listRecentContactMessages(db: DbOrTx, limit: number): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
