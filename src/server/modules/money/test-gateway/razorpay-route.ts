// Razorpay Route in the built-in test gateway (decision 147): linked accounts (/v2/accounts), their Route product
// configuration with the settlement bank account (/v2/accounts/:id/products), and direct transfers to them
// (/v1/transfers), kept as Razorpay's bodies in the gateway's table, so the payouts' Route provider runs in test
// mode and in the tests the very adapter it runs against Razorpay.
//
// A transfer is settled at once and its webhook (transfer.processed or transfer.failed, signed) sent as a job
// of the same transaction. The failure trigger, so tests and manual tries can see a payout fail: a linked account
// whose settlement account number ends in FAILING_ACCOUNT_SUFFIX ('0000') gets every transfer `failed`, with
// the error description BENEFICIARY_INVALID ('Beneficiary bank account is invalid').
import type { Db, DbOrTx } from '#server/db/client.ts';
import * as repo from './repository';
import {
  ACCOUNT_ID,
  IDEMPOTENCY_KEY_REUSED,
  NO_SUCH_ID,
  publicBody,
  RazorpayError,
  razorpayId,
  sendWebhooks,
  unixNow,
  webhook,
  type Jobs,
} from './service';

type Body = repo.Body;

/** A settlement account number ending in this makes every transfer to the linked account fail. */
export const FAILING_ACCOUNT_SUFFIX = '0000';
/** The failed transfer's error description. */
export const BENEFICIARY_INVALID = 'Beneficiary bank account is invalid';

// Razorpay's texts.
export const NO_LINKED_ACCOUNT = 'Linked account does not exist';
export const ROUTE_NOT_ACTIVATED =
  'Route is not activated for this linked account: its settlement bank account is not set.';
export const emailTaken = (accountId: string) => `Merchant email already exists for account - ${accountId}`;

const SETTLEMENT_FIELDS = ['beneficiary_name', 'account_number', 'ifsc_code'] as const;
type Settlements = Record<(typeof SETTLEMENT_FIELDS)[number], string | null>;

export interface LinkedAccountRequest {
  email: string;
  phone?: string;
  type: 'route';
  reference_id?: string;
  legal_business_name: string;
  business_type: string;
  contact_name: string;
  customer_facing_business_name?: string;
  profile: Body;
  legal_info?: Body;
  notes?: Record<string, string>;
}

/** POST /v2/accounts: a linked account, `created`. One account per email, as at Razorpay. */
export async function createLinkedAccount(db: Db, input: LinkedAccountRequest): Promise<Body> {
  return db.transaction(async (tx) => {
    await repo.lockName(tx, `email:${input.email.toLowerCase()}`);
    const existing = await repo.findAccountByEmail(tx, input.email);
    if (existing) throw new RazorpayError(400, emailTaken(existing.id as string), 'email');
    const account: Body = {
      id: razorpayId('acc'),
      type: 'route',
      status: 'created',
      email: input.email,
      phone: input.phone ?? null,
      reference_id: input.reference_id ?? null,
      business_type: input.business_type,
      legal_business_name: input.legal_business_name,
      customer_facing_business_name: input.customer_facing_business_name ?? input.legal_business_name,
      contact_name: input.contact_name,
      profile: input.profile,
      legal_info: input.legal_info ?? {},
      notes: input.notes ?? [],
      created_at: unixNow(),
    };
    await repo.insertObject(tx, {
      id: account.id as string,
      entity: 'account',
      parentId: null,
      body: account,
    });
    return account;
  });
}

/** What Route still needs of a product configuration: one entry per settlement field not given yet. */
function requirements(accountId: string, productId: string, settlements: Settlements) {
  return SETTLEMENT_FIELDS.filter((f) => !settlements[f]).map((f) => ({
    field_reference: `settlements.${f}`,
    resolution_url: `/accounts/${accountId}/products/${productId}`,
    reason_code: 'field_missing',
    status: 'required',
  }));
}

/** The configuration with its requirements and activation status worked out again. */
function withStatus(product: Body): Body {
  const settlements = (product.active_configuration as { settlements: Settlements }).settlements;
  const needs = requirements(product.account_id as string, product.id as string, settlements);
  const accepted = (product.tnc as { accepted: boolean }).accepted;
  return {
    ...product,
    requirements: needs,
    activation_status: needs.length === 0 && accepted ? 'activated' : 'needs_clarification',
  };
}

const tnc = (accepted: boolean) => ({
  id: razorpayId('tnc'),
  accepted,
  accepted_at: accepted ? unixNow() : null,
});

/**
 * POST /v2/accounts/:id/products: Route requested for a linked account, `needs_clarification` until its
 * settlement bank account is given. Asked again, it answers the account's configuration it already has.
 */
