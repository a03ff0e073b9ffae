// The checkout step of a paid booking (issue 23): what the learner pays for, the quote and the refund terms,
// the hold's end, and "Pay". With Razorpay, its Checkout opens here (its script is loaded on this page only, and
// only this page's CSP lets it in); in test mode, the built-in gateway's page. Either answers with a signed
// callback that the server checks; closing or failing releases the slot with a clear message.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type Checkout, type CheckoutCallback } from '#shared/payments.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { paths } from '#shared/routes.ts';
import { formatPaise } from '#shared/money.ts';
import { QuoteLines, RefundTerms } from '#web/features/money/money-lines.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { useAbandonCheckout, useCheckout, useConfirmCheckout } from './api';
import { openRazorpay, readCheckoutResult } from '#web/lib/razorpay.ts';

type Outcome = { tone: 'success' | 'error'; message: string; paid: boolean };

/** The server's answer says the session is paid: now, or before (a close pressed after the payment went in). */
const isPaid = (message: string) => message === PAYMENT_MSG.paid || message === PAYMENT_MSG.alreadyPaid;

export function CheckoutStep({ bookingId }: { bookingId: string }) {
  const [params, setParams] = useSearchParams();
  const result = readCheckoutResult(params.get('result'));
  const checkout = useCheckout(bookingId, result === null);
  const confirm = useConfirmCheckout(bookingId);
  const abandon = useAbandonCheckout(bookingId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const handled = useRef(false);
  const navigate = useNavigate();

  const finish = async (answer: CheckoutCallback | 'closed' | 'failed') => {
    try {
      if (answer === 'closed' || answer === 'failed') {
        const res = await abandon.mutateAsync(answer);
        const paid = isPaid(res.message);
        setOutcome({ tone: answer === 'failed' && !paid ? 'error' : 'success', message: res.message, paid });
      } else {
        const res = await confirm.mutateAsync(answer);
        // Not paid after a capture: the slot had gone meanwhile and the money is on its way back.
        const paid = isPaid(res.message);
        setOutcome({ tone: paid ? 'success' : 'error', message: res.message, paid });
      }
    } catch (err) {
      setOutcome({ tone: 'error', message: errorMessage(err), paid: false });
    }
  };

  // The answer in the URL is used once, then dropped (a reload must not post it again).
  useEffect(() => {
    if (!result || handled.current) return;
    handled.current = true;
    void finish(result).then(() => setParams({}, { replace: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (outcome || result)
    return <CheckoutOutcome bookingId={bookingId} outcome={outcome} sharkId={checkout.data?.sharkId} />;

  if (checkout.isPending)
    return (
      <p className="muted" role="status">
        Loading your checkout…
      </p>
    );
  if (checkout.isError) {
    const closed = checkout.error instanceof ApiError && checkout.error.status === 409;
    return (
      <div className="glass flex flex-col gap-3 p-5" role="alert">
        <p className="text-ink-100">{closed ? PAYMENT_MSG.closed : errorMessage(checkout.error)}</p>
        <Link to={paths.user.bookings} className="btn-ghost self-start">
          See my bookings
        </Link>
      </div>
    );
  }
  const c = checkout.data;
  if (c.status === 'captured')
    return (
      <CheckoutOutcome
        bookingId={bookingId}
        outcome={{ tone: 'success', message: PAYMENT_MSG.alreadyPaid, paid: true }}
        sharkId={c.sharkId}
      />
    );

  const pay = () => {
    if (c.provider === 'test') {
      const q = new URLSearchParams({
        session: c.bookingId,
        amount: String(c.amountPaise),
        description: c.description,
      });
      navigate(`${paths.payments.testCheckout(c.orderId)}?${q.toString()}`);
      return;
    }
    void openRazorpay(c, {
      onPaid: (callback) => void finish(callback),
      onClosed: () => void finish('closed'),
    }).catch((err: unknown) => setOutcome({ tone: 'error', message: errorMessage(err), paid: false }));
  };

  return <CheckoutSummary checkout={c} onPay={pay} busy={confirm.isPending || abandon.isPending} />;
}

function CheckoutSummary({
  checkout: c,
  onPay,
  busy,
}: {
  checkout: Checkout;
  onPay: () => void;
  busy: boolean;
}) {
  const zone = viewerTimeZone();
  return (
    <section
      aria-labelledby="checkout-title"
      className="glass flex flex-col gap-4 p-5 sm:p-6"
      data-testid="checkout"
    >
      <div>
        <h1 id="checkout-title" className="text-2xl font-bold">
          Pay for your session
        </h1>
        <p className="mt-1 text-ink-300">{c.description}</p>
      </div>
      <div className="rounded-xl border border-white/10 bg-ink-950/50 px-4 py-3">
        <QuoteLines quote={c.quote} />
      </div>
      <p
        className="rounded-xl border border-warning-400/40 bg-warning-400/10 px-4 py-3 text-sm text-ink-100"
        role="note"
      >
        {PAYMENT_MSG.hold} Held until {formatDateTimeIn(c.holdUntil, zone)}.
      </p>
      <RefundTerms quote={c.quote} />
      <button type="button" className="btn-primary w-full" onClick={onPay} disabled={busy}>
        {PAYMENT_MSG.pay} {formatPaise(c.amountPaise)}
      </button>
      <p className="muted text-xs">
        The request reaches the shark once paid. If the shark declines or does not answer, the refund is
        automatic.
      </p>
    </section>
  );
}

function CheckoutOutcome({
  bookingId,
  outcome,
  sharkId,
}: {
  bookingId: string;
  outcome: Outcome | null;
  sharkId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) ref.current?.focus();
  }, [outcome]);
  if (!outcome)
    return (
      <p className="muted" role="status">
        Checking your payment…
      </p>
    );
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`glass flex flex-col gap-3 p-5 ${outcome.tone === 'success' ? 'border-success-400/40' : 'border-danger-400/40'}`}
      data-testid="checkout-outcome"
    >
      <p
        role={outcome.tone === 'error' ? 'alert' : 'status'}
        className={outcome.tone === 'success' ? 'text-success-400' : 'text-danger-400'}
      >
        {outcome.message}
      </p>
      <div className="flex flex-wrap gap-3">
        {outcome.paid ? (
          <Link to={paths.sessions.detail(bookingId)} className="btn-primary">
            View your session
          </Link>
        ) : sharkId ? (
          <Link to={`${paths.sharks.profile(sharkId)}?tab=courses`} className="btn-primary">
            Pick a time again
          </Link>
        ) : null}
        <Link to={paths.user.bookings} className="btn-ghost">
          See my bookings
        </Link>
      </div>
    </div>
  );
}
