// The company's finance console (issue 24, decisions 141-142): what admins read and do about money. It owns no
// table: payments, refunds and money documents are read through the payments service, balances and the trial
// balance through the ledger's, and a manual refund goes down the payments issue's refund path.
import { Temporal } from 'temporal-polyfill';
import { Zip, ZipPassThrough } from 'fflate';
import {
  FINANCE_MSG,
  LEDGER_ACCOUNT_LABEL,
  type FinancePaymentPage,
  type FinanceRefundPage,
  type PayeeBalancePage,
  type ReversalResult,
  type TrialBalance,
} from '#shared/finance.ts';
import { MONEY_DOCUMENT_LABEL } from '#shared/ledger.ts';
import { type RefundStatus } from '#shared/payments.ts';
import { formatPaise, paiseToRupees } from '#shared/money.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import {
  findPosting,
  ledgerEntriesBetween,
  payeeBalancePage,
  reverse,
  trialBalanceByKind,
  type LedgerEntryRow,
} from '#server/modules/money/ledger/service.ts';
import {
  documentsIssued,
  issuedDocumentPdf,
  paymentPage,
  refundByAdmin,
  refundPage,
  type IssuedDocument,
  type PaymentsContext,
} from '#server/modules/money/payments/service.ts';

export const FINANCE_PAGE_SIZE = 25;

const pageOf = (page: number) => ({ limit: FINANCE_PAGE_SIZE, offset: (page - 1) * FINANCE_PAGE_SIZE });

export async function searchPayments(db: DbOrTx, q: string, page: number): Promise<FinancePaymentPage> {
  return { ...(await paymentPage(db, q, pageOf(page))), page, pageSize: FINANCE_PAGE_SIZE };
}

export async function searchRefunds(
  db: DbOrTx,
  filter: { q: string; status?: RefundStatus },
  page: number,
): Promise<FinanceRefundPage> {
  return { ...(await refundPage(db, filter, pageOf(page))), page, pageSize: FINANCE_PAGE_SIZE };
}

export async function searchBalances(db: DbOrTx, q: string, page: number): Promise<PayeeBalancePage> {
  return { ...(await payeeBalancePage(db, q, pageOf(page))), page, pageSize: FINANCE_PAGE_SIZE };
}

export const trialBalance = (db: DbOrTx): Promise<TrialBalance> => trialBalanceByKind(db);

/**
 * An admin's manual refund of an amount (decision 141): the payments issue's refund path and the audit entry
 * in one transaction, so a refused or failed refund leaves neither. Answers the message the console shows.
 */
export async function manualRefund(
  db: Db,
  ctx: PaymentsContext,
  adminId: string,
  paymentId: string,
  input: { amountPaise: number; reason: string },
) {
  const { refund, payment } = await db.transaction(async (tx) => {
    const done = await refundByAdmin(tx, ctx, {
      paymentId,
      amountPaise: input.amountPaise,
      note: input.reason,
    });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: paymentId,
      reason: input.reason,
      details: {
        refundId: done.refund.id,
        bookingId: done.payment.bookingId,
        amountPaise: done.refund.amountPaise,
        paymentAmountPaise: done.payment.amountPaise,
      },
    });
    return done;
  });
  return {
    message: FINANCE_MSG.refundRecorded(formatPaise(refund.amountPaise)),
    refundId: refund.id,
    paymentId: payment.id,
  };
}

/**
 * An admin's correction (decision 208): the posting named by its key (as the ledger export prints it) is
 * reversed, its mirror posted with the admin's reason as its memo (the payee reads it on its statement), in one
 * transaction with the audit entry. A posting is reversed once (a second attempt is a 409 and posts nothing), a
 * reversal is never reversed (409), and a key that names no posting is a 404.
 */
export async function reversePosting(
  db: Db,
  adminId: string,
  input: { key: string; reason: string },
): Promise<ReversalResult> {
  return db.transaction(async (tx) => {
    const original = await findPosting(tx, input.key);
    if (!original) throw notFound(FINANCE_MSG.postingNotFound);
    if (original.reversesId !== null) throw conflict(FINANCE_MSG.postingIsReversal, ERROR_CODE.notAllowed);
    const done = await reverse(tx, original.id, { memo: input.reason });
    if (!done.posted || !done.reversalId)
      throw conflict(FINANCE_MSG.postingReversedAlready, ERROR_CODE.conflict);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'ledger.reverse',
      targetType: 'ledger_transaction',
      targetId: original.id,
      reason: input.reason,
      details: { key: original.key, kind: original.kind, memo: original.memo, reversalId: done.reversalId },
    });
    return {
      message: FINANCE_MSG.reversalPosted(original.key),
      reversalId: done.reversalId,
      reversesId: original.id,
    };
  });
}

// ---- Exports for the accountant ----------------------------------------------------------------------------

/** The accountant's dates are India's (like the documents' own, decision 132). */
const EXPORT_TIME_ZONE = 'Asia/Kolkata';

const startOfDay = (date: string) =>
  new Date(Temporal.PlainDate.from(date).toZonedDateTime(EXPORT_TIME_ZONE).epochMilliseconds);

/** [first day 00:00, the day after the last 00:00) in India. */
export const dayRange = (from: string, to: string) => ({
  from: startOfDay(from),
  to: startOfDay(Temporal.PlainDate.from(to).add({ days: 1 }).toString()),
});

/** A month ("2026-11") in India: its first instant and the next month's. */
export const monthRange = (month: string) => {
  const first = Temporal.PlainYearMonth.from(month);
  return {
    from: startOfDay(first.toPlainDate({ day: 1 }).toString()),
    to: startOfDay(first.add({ months: 1 }).toPlainDate({ day: 1 }).toString()),
  };
};

