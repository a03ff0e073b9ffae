// Razorpay Route in the built-in test gateway (decision 147), driven through the Razorpay adapter as the payouts'
// Route provider drives it: a linked account, its settlement bank account, transfers (processed, failed by the
// trigger, replayed with their idempotency key), and their signed webhooks delivered to the payments module's
// receiver, whose job leaves events it does not know alone.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb } from '#server/test/app.ts';
import { paymentWebhookEvents } from '#server/db/schema.ts';
import {
  GatewayRejected,
  razorpayGateway,
  type Gateway,
  type WebhookEvent,
} from '#server/modules/money/payments/gateway.ts';
import { receiveWebhook } from '#server/modules/money/payments/service.ts';
import { onWebhook } from '#server/modules/money/payments/webhook-inbox.ts';
import { TEST_GATEWAY, TEST_GATEWAY_PATH, testGatewayFetch } from './service';

let app: FastifyInstance;
let gateway: Gateway;
let delivered: { valid: boolean; event: WebhookEvent }[] = [];
let restoreReceiver: () => void;

beforeAll(async () => {
  app = await createTestApp();
  gateway = razorpayGateway({
    provider: 'test',
    apiUrl: `${app.config.appOrigin}${TEST_GATEWAY_PATH}`,
    keyId: TEST_GATEWAY.keyId,
    keySecret: TEST_GATEWAY.keySecret,
    webhookSecret: TEST_GATEWAY.webhookSecret,
    timeoutMs: 5_000,
    fetch: testGatewayFetch(app),
  });
  // Notes each delivery, then hands it to the payments module's receiver as the app does.
  restoreReceiver = onWebhook(async (ctx, input) => {
    delivered.push({
      valid: gateway.webhookSignatureValid(input.rawBody, input.signature),
      event: JSON.parse(input.rawBody) as WebhookEvent,
    });
    return receiveWebhook({ ...ctx.payments, db: ctx.db }, input);
  });
});
afterAll(async () => {
  restoreReceiver();
  await app.close();
});
beforeEach(async () => {
  await resetDb();
  delivered = [];
});
afterEach(async () => {
  await app.jobs.runAll();
});

async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('the call did not fail');
}

let sharks = 0;
/** A shark's linked account with Route settling to this bank account. */
async function linkedAccount(accountNumber = '50100123456789') {
  sharks++;
  const account = await gateway.createLinkedAccount({
    email: `shark${sharks}@example.com`,
    phone: '9000090000',
    referenceId: `shark-${sharks}`,
    legalBusinessName: 'Asha Rao',
    contactName: 'Asha Rao',
    pan: 'ABCPR1234F',
  });
  const product = await gateway.configureRouteSettlement(account.id, {
    beneficiaryName: 'Asha Rao',
    accountNumber,
    ifsc: 'HDFC0001234',
  });
  expect(product.status).toBe('activated');
  return account.id;
}

