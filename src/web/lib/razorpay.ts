// Razorpay Checkout in the browser (issue 23; a session's checkout and a milestone's, decision 176): its script
// is loaded only when the payer presses Pay on a page whose CSP lets Razorpay's origins in. Amounts and the order
// come from our server.
import type { Checkout, CheckoutCallback } from '#shared/payments.ts';
import { decodeCheckoutResult } from '#shared/test-gateway.ts';

/**
 * The one reader of a checkout's answer handed back in the URL (`?result=`), whatever was paid for (a session,
 * a milestone): a signed callback, "closed", or a failure (anything unreadable counts as one). Null: no answer.
 */
export function readCheckoutResult(raw: string | null): CheckoutCallback | 'closed' | 'failed' | null {
  if (!raw) return null;
  const answer = decodeCheckoutResult(raw);
  if (answer === null) return 'failed';
  if (answer === 'closed') return 'closed';
  return 'razorpay_signature' in answer ? answer : 'failed';
}

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayInstance {
  open(): void;
}
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayCtor> | null = null;

function loadScript(): Promise<RazorpayCtor> {
  const existing = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = SCRIPT;
    el.async = true;
    el.onload = () => resolve((window as unknown as { Razorpay: RazorpayCtor }).Razorpay);
    el.onerror = () => {
      loading = null;
      reject(new Error('The payment window could not be loaded. Check your connection and try again.'));
    };
    document.head.appendChild(el);
  });
  return loading;
}

/** Opens Razorpay Checkout for our order; its handler hands back the signed callback for our server to check. */
export async function openRazorpay(
  // A session's checkout or a milestone's (decision 176): only the order's fields are read.
  c: Pick<Checkout, 'keyId' | 'orderId' | 'amountPaise' | 'currency' | 'description' | 'prefill'>,
  on: { onPaid: (callback: CheckoutCallback) => void; onClosed: () => void },
): Promise<void> {
  const Razorpay = await loadScript();
  new Razorpay({
    key: c.keyId,
    order_id: c.orderId,
    amount: c.amountPaise,
    currency: c.currency,
    name: 'Shark Security',
    description: c.description,
    prefill: c.prefill,
    theme: { color: '#0ea5e9' },
    handler: (response: CheckoutCallback) => on.onPaid(response),
    modal: { ondismiss: () => on.onClosed(), confirm_close: true },
  }).open();
}
