// Payout details (issue 24, decision 136): where a shark's earnings are sent, a UPI id or a bank account, and
// the PAN. The form and the server check them with the one schema below; the server keeps the account number,
// the UPI id and the PAN encrypted and answers only their masked forms.
import { z } from 'zod';

export const PAYOUT_METHODS = ['upi', 'bank'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/**
 * The fourth letter of a PAN says who holds it: P a person, C a company, H a Hindu undivided family, F a firm,
 * A an association of persons, T a trust, B a body of individuals, L a local authority, J an artificial
 * juridical person, G the government. A shark may be paid as a person or through its own firm (decision 136).
 */
const PAN_HOLDER_TYPES = 'ABCFGHJLPT';

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