describe('linked accounts', () => {
  it('creates a linked account, then activates Route on it with the settlement bank account', async () => {
    const account = await gateway.createLinkedAccount({
      email: 'asha@example.com',
      referenceId: 'shark-asha',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
      address: { street1: '12 MG Road', city: 'Bengaluru', state: 'KARNATAKA', postalCode: '560001' },
    });
    expect(account.id).toMatch(/^acc_[0-9A-Za-z]{14}$/);
    expect(account.status).toBe('created');
    const product = await gateway.configureRouteSettlement(account.id, {
      beneficiaryName: 'Asha Rao',
      accountNumber: '50100123456789',
      ifsc: 'HDFC0001234',
    });
    expect(product.productId).toMatch(/^acc_prd_[0-9A-Za-z]{14}$/);
    expect(product.status).toBe('activated');
    // Asked again (a retry), Route on the account is the same configuration, now with another bank account.
    const again = await gateway.configureRouteSettlement(account.id, {
      beneficiaryName: 'Asha Rao',
      accountNumber: '50100999999999',
      ifsc: 'ICIC0000001',
    });
    expect(again).toEqual(product);
  });

  it('answers a product request without settlements as Razorpay does: needs_clarification, naming what is missing', async () => {
    const account = await gateway.createLinkedAccount({
      email: 'asha@example.com',
      referenceId: 'shark-asha',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
    });
    const auth = `Basic ${Buffer.from(`${TEST_GATEWAY.keyId}:${TEST_GATEWAY.keySecret}`).toString('base64')}`;
    const res = await app.inject({
      method: 'POST',
      url: `/api/test-gateway/v2/accounts/${account.id}/products`,
      headers: { authorization: auth },
      payload: { product_name: 'route', tnc_accepted: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      product_name: 'route',
      account_id: account.id,
      activation_status: 'needs_clarification',
      active_configuration: {
        settlements: { account_number: null, ifsc_code: null, beneficiary_name: null },
      },
      tnc: { accepted: true },
    });
    expect(res.json().requirements.map((r: { field_reference: string }) => r.field_reference)).toEqual([
      'settlements.beneficiary_name',
      'settlements.account_number',
      'settlements.ifsc_code',
    ]);
  });

  it('refuses what Razorpay refuses, with its error body: a second account for one email, a short name, a bad IFSC, an unknown account', async () => {
    const first = await gateway.createLinkedAccount({
      email: 'asha@example.com',
      referenceId: 'shark-asha',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
    });
    const input = {
      email: 'ASHA@example.com',
      referenceId: 'shark-asha-2',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
    };
    expect(await failure(gateway.createLinkedAccount(input))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: `Merchant email already exists for account - ${first.id}`,
      field: 'email',
    });
    expect(
      await failure(
        gateway.createLinkedAccount({ ...input, email: 'li@example.com', legalBusinessName: 'Li' }),
      ),
    ).toMatchObject({
      status: 400,
      description: 'The legal business name must be at least 4 characters.',
      field: 'legal_business_name',
    });
    expect(
      await failure(
        gateway.createLinkedAccount({ ...input, email: 'x@example.com', referenceId: 'a'.repeat(21) }),
      ),
    ).toMatchObject({
      description: 'The reference id may not be greater than 20 characters.',
      field: 'reference_id',
    });
    expect(
      await failure(
        gateway.configureRouteSettlement(first.id, {
          beneficiaryName: 'Asha Rao',
          accountNumber: '50100123456789',
          ifsc: 'HDFC1234',
        }),
      ),
    ).toMatchObject({
      status: 400,
      description: 'The ifsc code format is invalid.',
      field: 'settlements.ifsc_code',
    });
    const unknown = await failure(
      gateway.configureRouteSettlement('acc_DoesNotExist01', {
        beneficiaryName: 'Asha Rao',
        accountNumber: '50100123456789',
        ifsc: 'HDFC0001234',
      }),
    );
    expect(unknown).toBeInstanceOf(GatewayRejected);
    expect(unknown).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'Linked account does not exist',
    });
  });
});

