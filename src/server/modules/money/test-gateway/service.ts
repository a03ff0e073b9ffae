// The built-in test gateway (decision 133): Razorpay's API emulated inside the app, so test mode runs the very
// adapter, signatures and webhook handling that production runs against Razorpay. It keeps orders, payments and
// refunds as Razorpay's bodies, signs the checkout callback with its key secret and its webhooks with its webhook
// secret, and sends those webhooks as jobs written in the transaction of the change, as Razorpay would send them
// after it. Served only in test mode, which production refuses; its signing is its own code, apart from the
// adapter's checks, so the two test each other.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODE } from '#shared/error-codes.ts';
import {
  TEST_GATEWAY_MSG,
  type TestCheckoutAnswer,
  type TestCheckoutOutcome,
  type TestGatewayControl,
} from '#shared/test-gateway.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { JobQueue, TestGatewayWebhook } from '#server/jobs/queue.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import * as repo from './repository';

/**
 * The test gateway's keys: fixed, because they guard nothing (test mode moves no money and production refuses
 * to start in it). The payments module opens the test checkout with keyId and checks signatures with the rest.
 */
export const TEST_GATEWAY = {
  keyId: 'rzp_test_builtin',
  keySecret: 'test-gateway-key-secret-moves-no-money',
  webhookSecret: 'test-gateway-webhook-secret-moves-no-money',
} as const;

/** Where the adapter reaches the test gateway, below the app's origin. */
export const TEST_GATEWAY_PATH = '/api/test-gateway';

/** The merchant account named in the test gateway's webhook events. */
export const ACCOUNT_ID = 'acc_TestGateway001';

/** Razorpay's fee on a payment: 2% of it, plus 18% GST on that fee; its `fee` field includes the GST. */
const FEE_PERCENT = 2;
const FEE_GST_PERCENT = 18;

export type Jobs = Pick<JobQueue, 'enqueue'>;
type Body = repo.Body;

// Razorpay's error codes (not ours: the test gateway answers as Razorpay does).
const BAD_REQUEST_ERROR = 'BAD_REQUEST_ERROR';
const SERVER_ERROR = 'SERVER_ERROR';

/** A refusal in Razorpay's words; the gateway's routes answer it as Razorpay's error body. */
export class RazorpayError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    readonly field: string | null = null,
    readonly code: string = BAD_REQUEST_ERROR,
  ) {
    super(description);
    this.name = 'RazorpayError';
  }
}

/** Razorpay's error body: input mistakes name the business step and the field, the rest say NA. */
export function razorpayErrorBody(err: RazorpayError) {
  const input = err.status === 400 && err.field !== null;
  return {
    error: {
      code: err.code,
      description: err.description,
      source: input ? 'business' : 'NA',
      step: input ? 'payment_initiation' : 'NA',
      reason: input ? 'input_validation_failed' : 'NA',
      metadata: {},
      ...(err.field ? { field: err.field } : {}),
    },
  };
}

/** The same idempotency key sent again with another request (refunds and transfers alike). */
export const IDEMPOTENCY_KEY_REUSED =
  'Different request with the same idempotency key has already been processed.';
export const NO_SUCH_ID = 'The id provided does not exist';

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** An id as Razorpay writes them: a prefix and 14 letters and digits (`pay_IluGWxBm9U8zJ8`). */
export function razorpayId(prefix?: string) {
  const tail = [...randomBytes(14)].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  return prefix ? `${prefix}_${tail}` : tail;
}
export const unixNow = () => Math.floor(now().getTime() / 1000);
const hmac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('hex');

/** What the API shows of a stored body: everything but the gateway's own bookkeeping (`_private`). */
export const publicBody = (body: Body): Body => {
  const { _private: _, ...rest } = body;
  return rest;
};

/** Is this the test gateway's Basic authorization? `missing` and `wrong` get Razorpay's two 401 texts. */
export function checkAuthorization(header: string | undefined): 'ok' | 'missing' | 'wrong' {
  if (!header?.startsWith('Basic ')) return 'missing';
  const given = Buffer.from(header.slice('Basic '.length).trim(), 'base64');
  const expected = Buffer.from(`${TEST_GATEWAY.keyId}:${TEST_GATEWAY.keySecret}`);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'wrong';
}

