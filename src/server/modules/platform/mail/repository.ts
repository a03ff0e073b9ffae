// The mail delivery log's SQL (the `outbox` table, grown into the log by migration 0002).
import { now } from '#server/time.ts';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern } from '#server/db/patterns.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { outbox, roles, userRoles, users } from '#server/db/schema.ts';

export type MailRow = typeof outbox.$inferSelect;

export async function insertMail(
  db: DbOrTx,
  row: {
    id: string;
    toAddress: string;
    template: string;
    data: Record<string, unknown>;
    subject: string;
    link: string | null;
    jobId: string;
  },
): Promise<void> {
  await db.insert(outbox).values(row);
}

export async function findMail(db: DbOrTx, id: string): Promise<MailRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row ?? null;
}

/** One more attempt starts: counted before sending, so a crash mid-send still shows it. */
export async function countAttempt(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, updatedAt: now() })
    .where(eq(outbox.id, id));
}

export async function markSent(
  db: DbOrTx,
  id: string,
  parts: { subject: string; html: string | null; text: string },
): Promise<void> {
  await db
    .update(outbox)
    .set({ ...parts, status: 'sent', sentAt: now(), failedAt: null, updatedAt: now() })
    .where(eq(outbox.id, id));
}

/** An attempt failed: the error is kept; after the last attempt the mail is `failed`. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(outbox)
    .set({
      lastError: error.slice(0, 2000),
      updatedAt: now(),
      ...(final ? { status: 'failed' as const, failedAt: now() } : {}),
    })
    .where(eq(outbox.id, id));
}

/** A failed mail goes back to `queued` with a new job; null when it is not a failed mail. */
export async function requeueFailedMail(db: DbOrTx, id: string, jobId: string): Promise<MailRow | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'queued', jobId, failedAt: null, updatedAt: now() })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning();
  return row ?? null;
}

/** The dev mailbox: newest first, optionally only the mails to one address. */
export async function listMails(db: DbOrTx, opts: { to?: string; limit?: number } = {}): Promise<MailRow[]> {
  const query = db.select().from(outbox);
  const filtered = opts.to ? query.where(eq(outbox.toAddress, opts.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(outbox.createdAt), desc(outbox.seq)).limit(opts.limit ?? 100);
}

/** The admin's delivery log: failed first, then queued, then sent; newest first within each. */
export async function pageMailLog(db: DbOrTx, q: string, page: number, pageSize: number) {
  const rank = sql`CASE ${outbox.status} WHEN 'failed' THEN 0 WHEN 'queued' THEN 1 ELSE 2 END`;
  // `q` finds a mail by its recipient, subject or template; `failed` still counts every failed mail.
  const pattern = containsPattern(q);
  const where = q
    ? or(ilike(outbox.toAddress, pattern), ilike(outbox.subject, pattern), ilike(outbox.template, pattern))
    : undefined;
  const items = await db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(rank, desc(outbox.createdAt), desc(outbox.seq))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: count() }).from(outbox).where(where);
  const [{ failed }] = await db.select({ failed: count() }).from(outbox).where(eq(outbox.status, 'failed'));
  return { items, total, failed };
}

/** Every account holding the admin role: they get the notices (new shark application). */
export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.roleName, 'admin'))
    .orderBy(users.email);
  return rows.map((r) => r.email);
}
