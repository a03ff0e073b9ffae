// The Razorpay adapter against a local HTTP server that checks each request (auth, body, idempotency header) and
// answers with bodies shaped as Razorpay's API documentation gives them, including its error bodies; and against
// servers that fail: 5xx, a closed port, one that never answers. No test needs the internet.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  GatewayRejected,
  GatewayUnavailable,
  razorpayGateway,
  signCheckout,
  signWebhook,
  type Gateway,
} from './gateway';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisisatestsecretkey';
const WEBHOOK_SECRET = 'thisisawebhooksecret';
const BASIC = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}
type Answer = { status: number; body?: unknown } | 'hang';
let answer: (req: Seen) => Answer = () => ({ status: 404 });
let seen: Seen[] = [];
let server: Server;
let origin: string;
/** Requests left hanging, ended when the test is over so the server can close. */
const hanging = new Set<ServerResponse>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      seen.push(request);
      const a = answer(request);
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(a.body === undefined ? '' : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const res of hanging) res.destroy();
  hanging.clear();
  seen = [];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const gatewayAt = (apiUrl: string, timeoutMs = 2_000): Gateway =>
  razorpayGateway({
    provider: 'razorpay',
    apiUrl,
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    timeoutMs,
  });
const gateway = () => gatewayAt(origin);

const ORDER = {
  id: 'order_IluGWxBm9U8zJ8',
  entity: 'order',
  amount: 150000,
  amount_paid: 0,
  amount_due: 150000,
  currency: 'INR',
  receipt: '6f1c2a7e-3d4b-4c5d-8e9f-0a1b2c3d4e5f',
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: { booking: 'b-1' },
  created_at: 1642662092,
};

const CAPTURED = {
  id: 'pay_IluGWxBm9U8zJ9',
  entity: 'payment',
  amount: 150000,
  currency: 'INR',
  status: 'captured',
  order_id: ORDER.id,
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: 0,
  refund_status: null,
  captured: true,
  description: 'Memory forensics, 1 hour',
  card_id: null,
  bank: null,
  wallet: null,
  vpa: 'learner@okhdfcbank',
  email: 'learner@example.com',
  contact: '+919000090000',
  notes: [],
  fee: 3540,
  tax: 540,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  acquirer_data: { rrn: '201910661190', upi_transaction_id: null },
  created_at: 1642662114,
};

const FAILED = {
  ...CAPTURED,
  id: 'pay_IluGWxBm9U8zJ7',
  status: 'failed',
  captured: false,
  fee: null,
  tax: null,
  error_code: 'BAD_REQUEST_ERROR',
  error_description: 'Payment was unsuccessful as the phone number linked to the UPI ID is not registered.',
  error_source: 'customer',
  error_step: 'payment_authentication',
  error_reason: 'payment_failed',
};

const REFUND = {
  id: 'rfnd_IluGWxBm9U8zK1',
  entity: 'refund',
  amount: 75000,
  currency: 'INR',
  payment_id: CAPTURED.id,
  notes: { reason: 'learner_late_cancelled' },
  receipt: null,
  acquirer_data: { arn: null },
  created_at: 1642663000,
  batch_id: null,
  status: 'pending',
  speed_processed: 'normal',
  speed_requested: 'normal',
};

