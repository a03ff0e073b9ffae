// The company's finance console (issue 24, decisions 141-142): payments, refunds, what each payee is owed, the
// ledger's trial balance, an admin's manual refund and the accountant's exports. Its texts and API shapes.
import { z } from 'zod';
import { ADMIN_MSG, reasonField } from './admin';
import { pageField } from './console-page';
import { BOOKS_YEARS } from './constants';
import { isCalendarDate } from './fields';
import { LEDGER_ACCOUNT_KINDS, PAYEE_KINDS, type LedgerAccountKind } from './ledger';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  type PaymentStatus,
  type RefundStatus,
} from './payments';
import { paiseField, rupeesInput, type MoneyRules } from './money-schemas';

export const FINANCE_MSG = {
  amountRequired: 'Enter the amount to refund, in rupees',
  amountInvalid: 'Enter the amount in rupees, like 500 or 499.50',
  amountNotPositive: 'The amount to refund must be more than ₹0',
  amountPaise: 'Use at most two decimals: the smallest amount is one paisa (0.01)',
  amountOverRefundable: (refundable: string) =>
    `The amount is more than this payment's refundable balance of ${refundable}`,
  paymentNotFound: 'This payment does not exist.',
  paymentNotCaptured: (status: string) => `Only a captured payment can be refunded; this one is ${status}.`,
  alreadyRefunded:
    'This payment has a refund already, and a payment is refunded once: see its refund in the Refunds list.',
  refundRecorded: (amount: string) =>
    `Refund of ${amount} recorded: it is on its way to the learner, who gets a credit note once the provider confirms it.`,
  searchTooLong: ADMIN_MSG.searchTooLong,
  refundStatusInvalid: 'Choose a refund status',
  fromRequired: 'Choose the first day of the export',
  toRequired: 'Choose the last day of the export',
  dateInvalid: ADMIN_MSG.dateInvalid,
  rangeReversed: 'The last day must be on or after the first day',
  monthInvalid: 'Use a month like 2026-11',
  monthOutOfRange: `Choose a month from ${BOOKS_YEARS.first}-01 to ${BOOKS_YEARS.last}-12`,
  dateOutOfRange: `Choose a day from ${BOOKS_YEARS.first}-01-01 to ${BOOKS_YEARS.last}-12-31`,
  /** A correction by reversal (decision 208). */
  postingKeyRequired: "Enter the posting's transaction key, as the ledger export shows it",
  postingKeyTooLong: 'A transaction key is at most 200 characters',
  postingNotFound: 'No posting has this transaction key: copy it from the ledger export.',
  postingIsReversal:
    'This posting is itself a reversal and is not reversed: post the correction it needs instead.',
  postingReversedAlready: 'This posting was reversed already: a posting is reversed once.',
  reversalPosted: (key: string) =>
    `Posted the reversal of ${key}: every figure it touched, the payee's included, is corrected.`,
} as const;

/** How a payment's state reads in the console. */
export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  created: 'open (not paid)',
  captured: 'captured',
  failed: 'failed',
  expired: 'expired',
};

export const REFUND_STATUS_LABEL: Record<RefundStatus, string> = {
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed',
};

/** A ledger account's name on the trial balance and in the ledger export. */
export const LEDGER_ACCOUNT_LABEL: Record<LedgerAccountKind, string> = {
  provider_clearing: 'Provider clearing',
  platform_fee_revenue: 'Platform fee revenue',
  tax_payable: 'GST payable',
  refunds_payable: 'Refunds payable',
  provider_fees: 'Provider fees',
  payee_pending: 'Payees: pending',
  payee_available: 'Payees: available',
  payouts_payable: 'Payouts to send',
  payouts_in_transit: 'Payouts in transit',
};

const searchField = z.string().trim().max(200, FINANCE_MSG.searchTooLong).optional().default('');

/** GET /api/admin/finance/payments and /balances: a search and a page. */
export const financeSearchQuerySchema = z.object({ q: searchField, page: pageField });
export type FinanceSearchQuery = z.input<typeof financeSearchQuerySchema>;

/** GET /api/admin/finance/refunds: a search, one state or every one, and a page. */
export const refundSearchQuerySchema = z.object({
  q: searchField,
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(REFUND_STATUSES, { error: FINANCE_MSG.refundStatusInvalid }).optional(),
  ),
  page: pageField,
});
export type RefundSearchQuery = z.input<typeof refundSearchQuerySchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

const at = z.iso.datetime({ offset: true });

export const financePaymentSchema = z.object({
  id: z.uuid(),
  /** A session's payment names its booking; a milestone's its engagement (decision 176). */
  bookingId: z.uuid().nullable(),
  engagementId: z.uuid().nullable(),
  createdAt: at,
  capturedAt: at.nullable(),
  status: z.enum(PAYMENT_STATUSES),
  learnerName: z.string(),
  learnerEmail: z.string(),
  /** The shark of a session's payment; null for a milestone's (its payee is a freelancer). */
  sharkId: z.uuid().nullable(),
  sharkName: z.string(),
  description: z.string(),
  amountPaise: z.number().int(),
  feePaise: z.number().int(),
  feeTaxPaise: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  providerPaymentId: z.string().nullable(),
  /** Set on a second payment the provider took for the same order (refunded in full at once). */
  duplicateOf: z.uuid().nullable(),
  refund: z
    .object({ id: z.uuid(), status: z.enum(REFUND_STATUSES), amountPaise: z.number().int() })
    .nullable(),
  /** What an admin may still refund: a captured payment without a refund (decision 141). */
  refundablePaise: z.number().int(),
  receiptUrl: z.string().nullable(),
});
export type FinancePayment = z.infer<typeof financePaymentSchema>;
export const financePaymentPageSchema = pageOf(financePaymentSchema);
export type FinancePaymentPage = z.infer<typeof financePaymentPageSchema>;

