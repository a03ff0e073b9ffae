// A payee's monthly papers (issue 24, decisions 143-144): the statement, read from the ledger each time, and the
// company's fee invoice, issued once at its first download after the month ended and kept (fee_invoices). The
// month is the shark's own, in its calendar's time zone; a payee is a shark here, a freelancer later.
import { Temporal } from 'temporal-polyfill';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import {
  monthLabel,
  STATEMENT_KIND_LABEL,
  STATEMENT_MONTHS_SHOWN,
  STATEMENT_MSG,
  STATEMENT_TEXT,
  type FeeInvoiceState,
  type StatementMonths,
} from '#shared/statements.ts';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { fieldError, notFound } from '#server/http/errors.ts';
import { documentRupees } from '#server/pdf.ts';
import { now, todayIn } from '#server/time.ts';
import { getAccountContact } from '#server/modules/accounts/accounts/service.ts';
import { sharkTimeZone } from '#server/modules/sessions/availability/service.ts';
import {
  payeeFeesByMonth,
  payeeStatement,
  type Payee,
  type PayeeStatementLine,
} from '#server/modules/money/ledger/service.ts';
import { takeDocumentNumber } from '#server/modules/money/payments/service.ts';
import { financialYear, gstSplit, stateWithCode } from '#server/modules/money/payments/documents.ts';
import { PLATFORM_SERVICE_SAC } from '#shared/money-documents.ts';
import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import {
  renderFeeInvoicePdf,
  renderStatementPdf,
  type Company,
  type FeeInvoiceData,
  type StatementData,
} from './pdf';
import * as repo from './repository';

/** A PDF to send, and the name it is saved under. */
export interface PdfFile {
  filename: string;
  pdf: Buffer;
}

/** The fee invoices' own series, one per financial year: "FEE/26-27/000001" is 16 characters (Rule 46(b)). */
const feeInvoiceSeries = (at: Date) => `FEE/${financialYear(at).slice(2)}/`;