const razorpayError = (description: string, field: string | null = null, code = 'BAD_REQUEST_ERROR') => ({
  error: {
    code,
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

/** What the call threw (it must throw). */
async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('the call did not fail');
}

describe('orders', () => {
  it('creates an order in paise with our payment id as receipt, with Basic auth, and reads the answer', async () => {
    answer = () => ({ status: 200, body: ORDER });
    const order = await gateway().createOrder({
      amountPaise: 150000,
      receipt: ORDER.receipt,
      notes: { booking: 'b-1' },
    });
    expect(order).toMatchObject({ id: ORDER.id, amount: 150000, status: 'created', receipt: ORDER.receipt });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/orders' });
    expect(seen[0].headers.authorization).toBe(BASIC);
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].body).toEqual({
      amount: 150000,
      currency: 'INR',
      receipt: ORDER.receipt,
      notes: { booking: 'b-1' },
    });
  });

  it('lists the payments of an order, failed attempts included', async () => {
    answer = () => ({ status: 200, body: { entity: 'collection', count: 2, items: [FAILED, CAPTURED] } });
    const payments = await gateway().orderPayments(ORDER.id);
    expect(seen[0]).toMatchObject({ method: 'GET', url: `/v1/orders/${ORDER.id}/payments`, body: undefined });
    expect(seen[0].headers.authorization).toBe(BASIC);
    expect(payments.map((p) => [p.id, p.status, p.captured])).toEqual([
      [FAILED.id, 'failed', false],
      [CAPTURED.id, 'captured', true],
    ]);
    expect(payments[1]).toMatchObject({ fee: 3540, tax: 540, method: 'upi', amount_refunded: 0 });
  });

  it('reads the empty list Razorpay sends for notes without entries as no notes', async () => {
    answer = () => ({ status: 200, body: { ...ORDER, notes: [] } });
    const order = await gateway().createOrder({ amountPaise: 150000, receipt: ORDER.receipt });
    expect(order.notes).toEqual({});
    expect(seen[0].body).toMatchObject({ notes: {} });
  });

  it('encodes an id into the path, so a strange id cannot reach another endpoint', async () => {
    answer = () => ({ status: 200, body: { entity: 'collection', count: 0, items: [] } });
    await gateway().orderPayments('order_x/../../v1/payments');
    expect(seen[0].url).toBe('/v1/orders/order_x%2F..%2F..%2Fv1%2Fpayments/payments');
  });

  it('turns a 400 error body into GatewayRejected with its code, description and field', async () => {
    answer = () => ({ status: 400, body: razorpayError('The amount must be at least INR 1.00', 'amount') });
    const err = await failure(gateway().createOrder({ amountPaise: 50, receipt: 'r-1' }));
    expect(err).toBeInstanceOf(GatewayRejected);
    expect(err).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The amount must be at least INR 1.00',
      field: 'amount',
    });
  });

  it('turns a 401 for wrong keys into GatewayRejected, field null', async () => {
    answer = () => ({
      status: 401,
      body: {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'Authentication failed',
          source: 'NA',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      },
    });
    const err = await failure(gateway().createOrder({ amountPaise: 100, receipt: 'r-1' }));
    expect(err).toMatchObject({ status: 401, description: 'Authentication failed', field: null });
  });

  it('keeps the text of a 4xx that is not an error body', async () => {
    answer = () => ({ status: 404, body: 'Not Found' });
    const err = await failure(gateway().orderPayments('order_1'));
    expect(err).toBeInstanceOf(GatewayRejected);
    expect(err).toMatchObject({ status: 404, code: 'UNKNOWN_ERROR', description: '"Not Found"' });
  });
});