export const AUTH_MISSING = 'Please provide your api key for authentication purposes.';
export const AUTH_WRONG = 'Authentication failed';

/** One webhook as Razorpay sends it: the event's JSON exactly as signed, its signature and an event id. */
export function webhook(event: string, payload: Record<string, Body>): TestGatewayWebhook {
  const rawBody = JSON.stringify({
    entity: 'event',
    account_id: ACCOUNT_ID,
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: publicBody(v) }])),
    created_at: unixNow(),
  });
  return { eventId: razorpayId(), rawBody, signature: hmac(TEST_GATEWAY.webhookSecret, rawBody) };
}

/**
 * Sends webhooks as a job of this transaction, so they leave only if the change commits: the first now, each
 * next one once the one before it is taken (payment.captured, then order.paid).
 */
export async function sendWebhooks(
  tx: DbOrTx,
  jobs: Jobs,
  first: TestGatewayWebhook,
  ...then: TestGatewayWebhook[]
) {
  await jobs.enqueue(tx, 'test-gateway-webhook', { ...first, then });
}

// ---- The API (/v1), as Razorpay's -----------------------------------------------------------------------

export async function createOrder(
  db: DbOrTx,
  control: TestGatewayControl,
  input: { amount: number; receipt?: string | null; notes?: Record<string, string> },
): Promise<Body> {
  if (control.orders === 'down')
    throw new RazorpayError(503, 'The server is temporarily unavailable.', null, SERVER_ERROR);
  const order: Body = {
    id: razorpayId('order'),
    entity: 'order',
    amount: input.amount,
    amount_paid: 0,
    amount_due: input.amount,
    currency: 'INR',
    receipt: input.receipt ?? null,
    offer_id: null,
    status: 'created',
    attempts: 0,
    notes: input.notes ?? {},
    created_at: unixNow(),
  };
  await repo.insertObject(db, { id: order.id as string, entity: 'order', parentId: null, body: order });
  return order;
}

export async function orderPayments(db: DbOrTx, orderId: string): Promise<Body> {
  if (!(await repo.getObject(db, 'order', orderId))) throw new RazorpayError(400, NO_SUCH_ID);
  const items = (await repo.listChildren(db, 'payment', orderId)).map(publicBody);
  return { entity: 'collection', count: items.length, items };
}

/** GET /v1/payments: the payments created in a range of unix seconds, newest first, a page at a time. */
export async function listPayments(
  db: DbOrTx,
  query: { from?: number; to?: number; count?: number; skip?: number },
): Promise<Body> {
  const items = (
    await repo.listCreatedBetween(db, 'payment', {
      from: query.from ?? 0,
      to: query.to ?? unixNow(),
      count: query.count ?? 10,
      skip: query.skip ?? 0,
    })
  ).map(publicBody);
  return { entity: 'collection', count: items.length, items };
}

/** The payment's refund status once `refunded` of its amount has gone back (or is on its way). */
const withRefunded = (payment: Body, refunded: number): Body => ({
  ...payment,
  amount_refunded: refunded,
  refund_status: refunded === 0 ? null : refunded >= (payment.amount as number) ? 'full' : 'partial',
  status: refunded >= (payment.amount as number) ? 'refunded' : 'captured',
});

/**
 * A normal refund, created `pending`. A job then settles it as the control says (processed, failed, or held for
 * a manual settle). X-Refund-Idempotency: the same key with the same request answers the refund it made; with
 * another request, Razorpay's 400.
 */