export const financeRefundSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  bookingId: z.uuid().nullable(),
  engagementId: z.uuid().nullable(),
  learnerName: z.string(),
  learnerEmail: z.string(),
  sharkName: z.string(),
  reason: z.enum(REFUND_REASONS),
  /** The admin's own words for a manual refund. */
  note: z.string().nullable(),
  amountPaise: z.number().int(),
  percent: z.number().int().nullable(),
  status: z.enum(REFUND_STATUSES),
  lastError: z.string().nullable(),
  createdAt: at,
  settledAt: at.nullable(),
  creditNoteNumber: z.string().nullable(),
  creditNoteUrl: z.string().nullable(),
});
export type FinanceRefund = z.infer<typeof financeRefundSchema>;
export const financeRefundPageSchema = pageOf(financeRefundSchema);
export type FinanceRefundPage = z.infer<typeof financeRefundPageSchema>;

/**
 * What the company owes one payee (a shark or a freelancer, by its name), every figure from the ledger
 * (decision 208): a negative available balance is what the payee owes back.
 */
export const payeeBalanceSchema = z.object({
  payeeKind: z.enum(PAYEE_KINDS),
  payeeId: z.uuid(),
  name: z.string(),
  pendingPaise: z.number().int(),
  availablePaise: z.number().int(),
  /** Payouts made and not yet confirmed paid. */
  onTheWayPaise: z.number().int(),
  /** Payouts confirmed paid, less any reversed. */
  paidOutPaise: z.number().int(),
});
export type PayeeBalance = z.infer<typeof payeeBalanceSchema>;
export const payeeBalancePageSchema = pageOf(payeeBalanceSchema);
export type PayeeBalancePage = z.infer<typeof payeeBalancePageSchema>;

/**
 * The trial balance: each company account, and the payees' payables added up per kind (each payee's own is in
 * the balances list); debits positive, credits negative. The total is zero in a ledger that balances.
 */
export const trialBalanceSchema = z.object({
  accounts: z.array(
    z.object({
      kind: z.enum(LEDGER_ACCOUNT_KINDS),
      payeeKind: z.enum(PAYEE_KINDS).nullable(),
      /** How many ledger accounts the line adds up (one for a company account). */
      accounts: z.number().int(),
      balancePaise: z.number().int(),
    }),
  ),
  totalPaise: z.number().int(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** A refund's amount: more than ₹0, whole paise; the payment's refundable balance is checked by the server. */
const REFUND_AMOUNT_RULES: MoneyRules = {
  required: FINANCE_MSG.amountRequired,
  notNumber: FINANCE_MSG.amountInvalid,
  invalid: FINANCE_MSG.amountPaise,
  min: { paise: 1, message: FINANCE_MSG.amountNotPositive },
};

/** POST /api/admin/finance/payments/:id/refund: the amount in paise, and the reason. */
export const manualRefundSchema = z.object({
  amountPaise: paiseField(REFUND_AMOUNT_RULES),
  reason: reasonField,
});
export type ManualRefundInput = z.input<typeof manualRefundSchema>;

/** The manual refund form: the amount typed in rupees ("500", "499.50"), sent as `amountPaise`. */
export const manualRefundFormSchema = z
  .object({ amount: rupeesInput(REFUND_AMOUNT_RULES), reason: reasonField })
  .transform(({ amount, reason }) => ({ amountPaise: amount, reason }));

/**
 * POST /api/admin/finance/reversals: the key of the posting to reverse (the ledger export's "Transaction key")
 * and why, which the payee reads on its statement.
 */
export const reversalSchema = z.object({
  key: z
    .string({ error: FINANCE_MSG.postingKeyRequired })
    .trim()
    .min(1, FINANCE_MSG.postingKeyRequired)
    .max(200, FINANCE_MSG.postingKeyTooLong),
  reason: reasonField,
});
export type ReversalInput = z.input<typeof reversalSchema>;

/** The reversal posted: what the console shows, and the two transactions. */
export const reversalResultSchema = z.object({
  message: z.string(),
  reversalId: z.uuid(),
  reversesId: z.uuid(),
});
export type ReversalResult = z.infer<typeof reversalResultSchema>;

/** Whether a YYYY-MM or YYYY-MM-DD (already checked) falls in the years the books cover. */
const inBooksYears = (v: string) => {
  const year = Number(v.slice(0, 4));
  return year >= BOOKS_YEARS.first && year <= BOOKS_YEARS.last;
};

const requiredDate = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FINANCE_MSG.dateInvalid, abort: true })
    .refine(isCalendarDate, { error: FINANCE_MSG.dateInvalid, abort: true })
    .refine(inBooksYears, FINANCE_MSG.dateOutOfRange);

/** GET /api/admin/finance/exports/ledger.csv: the days from `from` to `to`, both included, in India's time. */
export const ledgerExportQuerySchema = z
  .object({ from: requiredDate(FINANCE_MSG.fromRequired), to: requiredDate(FINANCE_MSG.toRequired) })
  .refine((q) => q.from <= q.to, { message: FINANCE_MSG.rangeReversed, path: ['to'] });
export type LedgerExportQuery = z.input<typeof ledgerExportQuerySchema>;

/** GET /api/admin/finance/exports/documents.csv and .zip: one calendar month in India's time. */
export const monthExportQuerySchema = z.object({
  month: z
    .string({ error: FINANCE_MSG.monthInvalid })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: FINANCE_MSG.monthInvalid, abort: true })
    .refine(inBooksYears, FINANCE_MSG.monthOutOfRange),
});
export type MonthExportQuery = z.input<typeof monthExportQuerySchema>;