describe('refunds', () => {
  it('creates a normal refund with the idempotency key in X-Refund-Idempotency', async () => {
    answer = () => ({ status: 200, body: REFUND });
    const refund = await gateway().createRefund({
      paymentId: CAPTURED.id,
      amountPaise: 75000,
      idempotencyKey: 'refund-5d2c7a9e-0b1f-4e3a',
      notes: { reason: 'learner_late_cancelled' },
    });
    expect(refund).toMatchObject({
      id: REFUND.id,
      status: 'pending',
      amount: 75000,
      payment_id: CAPTURED.id,
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/v1/payments/${CAPTURED.id}/refund` });
    expect(seen[0].headers.authorization).toBe(BASIC);
    expect(seen[0].headers['x-refund-idempotency']).toBe('refund-5d2c7a9e-0b1f-4e3a');
    expect(seen[0].body).toEqual({
      amount: 75000,
      speed: 'normal',
      notes: { reason: 'learner_late_cancelled' },
    });
  });

  it('fetches one refund of a payment', async () => {
    answer = () => ({ status: 200, body: { ...REFUND, status: 'processed' } });
    const refund = await gateway().fetchRefund(CAPTURED.id, REFUND.id);
    expect(seen[0]).toMatchObject({ method: 'GET', url: `/v1/payments/${CAPTURED.id}/refunds/${REFUND.id}` });
    expect(refund.status).toBe('processed');
  });

  it('rejects a refund above what is left of the payment with the provider description', async () => {
    answer = () => ({
      status: 400,
      body: razorpayError('The refund amount provided is greater than amount captured', 'amount'),
    });
    const err = await failure(
      gateway().createRefund({
        paymentId: CAPTURED.id,
        amountPaise: 999999,
        idempotencyKey: 'refund-key-0001',
      }),
    );
    expect(err).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'The refund amount provided is greater than amount captured',
      field: 'amount',
    });
  });

  it('treats 409 (the same idempotent request still in progress) as retryable', async () => {
    answer = () => ({ status: 409, body: razorpayError('Request is being processed', null) });
    const err = await failure(
      gateway().createRefund({ paymentId: CAPTURED.id, amountPaise: 100, idempotencyKey: 'refund-key-0001' }),
    );
    expect(err).toBeInstanceOf(GatewayUnavailable);
  });
});

// ---- Razorpay Route (decision 147) ------------------------------------------------------------------------

const LINKED_ACCOUNT = {
  id: 'acc_GRWKk7qQsLnDjX',
  type: 'route',
  status: 'created',
  email: 'shark@example.com',
  profile: { category: 'education', subcategory: 'elearning' },
  notes: [],
  created_at: 1611136837,
  phone: '9000090000',
  contact_name: 'Asha Rao',
  reference_id: 'shark-1',
  business_type: 'individual',
  legal_business_name: 'Asha Rao',
  customer_facing_business_name: 'Asha Rao',
  legal_info: { pan: 'ABCPR1234F' },
};

const PRODUCT = {
  requested_configuration: [],
  active_configuration: {
    settlements: { account_number: null, ifsc_code: null, beneficiary_name: null },
  },
  requirements: [
    {
      field_reference: 'settlements.beneficiary_name',
      resolution_url: '/accounts/acc_GRWKk7qQsLnDjX/products/acc_prd_K1eopFF8G21tux',
      reason_code: 'field_missing',
      status: 'required',
    },
  ],
  tnc: { id: 'tnc_K1eopApuHyBE7D', accepted: true, accepted_at: 1659638222 },
  id: 'acc_prd_K1eopFF8G21tux',
  product_name: 'route',
  activation_status: 'needs_clarification',
  account_id: LINKED_ACCOUNT.id,
  requested_at: 1659638222,
};

const TRANSFER = {
  id: 'trf_JqpKevElHShZkw',
  entity: 'transfer',
  status: 'processed',
  source: 'acc_CJoeHMNpi0nC7k',
  recipient: LINKED_ACCOUNT.id,
  amount: 250000,
  currency: 'INR',
  amount_reversed: 0,
  fees: 590,
  tax: 90,
  notes: { payout: 'p-1' },
  linked_account_notes: [],
  on_hold: false,
  on_hold_until: null,
  recipient_settlement_id: null,
  created_at: 1657273505,
  processed_at: 1657273505,
  error: {
    code: null,
    description: null,
    reason: null,
    field: null,
    step: null,
    id: 'trf_JqpKevElHShZkw',
    source: null,
    metadata: null,
  },
};

describe('Route', () => {
  it('creates a linked account for an individual, with the profile, PAN and address given', async () => {
    answer = () => ({ status: 200, body: LINKED_ACCOUNT });
    const account = await gateway().createLinkedAccount({
      email: 'shark@example.com',
      phone: '9000090000',
      referenceId: 'shark-1',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
      pan: 'ABCPR1234F',
      address: { street1: '12 MG Road', city: 'Bengaluru', state: 'KARNATAKA', postalCode: '560001' },
    });
    expect(account).toEqual({ id: LINKED_ACCOUNT.id, status: 'created' });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v2/accounts' });
    expect(seen[0].headers.authorization).toBe(BASIC);
    expect(seen[0].body).toEqual({
      email: 'shark@example.com',
      phone: '9000090000',
      type: 'route',
      reference_id: 'shark-1',
      legal_business_name: 'Asha Rao',
      business_type: 'individual',
      contact_name: 'Asha Rao',
      profile: {
        category: 'education',
        subcategory: 'elearning',
        addresses: {
          registered: {
            street1: '12 MG Road',
            city: 'Bengaluru',
            state: 'KARNATAKA',
            postal_code: '560001',
            country: 'IN',
          },
        },
      },
      legal_info: { pan: 'ABCPR1234F' },
    });
  });

  it('leaves out the phone, PAN and address not given', async () => {
    answer = () => ({ status: 200, body: LINKED_ACCOUNT });
    await gateway().createLinkedAccount({
      email: 'shark@example.com',
      referenceId: 'shark-1',
      legalBusinessName: 'Asha Rao',
      contactName: 'Asha Rao',
    });
    expect(seen[0].body).toEqual({
      email: 'shark@example.com',
      type: 'route',
      reference_id: 'shark-1',
      legal_business_name: 'Asha Rao',
      business_type: 'individual',
      contact_name: 'Asha Rao',
      profile: { category: 'education', subcategory: 'elearning' },
    });
  });

  it('requests Route on the account, then PATCHes its settlement bank account, and answers the activation', async () => {
    answer = (req) =>
      req.method === 'POST'
        ? { status: 200, body: PRODUCT }
        : {
            status: 200,
            body: {
              ...PRODUCT,
              active_configuration: {
                settlements: {
                  account_number: '1234567890',
                  ifsc_code: 'HDFC0000317',
                  beneficiary_name: 'Asha Rao',
                },
              },
              requirements: [],
              activation_status: 'activated',
            },
          };
    const product = await gateway().configureRouteSettlement(LINKED_ACCOUNT.id, {
      beneficiaryName: 'Asha Rao',
      accountNumber: '1234567890',
      ifsc: 'HDFC0000317',
    });
    expect(product).toEqual({ productId: PRODUCT.id, status: 'activated' });
    expect(seen.map((r) => [r.method, r.url])).toEqual([
      ['POST', `/v2/accounts/${LINKED_ACCOUNT.id}/products`],
      ['PATCH', `/v2/accounts/${LINKED_ACCOUNT.id}/products/${PRODUCT.id}`],
    ]);
    expect(seen[0].body).toEqual({ product_name: 'route', tnc_accepted: true });
    expect(seen[1].body).toEqual({
      settlements: { account_number: '1234567890', ifsc_code: 'HDFC0000317', beneficiary_name: 'Asha Rao' },
      tnc_accepted: true,
    });
    expect(seen[1].headers['content-type']).toBe('application/json');
    expect(seen[1].headers.authorization).toBe(BASIC);
  });

  it('stops at the request when the account is unknown, with the provider description', async () => {
    answer = () => ({ status: 400, body: razorpayError('Linked account does not exist') });
    const err = await failure(
      gateway().configureRouteSettlement('acc_DoesNotExist01', {
        beneficiaryName: 'Asha Rao',
        accountNumber: '1234567890',
        ifsc: 'HDFC0000317',
      }),
    );
    expect(err).toBeInstanceOf(GatewayRejected);
    expect(err).toMatchObject({ status: 400, description: 'Linked account does not exist', field: null });
    expect(seen).toHaveLength(1);
  });

  it('creates a direct transfer in INR with the key in X-Transfer-Idempotency, and reads fees and error', async () => {
    answer = () => ({ status: 200, body: TRANSFER });
    const transfer = await gateway().createTransfer({
      accountId: LINKED_ACCOUNT.id,
      amountPaise: 250000,
      idempotencyKey: 'payout-7f3a9c2e',
      notes: { payout: 'p-1' },
    });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/transfers' });
    expect(seen[0].headers['x-transfer-idempotency']).toBe('payout-7f3a9c2e');
    expect(seen[0].body).toEqual({
      account: LINKED_ACCOUNT.id,
      amount: 250000,
      currency: 'INR',
      notes: { payout: 'p-1' },
    });
    expect(transfer).toMatchObject({
      id: TRANSFER.id,
      entity: 'transfer',
      status: 'processed',
      recipient: LINKED_ACCOUNT.id,
      amount: 250000,
      fees: 590,
      tax: 90,
      processed_at: 1657273505,
      notes: { payout: 'p-1' },
    });
    expect(transfer.error.description).toBeNull();
  });

  it('fetches a transfer; a failed one carries its error, and one without an error object reads as all null', async () => {
    answer = () => ({
      status: 200,
      body: {
        ...TRANSFER,
        status: 'failed',
        processed_at: null,
        error: {
          ...TRANSFER.error,
          code: 'BAD_REQUEST_ERROR',
          description: 'Beneficiary bank account is invalid',
          reason: 'beneficiary_account_invalid',
        },
      },
    });
    const failed = await gateway().fetchTransfer(TRANSFER.id);
    expect(seen[0]).toMatchObject({ method: 'GET', url: `/v1/transfers/${TRANSFER.id}`, body: undefined });
    expect(failed).toMatchObject({ status: 'failed', processed_at: null });
    expect(failed.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Beneficiary bank account is invalid',
      reason: 'beneficiary_account_invalid',
    });
    const { error: _, fees: __, ...bare } = TRANSFER;
    answer = () => ({ status: 200, body: { ...bare, notes: [] } });
    const plain = await gateway().fetchTransfer(TRANSFER.id);
    expect(plain.error).toEqual({
      code: null,
      description: null,
      reason: null,
      field: null,
      step: null,
      source: null,
    });
    expect(plain).toMatchObject({ fees: null, notes: {} });
  });

  it('treats 409 (the same key still in progress), 5xx and a timeout on a transfer as retryable', async () => {
    const input = { accountId: LINKED_ACCOUNT.id, amountPaise: 100, idempotencyKey: 'payout-key-1' };
    answer = () => ({ status: 409, body: razorpayError('Request is being processed', null) });
    expect(await failure(gateway().createTransfer(input))).toBeInstanceOf(GatewayUnavailable);
    answer = () => ({ status: 502, body: razorpayError('Bad gateway', null, 'SERVER_ERROR') });
    expect(await failure(gateway().createTransfer(input))).toBeInstanceOf(GatewayUnavailable);
    answer = () => ({ status: 503 });
    expect(await failure(gateway().fetchTransfer(TRANSFER.id))).toBeInstanceOf(GatewayUnavailable);
    answer = () => 'hang';
    const err = await failure(gatewayAt(origin, 300).createTransfer(input));
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect((err as Error).message).toContain('POST /v1/transfers within 300 ms');
    answer = () => ({ status: 500 });
    const patch = await failure(
      gateway().configureRouteSettlement(LINKED_ACCOUNT.id, {
        beneficiaryName: 'Asha Rao',
        accountNumber: '1234567890',
        ifsc: 'HDFC0000317',
      }),
    );
    expect(patch).toBeInstanceOf(GatewayUnavailable);
  });

  it('answers a transfer body that is not a transfer with GatewayUnavailable', async () => {
    answer = () => ({ status: 200, body: { ...TRANSFER, status: 'sent' } });
    expect(await failure(gateway().fetchTransfer(TRANSFER.id))).toBeInstanceOf(GatewayUnavailable);
  });
});

describe('outages', () => {
  it.each([500, 502, 503])('answers %i with GatewayUnavailable', async (status) => {
    answer = () => ({ status, body: razorpayError('The server encountered an error', null, 'SERVER_ERROR') });
    const err = await failure(gateway().createOrder({ amountPaise: 100, receipt: 'r-1' }));
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect((err as Error).message).toContain(String(status));
  });

  it('answers a 200 whose body is not the API (a proxy page) with GatewayUnavailable', async () => {
    answer = () => ({ status: 200, body: '<html>maintenance</html>' });
    expect(await failure(gateway().createOrder({ amountPaise: 100, receipt: 'r-1' }))).toBeInstanceOf(
      GatewayUnavailable,
    );
  });

  it('answers a refused connection (a closed port) with GatewayUnavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(
      gatewayAt(`http://127.0.0.1:${port}`).createOrder({ amountPaise: 100, receipt: 'r-1' }),
    );
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect((err as Error).message).toContain('could not be reached');
  });

  it('gives up on a server that never answers within the timeout', async () => {
    answer = () => 'hang';
    const started = Date.now();
    const err = await failure(gatewayAt(origin, 300).createOrder({ amountPaise: 100, receipt: 'r-1' }));
    const took = Date.now() - started;
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect((err as Error).message).toContain('within 300 ms');
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2_000);
  });
});

