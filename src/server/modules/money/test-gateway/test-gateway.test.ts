// The built-in test gateway, driven the way test mode drives it: the Razorpay adapter (razorpayGateway) talking HTTP
// to it through app.inject, the test checkout's buttons, and its webhooks delivered as jobs to a receiver that
// checks their signatures with the adapter, as the payments module's receiver does.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { testGatewayObjects } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';
import {
  GatewayRejected,
  GatewayUnavailable,
  razorpayGateway,
  type Gateway,
  type WebhookEvent,
} from '#server/modules/money/payments/gateway.ts';
import {
  deliverWebhook,
  onWebhook,
  type WebhookAnswer,
} from '#server/modules/money/payments/webhook-inbox.ts';
import { TEST_GATEWAY, TEST_GATEWAY_PATH, testGatewayFetch } from './service';

let app: FastifyInstance;
let gateway: Gateway;

interface Delivery {
  eventId: string | undefined;
  valid: boolean;
  event: WebhookEvent;
}
let delivered: Delivery[] = [];
/** What the receiver answers a delivery; a test can make it refuse. */
let answer: (d: Delivery) => WebhookAnswer = () => ({ status: 200, message: 'ok' });
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
  restoreReceiver = onWebhook(async (_ctx, input) => {
    const d: Delivery = {
      eventId: input.eventId,
      valid: gateway.webhookSignatureValid(input.rawBody, input.signature),
      event: JSON.parse(input.rawBody) as WebhookEvent,
    };
    delivered.push(d);
    return d.valid ? answer(d) : { status: 400, message: 'bad signature' };
  });
});
afterAll(async () => {
  restoreReceiver();
  await app.close();
});
beforeEach(async () => {
  await resetDb();
  delivered = [];
  answer = () => ({ status: 200, message: 'ok' });
  await control({ refunds: 'process', orders: 'up' });
});
afterEach(async () => {
  // Every job a test left is worked, so none reaches the next test's receiver.
  await app.jobs.runAll();
});

