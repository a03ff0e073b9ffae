// All SQL of statements (issue 24, decision 143): the company's monthly fee invoices to payees. A statement
// itself is read from the ledger through its service, and stored nowhere.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { feeInvoices } from '#server/db/schema.ts';
import type { PayeeKind } from '#shared/ledger.ts';

export type FeeInvoiceRow = typeof feeInvoices.$inferSelect;
type Payee = { kind: PayeeKind; id: string };

const ofPayee = (payee: Payee) =>
  and(eq(feeInvoices.payeeKind, payee.kind), eq(feeInvoices.payeeId, payee.id));

export async function findFeeInvoice(db: DbOrTx, payee: Payee, month: string): Promise<FeeInvoiceRow | null> {
  const [row] = await db
    .select()
    .from(feeInvoices)
    .where(and(ofPayee(payee), eq(feeInvoices.month, month)));
  return row ?? null;
}

/** The issued invoices of these months (their numbers), in one query. */
export async function listFeeInvoices(db: DbOrTx, payee: Payee, months: string[]) {
  if (months.length === 0) return [];
  return db
    .select({ month: feeInvoices.month, number: feeInvoices.number })
    .from(feeInvoices)
    .where(and(ofPayee(payee), inArray(feeInvoices.month, months)));
}

/** The new invoice, or null when this payee's month has one already (two first downloads at once). */
export async function insertFeeInvoice(
  db: DbOrTx,
  row: typeof feeInvoices.$inferInsert,
): Promise<FeeInvoiceRow | null> {
  const [saved] = await db.insert(feeInvoices).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}
