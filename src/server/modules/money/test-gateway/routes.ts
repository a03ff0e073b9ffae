// The built-in test gateway's HTTP (decision 133), under /api/test-gateway and registered only in test mode
// (app.ts), which production refuses. /v1 (and /v2, Route's linked accounts, decision 147) speaks Razorpay's API
// to the payments adapter: Basic auth with the test keys, Razorpay's bodies and error bodies, no origin check (it
// is called server to server), and no place in our OpenAPI document, which describes our own API. The checkout, control and settle routes are ours: the test
// checkout page and the tests call them, and they answer in our error shape.
import { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { queryNumberInput } from '#shared/query-numbers.ts';
import {
  settleTestRefundSchema,
  testCheckoutAnswerSchema,
  testCheckoutBodySchema,
  testGatewayControlSchema,
  testGatewayControlStateSchema,
  testRefundSchema,
  type TestGatewayControl,
} from '#shared/test-gateway.ts';
import { HttpError } from '#server/http/errors.ts';
import {
  AUTH_MISSING,
  AUTH_WRONG,
  checkAuthorization,
  checkout,
  createOrder,
  createRefund,
  fetchRefund,
  listPayments,
  orderPayments,
  RazorpayError,
  razorpayErrorBody,
  settleRefundNow,
} from './service';
import {
  createLinkedAccount,
  createTransfer,
  fetchTransfer,
  requestProduct,
  updateProduct,
} from './razorpay-route';

// Razorpay's own limits and texts for what the adapter sends.
const MIN_AMOUNT = 'The amount must be at least INR 1.00';
const amount = z.number({ error: 'The amount must be an integer.' }).int('The amount must be an integer.');
const notes = z
  .record(z.string(), z.string().max(256, 'The notes value may not be greater than 256 characters.'), {
    error: 'The notes field must be an object.',
  })
  .refine((n) => Object.keys(n).length <= 15, 'The notes may not have more than 15 items.');
const receipt = z.string().max(40, 'The receipt may not be greater than 40 characters.').nullish();
const razorpayId = z.string().min(1).max(64);

const orderBody = z.object({
  amount: amount.min(100, MIN_AMOUNT),
  currency: z.literal('INR', { error: 'Currency is not supported' }),
  receipt,
  notes: notes.optional(),
  partial_payment: z.boolean().optional(),
});
const refundBody = z.object({
  amount: amount.min(100, MIN_AMOUNT),
  speed: z.enum(['normal', 'optimum'], { error: 'The selected speed is invalid.' }).optional(),
  notes: notes.optional(),
  receipt,
});
const refundHeaders = z.looseObject({
  'x-refund-idempotency': z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{10,}$/,
      'The idempotency key must be at least 10 characters long and contain only letters, numbers, hyphens and underscores.',
    )
    .optional(),
});

// ---- Route (decision 147): Razorpay's limits and texts ------------------------------------------------------
/** Razorpay's "The x field is required." when missing, else the given text. */
const required = (field: string, invalid: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `The ${field} field is required.` : invalid,
});
const requiredString = (field: string, min: number, max: number) =>
  z
    .string(required(field, `The ${field} must be a string.`))
    .min(min, `The ${field} must be at least ${min} characters.`)
    .max(max, `The ${field} may not be greater than ${max} characters.`);
