// The refund rules as a table (issue 23), and the split of a payment, whatever the rounding.
import { describe, expect, it } from 'vitest';
import type { RefundReason } from '#shared/payments.ts';
import { quote, refundPercent, refundSplit, splitPayment } from './pricing';

const GST = { feePercent: 10, taxPercent: 18 };
const NO_GST = { feePercent: 10, taxPercent: 0 };

describe('the refund policy', () => {
  // reason, the course's late refund, the percentage refunded
  const TABLE: Array<[RefundReason, number, number]> = [
    ['declined', 50, 100],
    ['expired', 50, 100],
    ['shark_cancelled', 0, 100],
    ['shark_no_show', 0, 100],
    ['admin_cancelled', 0, 100],
    ['learner_cancelled', 0, 100],
    ['learner_late_cancelled', 50, 50],
    ['learner_late_cancelled', 0, 0],
    ['learner_no_show', 50, 0],
    ['duplicate_payment', 0, 100],
    ['checkout_closed', 0, 100],
  ];
  it.each(TABLE)('%s with a late refund of %i%% gives back %i%%', (reason, late, percent) => {
    expect(refundPercent(reason, late)).toBe(percent);
  });
});

describe('a payment split', () => {
  it('keeps the fee inside the price and GST on the fee only', () => {
    expect(splitPayment(150_000, GST)).toEqual({
      amountPaise: 150_000,
      feePaise: 15_000,
      feeTaxPaise: 2_700,
      sharkPaise: 132_300,
    });
    expect(splitPayment(150_000, NO_GST)).toEqual({
      amountPaise: 150_000,
      feePaise: 15_000,
      feeTaxPaise: 0,
      sharkPaise: 135_000,
    });
  });

  it('adds up to the payment, and a refund to its parts, at odd amounts', () => {
    for (const amount of [1, 99, 12_345, 99_999, 1_234_567]) {
      const s = splitPayment(amount, GST);
      expect(s.feePaise + s.feeTaxPaise + s.sharkPaise).toBe(amount);
      for (const percent of [0, 50, 100]) {
        const r = refundSplit(s, percent);
        expect(r.feePaise + r.feeTaxPaise + r.sharkPaise).toBe(r.amountPaise);
        expect(r.sharkPaise).toBeLessThanOrEqual(s.sharkPaise);
      }
      expect(refundSplit(s, 100)).toEqual(s);
    }
  });
});

describe('a quote', () => {
  it('shows price × hours, the fee, the tax, the total and each case', () => {
    const q = quote({ pricePaise: 150_000, cancellationHours: 24, lateCancellationRefund: 50 }, 2, GST);
    expect(q).toMatchObject({
      hourlyPaise: 150_000,
      totalPaise: 300_000,
      feePaise: 30_000,
      feeTaxPaise: 5_400,
    });
    expect(q.sharkPaise).toBe(264_600);
    expect(q.refunds.find((r) => r.reason === 'learner_late_cancelled')).toEqual({
      reason: 'learner_late_cancelled',
      percent: 50,
      amountPaise: 150_000,
    });
    expect(q.refunds.find((r) => r.reason === 'learner_no_show')?.amountPaise).toBe(0);
  });
});
