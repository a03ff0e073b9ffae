// Payout details (issue 24, decision 136): where a shark's earnings are sent, a UPI id or a bank account, and
// the PAN. The form and the server check them with the one schema below; the server keeps the account number,
// the UPI id and the PAN encrypted and answers only their masked forms.
import { z } from 'zod';
import { pageField } from './console-page';

export const PAYOUT_METHODS = ['upi', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * The fourth letter of a PAN says who holds it: P a person, C a company, H a Hindu undivided family, F a firm,
 * A an association of persons, T a trust, B a body of individuals, L a local authority, J an artificial
 * juridical person, G the government. A shark may be paid as a person or through its own firm (decision 136).
 */
const PAN_HOLDER_TYPES = 'ABCFGHJLPT';

/** The id of a payee's payout details section, for a mail's link straight to it (`…/earnings#payout-details`). */
export const PAYOUT_DETAILS_ANCHOR = 'payout-details';

export const PAYOUT_MSG = {
  methodRequired: 'Choose UPI or bank account',
  upiRequired: 'Enter your UPI id',
  upiInvalid: 'Enter a UPI id like name@bank',
  holderRequired: "Enter the account holder's name",
  holderInvalid: "Enter the account holder's name as the bank has it (2 to 100 letters)",
  accountRequired: 'Enter the account number',
  accountInvalid: 'An account number has 9 to 18 digits',
  accountConfirmRequired: 'Type the account number again',
  accountMismatch: 'The account numbers do not match',
  ifscRequired: 'Enter the IFSC of your branch',
  ifscInvalid: 'An IFSC has 11 characters: 4 letters, a zero, then 6 letters or digits (like HDFC0001234)',
  panRequired: 'Enter your PAN',
  panInvalid: 'A PAN has 10 characters: 5 letters, 4 digits, 1 letter (like ABCPE1234F)',
  panHolderType: 'The 4th letter of this PAN is not a holder type the income tax department issues',
  saved: 'Payout details saved. We sent you a mail about the change.',
  ownerOnly: 'Only the shark can change its payout details.',
  noneYet: 'No payout details yet. Add a UPI id or a bank account so we can pay you.',
} as const;

/** Spaces and dashes a shark types to group digits are dropped. */
const digits = (s: string) => s.replace(/[\s-]+/g, '');
const upper = (s: string) => s.replace(/\s+/g, '').toUpperCase();

const UPI = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
const HOLDER = /^[\p{L}][\p{L} .'-]{1,99}$/u;
const ACCOUNT = /^\d{9,18}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;

/**
 * PUT /api/workspace/payout-details. One object for both methods, so the form keeps one set of fields and each
 * message lands beside its own field; the fields of the other method are ignored.
 */
export const payoutDetailsInputSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS, { error: PAYOUT_MSG.methodRequired }),
    upiId: z.string().optional().default(''),
    holderName: z.string().optional().default(''),
    accountNumber: z.string().optional().default(''),
    accountNumberConfirm: z.string().optional().default(''),
    ifsc: z.string().optional().default(''),
    pan: z.string().optional().default(''),
  })
  // Every field is checked here rather than in its own schema, so that one request names every bad field at once
  // (zod skips an object's refinements once a field of it has failed).
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const pan = upper(v.pan);
    if (!pan) issue('pan', PAYOUT_MSG.panRequired);
    else if (!PAN.test(pan)) issue('pan', PAYOUT_MSG.panInvalid);
    else if (!PAN_HOLDER_TYPES.includes(pan[3]!)) issue('pan', PAYOUT_MSG.panHolderType);
    if (v.method === 'upi') {
      const upi = v.upiId.trim().toLowerCase();
      if (!upi) issue('upiId', PAYOUT_MSG.upiRequired);
      else if (!UPI.test(upi)) issue('upiId', PAYOUT_MSG.upiInvalid);
      return;
    }
    const holder = v.holderName.trim();
    if (!holder) issue('holderName', PAYOUT_MSG.holderRequired);
    else if (!HOLDER.test(holder)) issue('holderName', PAYOUT_MSG.holderInvalid);
    const account = digits(v.accountNumber);
    if (!account) issue('accountNumber', PAYOUT_MSG.accountRequired);
    else if (!ACCOUNT.test(account)) issue('accountNumber', PAYOUT_MSG.accountInvalid);
    const again = digits(v.accountNumberConfirm);
    if (!again) issue('accountNumberConfirm', PAYOUT_MSG.accountConfirmRequired);
    else if (again !== account) issue('accountNumberConfirm', PAYOUT_MSG.accountMismatch);
    const ifsc = upper(v.ifsc);
    if (!ifsc) issue('ifsc', PAYOUT_MSG.ifscRequired);
    else if (!IFSC.test(ifsc)) issue('ifsc', PAYOUT_MSG.ifscInvalid);
  })
  .transform((v): PayoutDetailsValues =>
    v.method === 'upi'
      ? { method: 'upi', upiId: v.upiId.trim().toLowerCase(), pan: upper(v.pan) }
      : {
          method: 'bank',
          holderName: v.holderName.trim().replace(/\s+/g, ' '),
          accountNumber: digits(v.accountNumber),
          accountNumberConfirm: digits(v.accountNumberConfirm),
          ifsc: upper(v.ifsc),
          pan: upper(v.pan),
        },
  );