const control = async (body: object) => {
  const res = await app.inject({ method: 'POST', url: '/api/test-gateway/control', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const pay = (orderId: string, outcome: 'success' | 'failure') =>
  app.inject({ method: 'POST', url: `/api/test-gateway/checkout/${orderId}`, payload: { outcome } });

/** An order paid through the test checkout: its order and captured payment ids. */
async function paidOrder(amountPaise = 150000) {
  const order = await gateway.createOrder({ amountPaise, receipt: 'payment-1' });
  const res = await pay(order.id, 'success');
  expect(res.statusCode, res.body).toBe(200);
  return { orderId: order.id, paymentId: res.json().razorpay_payment_id as string };
}

async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('the call did not fail');
}

describe('orders and the test checkout', () => {
  it('creates an order through the adapter, with no payments yet', async () => {
    const order = await gateway.createOrder({
      amountPaise: 150000,
      receipt: 'b7d6c5a4-payment',
      notes: { booking: 'b-1' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 150000,
      amount_paid: 0,
      amount_due: 150000,
      currency: 'INR',
      receipt: 'b7d6c5a4-payment',
      status: 'created',
      attempts: 0,
      notes: { booking: 'b-1' },
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(await gateway.orderPayments(order.id)).toEqual([]);
  });

  it('pays: a captured payment, a callback the adapter accepts, payment.captured then order.paid, signed', async () => {
    const order = await gateway.createOrder({ amountPaise: 150000, receipt: 'payment-1' });
    const res = await pay(order.id, 'success');
    expect(res.statusCode, res.body).toBe(200);
    const callback = res.json();
    expect(callback.razorpay_order_id).toBe(order.id);
    expect(callback.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(
      gateway.checkoutSignatureValid(order.id, callback.razorpay_payment_id, callback.razorpay_signature),
    ).toBe(true);
    // Another order's id with this signature is refused.
    const other = await gateway.createOrder({ amountPaise: 150000, receipt: 'payment-2' });
    expect(
      gateway.checkoutSignatureValid(other.id, callback.razorpay_payment_id, callback.razorpay_signature),
    ).toBe(false);

    const [payment] = await gateway.orderPayments(order.id);
    // Razorpay's fee: 2% (3000) plus 18% GST on it (540), the GST included in `fee`.
    expect(payment).toMatchObject({
      id: callback.razorpay_payment_id,
      status: 'captured',
      captured: true,
      amount: 150000,
      method: 'upi',
      fee: 3540,
      tax: 540,
      amount_refunded: 0,
      order_id: order.id,
    });

    expect(delivered).toEqual([]); // sent as jobs, after the commit
    await app.jobs.runAll();
    expect(delivered.map((d) => [d.event.event, d.valid])).toEqual([
      ['payment.captured', true],
      ['order.paid', true],
    ]);
    const [captured, paid] = delivered.map((d) => d.event);
    expect(captured).toMatchObject({ entity: 'event', contains: ['payment'] });
    expect(captured.payload.payment?.entity).toMatchObject({ id: payment.id, status: 'captured' });
    expect(paid.contains).toEqual(['payment', 'order']);
    expect(paid.payload.order?.entity).toMatchObject({
      id: order.id,
      status: 'paid',
      amount_paid: 150000,
      amount_due: 0,
      attempts: 1,
    });
    expect(new Set(delivered.map((d) => d.eventId)).size).toBe(2);
    expect(delivered.every((d) => /^[0-9A-Za-z]{14}$/.test(d.eventId ?? ''))).toBe(true);
  });

  it("fails: Checkout's failure answer, a failed payment, payment.failed; then the order can still be paid", async () => {
    const order = await gateway.createOrder({ amountPaise: 50000, receipt: 'payment-1' });
    const res = await pay(order.id, 'failure');
    expect(res.statusCode, res.body).toBe(200);
    const [failed] = await gateway.orderPayments(order.id);
    expect(res.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Payment failed',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { payment_id: failed.id, order_id: order.id },
      },
    });
    expect(failed).toMatchObject({
      status: 'failed',
      captured: false,
      fee: null,
      error_code: 'BAD_REQUEST_ERROR',
    });
    await app.jobs.runAll();
    expect(delivered.map((d) => [d.event.event, d.valid])).toEqual([['payment.failed', true]]);
    expect(delivered[0].event.payload.payment?.entity.id).toBe(failed.id);

    expect((await pay(order.id, 'success')).statusCode).toBe(200);
    const payments = await gateway.orderPayments(order.id);
    expect(payments.map((p) => p.status)).toEqual(['failed', 'captured']);
  });

  it('refuses paying an order twice, and an unknown order', async () => {
    const { orderId } = await paidOrder();
    const again = await pay(orderId, 'success');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: 'This test order is already paid.' });
    expect(await gateway.orderPayments(orderId)).toHaveLength(1);
    const unknown = await pay('order_DoesNotExist01', 'success');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('This test order does not exist.');
    const bad = await app.inject({
      method: 'POST',
      url: `/api/test-gateway/checkout/${orderId}`,
      payload: { outcome: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ outcome: 'outcome must be success or failure' });
  });

  it('answers the adapter an unknown order with GatewayRejected, and an order below ₹1 with the field', async () => {
    expect(await failure(gateway.orderPayments('order_DoesNotExist01'))).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
    });
    const err = await failure(gateway.createOrder({ amountPaise: 99, receipt: 'payment-1' }));
    expect(err).toBeInstanceOf(GatewayRejected);
    expect(err).toMatchObject({ description: 'The amount must be at least INR 1.00', field: 'amount' });
  });

  it('answers 503 to order creation while the control says orders are down, which the adapter reads as an outage', async () => {
    expect(await control({ orders: 'down' })).toEqual({ refunds: 'process', orders: 'down' });
    const err = await failure(gateway.createOrder({ amountPaise: 150000, receipt: 'payment-1' }));
    expect(err).toBeInstanceOf(GatewayUnavailable);
    expect((err as Error).message).toContain('503');
    await control({ orders: 'up' });
    expect((await gateway.createOrder({ amountPaise: 150000, receipt: 'payment-1' })).status).toBe('created');
  });
});

describe('refunds', () => {
  it('goes from pending to processed by a job, and sends refund.processed', async () => {
    const { paymentId } = await paidOrder();
    await app.jobs.runAll();
    delivered = [];
    const refund = await gateway.createRefund({
      paymentId,
      amountPaise: 75000,
      idempotencyKey: 'refund-0001-abcdef',
      notes: { reason: 'learner_late_cancelled' },
    });
    expect(refund).toMatchObject({
      entity: 'refund',
      amount: 75000,
      currency: 'INR',
      payment_id: paymentId,
      status: 'pending',
      notes: { reason: 'learner_late_cancelled' },
    });
    expect(refund.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    expect((await gateway.fetchRefund(paymentId, refund.id)).status).toBe('pending');

    await app.jobs.runAll();
    expect((await gateway.fetchRefund(paymentId, refund.id)).status).toBe('processed');
    expect(delivered.map((d) => [d.event.event, d.valid])).toEqual([['refund.processed', true]]);
    expect(delivered[0].event.contains).toEqual(['refund', 'payment']);
    expect(delivered[0].event.payload.refund?.entity).toMatchObject({ id: refund.id, status: 'processed' });
    expect(delivered[0].event.payload.payment?.entity).toMatchObject({
      id: paymentId,
      amount_refunded: 75000,
    });
    // What the gateway keeps for itself (the idempotency key) never shows.
    expect(JSON.stringify(delivered[0].event)).not.toContain('refund-0001-abcdef');
  });

  it('goes from pending to failed when the control says so, sends refund.failed and frees the amount again', async () => {
    const { orderId, paymentId } = await paidOrder(100000);
    await control({ refunds: 'fail' });
    const refund = await gateway.createRefund({
      paymentId,
      amountPaise: 100000,
      idempotencyKey: 'refund-0002-abcdef',
    });
    expect(refund.status).toBe('pending');
    expect((await gateway.orderPayments(orderId))[0]).toMatchObject({
      status: 'refunded',
      amount_refunded: 100000,
    });
    await app.jobs.runAll();
    expect((await gateway.fetchRefund(paymentId, refund.id)).status).toBe('failed');
    const failedEvent = delivered.find((d) => d.event.event === 'refund.failed');
    expect(failedEvent?.valid).toBe(true);
    expect(failedEvent?.event.payload.payment?.entity).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
    });

    await control({ refunds: 'process' });
    const second = await gateway.createRefund({
      paymentId,
      amountPaise: 100000,
      idempotencyKey: 'refund-0003-abcdef',
    });
    await app.jobs.runAll();
    expect((await gateway.fetchRefund(paymentId, second.id)).status).toBe('processed');
  });

  it('holds refunds pending until settled by hand; a settled refund cannot be settled again', async () => {
    const { paymentId } = await paidOrder();
    await control({ refunds: 'hold' });
    const refund = await gateway.createRefund({
      paymentId,
      amountPaise: 150000,
      idempotencyKey: 'refund-0004-abcdef',
    });
    await app.jobs.runAll();
    expect((await gateway.fetchRefund(paymentId, refund.id)).status).toBe('pending');
    expect(delivered.filter((d) => d.event.event.startsWith('refund.'))).toEqual([]);

    const settle = (id: string, status: string) =>
      app.inject({ method: 'POST', url: `/api/test-gateway/refunds/${id}/settle`, payload: { status } });
    const res = await settle(refund.id, 'processed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      refund: { id: refund.id, paymentId, amountPaise: 150000, status: 'processed' },
    });
    await app.jobs.runAll();
    expect(delivered.filter((d) => d.event.event === 'refund.processed')).toHaveLength(1);
    expect((await settle(refund.id, 'failed')).statusCode).toBe(409);
    expect((await settle('rfnd_DoesNotExist001', 'failed')).statusCode).toBe(404);
    expect((await settle(refund.id, 'reversed')).statusCode).toBe(400);
  });

  it('answers a replayed request with the same refund, and refuses the same key for another request', async () => {
    const { orderId, paymentId } = await paidOrder();
    await control({ refunds: 'hold' });
    const input = { paymentId, amountPaise: 50000, idempotencyKey: 'refund-0005-abcdef', notes: { n: '1' } };
    const first = await gateway.createRefund(input);
    const replay = await gateway.createRefund(input);
    expect(replay).toEqual(first);
    const err = await failure(gateway.createRefund({ ...input, amountPaise: 60000 }));
    expect(err).toBeInstanceOf(GatewayRejected);
    expect(err).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'Different request with the same idempotency key has already been processed.',
    });
    const [payment] = await gateway.orderPayments(orderId);
    expect(payment.amount_refunded).toBe(50000);
  });

  it('refuses a refund above what is left of the payment, naming the amount', async () => {
    const { paymentId } = await paidOrder(100000);
    await control({ refunds: 'hold' });
    await gateway.createRefund({ paymentId, amountPaise: 60000, idempotencyKey: 'refund-0006-abcdef' });
    const err = await failure(
      gateway.createRefund({ paymentId, amountPaise: 60000, idempotencyKey: 'refund-0007-abcdef' }),
    );
    expect(err).toMatchObject({
      status: 400,
      description: 'The refund amount provided is greater than the unrefunded amount of the payment.',
      field: 'amount',
    });
    expect(await failure(gateway.fetchRefund(paymentId, 'rfnd_DoesNotExist001'))).toMatchObject({
      status: 400,
      description: 'The id provided does not exist',
    });
  });

  it('refuses refunding a payment that failed', async () => {
    const order = await gateway.createOrder({ amountPaise: 50000, receipt: 'payment-1' });
    const failed = (await pay(order.id, 'failure')).json().error.metadata.payment_id;
    const err = await failure(
      gateway.createRefund({ paymentId: failed, amountPaise: 50000, idempotencyKey: 'refund-0008-abcdef' }),
    );
    expect(err).toMatchObject({ status: 400, field: 'payment_id' });
  });
});

