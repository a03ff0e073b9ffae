// Razorpay Checkout's script runs only on the checkout page, and only with Razorpay configured (issue 23): that
// page's CSP alone names Razorpay's origins; every other page, and the checkout in test mode, keep the strict one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '#server/test/app.ts';

let razorpay: FastifyInstance;
let testMode: FastifyInstance;
beforeAll(async () => {
  razorpay = await createTestApp({
    RAZORPAY_KEY_ID: 'rzp_test_csp000001',
    RAZORPAY_KEY_SECRET: 'csp-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'csp-webhook-secret',
  });
  testMode = await createTestApp();
});
afterAll(async () => {
  await razorpay.close();
  await testMode.close();
});

const cspOf = async (app: FastifyInstance, url: string) =>
  String((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
const CHECKOUT = '/sessions/8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a/checkout';

describe("the checkout page's CSP", () => {
  it("lets Razorpay's script and frame in on the checkout page only", async () => {
    const csp = await cspOf(razorpay, CHECKOUT);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com');
    expect(csp).toContain("frame-ancestors 'none'");
    for (const url of [
      '/',
      '/sessions/8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
      '/api/sharks',
      `${CHECKOUT}/x`,
    ]) {
      const other = await cspOf(razorpay, url);
      expect(other, url).toContain("script-src 'self';");
      expect(other, url).not.toContain('razorpay');
    }
  });

  it('stays strict in test mode, where the checkout is a page of the app', async () => {
    const csp = await cspOf(testMode, CHECKOUT);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('razorpay');
  });
});
