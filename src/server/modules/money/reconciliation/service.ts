// The daily reconciliation (issue 24, decision 145). Owns `reconciliation_exceptions`. It asks the provider for
// the payments it took on a day and compares them with the payments module's rows and the ledger's captures,
// and looks in the ledger for payouts marked paid twice. Every difference becomes an exception, written once
// per (kind, subject), so a run again (a retry, a second server) adds none and mails nothing more; the new ones
// of a run are mailed to every admin in one digest, in the transaction that writes them. Admins resolve each
// with a note, which the audit log keeps too.
import { Temporal } from 'temporal-polyfill';
import {
  exceptionSummary,
  RECONCILIATION_KIND_LABEL,
  RECONCILIATION_KINDS,
  RECONCILIATION_MSG,
  RECONCILIATION_PAGE_SIZE,
  type ExceptionFacts,
  type ReconciliationException,
  type ReconciliationPage,
  type ReconciliationStatus,
} from '#shared/reconciliation.ts';
import { paths } from '#shared/routes.ts';
import type { Config } from '#server/config.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now, todayIn } from '#server/time.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import { capturedAmounts, payoutsPaidTwice } from '#server/modules/money/ledger/service.ts';
import { listAdminEmails, type MailContext } from '#server/modules/platform/mail/service.ts';
import {
  captureAgrees,
  capturedPaymentsBetween,
  orderPaymentsOrNone,
  paymentsByProviderIds,
  type ReportedCapture,
} from '#server/modules/money/payments/service.ts';
import type { PaymentRow } from '#server/modules/money/payments/repository.ts';
import type { Gateway, ListedPayment } from '#server/modules/money/payments/gateway.ts';
import * as repo from './repository';

export interface ReconciliationContext extends MailContext {
  db: Db;
  gateway: Gateway;
  /** APP_TIMEZONE: the days reconciled are its calendar days. */
  timeZone: string;
}

/** The day before today in the zone (what the nightly run reconciles). */
export const previousDay = (timeZone: string, at: Date = now()) =>
  Temporal.PlainDate.from(todayIn(timeZone, at)).subtract({ days: 1 }).toString();

/** A calendar day of the zone as instants: [its first moment, the next day's first moment). */
export function dayRange(day: string, timeZone: string): { from: Date; to: Date } {
  const start = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone });
  return {
    from: new Date(start.epochMilliseconds),
    to: new Date(start.add({ days: 1 }).epochMilliseconds),
  };
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** An exception about to be written: its row, and the facts its line is told from. */
interface Found {
  row: repo.NewException;
  facts: ExceptionFacts;
}

/** Captured, as the provider says it: taken, even if refunded since. */
const isCaptured = (p: ListedPayment) => p.captured;

/**
 * Compares one day's money at the provider with ours and records what differs. The provider is asked outside
 * any database transaction; an outage throws (the job retries later). Answers the exceptions new in this run.
 */