const BUSINESS_TYPES = [
  'llp',
  'ngo',
  'individual',
  'partnership',
  'proprietorship',
  'public_limited',
  'private_limited',
  'trust',
  'society',
  'not_yet_registered',
  'educational_institutes',
] as const;
const linkedAccountBody = z.object({
  email: z.email(required('email', 'The email must be a valid email address.')),
  phone: z
    .string()
    .regex(/^\+?\d{8,15}$/, 'The phone format is invalid: 8 to 15 digits.')
    .optional(),
  type: z.literal('route', required('type', 'The selected type is invalid.')),
  reference_id: z.string().max(20, 'The reference id may not be greater than 20 characters.').optional(),
  legal_business_name: requiredString('legal business name', 4, 200),
  customer_facing_business_name: z.string().max(255).optional(),
  business_type: z.enum(BUSINESS_TYPES, required('business type', 'The business type is invalid.')),
  contact_name: requiredString('contact name', 1, 255),
  profile: z.looseObject(
    {
      category: requiredString('category', 1, 64),
      subcategory: requiredString('subcategory', 1, 64),
      addresses: z
        .object({
          registered: z.object({
            street1: requiredString('street1', 1, 100),
            street2: z.string().max(100).optional(),
            city: requiredString('city', 1, 100),
            state: requiredString('state', 2, 32),
            postal_code: z.union([z.string().regex(/^\d{6}$/), z.number().int()], {
              error: 'The postal code must be 6 digits.',
            }),
            country: z.literal('IN', { error: 'The country is invalid.' }),
          }),
        })
        .optional(),
    },
    required('profile', 'The profile must be an object.'),
  ),
  legal_info: z
    .looseObject({
      pan: z
        .string()
        .regex(/^[A-Z]{5}\d{4}[A-Z]$/, 'The pan field is invalid.')
        .optional(),
    })
    .optional(),
  notes: notes.optional(),
});
const productRequestBody = z.object({
  product_name: z.literal('route', required('product name', 'The product name is invalid.')),
  tnc_accepted: z.boolean().optional(),
});
const productUpdateBody = z.object({
  settlements: z
    .object({
      account_number: z
        .string(required('account number', 'The account number must be a string.'))
        .regex(/^\d{5,35}$/, 'The account number format is invalid.'),
      ifsc_code: z
        .string(required('ifsc code', 'The ifsc code must be a string.'))
        .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'The ifsc code format is invalid.'),
      beneficiary_name: requiredString('beneficiary name', 1, 120),
    })
    .optional(),
  tnc_accepted: z.boolean().optional(),
});
const transferBody = z.object({
  account: z
    .string(required('account', 'The account must be a string.'))
    .min(1, 'The account field is required.'),
  amount: amount.min(100, MIN_AMOUNT),
  currency: z.literal('INR', { error: 'Currency is not supported' }),
  notes: notes.optional(),
  on_hold: z.boolean().optional(),
});
const transferHeaders = z.looseObject({
  'x-transfer-idempotency': z
    .string()
    .regex(
      /^[A-Za-z0-9_ -]{4,36}$/,
      'The idempotency key must be 4 to 36 characters long and contain only letters, numbers, hyphens, underscores and spaces.',
    )
    .optional(),
});
// ---- end of Route --------------------------------------------------------------------------------------------
// GET /v1/payments's range and page, in Razorpay's words. Its timestamps are unix seconds from 2000 to 2120.
const timestamp = (name: 'from' | 'to') =>
  z
    .preprocess(
      queryNumberInput,
      z
        .number({ error: `${name} must be an integer.` })
        .int(`${name} must be an integer.`)
        .min(946684800, `${name} must be between 946684800 and 4765046400`)
        .max(4765046400, `${name} must be between 946684800 and 4765046400`),
    )
    .optional();
const listQuery = z.object({
  from: timestamp('from'),
  to: timestamp('to'),
  count: z
    .preprocess(
      queryNumberInput,
      z
        .number({ error: 'The count must be an integer.' })
        .int('The count must be an integer.')
        .min(1, 'The count must be at least 1.')
        .max(100, 'The count may not be greater than 100.'),
    )
    .optional(),
  skip: z
    .preprocess(
      queryNumberInput,
      z
        .number({ error: 'The skip must be an integer.' })
        .int('The skip must be an integer.')
        .min(0, 'The skip must be at least 0.'),
    )
    .optional(),
});