export type PayoutDetailsInput = z.input<typeof payoutDetailsInputSchema>;
/**
 * The checked values, normalised (upper-case codes, digits only, a lower-case UPI id). They pass the schema
 * again unchanged, so the form sends them as they are.
 */
export type PayoutDetailsValues =
  | { method: 'upi'; upiId: string; pan: string }
  | {
      method: 'bank';
      holderName: string;
      accountNumber: string;
      accountNumberConfirm: string;
      ifsc: string;
      pan: string;
    };

/**
 * GET /api/workspace/payout-details: what the page shows, never the numbers themselves. The UPI id keeps its
 * first two characters and its bank handle ("ra••••@okaxis"); the account number and the PAN their last 4.
 */
export const payoutDetailsSchema = z.object({
  details: z
    .object({
      method: z.enum(PAYOUT_METHODS),
      upiMasked: z.string().nullable(),
      holderName: z.string().nullable(),
      accountLast4: z.string().nullable(),
      ifsc: z.string().nullable(),
      panLast4: z.string(),
      updatedAt: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/** The masked UPI id: the first two characters of the name, then the handle. */
export function maskUpi(upiId: string): string {
  const at = upiId.lastIndexOf('@');
  const name = upiId.slice(0, at);
  return `${name.length > 4 ? name.slice(0, 2) : ''}••••${upiId.slice(at)}`;
}

/** "•••• 1234": how a number is shown once saved. */
export const maskLast4 = (last4: string) => `•••• ${last4}`;

// ---- Payouts (issue 24, decision 137) ----------------------------------------------------------------------

/**
 * A payout's life: made by the payout run (created), handed to the bank or the provider (sent), then paid (a
 * UTR or the provider's processed transfer) or failed (the money goes back to the payee's available balance).
 * `skipped` records that the run found a balance but no payout details, so the payee is told once a period.
 */
export const PAYOUT_STATUSES = ['created', 'sent', 'paid', 'failed', 'skipped'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_LABEL: Record<PayoutStatus, string> = {
  created: 'Created',
  sent: 'Sent',
  paid: 'Paid',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** Who moves the money: a bank upload an admin makes (the default), or a Razorpay Route transfer. */
export const PAYOUT_PROVIDERS = ['manual', 'razorpay_route'] as const;
export type PayoutProvider = (typeof PAYOUT_PROVIDERS)[number];

export const PAYOUT_PROVIDER_LABEL: Record<PayoutProvider, string> = {
  manual: 'Manual transfer',
  razorpay_route: 'Razorpay Route',
};

/** The payouts job: the scheduled run, or one Route payout to send to the provider. */
export type PayoutJob = { task: 'run' } | { task: 'send'; payoutId: string };

/**
 * How a payout travels, as its payee and the admin read it: where a manual payout goes ("UPI ra••••@okaxis",
 * "Bank account •••• 1234 at HDFC0001234"), or the Route transfer to it; a skip went nowhere.
 */
export function payoutMethodText(p: { provider: PayoutProvider; destination: string | null }): string {
  if (!p.destination) return '—';
  const to = p.destination.charAt(0).toUpperCase() + p.destination.slice(1);
  return p.provider === 'razorpay_route' ? `${PAYOUT_PROVIDER_LABEL.razorpay_route} to ${p.destination}` : to;
}

/** How often the payout run pays: its period names a payout ("2026-W48", "2026-11"). */
export const PAYOUT_SCHEDULES = ['weekly', 'monthly'] as const;
export type PayoutSchedule = (typeof PAYOUT_SCHEDULES)[number];

export const PAYOUT_RUN_MSG = {
  utrRequired: 'Enter the bank reference (UTR) of the transfer',
  utrInvalid: 'A UTR has 12 to 22 letters and digits',
  utrTaken: 'This UTR is already recorded on another payout',
  reasonRequired: 'Say why the payout failed; the payee reads it',
  reasonTooLong: 'Keep the reason under 500 characters',
  notFound: 'No such payout.',
  alreadyPaid: 'This payout is already marked paid.',
  paidAfterFailed: 'This payout failed and its money went back to the balance; it cannot be marked paid.',
  alreadyFailed: 'This payout already failed.',
  notManual: 'This payout goes through Razorpay Route; its state comes from Razorpay.',
  skippedNoAction: 'Nothing was sent for a skipped payout.',
  skippedNoDetails: 'No payout details: the payee was mailed to add them. The balance waits.',
  markedPaid: 'Payout marked paid. The payee was told.',
  markedFailed: 'Payout marked failed. Its money is back in the balance and the payee was told why.',
} as const;

const UTR = /^[A-Z0-9]{12,22}$/;

/** POST /api/admin/payouts/:id/paid: the bank's reference of the transfer. */
export const markPayoutPaidSchema = z.object({
  utr: z
    .string({ error: PAYOUT_RUN_MSG.utrRequired })
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().min(1, PAYOUT_RUN_MSG.utrRequired).regex(UTR, PAYOUT_RUN_MSG.utrInvalid)),
});

/** POST /api/admin/payouts/:id/failed: why, in words the payee reads. */
export const markPayoutFailedSchema = z.object({
  reason: z
    .string({ error: PAYOUT_RUN_MSG.reasonRequired })
    .trim()
    .min(1, PAYOUT_RUN_MSG.reasonRequired)
    .max(500, PAYOUT_RUN_MSG.reasonTooLong),
});

/** One payout as its payee sees it on the earnings page. */
export const payoutSchema = z.object({
  id: z.uuid(),
  period: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  provider: z.enum(PAYOUT_PROVIDERS),
  /** Masked: "UPI ra••••@okaxis", "bank account •••• 1234 at HDFC0001234". */
  destination: z.string().nullable(),
  /** The bank's UTR or the provider's transfer id, once there is one. */
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  failedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/workspace/payouts: a page of the payee's payouts, its totals, and when payouts go out. */
export const payoutPageSchema = z.object({
  total: z.number().int(),
  items: z.array(payoutSchema),
  /** Paid so far, and made but not yet confirmed paid. */
  paidOutPaise: z.number().int(),
  onTheWayPaise: z.number().int(),
  schedule: z.enum(PAYOUT_SCHEDULES),
  /** The least available balance a payout run pays out. */
  minimumPaise: z.number().int(),
});
export type PayoutPage = z.infer<typeof payoutPageSchema>;

/** The payouts section's texts, on the page and in its tests. */
export const PAYOUTS_TEXT = {
  empty: (schedule: PayoutSchedule, minimum: string) =>
    `No payouts yet. Payouts go out ${schedule === 'weekly' ? 'every Monday' : 'on the 1st of every month'} once your available balance is at least ${minimum}.`,
  failed: 'The money came back to your available balance and goes out with the next payout.',
} as const;

/** One payout in the admin's batch: with whom it pays. */
export const adminPayoutSchema = payoutSchema.extend({
  payeeKind: z.enum(['shark', 'freelancer']),
  payeeId: z.uuid(),
  payeeName: z.string(),
  payeeEmail: z.string(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutQuerySchema = z.object({
  period: z.string().max(10).optional(),
  status: z.enum(PAYOUT_STATUSES).optional(),
  q: z.string().trim().max(100).optional(),
  page: pageField,
});

export const adminPayoutPageSchema = z.object({
  total: z.number().int(),
  items: z.array(adminPayoutSchema),
  /** The periods that have payouts, newest first, for the batch picker. */
  periods: z.array(z.string()),
});
export type AdminPayoutPage = z.infer<typeof adminPayoutPageSchema>;

/** What a payout run did: per payee, one of these. */
export const payoutRunSchema = z.object({
  period: z.string(),
  created: z.number().int(),
  skipped: z.number().int(),
  belowMinimum: z.number().int(),
  alreadyPaid: z.number().int(),
});
export type PayoutRun = z.infer<typeof payoutRunSchema>;
