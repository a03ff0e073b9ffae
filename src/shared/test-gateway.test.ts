import { describe, expect, it } from 'vitest';
import { checkoutReturnHref, decodeCheckoutResult, encodeCheckoutResult } from './test-gateway';

const SUCCESS = {
  razorpay_payment_id: 'pay_IluGWxBm9U8zJ9',
  razorpay_order_id: 'order_IluGWxBm9U8zJ8',
  razorpay_signature: '0f'.repeat(32),
};

describe("the test checkout's ?result=", () => {
  it('carries the answer as URL-safe base64 of its JSON, and reads it back', () => {
    const encoded = encodeCheckoutResult(SUCCESS);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCheckoutResult(encoded)).toEqual(SUCCESS);
    const failure = {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'Paiement refusé — ₹ non débité',
        source: 'customer',
        step: 'payment_authorization',
        reason: 'payment_failed',
        metadata: { payment_id: 'pay_1', order_id: 'order_1' },
      },
    };
    expect(decodeCheckoutResult(encodeCheckoutResult(failure))).toEqual(failure);
  });

  it('reads "closed", and nothing from a missing, garbled or foreign value', () => {
    expect(decodeCheckoutResult('closed')).toBe('closed');
    expect(decodeCheckoutResult(null)).toBeNull();
    expect(decodeCheckoutResult('%%%')).toBeNull();
    expect(decodeCheckoutResult(encodeCheckoutResult({ ...SUCCESS, razorpay_signature: 'nope' }))).toBeNull();
  });

  it("goes back to the session's checkout step", () => {
    expect(checkoutReturnHref('3f6d1c2b-8a4e-4f0a-9b7c-1d2e3f4a5b6c', 'closed')).toBe(
      '/sessions/3f6d1c2b-8a4e-4f0a-9b7c-1d2e3f4a5b6c/checkout?result=closed',
    );
  });
});
