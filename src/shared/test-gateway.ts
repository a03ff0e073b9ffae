// The built-in test gateway (decision 133): what its in-app checkout page sends and gets back, its controls, and
// how the page hands the answer to the session's checkout step (`?result=`). Test mode only; production refuses it.
import { z } from 'zod';
import { checkoutCallbackSchema, type CheckoutCallback } from './payments';
import { paths } from './routes';

/** The test gateway's own API paths (its Razorpay API lies below /api/test-gateway/v1 and, for Route, /v2). */
export const testGatewayApi = {
  checkout: (orderId: string) => `/api/test-gateway/checkout/${encodeURIComponent(orderId)}`,
} as const;

export const TEST_CHECKOUT_OUTCOMES = ['success', 'failure'] as const;

/** POST /api/test-gateway/checkout/:orderId: the button the learner pressed. */
export const testCheckoutBodySchema = z.object({
  outcome: z.enum(TEST_CHECKOUT_OUTCOMES, { error: 'outcome must be success or failure' }),
});
export type TestCheckoutOutcome = (typeof TEST_CHECKOUT_OUTCOMES)[number];

/** What Razorpay Checkout hands its `payment.failed` handler: `response.error`. */
export const checkoutFailureSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ payment_id: z.string(), order_id: z.string() }),
  }),
});
export type CheckoutFailure = z.infer<typeof checkoutFailureSchema>;

/** The checkout's answer: the signed callback of a captured payment, or the failure. */
export const testCheckoutAnswerSchema = z.union([checkoutCallbackSchema, checkoutFailureSchema]);
export type TestCheckoutAnswer = CheckoutCallback | CheckoutFailure;

/** POST /api/test-gateway/control: how the gateway behaves from now on, in this server process. */
export const testGatewayControlSchema = z.object({
  /** New refunds: settled as processed (default) or failed by a job, or left pending until settled by hand. */
  refunds: z.enum(['process', 'fail', 'hold']).optional(),
  /** `down`: creating an order answers 503, as an outage of the provider would. */
  orders: z.enum(['up', 'down']).optional(),
});
export const testGatewayControlStateSchema = z.object({
  refunds: z.enum(['process', 'fail', 'hold']),
  orders: z.enum(['up', 'down']),
});
export type TestGatewayControl = z.infer<typeof testGatewayControlStateSchema>;

/** POST /api/test-gateway/refunds/:id/settle: settles a pending refund now. */
export const settleTestRefundSchema = z.object({
  status: z.enum(['processed', 'failed'], { error: 'status must be processed or failed' }),
});
export const testRefundSchema = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountPaise: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
});

export const TEST_GATEWAY_MSG = {
  orderNotFound: 'This test order does not exist.',
  orderPaid: 'This test order is already paid.',
  refundNotFound: 'This test refund does not exist.',
  refundSettled: 'This test refund is already settled.',
  checkoutTitle: 'Test checkout',
  amount: 'Amount',
  missingSession: 'This checkout link is incomplete: open it again from your booking.',
} as const;

/** `?result=` of the session's checkout step when the learner closed the window without paying. */
export const CHECKOUT_CLOSED = 'closed';

/**
 * Where the test checkout goes back to: the session's checkout step (/sessions/:id/checkout), which confirms the
 * answer with the server, with the answer (or `closed`) as `?result=`.
 */
export const checkoutReturnHref = (bookingId: string, result: string) =>
  `${paths.sessions.detail(bookingId)}/checkout?result=${encodeURIComponent(result)}`;

/** Where a milestone's test checkout goes back to: its engagement's page, with the milestone and the answer. */
export const milestoneReturnHref = (engagementId: string, milestoneId: string, result: string) =>
  `${paths.engagements.detail(engagementId)}?milestone=${encodeURIComponent(milestoneId)}&result=${encodeURIComponent(result)}`;

const toBase64Url = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (value: string) => {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

/** The checkout's answer as the `?result=` of /sessions/:id/checkout: base64url of its JSON. */
export const encodeCheckoutResult = (answer: TestCheckoutAnswer) => toBase64Url(JSON.stringify(answer));

/** `?result=` read back: the answer, `closed`, or null when it is neither (a hand-edited link). */
export function decodeCheckoutResult(
  value: string | null,
): TestCheckoutAnswer | typeof CHECKOUT_CLOSED | null {
  if (!value) return null;
  if (value === CHECKOUT_CLOSED) return CHECKOUT_CLOSED;
  try {
    const parsed = testCheckoutAnswerSchema.safeParse(JSON.parse(fromBase64Url(value)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
