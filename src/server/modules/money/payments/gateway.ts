// The payment provider, behind one interface (decision 133): Razorpay's HTTP API spoken by our own small fetch
// client. The same adapter runs in both modes: against api.razorpay.com with real keys, and in test mode against
// the built-in test gateway (modules/test-gateway), which answers with Razorpay's bodies. So orders, the signed
// checkout callback, signed webhooks and refunds run the same code in `npm start`, in the tests and in production.
// Not the official `razorpay` package: it hard-codes its API origin, sends no per-request headers (no refund
// idempotency key), compares signatures with === and crashes on a refused connection.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface GatewayOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface GatewayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string | null;
  captured: boolean;
  email: string | null;
  contact: string | null;
  /** Razorpay's fee on the payment, GST included; `tax` is that GST. */
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  created_at: number;
  amount_refunded: number;
}

/** A payment as Razorpay lists them: one taken outside an order (a payment link, a QR code) has no order. */
export type ListedPayment = Omit<GatewayPayment, 'order_id'> & { order_id: string | null };

export interface GatewayRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'processed' | 'failed';
  speed_processed?: string;
  notes: Record<string, string>;
  created_at: number;
}

// ---- Razorpay Route (issue 24, decision 147): payouts to a shark's linked account -------------------------

/** A Route transfer (`POST /v1/transfers`, a direct transfer from our balance to a linked account). */
export interface GatewayTransfer {
  id: string;
  entity: 'transfer';
  status: 'created' | 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  /** Where the money came from: our account for a direct transfer. */
  source: string | null;
  /** The linked account (`acc_…`). */
  recipient: string;
  amount: number;
  currency: string;
  amount_reversed: number;
  /** Razorpay's fee on the transfer and its GST, charged to our balance (null when not given). */
  fees: number | null;
  tax: number | null;
  notes: Record<string, string>;
  /** Why a transfer failed; every field null otherwise. */
  error: {
    code: string | null;
    description: string | null;
    reason: string | null;
    field: string | null;
    step: string | null;
    source: string | null;
  };
  processed_at: number | null;
  created_at: number;
}

/** A linked account's bank account for Route's settlements. */
export interface RouteSettlementInput {
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
}

export interface LinkedAccountInput {
  email: string;
  phone?: string;
  /** Our id for the payee; Razorpay takes at most 20 characters. */
  referenceId: string;
  /** The payee's legal name, 4 to 200 characters. */
  legalBusinessName: string;
  contactName: string;
  /** The payee's PAN, sent as legal_info.pan when given. */
  pan?: string;
  /** The payee's registered address (Razorpay's profile.addresses.registered), sent when given. */
  address?: { street1: string; street2?: string; city: string; state: string; postalCode: string };
}

// ---- end of Route ------------------------------------------------------------------------------------------

export interface WebhookEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    payment?: { entity: GatewayPayment };
    order?: { entity: GatewayOrder };
    refund?: { entity: GatewayRefund };
    /** transfer.processed, transfer.failed (Route). */
    transfer?: { entity: GatewayTransfer };
  };
  created_at: number;
}

/** The provider did not answer usably: refused connection, timeout, 5xx. Retryable. */
export class GatewayUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailable';
  }
}

/** The provider answered 4xx with its error body (code, description, field). */
export class GatewayRejected extends Error {
  constructor(
    public status: number,
    public code: string,
    public description: string,
    public field: string | null,
  ) {
    super(`${status} ${code}: ${description}`);
    this.name = 'GatewayRejected';
  }
}