export async function reconcileDay(
  ctx: ReconciliationContext,
  day: string,
): Promise<{ providerPayments: number; recordedPayments: number; created: ReconciliationException[] }> {
  const range = dayRange(day, ctx.timeZone);
  // Oldest first (Razorpay lists the newest first): the exceptions are told in the order the money moved.
  const atProvider = (await ctx.gateway.listPayments(range))
    .filter(isCaptured)
    .sort((a, b) => a.created_at - b.created_at);
  const recorded = await capturedPaymentsBetween(ctx.db, range);

  // Our payments of the provider's, wherever they were recorded (a payment taken just before midnight is
  // recorded just after it).
  const ours = new Map<string, PaymentRow>();
  for (const p of await paymentsByProviderIds(
    ctx.db,
    atProvider.map((p) => p.id),
  ))
    if (p.providerPaymentId) ours.set(p.providerPaymentId, p);
  const provider = new Map(atProvider.map((p) => [p.id, p]));

  const ledger = await capturedAmounts(ctx.db, [
    ...recorded.map((p) => p.id),
    ...[...ours.values()].map((p) => p.id),
  ]);

  const found: Found[] = [];
  // A payment we recorded that the day's list lacks is asked for through its order (the provider may have
  // created it on the day before): absent there too, the provider has no record of it.
  for (const row of recorded) {
    if (row.providerPaymentId && provider.has(row.providerPaymentId)) continue;
    const taken = (await orderPaymentsOrNone(ctx.gateway, row.providerOrderId)).find(
      (p) => p.id === row.providerPaymentId && isCaptured(p),
    );
    if (taken) {
      provider.set(taken.id, taken);
      ours.set(taken.id, row);
      continue;
    }
    found.push({
      row: {
        kind: 'booking_without_provider_payment',
        subject: row.id,
        day,
        providerPaymentId: row.providerPaymentId,
        paymentId: row.id,
        bookingId: row.bookingId,
        ledgerAmountPaise: ledger.get(row.id) ?? null,
        details: { orderId: row.providerOrderId, recordedAmountPaise: row.amountPaise },
      },
      facts: {
        kind: 'booking_without_provider_payment',
        providerPaymentId: row.providerPaymentId,
        bookingId: row.bookingId,
        payoutIds: [],
        reference: null,
        providerAmountPaise: null,
        ledgerAmountPaise: ledger.get(row.id) ?? null,
        recordedAmountPaise: row.amountPaise,
      },
    });
  }

  for (const p of provider.values()) {
    const row = ours.get(p.id);
    if (!row || row.status !== 'captured') {
      found.push({
        row: {
          kind: 'provider_payment_without_booking',
          subject: p.id,
          day,
          providerPaymentId: p.id,
          paymentId: row?.id ?? null,
          bookingId: row?.bookingId ?? null,
          providerAmountPaise: p.amount,
          details: { orderId: p.order_id },
        },
        facts: {
          kind: 'provider_payment_without_booking',
          providerPaymentId: p.id,
          orderId: p.order_id,
          bookingId: row?.bookingId ?? null,
          payoutIds: [],
          reference: null,
          providerAmountPaise: p.amount,
          ledgerAmountPaise: null,
        },
      });
      continue;
    }
    const posted = ledger.get(row.id) ?? null;
    if (p.amount === row.amountPaise && posted === p.amount) continue;
    found.push({
      row: {
        kind: 'amount_mismatch',
        subject: p.id,
        day,
        providerPaymentId: p.id,
        paymentId: row.id,
        bookingId: row.bookingId,
        providerAmountPaise: p.amount,
        ledgerAmountPaise: posted,
        details: { orderId: p.order_id, recordedAmountPaise: row.amountPaise },
      },
      facts: {
        kind: 'amount_mismatch',
        providerPaymentId: p.id,
        bookingId: row.bookingId,
        payoutIds: [],
        reference: null,
        providerAmountPaise: p.amount,
        ledgerAmountPaise: posted,
        recordedAmountPaise: row.amountPaise,
      },
    });
  }

  for (const twice of await payoutsPaidTwice(ctx.db, range)) {
    found.push({
      row: {
        kind: 'payout_paid_twice',
        subject: twice.subject,
        day,
        details: { payoutIds: twice.payoutIds, reference: twice.reference, postings: twice.postings },
      },
      facts: {
        kind: 'payout_paid_twice',
        providerPaymentId: null,
        bookingId: null,
        payoutIds: twice.payoutIds,
        reference: twice.reference,
        providerAmountPaise: null,
        ledgerAmountPaise: null,
        postings: twice.postings,
      },
    });
  }

  // Told kind by kind, in the order of RECONCILIATION_KINDS (a stable sort keeps each kind's own order).
  found.sort((a, b) => RECONCILIATION_KINDS.indexOf(a.row.kind) - RECONCILIATION_KINDS.indexOf(b.row.kind));
  const foundAt = now();
  const createdIds = await ctx.db.transaction(async (tx) => {
    const saved = await repo.insertNew(
      tx,
      found.map((f) => ({ ...f.row, foundAt })),
    );
    const isNew = (f: Found) => saved.some((s) => s.kind === f.row.kind && s.subject === f.row.subject);
    const fresh = found.filter(isNew);
    if (fresh.length > 0) await mailAdmins(tx, ctx, day, fresh);
    return saved.map((s) => s.id);
  });
  return {
    providerPayments: atProvider.length,
    recordedPayments: recorded.length,
    created: (await repo.findMany(ctx.db, createdIds)).map(toView),
  };
}

/** What checking a provider's word on a capture needs: the database, the admins' mailer and the app's zone. */
export type CaptureCheckContext = MailContext & { config: Pick<Config, 'APP_TIMEZONE'> };

/**
 * Checks the provider's word that it captured `p` before anything is booked (issue 38): true when it names this
 * payment's order, amount and currency. Otherwise it is no capture: it is written as an exception (once per
 * provider payment, whatever repeats it) and the admins are mailed in the same transaction, and false.
 */
