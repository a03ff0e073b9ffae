// All SQL of payments (issue 23): payments, refunds, webhook events and numbered documents. The ledger has its
// own module; a session's rows are the sessions module's.
import { now } from '#server/time.ts';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RefundStatus } from '#shared/payments.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
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

/**
 * What a payment pays for (issue 39): a session's booking or a milestone. Each has at most one open or captured
 * payment of its own (a unique index per column); duplicates taken on its order are not it.
 */
export type Subject = { purpose: 'session'; id: string } | { purpose: 'milestone'; id: string };

const subjectColumn = (s: Subject) => (s.purpose === 'session' ? payments.bookingId : payments.milestoneId);

/** The subject's payment: the open or captured one. */
export async function findSubjectPayment(db: DbOrTx, subject: Subject, lock = false) {
  const [row] = await lockedIf(
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(subjectColumn(subject), subject.id),
          inArray(payments.status, ['created', 'captured']),
          isNull(payments.duplicateOf),
        ),
      ),
    lock,
  );
  return row ?? null;
}

/** Payments by id, in no order. */
export async function findPayments(db: DbOrTx, ids: string[]): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.id, ids));
}

/**
 * Open payments (of anything sold) whose checkout ends before `endsBefore` (the app's clock set it), soonest
 * first: the checkouts job asks the provider about each.
 */
export async function listOpenPayments(db: DbOrTx, endsBefore: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'created'), lt(payments.holdUntil, endsBefore)))
    .orderBy(asc(payments.holdUntil))
    .limit(limit);
}

export async function updatePayment(db: DbOrTx, id: string, patch: Partial<NewPayment>): Promise<void> {
  await db
    .update(payments)
    .set({ ...patch, updatedAt: now() })
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
    .set({ ...patch, updatedAt: now() })
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
    .set({ processedAt: now() })
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

// ---- The finance console (issue 24, decision 142) ------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What an admin's search matches on a payment: the learner's name or email and the shark's name (contained,
 * any case), the provider's payment or order id, or our payment or booking id (whole).
 */
function paymentSearch(q: string, extra: SQL[] = []): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(payments.payerName, pattern),
    ilike(payments.payerEmail, pattern),
    ilike(payments.payeeName, pattern),
    eq(payments.providerPaymentId, q),
    eq(payments.providerOrderId, q),
    ...(UUID.test(q) ? [eq(payments.id, q.toLowerCase()), eq(payments.bookingId, q.toLowerCase())] : []),
    ...extra,
  );
}

/** One page of every payment, newest first, each with its refund and receipt, and the count of all that match. */
export async function listPaymentPage(db: DbOrTx, q: string, page: { limit: number; offset: number }) {
  return db
    .select({
      payment: payments,
      refund: { id: refunds.id, status: refunds.status, amountPaise: refunds.amountPaise },
      receiptId: receiptDocs.id,
      total: sql<string>`count(*) over ()`,
    })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .leftJoin(receiptDocs, and(eq(receiptDocs.paymentId, payments.id), isNull(receiptDocs.refundId)))
    .where(paymentSearch(q))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPayments(db: DbOrTx, q: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(payments)
    .where(paymentSearch(q));
  return Number(row.n);
}

function refundWhere(q: string, status: RefundStatus | undefined) {
  const search = paymentSearch(
    q,
    UUID.test(q) ? [eq(refunds.id, q.toLowerCase())] : [eq(refunds.providerRefundId, q)],
  );
  return and(status ? eq(refunds.status, status) : undefined, search);
}

/** One page of refunds, newest first, with their payment's people and the credit note once there is one. */
export async function listRefundPage(
  db: DbOrTx,
  filter: { q: string; status?: RefundStatus },
  page: { limit: number; offset: number },
) {
  return db
    .select({
      refund: refunds,
      bookingId: payments.bookingId,
      purpose: payments.purpose,
      mail: payments.mail,
      payerName: payments.payerName,
      payerEmail: payments.payerEmail,
      payeeName: payments.payeeName,
      creditNoteId: creditNoteDocs.id,
      creditNoteNumber: creditNoteDocs.number,
      total: sql<string>`count(*) over ()`,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(creditNoteDocs, eq(creditNoteDocs.refundId, refunds.id))
    .where(refundWhere(filter.q, filter.status))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRefunds(db: DbOrTx, filter: { q: string; status?: RefundStatus }) {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(refundWhere(filter.q, filter.status));
  return Number(row.n);
}

/**
 * The money documents issued in [from, to), in the order they were issued, a page at a time after `after` (a
 * keyset, so a month of thousands is read in steady pages, never all at once).
 */
export async function listDocumentsIssued(
  db: DbOrTx,
  range: { from: Date; to: Date },
  after: { issuedAt: Date; id: string } | null,
  limit: number,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(moneyDocuments)
    .where(
      and(
        gte(moneyDocuments.issuedAt, range.from),
        lt(moneyDocuments.issuedAt, range.to),
        after
          ? or(
              gt(moneyDocuments.issuedAt, after.issuedAt),
              and(eq(moneyDocuments.issuedAt, after.issuedAt), gt(moneyDocuments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(moneyDocuments.issuedAt), asc(moneyDocuments.id))
    .limit(limit);
}