export interface Gateway {
  readonly provider: 'test' | 'razorpay';
  /** The public key the browser's Checkout is opened with. */
  readonly keyId: string;
  createOrder(input: {
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<GatewayOrder>;
  orderPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Every payment the provider took from `from` up to (not including) `to`, by its created_at: Razorpay's
   * GET /v1/payments?from=&to=&count=100&skip=N, asked a page of 100 at a time until a page comes back short.
   */
  listPayments(range: { from: Date; to: Date }): Promise<ListedPayment[]>;
  createRefund(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<GatewayRefund>;
  fetchRefund(paymentId: string, refundId: string): Promise<GatewayRefund>;
  // Razorpay Route (decision 147): a linked account per payee, its settlement bank account, transfers to it.
  /** POST /v2/accounts: a Route linked account for an individual. */
  createLinkedAccount(input: LinkedAccountInput): Promise<{ id: string; status: string }>;
  /**
   * Route on a linked account, settling to this bank account: POST /v2/accounts/:id/products, then PATCH
   * /v2/accounts/:id/products/:productId. `status` is the product's activation_status (`activated` when ready).
   */
  configureRouteSettlement(
    accountId: string,
    input: RouteSettlementInput,
  ): Promise<{ productId: string; status: string }>;
  /**
   * POST /v1/transfers: a direct transfer from our balance to a linked account, in INR. The key goes in
   * X-Transfer-Idempotency (4 to 36 letters, digits, `-`, `_` or spaces): the same key and body answer the
   * same transfer; the same key with another body is refused (GatewayRejected).
   */
  createTransfer(input: {
    accountId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes?: Record<string, string>;
  }): Promise<GatewayTransfer>;
  /** GET /v1/transfers/:id */
  fetchTransfer(transferId: string): Promise<GatewayTransfer>;
  /** HMAC-SHA256(order_id + "|" + payment_id, key_secret) hex, compared in constant time (wrong length = false). */
  checkoutSignatureValid(orderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256(raw body, webhook secret) hex vs the x-razorpay-signature header, constant time. */
  webhookSignatureValid(rawBody: string | Buffer, signature: string | undefined): boolean;
}

/** Signs like Razorpay does (the test gateway and the tests use these). */
export function signCheckout(orderId: string, paymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${orderId}|${paymentId}`).digest('hex');
}

export function signWebhook(rawBody: string | Buffer, webhookSecret: string): string {
  return createHmac('sha256', webhookSecret).update(rawBody).digest('hex');
}

/** Equal in constant time; a missing or differently sized value is simply unequal. */
function sameHex(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

// The fields this code relies on are checked; the rest of Razorpay's (larger) bodies passes through untouched,
// so a field Razorpay adds or leaves out that we never read cannot break a payment.
const notes = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .transform((v) =>
    Array.isArray(v) ? {} : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])),
  );
const orderSchema = z.looseObject({
  id: z.string().min(1),
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int(),
  notes: notes.optional().default({}),
  created_at: z.number(),
});
const paymentSchema = z.looseObject({
  id: z.string().min(1),
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().min(1),
  method: z.string().nullable().optional().default(null),
  captured: z.boolean(),
  email: z.string().nullable().optional().default(null),
  contact: z.string().nullable().optional().default(null),
  fee: z.number().int().nullable().optional().default(null),
  tax: z.number().int().nullable().optional().default(null),
  error_code: z.string().nullable().optional().default(null),
  error_description: z.string().nullable().optional().default(null),
  created_at: z.number(),
  amount_refunded: z.number().int().optional().default(0),
});
const listedPaymentSchema = paymentSchema.extend({ order_id: z.string().min(1).nullable() });
const refundSchema = z.looseObject({
  id: z.string().min(1),
  entity: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: z.string().min(1),
  status: z.enum(['pending', 'processed', 'failed']),
  speed_processed: z.string().nullable().optional(),
  notes: notes.optional().default({}),
  created_at: z.number(),
});
// Route (decision 147).
const nullableString = z.string().nullable().optional().default(null);
const transferSchema = z.looseObject({
  id: z.string().min(1),
  entity: z.literal('transfer'),
  status: z.enum(['created', 'pending', 'processed', 'failed', 'reversed', 'partially_reversed']),
  source: nullableString,
  recipient: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  amount_reversed: z.number().int().optional().default(0),
  fees: z.number().int().nullable().optional().default(null),
  tax: z.number().int().nullable().optional().default(null),
  notes: notes.optional().default({}),
  error: z
    .looseObject({
      code: nullableString,
      description: nullableString,
      reason: nullableString,
      field: nullableString,
      step: nullableString,
      source: nullableString,
    })
    .nullable()
    .optional()
    .transform(
      (e) => e ?? { code: null, description: null, reason: null, field: null, step: null, source: null },
    ),
  processed_at: z.number().nullable().optional().default(null),
  created_at: z.number(),
});
const linkedAccountSchema = z.looseObject({ id: z.string().min(1), status: z.string() });
const productSchema = z.looseObject({
  id: z.string().min(1),
  product_name: z.string(),
  activation_status: z.string(),
});

const collectionOf = <T extends z.ZodType>(item: T) =>
  z.looseObject({ entity: z.literal('collection'), count: z.number().int(), items: z.array(item) });
const errorBodySchema = z.object({
  error: z.looseObject({
    code: z.string(),
    description: z.string(),
    field: z.string().nullable().optional(),
  }),
});

/**
 * The business category a shark's linked account is filed under: Razorpay asks every linked account for one of
 * its categories; sharks sell online one-to-one teaching and mentoring (decision 147).
 */
export const ROUTE_PROFILE = { category: 'education', subcategory: 'elearning' } as const;

export interface RazorpayGatewayOptions {
  provider: 'test' | 'razorpay';
  /** Razorpay's API origin, or the test gateway's (`<app origin>/api/test-gateway`). */
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** A call that has not answered by then counts as an outage (GatewayUnavailable). */
  timeoutMs: number;
  /** The test gateway serves through `app.inject` (testGatewayFetch); otherwise the global fetch. */
  fetch?: typeof fetch;
}

export function razorpayGateway(opts: RazorpayGatewayOptions): Gateway {
  const base = opts.apiUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  const send = opts.fetch ?? fetch;

  async function call<T>(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const what = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      // One deadline for the answer and its body: a server that sends headers and then stalls is an outage too.
      const res = await send(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new GatewayUnavailable(
        timedOut
          ? `${opts.provider} did not answer ${what} within ${opts.timeoutMs} ms`
          : `${opts.provider} could not be reached for ${what}: ${err instanceof Error ? err.message : String(err)}`,
        { cause: err },
      );
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // 5xx, and the two 4xx Razorpay asks to retry: 409 (the same idempotent request is still in progress) and
    // 429 (rate limited).
    if (status >= 500 || status === 409 || status === 429) {
      const detail = errorBodySchema.safeParse(json);
      throw new GatewayUnavailable(
        `${opts.provider} answered ${what} with ${status}${detail.success ? `: ${detail.data.error.description}` : ''}`,
      );
    }
    if (status >= 400) {
      const detail = errorBodySchema.safeParse(json);
      if (!detail.success) throw new GatewayRejected(status, 'UNKNOWN_ERROR', text.slice(0, 200), null);
      const { code, description, field } = detail.data.error;
      throw new GatewayRejected(status, code, description, field ?? null);
    }
    const parsed = schema.safeParse(json);
    if (status < 200 || status >= 300 || !parsed.success) {
      throw new GatewayUnavailable(
        `${opts.provider} answered ${what} with ${status} and a body we cannot read`,
      );
    }
    return parsed.data;
  }

  const id = (value: string) => encodeURIComponent(value);
  /** Razorpay's largest page of a list. */
  const PAGE = 100;
  const unix = (at: Date) => Math.floor(at.getTime() / 1000);

  return {
    provider: opts.provider,
    keyId: opts.keyId,
    createOrder: ({ amountPaise, receipt, notes: orderNotes = {} }) =>
      call('POST', '/v1/orders', orderSchema as z.ZodType<GatewayOrder>, {
        amount: amountPaise,
        currency: 'INR',
        receipt,
        notes: orderNotes,
      }),
    orderPayments: async (orderId) =>
      (
        await call(
          'GET',
          `/v1/orders/${id(orderId)}/payments`,
          collectionOf(paymentSchema) as z.ZodType<{ items: GatewayPayment[] }>,
        )
      ).items,
    listPayments: async ({ from, to }) => {
      // Both ends of Razorpay's range are whole seconds and inclusive: [from, to) ends a second before `to`.
      const range = `from=${unix(from)}&to=${Math.ceil(to.getTime() / 1000) - 1}&count=${PAGE}`;
      const all: ListedPayment[] = [];
      for (let skip = 0; ; skip += PAGE) {
        const page = await call(
          'GET',
          `/v1/payments?${range}&skip=${skip}`,
          collectionOf(listedPaymentSchema) as z.ZodType<{ items: ListedPayment[] }>,
        );
        all.push(...page.items);
        if (page.items.length < PAGE) return all;
      }
    },
    createRefund: ({ paymentId, amountPaise, idempotencyKey, notes: refundNotes = {} }) =>
      call(
        'POST',
        `/v1/payments/${id(paymentId)}/refund`,
        refundSchema as z.ZodType<GatewayRefund>,
        { amount: amountPaise, speed: 'normal', notes: refundNotes },
        { 'x-refund-idempotency': idempotencyKey },
      ),
    fetchRefund: (paymentId, refundId) =>
      call(
        'GET',
        `/v1/payments/${id(paymentId)}/refunds/${id(refundId)}`,
        refundSchema as z.ZodType<GatewayRefund>,
      ),
    // Route (decision 147).
    createLinkedAccount: async (input) => {
      const account = await call('POST', '/v2/accounts', linkedAccountSchema, {
        email: input.email,
        ...(input.phone ? { phone: input.phone } : {}),
        type: 'route',
        reference_id: input.referenceId,
        legal_business_name: input.legalBusinessName,
        business_type: 'individual',
        contact_name: input.contactName,
        profile: {
          category: ROUTE_PROFILE.category,
          subcategory: ROUTE_PROFILE.subcategory,
          ...(input.address
            ? {
                addresses: {
                  registered: {
                    street1: input.address.street1,
                    ...(input.address.street2 ? { street2: input.address.street2 } : {}),
                    city: input.address.city,
                    state: input.address.state,
                    postal_code: input.address.postalCode,
                    country: 'IN',
                  },
                },
              }
            : {}),
        },
        ...(input.pan ? { legal_info: { pan: input.pan } } : {}),
      });
      return { id: account.id, status: account.status };
    },
    configureRouteSettlement: async (accountId, input) => {
      const requested = await call('POST', `/v2/accounts/${id(accountId)}/products`, productSchema, {
        product_name: 'route',
        tnc_accepted: true,
      });
      const product = await call(
        'PATCH',
        `/v2/accounts/${id(accountId)}/products/${id(requested.id)}`,
        productSchema,
        {
          settlements: {
            account_number: input.accountNumber,
            ifsc_code: input.ifsc,
            beneficiary_name: input.beneficiaryName,
          },
          tnc_accepted: true,
        },
      );
      return { productId: product.id, status: product.activation_status };
    },
    createTransfer: ({ accountId, amountPaise, idempotencyKey, notes: transferNotes = {} }) =>
      call(
        'POST',
        '/v1/transfers',
        transferSchema as z.ZodType<GatewayTransfer>,
        { account: accountId, amount: amountPaise, currency: 'INR', notes: transferNotes },
        { 'x-transfer-idempotency': idempotencyKey },
      ),
    fetchTransfer: (transferId) =>
      call('GET', `/v1/transfers/${id(transferId)}`, transferSchema as z.ZodType<GatewayTransfer>),
    checkoutSignatureValid: (orderId, paymentId, signature) =>
      sameHex(signCheckout(orderId, paymentId, opts.keySecret), signature),
    webhookSignatureValid: (rawBody, signature) =>
      sameHex(signWebhook(rawBody, opts.webhookSecret), signature),
  };
}
