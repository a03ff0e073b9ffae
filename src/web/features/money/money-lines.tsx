// What a learner reads about money before and after paying (issue 23): the quote's lines (price × hours, the
// fee inside it, the tax, the total), what each way a session fails to happen refunds, and a session's payment
// and refund. Every amount comes from the server; these only lay them out.
import type { BookingPayment, Quote, RefundReason, SessionPayment } from '#shared/payments.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { formatPaise } from '#shared/money.ts';

/** "₹1,500 × 2 hours", the fee, the tax on it and the total the learner pays. */
export function QuoteLines({ quote }: { quote: Quote }) {
  const hours = `${quote.hours} ${quote.hours === 1 ? 'hour' : 'hours'}`;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="quote-lines">
      <dt className="text-ink-300">
        {formatPaise(quote.hourlyPaise)} × {hours}
      </dt>
      <dd className="text-right text-ink-100">{formatPaise(quote.totalPaise)}</dd>
      <dt className="text-ink-400">Platform fee ({quote.feePercent}%), included</dt>
      <dd className="text-right text-ink-400">{formatPaise(quote.feePaise)}</dd>
      {quote.feeTaxPaise > 0 ? (
        <>
          <dt className="text-ink-400">GST on the fee ({quote.taxPercent}%), included</dt>
          <dd className="text-right text-ink-400">{formatPaise(quote.feeTaxPaise)}</dd>
        </>
      ) : null}
      <dt className="border-t border-white/10 pt-1 font-semibold text-ink-100">Total to pay</dt>
      <dd
        className="border-t border-white/10 pt-1 text-right text-lg font-bold text-ink-100"
        data-testid="quote-total"
      >
        {formatPaise(quote.totalPaise)}
      </dd>
    </dl>
  );
}

const CASE_LABEL: Record<RefundReason, string> = {
  declined: 'The shark declines',
  expired: 'The request expires unanswered',
  shark_cancelled: 'The shark cancels',
  shark_no_show: 'The shark does not show up',
  admin_cancelled: 'Our team cancels the session',
  learner_cancelled: 'You cancel before the window',
  learner_late_cancelled: 'You cancel inside the window',
  learner_no_show: 'You do not show up',
  duplicate_payment: 'You are charged twice',
  checkout_closed: 'Your payment arrives after the slot was released',
  admin_refund: 'Our team refunds an amount',
  dispute_refund: 'Our team rules a milestone dispute for you',
};

/** " (50%)" after a policy refund's amount; nothing after an amount our team chose (decision 141). */
const percentOf = (percent: number | null) => (percent === null ? '' : ` (${percent}%)`);