describe('transfers', () => {
  it('processes a transfer at once, fetches it, and sends a signed transfer.processed', async () => {
    const accountId = await linkedAccount();
    const transfer = await gateway.createTransfer({
      accountId,
      amountPaise: 250000,
      idempotencyKey: 'payout-0001',
      notes: { payout: 'p-1' },
    });
    expect(transfer.id).toMatch(/^trf_[0-9A-Za-z]{14}$/);
    expect(transfer).toMatchObject({
      entity: 'transfer',
      status: 'processed',
      recipient: accountId,
      source: 'acc_TestGateway001',
      amount: 250000,
      currency: 'INR',
      amount_reversed: 0,
      fees: 0,
      tax: 0,
      notes: { payout: 'p-1' },
    });
    expect(transfer.processed_at).toBe(transfer.created_at);
    expect(transfer.error).toEqual({
      code: null,
      description: null,
      reason: null,
      field: null,
      step: null,
      source: null,
      id: transfer.id,
      metadata: null,
    });
    expect(await gateway.fetchTransfer(transfer.id)).toEqual(transfer);

    expect(delivered).toEqual([]); // a job of the transfer's transaction
    await app.jobs.runAll();
    expect(delivered.map((d) => [d.event.event, d.valid])).toEqual([['transfer.processed', true]]);
    expect(delivered[0].event.contains).toEqual(['transfer']);
    expect(delivered[0].event.payload.transfer?.entity).toEqual(transfer);
    // What the gateway keeps for itself (the key and the request) never shows.
    expect(JSON.stringify(delivered[0].event)).not.toContain('payout-0001');
    expect(JSON.stringify(transfer)).not.toContain('_private');
  });

  it('answers a replay with the same key and body with the same transfer, once; another body with that key is refused', async () => {
    const accountId = await linkedAccount();
    const input = { accountId, amountPaise: 250000, idempotencyKey: 'payout-0002', notes: { payout: 'p-2' } };
    const first = await gateway.createTransfer(input);
    const replay = await gateway.createTransfer(input);
    expect(replay).toEqual(first);
    for (const changed of [
      { ...input, amountPaise: 250001 },
      { ...input, notes: { payout: 'p-3' } },
    ]) {
      const err = await failure(gateway.createTransfer(changed));
      expect(err).toBeInstanceOf(GatewayRejected);
      expect(err).toMatchObject({
        status: 400,
        code: 'BAD_REQUEST_ERROR',
        description: 'Different request with the same idempotency key has already been processed.',
      });
    }
    // Another key is another transfer.
    const second = await gateway.createTransfer({ ...input, idempotencyKey: 'payout-0003' });
    expect(second.id).not.toBe(first.id);
    await app.jobs.runAll();
    // One webhook a transfer (the queue delivers them in no set order).
    expect(delivered.map((d) => d.event.payload.transfer?.entity.id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
  });

  it('fails every transfer to an account whose settlement number ends in 0000, and sends transfer.failed', async () => {
    const accountId = await linkedAccount('50100123450000');
    const transfer = await gateway.createTransfer({
      accountId,
      amountPaise: 100,
      idempotencyKey: 'payout-0004',
    });
    expect(transfer).toMatchObject({ status: 'failed', processed_at: null, amount: 100 });
    expect(transfer.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Beneficiary bank account is invalid',
      reason: 'beneficiary_account_invalid',
    });
    expect((await gateway.fetchTransfer(transfer.id)).status).toBe('failed');
    await app.jobs.runAll();
    expect(delivered.map((d) => [d.event.event, d.valid])).toEqual([['transfer.failed', true]]);
    expect(delivered[0].event.payload.transfer?.entity.error.description).toBe(
      'Beneficiary bank account is invalid',
    );
  });

  it("refuses an unknown account, an account without Route, an amount below ₹1 and a bad key, with Razorpay's error body", async () => {
    const unknown = await failure(
      gateway.createTransfer({
        accountId: 'acc_DoesNotExist01',
        amountPaise: 10000,
        idempotencyKey: 'payout-0005',
      }),
    );
    expect(unknown).toBeInstanceOf(GatewayRejected);
    expect(unknown).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'Linked account does not exist',
      field: 'account',
    });
    const bare = await gateway.createLinkedAccount({
      email: 'bare@example.com',
      referenceId: 'shark-bare',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
    });
    expect(
      await failure(
        gateway.createTransfer({ accountId: bare.id, amountPaise: 10000, idempotencyKey: 'payout-0006' }),
      ),
    ).toMatchObject({
      status: 400,
      description: 'Route is not activated for this linked account: its settlement bank account is not set.',
      field: 'account',
    });
    const accountId = await linkedAccount();
    expect(
      await failure(gateway.createTransfer({ accountId, amountPaise: 99, idempotencyKey: 'payout-0007' })),
    ).toMatchObject({ status: 400, description: 'The amount must be at least INR 1.00', field: 'amount' });
    expect(
      await failure(gateway.createTransfer({ accountId, amountPaise: 100, idempotencyKey: 'p!' })),
    ).toMatchObject({
      status: 400,
      description:
        'The idempotency key must be 4 to 36 characters long and contain only letters, numbers, hyphens, underscores and spaces.',
    });
    expect(await failure(gateway.fetchTransfer('trf_DoesNotExist01'))).toMatchObject({
      status: 400,
      description: 'The id provided does not exist',
    });
    await app.jobs.runAll();
    expect(delivered).toEqual([]);
  });

  it('answers a request without an account with the field, as Razorpay does', async () => {
    const auth = `Basic ${Buffer.from(`${TEST_GATEWAY.keyId}:${TEST_GATEWAY.keySecret}`).toString('base64')}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-gateway/v1/transfers',
      headers: { authorization: auth },
      payload: { amount: 10000, currency: 'INR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The account field is required.',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field: 'account',
      },
    });
    const none = await app.inject({
      method: 'POST',
      url: '/api/test-gateway/v1/transfers',
      payload: { account: 'acc_x', amount: 10000, currency: 'INR' },
    });
    expect(none.statusCode).toBe(401);
  });

  it("leaves transfer events to the payouts: the payments module's webhook job takes and marks them, untouched", async () => {
    const accountId = await linkedAccount();
    await gateway.createTransfer({ accountId, amountPaise: 10000, idempotencyKey: 'payout-0008' });
    const failing = await linkedAccount('50100123450000');
    await gateway.createTransfer({ accountId: failing, amountPaise: 10000, idempotencyKey: 'payout-0009' });
    await app.jobs.runAll();
    const rows = await app.db.select().from(paymentWebhookEvents);
    expect(rows.map((r) => r.event).sort()).toEqual(['transfer.failed', 'transfer.processed']);
    expect(rows.every((r) => r.processedAt !== null)).toBe(true);
  });
});
