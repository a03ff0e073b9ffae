// Paying for a session (issue 23, decisions 130-133): the texts, the refund cases and the API's shapes that the
// server and the web share. Amounts on the wire are integer paise; the web formats them as rupees.
import { z } from 'zod';
import { queryNumberInput } from './query-numbers';

export const PAYMENT_PROVIDERS = ['test', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * A payment's life: `created` (an order, the checkout open), `captured` (the money is ours to hold), `failed`
 * (the provider said no), `expired` (the checkout closed unpaid). A captured payment never moves back.
 */
export const PAYMENT_STATUSES = ['created', 'captured', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What a payment pays for: a session's booking, or an engagement's milestone (decision 176). */
export const PAYMENT_PURPOSES = ['session', 'milestone'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Why money goes back (decision 130): each has one percentage in the refund policy. */
export const REFUND_REASONS = [
  'declined',
  'expired',
  'shark_cancelled',
  'admin_cancelled',
  'shark_no_show',
  'learner_cancelled',
  'learner_late_cancelled',
  'learner_no_show',
  'duplicate_payment',
  'checkout_closed',
  /** An admin's manual refund of an amount, with a reason kept on the refund (decision 141). */
  'admin_refund',
  /** An admin ruled a milestone's dispute for the client (decision 179): the milestone refunded in full. */
  'dispute_refund',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_REASON_LABEL: Record<RefundReason, string> = {
  declined: 'The shark declined the request',
  expired: 'The shark did not answer in time',
  shark_cancelled: 'The shark cancelled',
  admin_cancelled: 'Our team cancelled the session',
  shark_no_show: 'The shark did not show up',
  learner_cancelled: 'You cancelled before the cancellation window',
  learner_late_cancelled: 'You cancelled inside the cancellation window',
  learner_no_show: 'You did not show up',
  duplicate_payment: 'A second payment for the same booking',
  checkout_closed: 'The payment arrived after the checkout had closed',
  admin_refund: 'A refund from our team',
  dispute_refund: 'Our team ruled the milestone dispute for you',
};

/** A price quote: what the learner pays and where it goes (decision 131: the fee is inside the price). */
export const quoteSchema = z.object({
  hourlyPaise: z.number().int(),
  hours: z.number().int(),
  totalPaise: z.number().int(),
  /** The platform's fee, and the GST on it where the company has a GSTIN (0 otherwise). */
  feePaise: z.number().int(),
  feeTaxPaise: z.number().int(),
  feePercent: z.number(),
  taxPercent: z.number(),
  /** What the shark earns from it. */
  sharkPaise: z.number().int(),
  cancellationHours: z.number().int(),
  lateCancellationRefund: z.number().int(),
  /** Each way a session can fail to happen, and what the learner gets back. */
  refunds: z.array(
    z.object({ reason: z.enum(REFUND_REASONS), percent: z.number().int(), amountPaise: z.number().int() }),
  ),
});
export type Quote = z.infer<typeof quoteSchema>;

export const quoteQuerySchema = z.object({
  hours: z.preprocess(
    queryNumberInput,
    z
      .number({ error: 'Hours must be a number' })
      .int('Hours must be a whole number')
      .min(1, 'Book at least 1 hour')
      .max(12, 'You can book at most 12 hours at a time'),
  ),
});

/** GET /api/sessions/:id/checkout: what the checkout step needs to open the provider's window. */
export const checkoutSchema = z.object({
  bookingId: z.uuid(),
  /** The shark's public profile id: "pick another time" leads back there. */
  sharkId: z.uuid(),
  paymentId: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's public key (Razorpay's key_id); the test gateway's own in test mode. */
  keyId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  currency: z.literal('INR'),
  description: z.string(),
  holdUntil: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  quote: quoteSchema,
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** POST /api/sessions/:id/checkout/confirm: Razorpay Checkout's handler response, as it gives it. */
export const checkoutCallbackSchema = z.object({
  razorpay_payment_id: z.string().trim().min(1, 'razorpay_payment_id is required').max(64),
  razorpay_order_id: z.string().trim().min(1, 'razorpay_order_id is required').max(64),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/, 'razorpay_signature must be 64 hexadecimal characters'),
});
export type CheckoutCallback = z.infer<typeof checkoutCallbackSchema>;

/** The payment and refund of one session, as its page and the bookings list show them. */
export const sessionPaymentSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  amountPaise: z.number().int(),
  paidAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  refund: z
    .object({
      status: z.enum(REFUND_STATUSES),
      reason: z.enum(REFUND_REASONS),
      amountPaise: z.number().int(),
      /** The policy's percentage; null for an admin's refund of an amount (decision 141). */
      percent: z.number().int().nullable(),
      at: z.string(),
      creditNoteNumber: z.string().nullable(),
      creditNoteUrl: z.string().nullable(),
    })
    .nullable(),
  /** What a cancellation now would refund (the viewer's own cancel), for the cancel dialog. */
  cancelRefund: z.object({ percent: z.number().int(), amountPaise: z.number().int() }).nullable(),
});
export type SessionPayment = z.infer<typeof sessionPaymentSchema>;

/**
 * A paid booking's money on the learner's bookings list: what was paid, the refund's state, and the receipt and
 * credit note to download (the session page's block without what cancelling now would refund).
 */
export const bookingPaymentSchema = sessionPaymentSchema.omit({ cancelRefund: true });
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;