export async function captureChecked(
  db: Db,
  ctx: CaptureCheckContext,
  p: PaymentRow,
  reported: ReportedCapture,
): Promise<boolean> {
  if (captureAgrees(p, reported)) return true;
  const orderId = reported.orderIds.find((id) => id !== p.providerOrderId) ?? p.providerOrderId;
  const inRupees = reported.currency === 'INR';
  const ledgerAmountPaise = (await capturedAmounts(db, [p.id])).get(p.id) ?? null;
  const found: Found = {
    row: {
      kind: 'capture_mismatch',
      subject: reported.id,
      day: todayIn(ctx.config.APP_TIMEZONE),
      providerPaymentId: reported.id,
      paymentId: p.id,
      bookingId: p.bookingId,
      // The console reads this column as rupees: another currency's amount is told by the summary only.
      providerAmountPaise: inRupees ? reported.amount : null,
      ledgerAmountPaise,
      details: {
        orderId,
        recordedOrderId: p.providerOrderId,
        recordedAmountPaise: p.amountPaise,
        currency: reported.currency,
        reportedAmount: reported.amount,
      },
      foundAt: now(),
    },
    facts: {
      kind: 'capture_mismatch',
      providerPaymentId: reported.id,
      orderId,
      bookingId: p.bookingId,
      payoutIds: [],
      reference: null,
      providerAmountPaise: inRupees ? reported.amount : null,
      ledgerAmountPaise,
      recordedAmountPaise: p.amountPaise,
      currency: reported.currency,
      reportedAmount: reported.amount,
      paymentId: p.id,
      recordedOrderId: p.providerOrderId,
    },
  };
  await db.transaction(async (tx) => {
    const saved = await repo.insertNew(tx, [found.row]);
    if (saved.length > 0) await mailAdmins(tx, ctx, found.row.day, [found], 'capture');
  });
  return false;
}

/** One digest of a run's (or a refused capture's) new exceptions to every admin, in the transaction that writes them. */
async function mailAdmins(
  tx: DbOrTx,
  ctx: MailContext,
  day: string,
  fresh: Found[],
  found: 'daily' | 'capture' = 'daily',
) {
  const exceptions = fresh.map((f) => ({
    label: RECONCILIATION_KIND_LABEL[f.facts.kind],
    summary: exceptionSummary(f.facts),
  }));
  for (const to of await listAdminEmails(tx))
    await ctx.mailer.enqueue(tx, {
      to,
      template: 'reconciliation-exceptions',
      data: {
        day: dayLabel(day),
        exceptions,
        link: `${ctx.appOrigin}${paths.admin}?tab=finance&section=exceptions`,
        ...(found === 'capture' ? { found } : {}),
      },
    });
}

const asText = (v: unknown) => (typeof v === 'string' ? v : null);

function toView(r: repo.ExceptionRow): ReconciliationException {
  const d = r.details;
  const payoutIds = Array.isArray(d.payoutIds) ? (d.payoutIds as string[]) : [];
  const reference = asText(d.reference);
  return {
    id: r.id,
    kind: r.kind,
    day: r.day,
    providerPaymentId: r.providerPaymentId,
    paymentId: r.paymentId,
    bookingId: r.bookingId,
    payoutIds,
    reference,
    providerAmountPaise: r.providerAmountPaise,
    ledgerAmountPaise: r.ledgerAmountPaise,
    summary: exceptionSummary({
      kind: r.kind,
      providerPaymentId: r.providerPaymentId,
      orderId: asText(d.orderId),
      bookingId: r.bookingId,
      payoutIds,
      reference,
      providerAmountPaise: r.providerAmountPaise,
      ledgerAmountPaise: r.ledgerAmountPaise,
      recordedAmountPaise: typeof d.recordedAmountPaise === 'number' ? d.recordedAmountPaise : null,
      postings: typeof d.postings === 'number' ? d.postings : undefined,
      currency: asText(d.currency),
      reportedAmount: typeof d.reportedAmount === 'number' ? d.reportedAmount : null,
      paymentId: r.paymentId,
      recordedOrderId: asText(d.recordedOrderId),
    }),
    foundAt: r.foundAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolvedByEmail: r.resolvedByEmail,
    resolutionNote: r.resolutionNote,
  };
}

/** A page of open or resolved exceptions, with how many are open in all. */
export async function exceptionPage(
  db: DbOrTx,
  status: ReconciliationStatus,
  page: number,
): Promise<ReconciliationPage> {
  const size = RECONCILIATION_PAGE_SIZE;
  const [rows, total, open] = await Promise.all([
    repo.page(db, status, size, (page - 1) * size),
    repo.countByStatus(db, status),
    status === 'open' ? null : repo.countByStatus(db, 'open'),
  ]);
  return { items: rows.map(toView), page, pageSize: size, total, open: open ?? total };
}

/** An admin resolves an open exception with a note: kept with it and in the audit log. 404, or 409 if resolved. */
export async function resolveException(
  db: Db,
  adminId: string,
  id: string,
  note: string,
): Promise<ReconciliationException> {
  await db.transaction(async (tx) => {
    const resolved = await repo.resolve(tx, id, { userId: adminId, note, at: now() });
    if (!resolved) {
      if (await repo.find(tx, id)) throw conflict(RECONCILIATION_MSG.alreadyResolved);
      throw notFound(RECONCILIATION_MSG.notFound);
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: 'reconciliation.resolve',
      targetType: 'reconciliation_exception',
      targetId: id,
      reason: note,
      details: resolved,
    });
  });
  return toView((await repo.find(db, id))!);
}