export async function requestProduct(
  db: Db,
  accountId: string,
  input: { product_name: 'route'; tnc_accepted?: boolean },
): Promise<Body> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockObject(tx, 'account', accountId))) throw new RazorpayError(400, NO_LINKED_ACCOUNT);
    const [existing] = await repo.listChildren(tx, 'product', accountId);
    if (existing) return existing;
    const product = withStatus({
      id: razorpayId('acc_prd'),
      account_id: accountId,
      product_name: input.product_name,
      requested_configuration: [],
      active_configuration: {
        settlements: { account_number: null, ifsc_code: null, beneficiary_name: null },
      },
      requirements: [],
      tnc: tnc(input.tnc_accepted === true),
      activation_status: 'needs_clarification',
      requested_at: unixNow(),
    });
    await repo.insertObject(tx, {
      id: product.id as string,
      entity: 'product',
      parentId: accountId,
      body: product,
    });
    return product;
  });
}

/** PATCH /v2/accounts/:id/products/:productId: the settlement bank account (and the terms) given. */
export async function updateProduct(
  db: Db,
  accountId: string,
  productId: string,
  input: {
    settlements?: { account_number: string; ifsc_code: string; beneficiary_name: string };
    tnc_accepted?: boolean;
  },
): Promise<Body> {
  return db.transaction(async (tx) => {
    if (!(await repo.lockObject(tx, 'account', accountId))) throw new RazorpayError(400, NO_LINKED_ACCOUNT);
    const product = await repo.lockObject(tx, 'product', productId);
    if (!product || product.account_id !== accountId) throw new RazorpayError(400, NO_SUCH_ID);
    const active = product.active_configuration as { settlements: Settlements };
    const accepted = (product.tnc as { accepted: boolean }).accepted;
    const updated = withStatus({
      ...product,
      active_configuration: {
        ...active,
        settlements: { ...active.settlements, ...input.settlements },
      },
      tnc: input.tnc_accepted && !accepted ? tnc(true) : product.tnc,
    });
    await repo.updateBody(tx, productId, updated);
    return updated;
  });
}

/** The error of a transfer: all null when it went through. */
const transferError = (id: string, failed: boolean) => ({
  code: failed ? 'BAD_REQUEST_ERROR' : null,
  description: failed ? BENEFICIARY_INVALID : null,
  reason: failed ? 'beneficiary_account_invalid' : null,
  field: null,
  step: failed ? 'transfer_processing' : null,
  id,
  source: failed ? 'beneficiary_bank' : null,
  metadata: null,
});

/**
 * POST /v1/transfers: a direct transfer from the merchant's balance to a linked account whose Route is
 * activated, `processed` at once (or `failed`: the trigger above), with its webhook. X-Transfer-Idempotency:
 * the same key with the same request answers the transfer it made; with another request, Razorpay's 400.
 */
export async function createTransfer(
  db: Db,
  jobs: Jobs,
  input: {
    account: string;
    amount: number;
    currency: 'INR';
    notes?: Record<string, string>;
    on_hold?: boolean;
    idempotencyKey?: string;
  },
): Promise<Body> {
  const { idempotencyKey, ...fields } = input;
  const request = JSON.stringify({
    account: fields.account,
    amount: fields.amount,
    currency: fields.currency,
    notes: fields.notes ?? {},
    on_hold: fields.on_hold ?? false,
  });
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      await repo.lockName(tx, `transfer-key:${idempotencyKey}`);
      const earlier = await repo.findTransferByIdempotencyKey(tx, idempotencyKey);
      if (earlier) {
        if ((earlier._private as { request?: string } | undefined)?.request !== request)
          throw new RazorpayError(400, IDEMPOTENCY_KEY_REUSED);
        return publicBody(earlier);
      }
    }
    if (!(await repo.lockObject(tx, 'account', fields.account)))
      throw new RazorpayError(400, NO_LINKED_ACCOUNT, 'account');
    const [product] = await repo.listChildren(tx, 'product', fields.account);
    if (product?.activation_status !== 'activated')
      throw new RazorpayError(400, ROUTE_NOT_ACTIVATED, 'account');
    const settlements = (product.active_configuration as { settlements: Settlements }).settlements;
    const failed = (settlements.account_number ?? '').endsWith(FAILING_ACCOUNT_SUFFIX);
    const id = razorpayId('trf');
    const at = unixNow();
    const transfer: Body = {
      id,
      entity: 'transfer',
      status: failed ? 'failed' : 'processed',
      settlement_status: failed ? null : 'pending',
      source: ACCOUNT_ID,
      recipient: fields.account,
      amount: fields.amount,
      currency: 'INR',
      amount_reversed: 0,
      fees: 0,
      tax: 0,
      notes: fields.notes ?? {},
      linked_account_notes: [],
      on_hold: fields.on_hold ?? false,
      on_hold_until: null,
      recipient_settlement_id: null,
      created_at: at,
      processed_at: failed ? null : at,
      error: transferError(id, failed),
      _private: { idempotency_key: idempotencyKey ?? null, request },
    };
    await repo.insertObject(tx, { id, entity: 'transfer', parentId: fields.account, body: transfer });
    await sendWebhooks(tx, jobs, webhook(`transfer.${transfer.status as string}`, { transfer }));
    return publicBody(transfer);
  });
}

/** GET /v1/transfers/:id */
export async function fetchTransfer(db: DbOrTx, transferId: string): Promise<Body> {
  const transfer = await repo.getObject(db, 'transfer', transferId);
  if (!transfer) throw new RazorpayError(400, NO_SUCH_ID);
  return publicBody(transfer);
}