describe('signatures', () => {
  it('accepts the checkout callback signed with the key secret over "order_id|payment_id"', () => {
    const signature = signCheckout(ORDER.id, CAPTURED.id, KEY_SECRET);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(gateway().checkoutSignatureValid(ORDER.id, CAPTURED.id, signature)).toBe(true);
  });

  it("refuses a checkout signature for another order, another payment, another secret, a wrong length or ''", () => {
    const g = gateway();
    const signature = signCheckout(ORDER.id, CAPTURED.id, KEY_SECRET);
    expect(g.checkoutSignatureValid('order_other', CAPTURED.id, signature)).toBe(false);
    expect(g.checkoutSignatureValid(ORDER.id, 'pay_other', signature)).toBe(false);
    expect(
      g.checkoutSignatureValid(ORDER.id, CAPTURED.id, signCheckout(ORDER.id, CAPTURED.id, 'other')),
    ).toBe(false);
    expect(g.checkoutSignatureValid(ORDER.id, CAPTURED.id, signature.slice(0, 63))).toBe(false);
    expect(g.checkoutSignatureValid(ORDER.id, CAPTURED.id, `${signature}0`)).toBe(false);
    expect(g.checkoutSignatureValid(ORDER.id, CAPTURED.id, '')).toBe(false);
  });

  it('accepts a webhook whose raw body matches x-razorpay-signature, as a string or as bytes', () => {
    const raw = JSON.stringify({
      entity: 'event',
      account_id: 'acc_BFQ7uQEaa7j2z7',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: CAPTURED } },
      created_at: 1642662115,
    });
    const signature = signWebhook(raw, WEBHOOK_SECRET);
    expect(gateway().webhookSignatureValid(raw, signature)).toBe(true);
    expect(gateway().webhookSignatureValid(Buffer.from(raw), signature)).toBe(true);
  });

  it('refuses a tampered body, a re-serialised body, a wrong length and a missing header', () => {
    const raw =
      '{"entity":"event","event":"refund.processed","payload":{"refund":{"entity":{"amount":100}}}}';
    const signature = signWebhook(raw, WEBHOOK_SECRET);
    const g = gateway();
    expect(g.webhookSignatureValid(raw.replace('100', '900'), signature)).toBe(false);
    // The signature covers the bytes sent: the same JSON written with other spacing is another body.
    expect(g.webhookSignatureValid(JSON.stringify(JSON.parse(raw), null, 1), signature)).toBe(false);
    expect(g.webhookSignatureValid(raw, signature.slice(2))).toBe(false);
    expect(g.webhookSignatureValid(raw, undefined)).toBe(false);
    expect(g.webhookSignatureValid(raw, signWebhook(raw, KEY_SECRET))).toBe(false);
  });
});