/** An instant as India's local date and time with its offset: "2026-11-23T06:00:00+05:30". */
const indiaTime = (at: Date) =>
  Temporal.Instant.fromEpochMilliseconds(at.getTime())
    .toZonedDateTimeISO(EXPORT_TIME_ZONE)
    .toString({ smallestUnit: 'second', timeZoneName: 'never' });

/** Paise as rupees with two decimals and no grouping, as a spreadsheet reads a number: 150000 -> "1500.00". */
const rupees = (paise: number) => paiseToRupees(paise, { fixed: true });

/**
 * One CSV record by RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its quotes doubled; records
 * end in CRLF. Text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe (OWASP's advice on CSV injection): names and memos come from people.
 */
export function csvRecord(fields: ReadonlyArray<string | number | null>): string {
  return `${fields
    .map((f) => {
      if (f === null) return '';
      if (typeof f === 'number') return String(f);
      const text = /^[=+\-@\t\r]/.test(f) ? `'${f}` : f;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}

/** UTF-8's byte order mark first: spreadsheets then read ₹ and names in any script right. */
const BOM = '\uFEFF';

export const LEDGER_CSV_HEADER = [
  'Date',
  'Transaction key',
  'Kind',
  'Memo',
  'Account',
  'Payee',
  'Debit (INR)',
  'Credit (INR)',
] as const;

const payeeOf = (e: LedgerEntryRow) =>
  e.payeeId ? `${e.payeeName ?? '(unknown)'} (${e.payeeKind} ${e.payeeId})` : '';

const ledgerRecord = (e: LedgerEntryRow) =>
  csvRecord([
    indiaTime(e.at),
    e.key,
    e.kind,
    e.memo,
    LEDGER_ACCOUNT_LABEL[e.account],
    payeeOf(e),
    e.amountPaise > 0 ? rupees(e.amountPaise) : '',
    e.amountPaise < 0 ? rupees(-e.amountPaise) : '',
  ]);

type Range = { from: Date; to: Date };

/**
 * CSV text: the header row with the first page of records, then a page at a time. The header waits for the first
 * page so that the first chunk has run the first query: the route awaits that chunk before it answers, and a
 * failure there is an error answer, never a 200 cut short (issue 38, finding 5).
 */
async function* csvPages<T>(
  header: readonly string[],
  pages: AsyncIterable<T[]>,
  record: (row: T) => string,
) {
  let head = BOM + csvRecord(header);
  for await (const page of pages) {
    yield head + page.map(record).join('');
    head = '';
  }
  if (head) yield head;
}

/** The ledger's entries of a day range (see `dayRange`) as CSV text, a page of entries at a time. */
export const ledgerCsv = (db: DbOrTx, range: Range): AsyncGenerator<string> =>
  csvPages(LEDGER_CSV_HEADER, ledgerEntriesBetween(db, range), ledgerRecord);

export const REGISTER_CSV_HEADER = [
  'Number',
  'Kind',
  'Issued',
  'Recipient',
  'Recipient email',
  'Refers to',
  'Reason',
  'Provider payment id',
  'Platform fee (INR)',
  'Collected for the shark (INR)',
  'Taxable value (INR)',
  'CGST (INR)',
  'SGST (INR)',
  'IGST (INR)',
  'Total (INR)',
] as const;

function registerRecord({ data: d }: IssuedDocument) {
  const tax = (name: 'CGST' | 'SGST' | 'IGST') =>
    rupees(d.taxes.filter((t) => t.name === name).reduce((s, t) => s + t.amountPaise, 0));
  return csvRecord([
    d.number,
    MONEY_DOCUMENT_LABEL[d.kind],
    indiaTime(new Date(d.issuedAt)),
    d.recipient.name,
    d.recipient.email,
    d.refers?.number ?? '',
    d.refers?.reason ?? '',
    d.payment.paymentId ?? '',
    rupees(d.lines[0]?.amountPaise ?? 0),
    rupees(d.lines.slice(1).reduce((s, l) => s + l.amountPaise, 0)),
    rupees(d.taxableValuePaise),
    tax('CGST'),
    tax('SGST'),
    tax('IGST'),
    rupees(d.totalPaise),
  ]);
}

/** A month's (see `monthRange`) invoices, receipts and credit notes as a CSV register, in the order issued. */
export const documentRegisterCsv = (db: DbOrTx, range: Range): AsyncGenerator<string> =>
  csvPages(REGISTER_CSV_HEADER, documentsIssued(db, range), registerRecord);

/**
 * The month's documents as PDFs in one ZIP, drawn one at a time and stored as they are (a PDF is compressed
 * already): the archive goes out as each file is added, so a month of thousands is never held at once. Its first
 * chunk comes after the first query and the first PDF (or, for an empty month, is the whole archive).
 */
export async function* documentsZip(db: DbOrTx, range: Range): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  for await (const page of documentsIssued(db, range)) {
    for (const d of page) {
      const { filename, pdf } = await issuedDocumentPdf(d);
      const file = new ZipPassThrough(filename);
      file.mtime = new Date(d.data.issuedAt);
      zip.add(file);
      file.push(pdf, true);
      if (failure) throw failure;
      yield* out.splice(0);
    }
  }
  zip.end();
  if (failure) throw failure;
  yield* out.splice(0);
}

/** File names of the exports: "ledger-2026-11-01-to-2026-11-30.csv", "documents-2026-11.zip". */
export const exportFileName = {
  ledger: (from: string, to: string) => `ledger-${from}-to-${to}.csv`,
  register: (month: string) => `documents-${month}.csv`,
  zip: (month: string) => `documents-${month}.zip`,
};
