// /test-checkout/:orderId: test mode's checkout window, the built-in test gateway's stand-in for Razorpay Checkout
// (decision 133). It pays or fails the order, or closes, and goes back to the session's checkout step with the
// answer, which that step confirms with the server as it would Razorpay's.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { TestCheckout } from '#web/features/test-gateway/test-checkout.tsx';

export default function TestCheckoutPage() {
  useDocumentTitle(ROUTES.payments.testCheckout.title);
  return <TestCheckout />;
}