export async function createRefund(
  db: Db,
  jobs: Jobs,
  control: TestGatewayControl,
  input: {
    paymentId: string;
    amount: number;
    speed?: string;
    notes?: Record<string, string>;
    receipt?: string | null;
    idempotencyKey?: string;
  },
): Promise<Body> {
  const { paymentId, idempotencyKey, ...fields } = input;
  const request = JSON.stringify({
    paymentId,
    amount: fields.amount,
    speed: fields.speed ?? 'normal',
    notes: fields.notes ?? {},
    receipt: fields.receipt ?? null,
  });
  return db.transaction(async (tx) => {
    const payment = await repo.lockObject(tx, 'payment', paymentId);
    if (!payment) throw new RazorpayError(400, NO_SUCH_ID);
    if (idempotencyKey) {
      // The payment's lock orders two requests for one payment; the key's lock two for different payments.
      await repo.lockIdempotencyKey(tx, idempotencyKey);
      const earlier = await repo.findRefundByIdempotencyKey(tx, idempotencyKey);
      if (earlier) {
        const earlierRequest = (earlier._private as { request?: string } | undefined)?.request;
        if (earlierRequest !== request) throw new RazorpayError(400, IDEMPOTENCY_KEY_REUSED);
        return publicBody(earlier);
      }
    }
    if (payment.status !== 'captured' && payment.status !== 'refunded')
      throw new RazorpayError(
        400,
        'The payment has not been captured, so it cannot be refunded.',
        'payment_id',
      );
    const refunded = payment.amount_refunded as number;
    if (fields.amount > (payment.amount as number) - refunded)
      throw new RazorpayError(
        400,
        'The refund amount provided is greater than the unrefunded amount of the payment.',
        'amount',
      );
    const refund: Body = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount: fields.amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: fields.notes ?? {},
      receipt: fields.receipt ?? null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: fields.speed ?? 'normal',
      _private: { idempotency_key: idempotencyKey ?? null, request },
    };
    await repo.insertObject(tx, {
      id: refund.id as string,
      entity: 'refund',
      parentId: paymentId,
      body: refund,
    });
    await repo.updateBody(tx, paymentId, withRefunded(payment, refunded + fields.amount));
    if (control.refunds !== 'hold')
      await jobs.enqueue(tx, 'test-gateway-refund', {
        refundId: refund.id as string,
        status: control.refunds === 'fail' ? 'failed' : 'processed',
      });
    return publicBody(refund);
  });
}

export async function fetchRefund(db: DbOrTx, paymentId: string, refundId: string): Promise<Body> {
  const refund = await repo.getObject(db, 'refund', refundId);
  if (!refund || refund.payment_id !== paymentId) throw new RazorpayError(400, NO_SUCH_ID);
  return publicBody(refund);
}

// ---- What Razorpay does on its side: the checkout window, settling refunds --------------------------------

/**
 * The test checkout's Pay or fail button. `success` captures a payment at once (auto-capture), marks the order
 * paid and answers the callback signed with the key secret; `failure` records a failed attempt and answers what
 * Razorpay Checkout hands its failure handler. Each sends the webhooks Razorpay would.
 */
export async function checkout(
  db: Db,
  jobs: Jobs,
  orderId: string,
  outcome: TestCheckoutOutcome,
): Promise<TestCheckoutAnswer> {
  return db.transaction(async (tx) => {
    const order = await repo.lockObject(tx, 'order', orderId);
    if (!order) throw notFound(TEST_GATEWAY_MSG.orderNotFound);
    if (order.status === 'paid') throw conflict(TEST_GATEWAY_MSG.orderPaid, ERROR_CODE.conflict);
    const amount = order.amount as number;
    const success = outcome === 'success';
    const base = Math.round((amount * FEE_PERCENT) / 100);
    const tax = Math.round((base * FEE_GST_PERCENT) / 100);
    const payment: Body = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: success ? 'captured' : 'failed',
      order_id: orderId,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: success,
      description: null,
      card_id: null,
      bank: null,
      wallet: null,
      vpa: success ? 'success@razorpay' : 'failure@razorpay',
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: order.notes ?? {},
      fee: success ? base + tax : null,
      tax: success ? tax : null,
      error_code: success ? null : BAD_REQUEST_ERROR,
      error_description: success ? null : 'Payment failed',
      error_source: success ? null : 'customer',
      error_step: success ? null : 'payment_authorization',
      error_reason: success ? null : 'payment_failed',
      acquirer_data: { rrn: success ? String(randomBytes(5).readUIntBE(0, 5)).padStart(12, '0') : null },
      created_at: unixNow(),
    };
    const paymentId = payment.id as string;
    await repo.insertObject(tx, { id: paymentId, entity: 'payment', parentId: orderId, body: payment });
    const attempts = (order.attempts as number) + 1;
    const updated: Body = success
      ? { ...order, status: 'paid', amount_paid: amount, amount_due: 0, attempts }
      : { ...order, status: 'attempted', attempts };
    await repo.updateBody(tx, orderId, updated);
    if (!success) {
      await sendWebhooks(tx, jobs, webhook('payment.failed', { payment }));
      return {
        error: {
          code: BAD_REQUEST_ERROR,
          description: 'Payment failed',
          source: 'customer',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { payment_id: paymentId, order_id: orderId },
        },
      };
    }
    await sendWebhooks(
      tx,
      jobs,
      webhook('payment.captured', { payment }),
      webhook('order.paid', { payment, order: updated }),
    );
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: hmac(TEST_GATEWAY.keySecret, `${orderId}|${paymentId}`),
    };
  });
}