describe('listing payments (GET /v1/payments)', () => {
  const t0 = Date.parse('2026-11-23T10:00:00Z');
  afterEach(() => setClock());

  it('lists the payments created in a range, newest first, a page at a time through the adapter', async () => {
    setClock(() => new Date(t0));
    const first = await paidOrder(150000);
    setClock(() => new Date(t0 + 10_000));
    const failedOrder = await gateway.createOrder({ amountPaise: 50000, receipt: 'payment-2' });
    expect((await pay(failedOrder.id, 'failure')).statusCode).toBe(200);
    setClock(() => new Date(t0 + 20_000));
    await paidOrder(90000); // at the range's end: left out

    const listed = await gateway.listPayments({ from: new Date(t0), to: new Date(t0 + 20_000) });
    expect(listed.map((p) => [p.order_id, p.status, p.amount])).toEqual([
      [failedOrder.id, 'failed', 50000],
      [first.orderId, 'captured', 150000],
    ]);

    // Razorpay's paging over the same range: count and skip.
    const basic = `Basic ${Buffer.from(`${TEST_GATEWAY.keyId}:${TEST_GATEWAY.keySecret}`).toString('base64')}`;
    const range = `from=${t0 / 1000}&to=${t0 / 1000 + 19}`;
    const second = await app.inject({
      method: 'GET',
      url: `/api/test-gateway/v1/payments?${range}&count=1&skip=1`,
      headers: { authorization: basic },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ entity: 'collection', count: 1, items: [{ id: first.paymentId }] });
    const tooMany = await app.inject({
      method: 'GET',
      url: `/api/test-gateway/v1/payments?${range}&count=101`,
      headers: { authorization: basic },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'The count may not be greater than 100.',
      field: 'count',
    });
  });

  it('asks page after page of 100 until a page comes back short', async () => {
    const { db } = await testDatabase();
    await db.insert(testGatewayObjects).values(
      Array.from({ length: 230 }, (_, i) => ({
        id: `pay_Listed${String(i).padStart(8, '0')}`,
        entity: 'payment' as const,
        parentId: null,
        body: {
          id: `pay_Listed${String(i).padStart(8, '0')}`,
          entity: 'payment',
          amount: 100 + i,
          currency: 'INR',
          status: 'captured',
          order_id: null,
          captured: true,
          created_at: t0 / 1000 + i,
        },
      })),
    );
    const listed = await gateway.listPayments({ from: new Date(t0), to: new Date(t0 + 3_600_000) });
    expect(listed).toHaveLength(230);
    expect(new Set(listed.map((p) => p.id)).size).toBe(230);
    expect(listed[0]).toMatchObject({ amount: 329, order_id: null });
  });
});

