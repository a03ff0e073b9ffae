// /test-checkout/:orderId: test mode's checkout window, the built-in test gateway's stand-in for Razorpay Checkout
// (decision 133). It pays or fails the order, or closes, and goes back to the session's checkout step with the
// answer, which that step confirms with the server as it would Razorpay's.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { TestCheckout } from '#web/features/test-gateway/test-checkout.tsx';

export default function TestCheckoutPage() {
  useDocumentTitle(ROUTES.payments.testCheckout.title);
  // The page's own margins, as the checkout step's: on a phone the window would otherwise touch the screen's
  // edges and the header.
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <TestCheckout />
    </div>
  );
}