/** Each way the session can fail to happen and what comes back, as the refund policy computes it. */
export function RefundTerms({ quote }: { quote: Quote }) {
  const window =
    quote.cancellationHours === 0
      ? 'until the session starts'
      : `until ${quote.cancellationHours} h before the session`;
  // The late refund is in the one line a learner sees before opening the table: it is the costly surprise.
  const late =
    quote.cancellationHours === 0
      ? ''
      : quote.lateCancellationRefund === 0
        ? ', no refund after that'
        : `, ${quote.lateCancellationRefund}% back after that`;
  return (
    <details
      className="rounded-xl border border-white/10 bg-ink-950/40 px-4 py-3 text-sm"
      data-testid="refund-terms"
    >
      <summary className="cursor-pointer font-medium text-ink-100">
        Refunds: free cancellation {window}
        {late}
      </summary>
      <table className="mt-2 w-full text-left text-xs">
        <caption className="sr-only">What each case refunds</caption>
        <thead>
          <tr className="text-ink-400">
            <th scope="col" className="py-1 font-normal">
              If…
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              You get back
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.refunds.map((r) => (
            <tr key={r.reason} className="border-t border-white/5">
              <th scope="row" className="py-1 font-normal text-ink-300">
                {CASE_LABEL[r.reason]}
              </th>
              <td className="py-1 text-right text-ink-100">
                {r.percent === 0 ? 'Nothing' : `${formatPaise(r.amountPaise)} (${r.percent}%)`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted mt-2 text-xs">Refunds go back to the original payment method, automatically.</p>
    </details>
  );
}

type RefundStatus = NonNullable<SessionPayment['refund']>['status'];

/** A refund's state in a few words: a list's row; the session page says more of a failed one. */
const REFUND_STATE_SHORT: Record<RefundStatus, string> = {
  pending: 'Refund pending',
  processed: 'Refunded',
  failed: 'Refund failed',
};

const REFUND_STATE: Record<RefundStatus, string> = {
  ...REFUND_STATE_SHORT,
  failed: `${REFUND_STATE_SHORT.failed}: our team has been told and will send it again`,
};

/** A session's payment: paid (with the receipt), and its refund's state with the credit note. */
export function PaymentSummary({ payment }: { payment: SessionPayment }) {
  const zone = viewerTimeZone();
  return (
    <section
      aria-labelledby="payment-title"
      className="glass flex flex-col gap-2 p-5 sm:p-6"
      data-testid="session-payment"
    >
      <h2 id="payment-title" className="text-lg font-semibold text-ink-100">
        Payment
      </h2>
      <p className="text-sm text-ink-100">
        <span className="font-semibold text-success-400">Paid {formatPaise(payment.amountPaise)}</span>
        {payment.paidAt ? <span className="muted"> on {formatDateTimeIn(payment.paidAt, zone)}</span> : null}
      </p>
      {payment.receiptNumber ? (
        <p className="text-sm">
          {payment.receiptUrl ? (
            <a className="text-accent-300 hover:underline" href={payment.receiptUrl} download>
              Download receipt {payment.receiptNumber}
            </a>
          ) : (
            <span className="muted">Receipt {payment.receiptNumber}</span>
          )}
        </p>
      ) : null}
      {payment.refund ? (
        <div className="rounded-lg border border-white/10 p-3 text-sm" data-testid="session-refund">
          <p className={payment.refund.status === 'failed' ? 'text-danger-400' : 'text-ink-100'}>
            {REFUND_STATE[payment.refund.status]}: {formatPaise(payment.refund.amountPaise)}
            {percentOf(payment.refund.percent)}
            <span className="muted"> · {formatDateTimeIn(payment.refund.at, zone)}</span>
          </p>
          {payment.refund.creditNoteUrl ? (
            <a className="text-accent-300 hover:underline" href={payment.refund.creditNoteUrl} download>
              Download credit note {payment.refund.creditNoteNumber}
            </a>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** A paid booking in a list: "Paid ₹3,000", and its refund's state ("Refunded: ₹3,000 (100%)") when it has one. */
export function BookingPaymentStatus({ payment }: { payment: BookingPayment }) {
  const refund = payment.refund;
  return (
    <p className="text-sm text-ink-100">
      <span className="font-semibold text-success-400">Paid {formatPaise(payment.amountPaise)}</span>
      {refund ? (
        <span className={refund.status === 'failed' ? 'text-danger-400' : 'text-ink-300'}>
          {' · '}
          {REFUND_STATE_SHORT[refund.status]}: {formatPaise(refund.amountPaise)}
          {percentOf(refund.percent)}
          {refund.status === 'failed' ? ', we will send it again' : null}
        </span>
      ) : null}
    </p>
  );
}

const documentLink = 'inline-flex min-h-11 items-center text-sm text-accent-300 hover:underline';

/**
 * A paid booking's documents to download, each named with its number for a screen reader ("Download receipt
 * INV/26-27/000001"): the receipt, and the credit note once a refund has one.
 */
export function BookingDocumentLinks({ payment }: { payment: BookingPayment }) {
  const note = payment.refund;
  return (
    <>
      {payment.receiptUrl && payment.receiptNumber ? (
        <a
          className={documentLink}
          href={payment.receiptUrl}
          download
          aria-label={`Download receipt ${payment.receiptNumber}`}
        >
          Receipt
        </a>
      ) : null}
      {note?.creditNoteUrl && note.creditNoteNumber ? (
        <a
          className={documentLink}
          href={note.creditNoteUrl}
          download
          aria-label={`Download credit note ${note.creditNoteNumber}`}
        >
          Credit note
        </a>
      ) : null}
    </>
  );
}
