// All SQL of payments (issue 23): payments, refunds, webhook events and numbered documents. The ledger has its
// own module; a session's rows are the sessions module's.
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import {
  moneyDocuments,
  moneyDocumentSeries,
  payments,
  paymentWebhookEvents,
  refunds,
} from '#server/db/schema.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type DocumentRow = typeof moneyDocuments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: DbOrTx, row: NewPayment): Promise<PaymentRow> {
  const [saved] = await db.insert(payments).values(row).returning();
  return saved;
}

const lockedIf = <T extends { for: (s: 'update') => unknown }>(q: T, lock: boolean) =>
  (lock ? q.for('update') : q) as T;

export async function findPayment(db: DbOrTx, id: string, lock = false): Promise<PaymentRow | null> {
  const [row] = await lockedIf(db.select().from(payments).where(eq(payments.id, id)), lock);
  return row ?? null;
}

/** The order's own payment (not a duplicate taken on the same order). */
export async function findPaymentByOrder(db: DbOrTx, orderId: string, lock = false) {
  const [row] = await lockedIf(
    db
      .select()
      .from(payments)
      .where(and(eq(payments.providerOrderId, orderId), isNull(payments.duplicateOf))),
    lock,
  );
  return row ?? null;
}

export async function findPaymentByProviderId(db: DbOrTx, providerPaymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row ?? null;
}

/** A booking's payment: the open or captured one (at most one, by a unique index). */
export async function findBookingPayment(db: DbOrTx, bookingId: string, lock = false) {
  const [row] = await lockedIf(
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, bookingId),
          inArray(payments.status, ['created', 'captured']),
          isNull(payments.duplicateOf),
        ),
      ),
    lock,
  );
  return row ?? null;
}

export async function updatePayment(db: DbOrTx, id: string, patch: Partial<NewPayment>): Promise<void> {
  await db
    .update(payments)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

export async function insertRefund(db: DbOrTx, row: typeof refunds.$inferInsert) {
  const [saved] = await db.insert(refunds).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function findRefund(db: DbOrTx, id: string, lock = false): Promise<RefundRow | null> {
  const [row] = await lockedIf(db.select().from(refunds).where(eq(refunds.id, id)), lock);
  return row ?? null;
}

export async function findRefundByProviderId(db: DbOrTx, providerRefundId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  return row ?? null;
}

export async function findPaymentRefund(db: DbOrTx, paymentId: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  return row ?? null;
}

export async function updateRefund(db: DbOrTx, id: string, patch: Partial<typeof refunds.$inferInsert>) {
  await db
    .update(refunds)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(refunds.id, id));
}

/** Refunds still pending after `before`, oldest first: the reconciliation asks the provider about each. */
export async function listPendingRefunds(db: DbOrTx, before: Date, limit: number) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, before)))
    .orderBy(asc(refunds.updatedAt))
    .limit(limit);
}

/** Stores a webhook event once; false when its id was seen before (a replay). */
export async function insertWebhookEvent(db: DbOrTx, row: typeof paymentWebhookEvents.$inferInsert) {
  const saved = await db
    .insert(paymentWebhookEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.eventId });
  return saved.length > 0;
}

export async function findWebhookEvent(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.eventId, eventId));
  return row ?? null;
}

export async function markWebhookProcessed(db: DbOrTx, eventId: string) {
  await db
    .update(paymentWebhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(paymentWebhookEvents.eventId, eventId));
}

/**
 * The next value of a document series, taken under the series row's lock: two issuers wait for each other, and
 * a rolled-back transaction gives its number back, so numbers never skip.
 */
export async function takeSeriesValue(db: DbOrTx, series: string): Promise<number> {
  const [row] = await db
    .insert(moneyDocumentSeries)
    .values({ series, nextValue: 2 })
    .onConflictDoUpdate({
      target: moneyDocumentSeries.series,
      set: { nextValue: sql`${moneyDocumentSeries.nextValue} + 1` },
    })
    .returning({ next: moneyDocumentSeries.nextValue });
  return row.next - 1;
}

export async function insertDocument(db: DbOrTx, row: typeof moneyDocuments.$inferInsert) {
  const [saved] = await db.insert(moneyDocuments).values(row).returning();
  return saved;
}

export async function findDocument(db: DbOrTx, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(moneyDocuments).where(eq(moneyDocuments.id, id));
  return row ?? null;
}