/** A Razorpay error body for anything a /v1 request meets, as Razorpay would word it. */
function asRazorpayError(err: FastifyError | Error): RazorpayError | null {
  if (err instanceof RazorpayError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || null;
    return new RazorpayError(400, first?.message ?? 'The request is invalid.', field);
  }
  if (err instanceof HttpError && err.statusCode < 500) {
    return new RazorpayError(err.statusCode, err.message, Object.keys(err.fields ?? {})[0] ?? null);
  }
  const status = (err as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new RazorpayError(status, err.message);
  return null;
}

/**
 * What every Razorpay API path of the gateway does: Razorpay's error body for anything that goes wrong, and its
 * keys checked first.
 */
function speaksRazorpay(api: FastifyInstance) {
  api.setErrorHandler((err: FastifyError, req, reply) => {
    const known = asRazorpayError(err);
    if (known) return reply.code(known.status).send(razorpayErrorBody(known));
    req.log.error({ err }, 'test gateway request failed');
    return reply
      .code(500)
      .send(
        razorpayErrorBody(new RazorpayError(500, 'The server encountered an error.', null, 'SERVER_ERROR')),
      );
  });
  // Before anything about the request is read, as Razorpay checks its keys first.
  api.addHook('onRequest', async (req) => {
    const auth = checkAuthorization(req.headers.authorization);
    if (auth !== 'ok') throw new RazorpayError(401, auth === 'missing' ? AUTH_MISSING : AUTH_WRONG);
  });
}

const routes: FastifyPluginAsyncZod = async (app) => {
  /** How the gateway behaves, per server process: POST /control changes it (tests, manual tries). */
  const control: TestGatewayControl = { refunds: 'process', orders: 'up' };

  const v1: FastifyPluginAsyncZod = async (api) => {
    speaksRazorpay(api);
    // Server to server: Basic auth stands in for the origin check; Razorpay's API is not our OpenAPI.
    const serverToServer = { config: { serverToServer: true } } as const;

    api.post('/orders', { ...serverToServer, schema: { hide: true, body: orderBody } }, async (req) =>
      createOrder(app.db, control, req.body),
    );
    api.get(
      '/orders/:id/payments',
      { ...serverToServer, schema: { hide: true, params: z.object({ id: razorpayId }) } },
      async (req) => orderPayments(app.db, req.params.id),
    );
    api.get('/payments', { ...serverToServer, schema: { hide: true, querystring: listQuery } }, async (req) =>
      listPayments(app.db, req.query),
    );
    api.post(
      '/payments/:id/refund',
      {
        ...serverToServer,
        schema: {
          hide: true,
          params: z.object({ id: razorpayId }),
          headers: refundHeaders,
          body: refundBody,
        },
      },
      async (req) =>
        createRefund(app.db, app.jobs, control, {
          paymentId: req.params.id,
          ...req.body,
          idempotencyKey: req.headers['x-refund-idempotency'],
        }),
    );
    api.get(
      '/payments/:id/refunds/:refundId',
      {
        ...serverToServer,
        schema: { hide: true, params: z.object({ id: razorpayId, refundId: razorpayId }) },
      },
      async (req) => fetchRefund(app.db, req.params.id, req.params.refundId),
    );
  };
  await app.register(v1, { prefix: '/test-gateway/v1' });

  // Razorpay Route (decision 147): linked accounts and their settlement account (/v2), transfers (/v1).
  const serverToServer = { config: { serverToServer: true } } as const;
  const routeV2: FastifyPluginAsyncZod = async (api) => {
    speaksRazorpay(api);
    api.post(
      '/accounts',
      { ...serverToServer, schema: { hide: true, body: linkedAccountBody } },
      async (req) => createLinkedAccount(app.db, req.body),
    );
    api.post(
      '/accounts/:id/products',
      {
        ...serverToServer,
        schema: { hide: true, params: z.object({ id: razorpayId }), body: productRequestBody },
      },
      async (req) => requestProduct(app.db, req.params.id, req.body),
    );
    api.patch(
      '/accounts/:id/products/:productId',
      {
        ...serverToServer,
        schema: {
          hide: true,
          params: z.object({ id: razorpayId, productId: razorpayId }),
          body: productUpdateBody,
        },
      },
      async (req) => updateProduct(app.db, req.params.id, req.params.productId, req.body),
    );
  };
  await app.register(routeV2, { prefix: '/test-gateway/v2' });
  const routeV1: FastifyPluginAsyncZod = async (api) => {
    speaksRazorpay(api);
    api.post(
      '/transfers',
      { ...serverToServer, schema: { hide: true, headers: transferHeaders, body: transferBody } },
      async (req) =>
        createTransfer(app.db, app.jobs, {
          ...req.body,
          idempotencyKey: req.headers['x-transfer-idempotency'],
        }),
    );
    api.get(
      '/transfers/:id',
      { ...serverToServer, schema: { hide: true, params: z.object({ id: razorpayId }) } },
      async (req) => fetchTransfer(app.db, req.params.id),
    );
  };
  await app.register(routeV1, { prefix: '/test-gateway/v1' });

  app.post(
    '/test-gateway/checkout/:orderId',
    {
      schema: {
        tags: ['test-gateway'],
        description:
          'Test mode only: the test checkout page pays (or fails) an order as Razorpay Checkout would, and gets what Checkout hands the page.',
        params: z.object({ orderId: razorpayId }),
        body: testCheckoutBodySchema,
        response: { 200: testCheckoutAnswerSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req) => checkout(app.db, app.jobs, req.params.orderId, req.body.outcome),
  );

  app.post(
    '/test-gateway/control',
    {
      schema: {
        tags: ['test-gateway'],
        description:
          'Test mode only: how new refunds settle, and whether creating an order fails as in an outage.',
        body: testGatewayControlSchema,
        response: { 200: testGatewayControlStateSchema },
      },
    },
    async (req) => {
      if (req.body.refunds) control.refunds = req.body.refunds;
      if (req.body.orders) control.orders = req.body.orders;
      return { ...control };
    },
  );

  app.post(
    '/test-gateway/refunds/:id/settle',
    {
      schema: {
        tags: ['test-gateway'],
        description:
          'Test mode only: settles a pending refund now, as processed or failed, and sends its webhook.',
        params: z.object({ id: razorpayId }),
        body: settleTestRefundSchema,
        response: { 200: z.object({ refund: testRefundSchema }), 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req) => ({ refund: await settleRefundNow(app.db, app.jobs, req.params.id, req.body.status) }),
  );
};

export default routes;