describe('webhook delivery', () => {
  it('retries a webhook the receiver refused, as Razorpay does', async () => {
    let refusals = 1;
    answer = () => (refusals-- > 0 ? { status: 400, message: 'not now' } : { status: 200, message: 'ok' });
    const order = await gateway.createOrder({ amountPaise: 50000, receipt: 'payment-1' });
    await pay(order.id, 'failure');
    await app.jobs.runAll({ timeoutMs: 30_000 });
    expect(delivered.map((d) => d.event.event)).toEqual(['payment.failed', 'payment.failed']);
    expect(delivered[0].eventId).toBe(delivered[1].eventId);
  });

  it('throws without a receiver, so the delivering job is retried later', async () => {
    const restore = onWebhook(null as never);
    try {
      await expect(
        deliverWebhook({} as never, { rawBody: '{}', signature: undefined, eventId: undefined }),
      ).rejects.toThrow('No payment webhook receiver is registered yet');
    } finally {
      restore();
    }
  });
});

describe('the API, server to server', () => {
  const orderBody = { amount: 150000, currency: 'INR', receipt: 'payment-1' };
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it("answers 401 with Razorpay's body without the test keys, before reading the request", async () => {
    const none = await app.inject({ method: 'POST', url: '/api/test-gateway/v1/orders', payload: orderBody });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Please provide your api key for authentication purposes.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      },
    });
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/test-gateway/v1/orders/order_x/payments',
      headers: { authorization: basic(TEST_GATEWAY.keyId, 'not-the-secret') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.description).toBe('Authentication failed');
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/test-gateway/v1/orders',
      headers: {
        authorization: basic(TEST_GATEWAY.keyId, TEST_GATEWAY.keySecret),
        'content-type': 'application/json',
      },
      payload: '{"amount":',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error.code).toBe('BAD_REQUEST_ERROR');
  });

  it('takes a call with a foreign Origin (no origin check), while the checkout page keeps it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test-gateway/v1/orders',
      headers: {
        authorization: basic(TEST_GATEWAY.keyId, TEST_GATEWAY.keySecret),
        origin: 'https://elsewhere.example',
      },
      payload: orderBody,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await app.inject({
      method: 'POST',
      url: `/api/test-gateway/checkout/${res.json().id}`,
      headers: { origin: 'https://elsewhere.example' },
      payload: { outcome: 'success' },
    });
    expect(page.statusCode).toBe(403);
  });

  it('leaves the Razorpay API out of the OpenAPI document, and documents the checkout', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const pathsOf = Object.keys(doc.paths).filter((p) => p.startsWith('/api/test-gateway'));
    expect(pathsOf.sort()).toEqual([
      '/api/test-gateway/checkout/{orderId}',
      '/api/test-gateway/control',
      '/api/test-gateway/refunds/{id}/settle',
    ]);
  });
});

