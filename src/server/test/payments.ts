// Paying in tests the way a learner pays in test mode (issue 23): the booking's checkout, the built-in test
// gateway's checkout page (its signed callback), and the confirm call, all through HTTP; and the ledger's
// trial balance, which must be zero after any test.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface Paid {
  bookingId: string;
  /** The confirm call's answer (200 with the paid message when it went through). */
  confirm: LightMyRequestResponse;
}

/** The test gateway's answer to its checkout page's "Pay" (a signed callback) or "Make the payment fail". */
export async function gatewayCheckout(app: FastifyInstance, orderId: string, outcome: 'success' | 'failure') {
  const res = await app.inject({
    method: 'POST',
    url: `/api/test-gateway/checkout/${encodeURIComponent(orderId)}`,
    payload: { outcome },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Record<string, unknown>;
}

/** The learner's open checkout of a booking. */
export async function checkoutOf(app: FastifyInstance, cookie: string, bookingId: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/sessions/${bookingId}/checkout`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: string; amountPaise: number; paymentId: string; status: string };
}

/** Pays a booking's checkout at the test gateway and confirms the signed callback, as the checkout page does. */
export async function payCheckout(app: FastifyInstance, cookie: string, bookingId: string): Promise<Paid> {
  const { orderId } = await checkoutOf(app, cookie, bookingId);
  const callback = await gatewayCheckout(app, orderId, 'success');
  const confirm = await app.inject({
    method: 'POST',
    url: `/api/sessions/${bookingId}/checkout/confirm`,
    headers: { cookie },
    payload: callback,
  });
  return { bookingId, confirm };
}

/** Books a paid course (POST /api/bookings) and pays for it: the booking's id once it is a request. */
export async function bookAndPay(app: FastifyInstance, cookie: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: '/api/bookings', headers: { cookie }, payload });
  expect(res.statusCode, res.body).toBe(201);
  const { checkout } = res.json() as { checkout: { bookingId: string } | null };
  expect(checkout).not.toBeNull();
  const paid = await payCheckout(app, cookie, checkout!.bookingId);
  expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
  return checkout!.bookingId;
}