export interface TestRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}
const asTestRefund = (refund: Body): TestRefund => ({
  id: refund.id as string,
  paymentId: refund.payment_id as string,
  amountPaise: refund.amount as number,
  status: refund.status as TestRefund['status'],
});

/**
 * Settles a pending refund as processed or failed and sends refund.processed or refund.failed. A failed refund
 * gives its amount back to the payment's refundable balance. A refund already settled stays as it is
 * (`changed: false`); null when there is no such refund.
 */
export async function settleRefund(
  db: Db,
  jobs: Jobs,
  refundId: string,
  status: 'processed' | 'failed',
): Promise<{ refund: TestRefund; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    const refund = await repo.lockObject(tx, 'refund', refundId);
    if (!refund) return null;
    if (refund.status !== 'pending') return { refund: asTestRefund(refund), changed: false };
    let payment = await repo.lockObject(tx, 'payment', refund.payment_id as string);
    if (!payment) return null;
    const settled: Body = { ...refund, status };
    if (status === 'processed') settled.acquirer_data = { arn: String(10000000000000 + unixNow()) };
    await repo.updateBody(tx, refundId, settled);
    if (status === 'failed') {
      payment = withRefunded(payment, (payment.amount_refunded as number) - (refund.amount as number));
      await repo.updateBody(tx, payment.id as string, payment);
    }
    await sendWebhooks(tx, jobs, webhook(`refund.${status}`, { refund: settled, payment }));
    return { refund: asTestRefund(settled), changed: true };
  });
}

/** Settles a refund for the settle route: 404 when unknown, 409 when already settled. */
export async function settleRefundNow(
  db: Db,
  jobs: Jobs,
  refundId: string,
  status: 'processed' | 'failed',
): Promise<TestRefund> {
  const result = await settleRefund(db, jobs, refundId, status);
  if (!result) throw notFound(TEST_GATEWAY_MSG.refundNotFound);
  if (!result.changed) throw conflict(TEST_GATEWAY_MSG.refundSettled, ERROR_CODE.conflict);
  return result.refund;
}

/**
 * A `fetch` that serves requests to the test gateway through `app.inject`: the adapter talks HTTP to it inside
 * the process, with no listening socket (tests) and whatever address the app is reached at (`npm start`).
 */
export function testGatewayFetch(app: FastifyInstance): typeof fetch {
  return async (input, init = {}) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request ? request.url : String(input));
    const signal = init.signal ?? request?.signal ?? null;
    signal?.throwIfAborted();
    const body = init.body ?? (request ? await request.text() : undefined);
    const injected = app.inject({
      method: (init.method ?? request?.method ?? 'GET').toUpperCase() as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init.headers ?? request?.headers).entries()),
      ...(body === undefined || body === null || body === ''
        ? {}
        : { payload: typeof body === 'string' ? body : await new Response(body).text() }),
    });
    const res = signal
      ? await Promise.race([
          injected,
          new Promise<never>((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
          ),
        ])
      : await injected;
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) for (const one of [value].flat()) headers.append(name, String(one));
    const empty = [101, 204, 205, 304].includes(res.statusCode);
    return new Response(empty ? null : res.payload, { status: res.statusCode, headers });
  };
}
