// The ledger's vocabulary (issue 23, decision 132): its kinds of accounts, payees and money documents.

/**
 * The company's accounts and each payee's two payables. Debits are positive, credits negative; an asset's
 * balance is positive, a liability's or revenue's negative.
 */
export const LEDGER_ACCOUNT_KINDS = [
  /** Money the provider holds for us: captured payments less refunds sent and provider fees. */
  'provider_clearing',
  /** The platform's fee, our revenue. */
  'platform_fee_revenue',
  /** GST on the platform's fee, owed to the government. */
  'tax_payable',
  /** Refunds decided and not yet sent back through the provider. */
  'refunds_payable',
  /** The provider's charges on payments, our expense. */
  'provider_fees',
  /** A payee's share of sessions not yet held. */
  'payee_pending',
  /** A payee's share of held sessions: theirs to be paid out. */
  'payee_available',
  /** Payouts made by the payout run and not yet sent to the bank or provider. */
  'payouts_payable',
  /** Payouts sent and not yet confirmed paid (a bank's UTR, the provider's processed transfer). */
  'payouts_in_transit',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** Who is paid out: sharks now, freelancers with the freelance marketplace. */
export const PAYEE_KINDS = ['shark', 'freelancer'] as const;
export type PayeeKind = (typeof PAYEE_KINDS)[number];

/** A payment's receipt (no GSTIN) or tax invoice (with one), and a refund's credit note. */
export const MONEY_DOCUMENT_KINDS = ['receipt', 'tax_invoice', 'credit_note'] as const;
export type MoneyDocumentKind = (typeof MONEY_DOCUMENT_KINDS)[number];

export const MONEY_DOCUMENT_LABEL: Record<MoneyDocumentKind, string> = {
  receipt: 'Receipt',
  tax_invoice: 'Tax invoice',
  credit_note: 'Credit note',
};
