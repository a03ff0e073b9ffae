// What a session costs and what goes back when it does not happen (issue 23, decisions 130-132): the one place
// these amounts are computed. The server quotes from here before booking, charges from here at checkout and
// refunds from here at every cancellation; a client never sends an amount.
import type { Quote, RefundReason } from '#shared/payments.ts';

/** The platform's terms: its fee inside the price, and GST on that fee (0 when the company has no GSTIN). */
export interface FeeTerms {
  feePercent: number;
  taxPercent: number;
}

export interface Split {
  amountPaise: number;
  feePaise: number;
  feeTaxPaise: number;
  /** What the shark earns: the amount less the fee and the GST on it. */
  sharkPaise: number;
}

const percentOf = (paise: number, percent: number) => Math.round((paise * percent) / 100);

/** Splits what the learner pays (price × hours, fee included) between the platform, the tax and the shark. */
export function splitPayment(amountPaise: number, terms: FeeTerms): Split {
  const feePaise = percentOf(amountPaise, terms.feePercent);
  const feeTaxPaise = percentOf(feePaise, terms.taxPercent);
  return { amountPaise, feePaise, feeTaxPaise, sharkPaise: amountPaise - feePaise - feeTaxPaise };
}

/**
 * The refund policy, as a percentage of what was paid. Whatever the shark or the platform caused is refunded in
 * full; a learner's own cancellation in time too; inside the window, the course's late refund (0 or 50); a
 * learner who did not show up gets nothing.
 */
export function refundPercent(reason: RefundReason, lateCancellationRefund: number): number {
  switch (reason) {
    case 'learner_late_cancelled':
      return lateCancellationRefund;
    case 'learner_no_show':
      return 0;
    default:
      return 100;
  }
}

/**
 * The parts a refund takes back, each the same share of its part of the payment; the shark's part takes the
 * rounding, so the parts always add up to the refund.
 */
export function refundSplit(paid: Omit<Split, 'sharkPaise'>, percent: number): Split {
  const amountPaise = percentOf(paid.amountPaise, percent);
  const feePaise = percentOf(paid.feePaise, percent);
  const feeTaxPaise = percentOf(paid.feeTaxPaise, percent);
  return { amountPaise, feePaise, feeTaxPaise, sharkPaise: amountPaise - feePaise - feeTaxPaise };
}

/**
 * The parts of a refund of an amount (an admin's, decision 141): the amount's share of each part of the payment,
 * the shark's part taking the rounding as in refundSplit. The whole payment gives back exactly its parts.
 */
export function amountSplit(paid: Omit<Split, 'sharkPaise'>, amountPaise: number): Split {
  const shareOf = (paise: number) => Math.round((paise * amountPaise) / paid.amountPaise);
  const feePaise = shareOf(paid.feePaise);
  const feeTaxPaise = shareOf(paid.feeTaxPaise);
  return { amountPaise, feePaise, feeTaxPaise, sharkPaise: amountPaise - feePaise - feeTaxPaise };
}

/** The parts a recorded refund took back: by the policy's percentage, or an admin's amount (percent null). */
export const refundParts = (
  paid: Omit<Split, 'sharkPaise'>,
  refund: { percent: number | null; amountPaise: number },
): Split =>
  refund.percent === null ? amountSplit(paid, refund.amountPaise) : refundSplit(paid, refund.percent);

/** The cases a learner is shown before booking, in the order they read them. */
const QUOTED_CASES: RefundReason[] = [
  'declined',
  'expired',
  'shark_cancelled',
  'shark_no_show',
  'admin_cancelled',
  'learner_cancelled',
  'learner_late_cancelled',
  'learner_no_show',
];

/** The quote for `hours` of a course: the total (price × hours), its split, its policy and every case's refund. */
export function quote(
  course: { pricePaise: number; cancellationHours: number; lateCancellationRefund: number },
  hours: number,
  terms: FeeTerms,
): Quote {
  return quoteOfSplit(splitPayment(course.pricePaise * hours, terms), hours, course, terms);
}

/**
 * The quote of a total already split: a course's price now, or a checkout's order, held at the price of its
 * opening (issue 38: what the learner reads is what they are charged).
 */
export function quoteOfSplit(
  split: Split,
  hours: number,
  course: { cancellationHours: number; lateCancellationRefund: number },
  terms: FeeTerms,
): Quote {
  return {
    hourlyPaise: Math.round(split.amountPaise / hours),
    hours,
    totalPaise: split.amountPaise,
    feePaise: split.feePaise,
    feeTaxPaise: split.feeTaxPaise,
    feePercent: terms.feePercent,
    taxPercent: terms.taxPercent,
    sharkPaise: split.sharkPaise,
    cancellationHours: course.cancellationHours,
    lateCancellationRefund: course.lateCancellationRefund,
    refunds: QUOTED_CASES.map((reason) => {
      const percent = refundPercent(reason, course.lateCancellationRefund);
      return { reason, percent, amountPaise: percentOf(split.amountPaise, percent) };
    }),
  };
}
