// Paying in browser tests whose journey is not about paying (issue 23): the demo catalogue's courses are priced,
// so a booking becomes a request for the shark only once paid. These steps pay through the API the way the
// checkout page does in test mode (src/server/test/payments.ts does the same for the API tests): the booking's
// checkout, the built-in test gateway's "Pay" (a signed callback), and the confirm call. Journeys about paying
// use the real pages instead (e2e/payments.spec.ts).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CreateBookingResult } from '#shared/bookings.ts';
import { type Checkout } from '#shared/payments.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { testGatewayApi } from '#shared/test-gateway.ts';

/** What POST /api/bookings takes (the server computes every amount; none is sent). */
export interface BookingRequest {
  courseId: string;
  hours: number;
  startsAt: string;
  name: string;
  email: string;
  phone: string;
  requestId?: string;
}

/** The learner's open checkout of a held booking. */
export async function checkoutOf(request: APIRequestContext, bookingId: string): Promise<Checkout> {
  const res = await request.get(`/api/sessions/${bookingId}/checkout`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Checkout;
}

/**
 * Pays a held booking as its learner (`request` carries the learner's cookie): the test gateway's "Pay", then the
 * signed callback confirmed with our server. The booking is a request for the shark afterwards.
 */
export async function payBooking(request: APIRequestContext, bookingId: string): Promise<void> {
  const { orderId } = await checkoutOf(request, bookingId);
  const paid = await request.post(testGatewayApi.checkout(orderId), { data: { outcome: 'success' } });
  expect(paid.status(), await paid.text()).toBe(200);
  const confirm = await request.post(`/api/sessions/${bookingId}/checkout/confirm`, {
    data: (await paid.json()) as unknown,
  });
  expect(confirm.status(), await confirm.text()).toBe(200);
  expect(((await confirm.json()) as { message: string }).message).toBe(PAYMENT_MSG.paid);
}

/**
 * Books a session (POST /api/bookings) and, for a paid course, pays for it: the booking's id once it is a request
 * for the shark. A free course's booking is the request at once.
 */
export async function bookAndPay(request: APIRequestContext, booking: BookingRequest): Promise<string> {
  const res = await request.post('/api/bookings', {
    data: { requestId: crypto.randomUUID(), ...booking },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as CreateBookingResult;
  if (!body.checkout) return body.booking!.id;
  await payBooking(request, body.checkout.bookingId);
  return body.checkout.bookingId;
}

/**
 * On a paid booking's checkout step (/sessions/:id/checkout, where "Continue to payment" leads): "Pay ₹…", the
 * test gateway's own page and its "Pay", and back to the step, which confirms the payment. Returns the session's
 * id; the page shows the paid answer with "View your session".
 */
export async function payAtCheckout(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]+\/checkout$/);
  const sessionId = new URL(page.url()).pathname.split('/')[2]!;
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(page.getByText(PAYMENT_MSG.testMode)).toBeVisible();
  await page.getByRole('button', { name: PAYMENT_MSG.pay, exact: true }).click();
  await expect(page.getByTestId('checkout-outcome').getByText(PAYMENT_MSG.paid)).toBeVisible();
  return sessionId;
}