/** The instants a month (in a zone) starts and ends: [from, to). */
function monthBounds(month: string, timeZone: string) {
  const first = Temporal.PlainDate.from(`${month}-01`);
  return {
    from: new Date(first.toZonedDateTime({ timeZone }).epochMilliseconds),
    to: new Date(first.add({ months: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds),
  };
}

const monthBefore = (month: string) => Temporal.PlainYearMonth.from(month).subtract({ months: 1 }).toString();

/** The shark a request is about, its zone and this month there; 404 for an account with no shark row yet. */
async function payeeOf(db: DbOrTx, scope: SharkScope) {
  if (!scope.shark) throw notFound(CATALOGUE_MSG.sharkNotFound);
  const timeZone = await sharkTimeZone(db, scope.shark.id);
  return {
    shark: scope.shark,
    payee: { kind: 'shark', id: scope.shark.id } satisfies Payee,
    timeZone,
    thisMonth: todayIn(timeZone).slice(0, 7),
  };
}

/** A month that has not begun has no papers: refused with a message naming the field. */
function checkBegun(month: string, thisMonth: string) {
  if (month > thisMonth) throw fieldError('month', STATEMENT_MSG.futureMonth);
}

const companyOf = (config: Config): Company => ({
  name: config.COMPANY_NAME,
  address: config.COMPANY_ADDRESS,
  state: stateWithCode(config.COMPANY_STATE),
  gstin: config.COMPANY_GSTIN ?? null,
});

const isPayout = (kind: string) => kind.startsWith('payout');
/** What a transaction changed of all the payee is owed: pending, available and its payouts on their way. */
const owedChange = (l: PayeeStatementLine) => l.pendingPaise + l.availablePaise + l.onTheWayPaise;

/** "payout_reversed" as words, for a kind this module does not know and whose memo is empty. */
const kindWords = (kind: string) => {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A memo without the label it repeats ("Session held: Web App Hacking..." under "Session held"). */
const withoutLabel = (memo: string, label: string) =>
  memo.startsWith(`${label}: `) ? memo.slice(label.length + 2) : memo;

/** A transaction as the statement names it: its kind's label and its memo, or the memo alone for a kind not known. */
function describe(l: PayeeStatementLine, gst: boolean): { label: string; detail: string | null } {
  if (l.reverses) {
    // A correction says what it reverses, named as that transaction is on a statement.
    const original = STATEMENT_KIND_LABEL[l.reverses.kind] ?? kindWords(l.reverses.kind);
    const what = STATEMENT_TEXT.reverses(original, withoutLabel(l.reverses.memo, original));
    return { label: STATEMENT_KIND_LABEL.reversal, detail: l.memo ? `${l.memo}\n${what}` : what };
  }
  const known = STATEMENT_KIND_LABEL[l.kind];
  if (!known) return { label: l.memo.trim() || kindWords(l.kind), detail: null };
  // A refund's memo speaks to the learner ("You cancelled..."): the shark is shown the session it took back from.
  if (l.kind === 'refund_requested') return { label: known, detail: l.paymentMemo ?? (l.memo || null) };
  if (l.kind !== 'payment_captured') {
    // "Session held: Web App Hacking..." under the label "Session held" says it once.
    const memo = withoutLabel(l.memo, known);
    return { label: known, detail: memo || null };
  }
  const price = owedChange(l) + l.feePaise + l.feeTaxPaise;
  const figures = STATEMENT_TEXT.captureDetail(
    documentRupees(price),
    documentRupees(l.feePaise),
    gst || l.feeTaxPaise !== 0 ? documentRupees(l.feeTaxPaise) : null,
  );
  return { label: known, detail: l.memo ? `${l.memo}\n${figures}` : figures };
}

/** The month's summary, from its ledger lines alone. */
function summarize(lines: PayeeStatementLine[], opening: number, closing: number): StatementData['summary'] {
  const s = {
    sessionsPaid: 0,
    grossPaise: 0,
    feePaise: 0,
    feeTaxPaise: 0,
    sharePaise: 0,
    refunds: 0,
    refundedPaise: 0,
    paidOutPaise: 0,
    corrections: 0,
    correctedPaise: 0,
    otherPaise: 0,
  };
  for (const l of lines) {
    if (l.reverses) {
      // A reversal is counted on its own line, whatever it reverses: the lines above stay what was posted.
      s.corrections += 1;
      s.correctedPaise += owedChange(l);
    } else if (l.kind === 'payment_captured') {
      s.sessionsPaid += 1;
      s.sharePaise += owedChange(l);
      s.feePaise += l.feePaise;
      s.feeTaxPaise += l.feeTaxPaise;
      s.grossPaise += owedChange(l) + l.feePaise + l.feeTaxPaise;
    } else if (l.kind === 'refund_requested') {
      s.refunds += 1;
      s.refundedPaise -= owedChange(l);
    } else if (isPayout(l.kind)) s.paidOutPaise -= owedChange(l);
  }
  // Whatever else moved the balance (a kind posted later by another module): so the summary always adds up.
  s.otherPaise = closing - opening - (s.sharePaise - s.refundedPaise - s.paidOutPaise + s.correctedPaise);
  return s;
}

/** The month's statement as a PDF: read from the ledger each time, so it is always the ledger's word. */
export async function statementPdf(
  db: DbOrTx,
  config: Config,
  scope: SharkScope,
  month: string,
): Promise<PdfFile> {
  const { shark, payee, timeZone, thisMonth } = await payeeOf(db, scope);
  checkBegun(month, thisMonth);
  const { from, to } = monthBounds(month, timeZone);
  const [ledger, contact] = await Promise.all([
    payeeStatement(db, payee, from, to),
    getAccountContact(db, shark.userId),
  ]);
  const total = (b: { pendingPaise: number; availablePaise: number; onTheWayPaise: number }) =>
    b.pendingPaise + b.availablePaise + b.onTheWayPaise;
  const company = companyOf(config);
  const data: StatementData = {
    month,
    timeZone,
    issuedAt: now().toISOString(),
    company,
    payee: { name: shark.name, email: contact?.email ?? '' },
    opening: ledger.opening,
    closing: ledger.closing,
    summary: summarize(ledger.lines, total(ledger.opening), total(ledger.closing)),
    lines: ledger.lines.map((l) => ({
      at: l.at.toISOString(),
      ...describe(l, company.gstin !== null),
      pendingPaise: l.pendingPaise,
      availablePaise: l.availablePaise,
      onTheWayPaise: l.onTheWayPaise,
    })),
  };
  return { filename: `statement-${month}.pdf`, pdf: await renderStatementPdf(data) };
}

const feeInvoiceFileName = (number: string) => `fee-invoice-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/** Raised inside the issuing transaction when another request issued the same month's invoice first. */
class IssuedMeanwhile extends Error {}

/**
 * The fee invoice of an ended month as a PDF: the stored one, or issued now from the ledger (numbered, frozen,
 * stored in this transaction). A month still running, or one with no fees, has none: 404 with the reason.
 */
export async function feeInvoicePdf(
  db: DbOrTx,
  config: Config,
  scope: SharkScope,
  month: string,
): Promise<PdfFile> {
  const { shark, payee, timeZone, thisMonth } = await payeeOf(db, scope);
  checkBegun(month, thisMonth);
  const found = await repo.findFeeInvoice(db, payee, month);
  if (found) return renderStored(found);
  if (month === thisMonth) throw notFound(STATEMENT_MSG.monthNotEnded(month));

  const { from, to } = monthBounds(month, timeZone);
  const { lines } = await payeeStatement(db, payee, from, to);
  const charged = lines.filter((l) => l.feePaise > 0);
  const returned = lines.filter((l) => l.feePaise < 0);
  const sum = (xs: PayeeStatementLine[], f: (l: PayeeStatementLine) => number) =>
    xs.reduce((s, l) => s + f(l), 0);
  const feePaise = sum(lines, (l) => l.feePaise);
  const taxPaise = sum(lines, (l) => l.feeTaxPaise);
  if (feePaise <= 0) throw notFound(STATEMENT_MSG.noFees(month));

  const company = companyOf(config);
  const gst = company.gstin !== null;
  // Without a GSTIN no tax is shown (decision 132): whatever the platform kept is its fee.
  const lineOf = (description: string, xs: PayeeStatementLine[]) => ({
    description,
    sac: gst ? PLATFORM_SERVICE_SAC : null,
    amountPaise: sum(xs, (l) => l.feePaise + (gst ? 0 : l.feeTaxPaise)),
  });
  const contact = await getAccountContact(db, shark.userId);
  const issue = async (tx: DbOrTx) => {
    const at = now();
    const number = await takeDocumentNumber(tx, feeInvoiceSeries(at));
    const data: FeeInvoiceData = {
      number,
      month,
      timeZone,
      issuedAt: at.toISOString(),
      supplier: company,
      recipient: { name: shark.name, email: contact?.email ?? '' },
      placeOfSupply: gst ? stateWithCode(config.COMPANY_STATE) : null,
      lines: [
        lineOf(STATEMENT_TEXT.feesOnSessions(charged.length, month), charged),
        ...(returned.length ? [lineOf(STATEMENT_TEXT.feesReturned(returned.length), returned)] : []),
      ],
      taxableValuePaise: gst ? feePaise : 0,
      // The shark's state is not on record: the place of supply is the company's own (as on learners' invoices).
      taxes: gst ? gstSplit(taxPaise, config.GST_RATE_PERCENT, config.COMPANY_STATE, null) : [],
      totalPaise: feePaise + taxPaise,
    };
    const saved = await repo.insertFeeInvoice(tx, {
      number,
      payeeKind: payee.kind,
      payeeId: payee.id,
      month,
      issuedAt: at,
      feePaise: gst ? feePaise : feePaise + taxPaise,
      taxPaise: gst ? taxPaise : 0,
      totalPaise: feePaise + taxPaise,
      data: data as unknown as Record<string, unknown>,
    });
    // Issued by a request running at the same time: roll back, so the number taken goes back to the series.
    if (!saved) throw new IssuedMeanwhile();
    return saved;
  };
  try {
    return await renderStored(await db.transaction(issue));
  } catch (e) {
    if (!(e instanceof IssuedMeanwhile)) throw e;
    return renderStored((await repo.findFeeInvoice(db, payee, month))!);
  }
}

async function renderStored(row: repo.FeeInvoiceRow): Promise<PdfFile> {
  return {
    filename: feeInvoiceFileName(row.number),
    pdf: await renderFeeInvoicePdf(row.data as unknown as FeeInvoiceData),
  };
}

/**
 * The months the earnings page offers, the newest first: this month back to the month the shark joined, at most
 * 12; each with its statement's address and where its fee invoice stands. Three queries, whatever the months.
 */
export async function statementMonths(db: DbOrTx, scope: SharkScope): Promise<StatementMonths> {
  if (!scope.shark) return { timeZone: 'Asia/Kolkata', months: [] };
  const { shark, payee, timeZone, thisMonth } = await payeeOf(db, scope);
  const joined = todayIn(timeZone, shark.createdAt).slice(0, 7);
  const months = [thisMonth];
  while (months.length < STATEMENT_MONTHS_SHOWN && months.at(-1)! > joined)
    months.push(monthBefore(months.at(-1)!));
  const range = {
    from: monthBounds(months.at(-1)!, timeZone).from,
    to: monthBounds(thisMonth, timeZone).to,
    timeZone,
  };
  const [fees, issued] = await Promise.all([
    payeeFeesByMonth(db, payee, range),
    repo.listFeeInvoices(db, payee, months),
  ]);
  const numbers = new Map(issued.map((i) => [i.month, i.number]));
  const query = scope.byAdmin ? `?sharkId=${shark.id}` : '';
  return {
    timeZone,
    months: months.map((month) => {
      const number = numbers.get(month) ?? null;
      const state: FeeInvoiceState = number
        ? 'issued'
        : month === thisMonth
          ? 'month_open'
          : (fees.get(month)?.feePaise ?? 0) > 0
            ? 'ready'
            : 'no_fees';
      return {
        month,
        label: monthLabel(month),
        statementUrl: `/api/workspace/earnings/statements/${month}.pdf${query}`,
        feeInvoice: {
          state,
          number,
          url:
            state === 'issued' || state === 'ready'
              ? `/api/workspace/earnings/fee-invoices/${month}.pdf${query}`
              : null,
        },
      };
    }),
  };
}
