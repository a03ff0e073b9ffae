// Reconciliation (issue 24, decision 145): each day's provider records compared with the payments and the ledger.
// What differs becomes an exception an admin resolves with a note. The kinds, their labels, the one line that
// tells each (the console and the admins' mail say the same), and the API's schemas and messages.
import { z } from 'zod';
import { pageField } from './console-page';
import { formatPaise, paiseToRupees } from './money';

export const RECONCILIATION_KINDS = [
  /** The provider captured a payment that no paid booking records. */
  'provider_payment_without_booking',
  /** A paid booking's payment that the provider has no captured record of. */
  'booking_without_provider_payment',
  /** The provider, the payment row and the ledger's capture do not agree on the amount. */
  'amount_mismatch',
  /**
   * The provider's word that it captured a payment (a signed webhook, or its answer when asked) names another
   * amount, currency or order than the payment it is for: nothing was booked or counted (issue 38).
   */
  'capture_mismatch',
  /** The ledger holds two "paid" postings for one payout, or one bank reference on two payouts. */
  'payout_paid_twice',
] as const;
export type ReconciliationKind = (typeof RECONCILIATION_KINDS)[number];

export const RECONCILIATION_KIND_LABEL: Record<ReconciliationKind, string> = {
  provider_payment_without_booking: 'Provider payment with no booking',
  booking_without_provider_payment: 'Paid booking with no provider record',
  amount_mismatch: 'Amount mismatch',
  capture_mismatch: 'Capture refused: not what was ordered',
  payout_paid_twice: 'Payout marked paid twice',
};

export const RECONCILIATION_STATUSES = ['open', 'resolved'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** Exceptions a page of the console's list. */
export const RECONCILIATION_PAGE_SIZE = 20;

export const RECONCILIATION_MSG = {
  statusInvalid: 'Choose open or resolved exceptions',
  noteRequired: 'Write a note on how this exception was resolved',
  noteTooLong: 'Please keep the note under 2000 characters',
  notFound: 'This exception does not exist.',
  alreadyResolved: 'This exception is already resolved.',
  resolved: 'Exception resolved. Your note is kept with it and in the audit log.',
  noneOpen: 'No open exceptions: the provider and the ledger agree.',
  noneResolved: 'No resolved exceptions yet.',
} as const;

/** One exception as the console lists it. Amounts are paise; `summary` is the line the console and mail show. */
export const reconciliationExceptionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RECONCILIATION_KINDS),
  /** The day reconciled when it was found (YYYY-MM-DD, in the app's zone). */
  day: z.string(),
  providerPaymentId: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  bookingId: z.uuid().nullable(),
  payoutIds: z.array(z.uuid()),
  reference: z.string().nullable(),
  providerAmountPaise: z.number().int().nullable(),
  ledgerAmountPaise: z.number().int().nullable(),
  summary: z.string(),
  foundAt: z.iso.datetime({ offset: true }),
  resolvedAt: z.iso.datetime({ offset: true }).nullable(),
  resolvedByEmail: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type ReconciliationException = z.infer<typeof reconciliationExceptionSchema>;

export const reconciliationPageSchema = z.object({
  items: z.array(reconciliationExceptionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Open exceptions in all (the console's tab shows it). */
  open: z.number().int(),
});
export type ReconciliationPage = z.infer<typeof reconciliationPageSchema>;

/** GET /api/admin/reconciliation/exceptions?status=open&page=1 */
export const reconciliationQuerySchema = z.object({
  status: z.enum(RECONCILIATION_STATUSES, { error: RECONCILIATION_MSG.statusInvalid }).default('open'),
  page: pageField,
});
export type ReconciliationQuery = z.input<typeof reconciliationQuerySchema>;

/** POST /api/admin/reconciliation/exceptions/:id/resolve */
export const resolveExceptionSchema = z.object({
  note: z
    .string({ error: RECONCILIATION_MSG.noteRequired })
    .trim()
    .min(1, RECONCILIATION_MSG.noteRequired)
    .max(2000, RECONCILIATION_MSG.noteTooLong),
});
export type ResolveExceptionInput = z.input<typeof resolveExceptionSchema>;

export const resolveExceptionResultSchema = z.object({
  message: z.string(),
  exception: reconciliationExceptionSchema,
});

/** What one line of an exception is told from. */
export interface ExceptionFacts {
  kind: ReconciliationKind;
  providerPaymentId: string | null;
  orderId?: string | null;
  bookingId: string | null;
  payoutIds: string[];
  reference: string | null;
  providerAmountPaise: number | null;
  ledgerAmountPaise: number | null;
  /** The amount of our payment row, where it differs from the provider's. */
  recordedAmountPaise?: number | null;
  /** How many "paid" postings one payout has. */
  postings?: number;
  /** A refused capture's currency and amount as the provider reported them (its minor unit). */
  currency?: string | null;
  reportedAmount?: number | null;
  /** The payment a refused capture names, and its order. */
  paymentId?: string | null;
  recordedOrderId?: string | null;
}

const money = (paise: number | null | undefined) => (paise == null ? 'nothing' : formatPaise(paise));
/** An amount in the provider's currency: rupees as everywhere, any other currency by its code. */
const moneyIn = (amount: number | null | undefined, currency: string | null | undefined) =>
  currency && currency !== 'INR' && amount != null
    ? `${paiseToRupees(amount, { fixed: true })} ${currency}`
    : money(amount);

/** The one line that tells an exception: what differs, with its ids and amounts. */
export function exceptionSummary(f: ExceptionFacts): string {
  switch (f.kind) {
    case 'provider_payment_without_booking':
      return `The provider captured ${money(f.providerAmountPaise)} as ${f.providerPaymentId}${
        f.orderId ? ` (order ${f.orderId})` : ''
      }, and no paid booking records it.`;
    case 'booking_without_provider_payment':
      return `Booking ${f.bookingId} is paid (${money(f.recordedAmountPaise ?? f.ledgerAmountPaise)}, ${
        f.providerPaymentId ? `provider payment ${f.providerPaymentId}` : 'no provider payment id'
      }), and the provider has no captured payment for it.`;
    case 'amount_mismatch':
      return `The provider captured ${money(f.providerAmountPaise)} as ${f.providerPaymentId}; the booking's payment records ${money(
        f.recordedAmountPaise,
      )} and the ledger ${money(f.ledgerAmountPaise)}.`;
    case 'capture_mismatch':
      return `The provider reported ${moneyIn(f.reportedAmount ?? f.providerAmountPaise, f.currency)} captured as ${
        f.providerPaymentId
      } on order ${f.orderId}, but ${
        f.bookingId ? `booking ${f.bookingId}'s payment` : `payment ${f.paymentId}`
      } is ${money(f.recordedAmountPaise)} on order ${f.recordedOrderId}: nothing was booked or counted.`;
    case 'payout_paid_twice':
      return f.reference !== null && f.payoutIds.length > 1
        ? `The bank reference ${f.reference} marks ${f.payoutIds.length} payouts paid: ${f.payoutIds.join(', ')}.`
        : `Payout ${f.payoutIds[0]} is marked paid ${f.postings ?? 2} times in the ledger.`;
  }
}
