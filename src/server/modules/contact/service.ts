// The contact form's messages: stored, so nothing a visitor writes is lost; read in the admin console.
import { desc } from 'drizzle-orm';
import type { ContactInput } from '../../../shared/schemas/contact';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

export async function saveContactMessage(db: DbOrTx, input: ContactInput) {
  const [row] = await db.insert(contactMessages).values(input).returning();
  return row;
}

export async function listContactMessages(db: DbOrTx, limit = 100) {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit);
}
