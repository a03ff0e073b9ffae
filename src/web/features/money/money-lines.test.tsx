import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Quote } from '#shared/payments.ts';
import { RefundTerms } from './money-lines';

afterEach(cleanup);

const quote = (cancellationHours: number, lateCancellationRefund: number): Quote => ({
  hourlyPaise: 150_000,
  hours: 1,
  totalPaise: 150_000,
  feePaise: 15_000,
  feeTaxPaise: 0,
  feePercent: 10,
  taxPercent: 0,
  sharkPaise: 135_000,
  cancellationHours,
  lateCancellationRefund,
  refunds: [
    { reason: 'learner_cancelled', percent: 100, amountPaise: 150_000 },
    {
      reason: 'learner_late_cancelled',
      percent: lateCancellationRefund,
      amountPaise: (150_000 * lateCancellationRefund) / 100,
    },
  ],
});

describe('the refund terms before paying', () => {
  it.each([
    [24, 50, 'Refunds: free cancellation until 24 h before the session, 50% back after that'],
    [48, 0, 'Refunds: free cancellation until 48 h before the session, no refund after that'],
    [0, 50, 'Refunds: free cancellation until the session starts'],
  ])('window %i h, late refund %i%%: "%s" before the table is opened', (hours, late, summary) => {
    render(<RefundTerms quote={quote(hours, late)} />);
    expect(screen.getByText(summary, { selector: 'summary' })).toBeVisible();
    const row = screen.getByRole('rowheader', { name: 'You cancel inside the window', hidden: true });
    expect(row.parentElement).toHaveTextContent(late === 0 ? 'Nothing' : '₹750 (50%)');
  });
});
