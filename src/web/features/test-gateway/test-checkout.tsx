// The test checkout window (test mode, decision 133): what Razorpay Checkout shows and does, without money. A
// banner says so; Pay captures the order through the built-in test gateway, the fail button records a failed
// attempt, and closing leaves it unpaid. Each goes back to the session's checkout step with what Razorpay Checkout
// would hand the page (the signed callback, the failure, or "closed").
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatPaise } from '#shared/money.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import {
  CHECKOUT_CLOSED,
  checkoutReturnHref,
  milestoneReturnHref,
  encodeCheckoutResult,
  TEST_GATEWAY_MSG,
  type TestCheckoutOutcome,
} from '#shared/test-gateway.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { usePayTestOrder } from './api';

export function TestCheckout() {
  const { orderId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const bookingId = search.get('session');
  // A milestone's checkout (decision 176) goes back to its engagement's page instead.
  const engagementId = search.get('engagement');
  const milestoneId = search.get('milestone');
  const back = (result: string) =>
    engagementId && milestoneId
      ? milestoneReturnHref(engagementId, milestoneId, result)
      : checkoutReturnHref(bookingId ?? '', result);
  const amount = Number(search.get('amount'));
  const description = search.get('description');
  const pay = usePayTestOrder(orderId);

  if (!bookingId && !(engagementId && milestoneId))
    return (
      <ErrorState
        level={1}
        title={TEST_GATEWAY_MSG.checkoutTitle}
        message={TEST_GATEWAY_MSG.missingSession}
      />
    );

  const finish = (outcome: TestCheckoutOutcome) =>
    pay.mutate(outcome, {
      onSuccess: (answer) => navigate(back(encodeCheckoutResult(answer)), { replace: true }),
    });

  return (
    <section
      aria-labelledby="test-checkout-title"
      className="glass mx-auto flex max-w-md flex-col gap-5 p-5 sm:p-6"
      aria-busy={pay.isPending}
    >
      <p className="rounded-xl border-2 border-warning-400 bg-warning-400/15 px-4 py-3 text-center text-base font-bold tracking-wide text-warning-400">
        {PAYMENT_MSG.testMode}
      </p>
      <h1 id="test-checkout-title" className="heading-2">
        {TEST_GATEWAY_MSG.checkoutTitle}
      </h1>
      {description ? <p className="text-ink-100">{description}</p> : null}
      {Number.isSafeInteger(amount) && amount > 0 ? (
        <p className="flex items-baseline justify-between rounded-xl border border-white/10 bg-ink-950/50 px-4 py-3">
          <span className="text-sm text-ink-300">{TEST_GATEWAY_MSG.amount}</span>
          <span className="text-xl font-bold text-ink-100">{formatPaise(amount)}</span>
        </p>
      ) : null}
      <FormAlert>{pay.isError ? errorMessage(pay.error) : null}</FormAlert>
      <div className="flex flex-col gap-3">
        <button
          type="button"
          className="btn-primary w-full"
          disabled={pay.isPending}
          onClick={() => finish('success')}
        >
          {PAYMENT_MSG.pay}
        </button>
        <button
          type="button"
          className="btn-danger w-full"
          disabled={pay.isPending}
          onClick={() => finish('failure')}
        >
          {PAYMENT_MSG.failTest}
        </button>
        <button
          type="button"
          className="btn-ghost w-full"
          disabled={pay.isPending}
          onClick={() => navigate(back(CHECKOUT_CLOSED), { replace: true })}
        >
          {PAYMENT_MSG.closeTest}
        </button>
      </div>
    </section>
  );
}