/** The payment's own document (receipt or tax invoice), or a refund's credit note. */
export async function findDocumentOf(db: DbOrTx, of: { paymentId: string } | { refundId: string }) {
  const [row] = await db
    .select()
    .from(moneyDocuments)
    .where(
      'refundId' in of
        ? eq(moneyDocuments.refundId, of.refundId)
        : and(eq(moneyDocuments.paymentId, of.paymentId), isNull(moneyDocuments.refundId)),
    )
    .orderBy(desc(moneyDocuments.issuedAt));
  return row ?? null;
}

const receiptDocs = alias(moneyDocuments, 'receipt_doc');
const creditNoteDocs = alias(moneyDocuments, 'credit_note_doc');

/**
 * The captured payments of these bookings that this payer made, each with its refund and documents: one query
 * for a whole page of a learner's list (the payment's live row by its partial unique index on the booking).
 */
export async function listPayerBookingPayments(db: DbOrTx, payerId: string, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({
      bookingId: payments.bookingId,
      status: payments.status,
      amountPaise: payments.amountPaise,
      capturedAt: payments.capturedAt,
      receiptId: receiptDocs.id,
      receiptNumber: receiptDocs.number,
      refund: {
        id: refunds.id,
        status: refunds.status,
        reason: refunds.reason,
        amountPaise: refunds.amountPaise,
        percent: refunds.percent,
        createdAt: refunds.createdAt,
        processedAt: refunds.processedAt,
        failedAt: refunds.failedAt,
      },
      creditNoteId: creditNoteDocs.id,
      creditNoteNumber: creditNoteDocs.number,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .leftJoin(receiptDocs, and(eq(receiptDocs.paymentId, payments.id), isNull(receiptDocs.refundId)))
    .leftJoin(creditNoteDocs, eq(creditNoteDocs.refundId, refunds.id))
    .where(
      and(
        inArray(payments.bookingId, bookingIds),
        eq(payments.payerId, payerId),
        eq(payments.status, 'captured'),
        isNull(payments.duplicateOf),
      ),
    );
}

/**
 * What this payer has paid and not been given back, in paise: their captured payments less the refunds sent or
 * on their way (a failed refund is still owed, and counts as paid until it is sent again).
 */
export async function payerNetPaidPaise(db: DbOrTx, payerId: string): Promise<number> {
  const [row] = await db
    .select({
      paid: sql<string>`coalesce(sum(${payments.amountPaise}), 0)::text`,
      refunded: sql<string>`coalesce(sum(${refunds.amountPaise}) FILTER (WHERE ${ne(refunds.status, 'failed')}), 0)::text`,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.payerId, payerId), eq(payments.status, 'captured')));
  return Number(row.paid) - Number(row.refunded);
}

/**
 * One page of a shark's paid sessions: its captured payments (not duplicates), the most recently paid first,
 * each with its refund if any, and the count of them all (a window over the same query): one query a page.
 */
export async function listSharkPaymentPage(
  db: DbOrTx,
  sharkId: string,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      bookingId: payments.bookingId,
      payerName: payments.payerName,
      amountPaise: payments.amountPaise,
      feePaise: payments.feePaise,
      feeTaxPaise: payments.feeTaxPaise,
      capturedAt: payments.capturedAt,
      refundPercent: refunds.percent,
      total: sql<string>`count(*) over ()`,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(and(eq(payments.sharkId, sharkId), eq(payments.status, 'captured'), isNull(payments.duplicateOf)))
    .orderBy(desc(payments.capturedAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many paid sessions a shark has (a page past the end still answers the total). */
export async function countSharkPayments(db: DbOrTx, sharkId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(payments)
    .where(and(eq(payments.sharkId, sharkId), eq(payments.status, 'captured'), isNull(payments.duplicateOf)));
  return Number(row.n);
}

export async function findPaymentsByProviderIds(db: DbOrTx, providerPaymentIds: string[]) {
  if (providerPaymentIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.providerPaymentId, providerPaymentIds));
}

/** Captured payments (duplicates too) whose capture was recorded in [from, to), oldest first. */
export async function listCapturedBetween(db: DbOrTx, range: { from: Date; to: Date }) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'captured'),
        gte(payments.capturedAt, range.from),
        lt(payments.capturedAt, range.to),
      ),
    )
    .orderBy(asc(payments.capturedAt), asc(payments.id));
}
