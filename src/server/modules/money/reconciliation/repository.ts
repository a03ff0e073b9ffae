// All SQL of the reconciliation's exceptions (issue 24, decision 145): written once per (kind, subject), listed
// open or resolved a page at a time, resolved once with a note.
import { and, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { reconciliationExceptions, users } from '#server/db/schema.ts';
import type { ReconciliationStatus } from '#shared/reconciliation.ts';

export type NewException = typeof reconciliationExceptions.$inferInsert;

/** Exceptions with the email of the admin who resolved each. */
const selectExceptions = (db: DbOrTx) =>
  db
    .select({
      id: reconciliationExceptions.id,
      kind: reconciliationExceptions.kind,
      subject: reconciliationExceptions.subject,
      day: reconciliationExceptions.day,
      providerPaymentId: reconciliationExceptions.providerPaymentId,
      paymentId: reconciliationExceptions.paymentId,
      bookingId: reconciliationExceptions.bookingId,
      providerAmountPaise: reconciliationExceptions.providerAmountPaise,
      ledgerAmountPaise: reconciliationExceptions.ledgerAmountPaise,
      details: reconciliationExceptions.details,
      foundAt: reconciliationExceptions.foundAt,
      resolvedAt: reconciliationExceptions.resolvedAt,
      resolvedByEmail: users.email,
      resolutionNote: reconciliationExceptions.resolutionNote,
    })
    .from(reconciliationExceptions)
    .leftJoin(users, eq(users.id, reconciliationExceptions.resolvedBy));
export type ExceptionRow = Awaited<ReturnType<typeof selectExceptions>>[number];

/**
 * Writes the exceptions not known yet and answers those it wrote. Two runs at once: the second waits on the
 * unique (kind, subject) index for the first to commit, then writes nothing for what the first wrote.
 */
export async function insertNew(
  db: DbOrTx,
  rows: NewException[],
): Promise<Array<{ id: string; kind: string; subject: string }>> {
  if (rows.length === 0) return [];
  const saved = await db
    .insert(reconciliationExceptions)
    .values(rows)
    .onConflictDoNothing({ target: [reconciliationExceptions.kind, reconciliationExceptions.subject] })
    .returning({
      id: reconciliationExceptions.id,
      kind: reconciliationExceptions.kind,
      subject: reconciliationExceptions.subject,
    });
  return saved;
}

const statusIs = (status: ReconciliationStatus) =>
  status === 'open'
    ? isNull(reconciliationExceptions.resolvedAt)
    : isNotNull(reconciliationExceptions.resolvedAt);

/** A page of open (oldest found first: the work list) or resolved (latest resolved first) exceptions. */
export async function page(
  db: DbOrTx,
  status: ReconciliationStatus,
  limit: number,
  offset: number,
): Promise<ExceptionRow[]> {
  return selectExceptions(db)
    .where(statusIs(status))
    .orderBy(
      ...(status === 'open'
        ? [reconciliationExceptions.foundAt, reconciliationExceptions.id]
        : [desc(reconciliationExceptions.resolvedAt), desc(reconciliationExceptions.id)]),
    )
    .limit(limit)
    .offset(offset);
}

export async function countByStatus(db: DbOrTx, status: ReconciliationStatus): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reconciliationExceptions).where(statusIs(status));
  return row.n;
}

export async function find(db: DbOrTx, id: string): Promise<ExceptionRow | null> {
  const [row] = await selectExceptions(db).where(eq(reconciliationExceptions.id, id));
  return row ?? null;
}

/** These exceptions, in the order they were found. */
export async function findMany(db: DbOrTx, ids: string[]): Promise<ExceptionRow[]> {
  if (ids.length === 0) return [];
  return selectExceptions(db)
    .where(inArray(reconciliationExceptions.id, ids))
    .orderBy(reconciliationExceptions.foundAt, reconciliationExceptions.subject);
}

/** Resolves an open exception; false when it is not open (unknown, or resolved before: the caller tells which). */
export async function resolve(
  db: DbOrTx,
  id: string,
  by: { userId: string; note: string; at: Date },
): Promise<{ kind: string; subject: string } | null> {
  const [row] = await db
    .update(reconciliationExceptions)
    .set({ resolvedAt: by.at, resolvedBy: by.userId, resolutionNote: by.note })
    .where(and(eq(reconciliationExceptions.id, id), isNull(reconciliationExceptions.resolvedAt)))
    .returning({ kind: reconciliationExceptions.kind, subject: reconciliationExceptions.subject });
  return row ?? null;
}
