import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeCheckoutResult } from '#shared/test-gateway.ts';
import { mockApi, renderScreen, standIn } from '#web/testing/test-utils.tsx';
import TestCheckoutPage from './test-checkout-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING = '3f6d1c2b-8a4e-4f0a-9b7c-1d2e3f4a5b6c';
const ORDER = 'order_IluGWxBm9U8zJ8';
const routes = [
  { path: '/test-checkout/:orderId', element: <TestCheckoutPage /> },
  standIn('/sessions/:id/checkout', 'Checkout step'),
];
const open = (query = `?session=${BOOKING}&amount=150000&description=Memory%20forensics%2C%201%20hour`) =>
  renderScreen(routes, `/test-checkout/${ORDER}${query}`);

const SUCCESS = {
  razorpay_payment_id: 'pay_IluGWxBm9U8zJ9',
  razorpay_order_id: ORDER,
  razorpay_signature: 'a'.repeat(64),
};
const FAILURE = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment failed',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
    metadata: { payment_id: 'pay_IluGWxBm9U8zJ7', order_id: ORDER },
  },
};

/** The `?result=` the page went back to the checkout step with. */
async function returnedResult() {
  const where = await screen.findByTestId('location');
  const url = new URL(where.textContent ?? '', 'http://localhost');
  expect(url.pathname).toBe(`/sessions/${BOOKING}/checkout`);
  return url.searchParams.get('result');
}

describe('test checkout page', () => {
  it('says plainly that no money moves, and shows the amount, the description and the three choices', () => {
    mockApi({});
    open();
    expect(document.title).toBe('Test checkout | Shark Security');
    expect(screen.getByText('TEST MODE: no money moves')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Test checkout' })).toBeInTheDocument();
    expect(screen.getByText('Memory forensics, 1 hour')).toBeInTheDocument();
    expect(screen.getByText('₹1,500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Make the payment fail' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close without paying' })).toBeEnabled();
  });

  it("pays, then goes back to the session's checkout step with the signed callback", async () => {
    const { calls } = mockApi({
      [`POST /api/test-gateway/checkout/${ORDER}`]: { status: 200, body: SUCCESS },
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const result = await returnedResult();
    expect(decodeCheckoutResult(result)).toEqual(SUCCESS);
    expect(calls).toEqual([
      { method: 'POST', path: `/api/test-gateway/checkout/${ORDER}`, body: { outcome: 'success' } },
    ]);
  });

  it('makes the payment fail, then goes back with what Checkout hands its failure handler', async () => {
    const { calls } = mockApi({
      [`POST /api/test-gateway/checkout/${ORDER}`]: { status: 200, body: FAILURE },
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Make the payment fail' }));
    expect(decodeCheckoutResult(await returnedResult())).toEqual(FAILURE);
    expect(calls[0].body).toEqual({ outcome: 'failure' });
  });

  it('closes without paying and without calling the gateway', async () => {
    const { calls } = mockApi({});
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Close without paying' }));
    expect(await returnedResult()).toBe('closed');
    expect(calls).toEqual([]);
  });

  it("stays and shows the gateway's message when it refuses, for instance an order already paid", async () => {
    mockApi({
      [`POST /api/test-gateway/checkout/${ORDER}`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'This test order is already paid.' } },
      },
    });
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This test order is already paid.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('explains a link without its session instead of offering to pay', () => {
    mockApi({});
    open('?amount=150000');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This checkout link is incomplete: open it again from your booking.',
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });
});
