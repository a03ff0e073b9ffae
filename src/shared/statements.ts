// A shark's monthly statement and the company's monthly fee invoice to it (issue 24, decisions 143-144): the
// month in the request, the months the earnings page offers, and every word the two PDFs and the page print.
import { z } from 'zod';
import { sharkScopeQuerySchema } from './workspace';

/** "2026-11": a calendar month of this century, in the shark's own time zone. */
export const STATEMENT_MONTH_PATTERN = /^20\d{2}-(0[1-9]|1[0-2])$/;
/** The earnings page offers at most this many months, the newest first, none before the shark joined. */
export const STATEMENT_MONTHS_SHOWN = 12;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "November 2026" (the month is checked before it is named). */
export const monthLabel = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return `${MONTH_NAMES[m - 1]} ${year}`;
};

export const STATEMENT_MSG = {
  badMonth: 'Choose a month as YYYY-MM, for example 2026-11.',
  futureMonth: 'Choose a month that has begun.',
  /** The fee invoice of a month still running. */
  monthNotEnded: (month: string) =>
    `${monthLabel(month)} has not ended yet. Its fee invoice is issued once the month is over.`,
  /** A month without platform fees has no invoice. */
  noFees: (month: string) =>
    `No platform fees were charged in ${monthLabel(month)}, so there is no fee invoice for it.`,
} as const;

/** `/statements/2026-11.pdf`: the month, checked with a message that names it. */
export const statementMonthParamsSchema = z.object({
  month: z.string({ error: STATEMENT_MSG.badMonth }).regex(STATEMENT_MONTH_PATTERN, {
    error: STATEMENT_MSG.badMonth,
  }),
});

export const statementQuerySchema = sharkScopeQuerySchema;

/** Where a month's fee invoice stands, so the page offers the download only where there is one. */
export const FEE_INVOICE_STATES = ['issued', 'ready', 'no_fees', 'month_open'] as const;
export type FeeInvoiceState = (typeof FEE_INVOICE_STATES)[number];

export const statementMonthsSchema = z.object({
  /** The zone the months are counted in (the shark's availability zone). */
  timeZone: z.string(),
  /** The newest first: this month, then each before it, back to the month the shark joined (12 at most). */
  months: z.array(
    z.object({
      month: z.string(),
      label: z.string(),
      statementUrl: z.string(),
      feeInvoice: z.object({
        state: z.enum(FEE_INVOICE_STATES),
        /** Its number once issued. */
        number: z.string().nullable(),
        /** Set when there is (or will be at the first download) an invoice: issued or ready. */
        url: z.string().nullable(),
      }),
    }),
  ),
});
export type StatementMonths = z.infer<typeof statementMonthsSchema>;

/** What the page says where a month has no fee invoice to download. */
export const FEE_INVOICE_NOTE: Record<
  Exclude<FeeInvoiceState, 'issued' | 'ready'>,
  (month: string) => string
> = {
  no_fees: STATEMENT_MSG.noFees,
  month_open: STATEMENT_MSG.monthNotEnded,
};

/** The earnings page's Statements section. */
export const STATEMENTS_SECTION_TEXT = {
  title: 'Statements',
  intro:
    "A month's statement lists every change to your balance, from the ledger. The fee invoice sums the platform's fees of a month once it has ended.",
  month: 'Month',
  statement: 'Download statement (PDF)',
  feeInvoice: 'Download fee invoice (PDF)',
  /** "Fee invoice FEE/26-27/000001", once issued. */
  issued: (number: string) => `Fee invoice ${number}`,
  none: 'Statements start with the month you joined.',
} as const;

/**
 * What each kind of ledger transaction is called on a statement. A kind not listed here (one a later module
 * posts) is named by its memo, so it still reads as a sentence.
 */
export const STATEMENT_KIND_LABEL: Record<string, string> = {
  payment_captured: 'Session paid',
  share_released: 'Session held',
  refund_requested: 'Refund',
  payout_created: 'Payout created',
  payout_sent: 'Payout sent',
  payout_paid: 'Payout paid',
  payout_failed: 'Payout failed',
  /** A correction: the mirror of an earlier transaction (decision 208). */
  reversal: 'Correction',
};

/** Every word of the statement and the fee invoice PDFs. */
export const STATEMENT_TEXT = {
  statementTitle: 'Statement',
  /** "Statement of November 2026 for Arjun Mehta". */
  statementSubject: (month: string, name: string) => `Statement of ${monthLabel(month)} for ${name}`,
  period: 'Period',
  timeZone: 'Time zone',
  issued: 'Issued',
  payee: 'Payee',
  summary: 'Summary',
  sessionsPaid: (n: number) => `Sessions paid (${n})`,
  platformFees: 'Platform fees',
  taxOnFees: 'Tax on platform fees',
  yourShare: 'Your share of sessions paid',
  refunds: (n: number) => `Refunds (${n})`,
  paidOut: 'Paid out',
  /** The summary's line for corrections that reversed an earlier transaction of a kind counted above. */
  corrections: (n: number) => `Corrections (${n})`,
  otherChanges: 'Other changes',
  transactions: 'Transactions',
  date: 'Date',
  description: 'Description',
  pending: 'Pending',
  available: 'Available',
  onTheWay: 'On its way',
  openingBalance: 'Opening balance',
  closingBalance: 'Closing balance',
  noTransactions: 'No transactions this month.',
  /** A capture's detail line: "Price ₹3,000.00 · fee ₹300.00 · tax on fee ₹54.00". */
  captureDetail: (price: string, fee: string, tax: string | null) =>
    tax ? `Price ${price} · fee ${fee} · tax on fee ${tax}` : `Price ${price} · fee ${fee}`,
  balanceNote:
    'Pending: your share of paid sessions not yet held. Available: your share of held sessions, waiting for the next payout. On its way: payouts made and not yet confirmed paid. Amounts in Indian rupees; dates in your time zone.',
  /** A correction's detail: what it reverses. */
  reverses: (label: string, memo: string) => (memo ? `Reverses ${label}: ${memo}` : `Reverses ${label}`),
  fromLedger: 'Every figure on this statement is read from the ledger.',
  feeInvoiceTitle: 'Fee invoice',
  feeInvoiceSubject: (number: string, name: string) => `Fee invoice ${number} for ${name}`,
  /** The fee invoice's lines. */
  feesOnSessions: (n: number, month: string) =>
    `Platform fees on ${n} ${n === 1 ? 'session' : 'sessions'} paid in ${monthLabel(month)}`,
  feesReturned: (n: number) => `Less platform fees returned with ${n} ${n === 1 ? 'refund' : 'refunds'}`,
  feePeriod: 'Fees of',
  settlement: 'Settlement',
  settled:
    'Nothing to pay: these fees were kept from the payments the company collected on your behalf, as your monthly statement shows.',
  /** Decision 143: the fee's GST was charged on the learners' tax invoices; this invoice does not charge it again. */
  gstAlreadyInvoiced:
    "The GST shown was charged on the learners' tax invoices for these sessions; this invoice shows it for your records and does not charge it again.",
} as const;