describe('with Razorpay keys', () => {
  it('serves none of the test gateway (404)', async () => {
    const live = await createTestApp({
      RAZORPAY_KEY_ID: 'rzp_test_abcdefgh12345',
      RAZORPAY_KEY_SECRET: 'a-razorpay-secret',
      RAZORPAY_WEBHOOK_SECRET: 'a-webhook-secret',
    });
    try {
      expect(live.config.paymentProvider).toBe('razorpay');
      const auth = `Basic ${Buffer.from(`${TEST_GATEWAY.keyId}:${TEST_GATEWAY.keySecret}`).toString('base64')}`;
      for (const [method, url, payload] of [
        ['POST', '/api/test-gateway/v1/orders', { amount: 100, currency: 'INR' }],
        ['GET', '/api/test-gateway/v1/orders/order_x/payments', undefined],
        ['POST', '/api/test-gateway/v1/payments/pay_x/refund', { amount: 100 }],
        ['GET', '/api/test-gateway/v1/payments/pay_x/refunds/rfnd_x', undefined],
        ['POST', '/api/test-gateway/v2/accounts', { email: 'a@example.com' }],
        ['POST', '/api/test-gateway/v2/accounts/acc_x/products', { product_name: 'route' }],
        ['PATCH', '/api/test-gateway/v2/accounts/acc_x/products/acc_prd_x', { tnc_accepted: true }],
        ['POST', '/api/test-gateway/v1/transfers', { account: 'acc_x', amount: 100 }],
        ['GET', '/api/test-gateway/v1/transfers/trf_x', undefined],
        ['POST', '/api/test-gateway/checkout/order_x', { outcome: 'success' }],
        ['POST', '/api/test-gateway/control', { orders: 'down' }],
        ['POST', '/api/test-gateway/refunds/rfnd_x/settle', { status: 'processed' }],
      ] as const) {
        const res = await live.inject({
          method,
          url,
          headers: { authorization: auth },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await live.close();
    }
  });
});
