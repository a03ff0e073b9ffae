// Payout answers for component tests (issues 24 and 27), shared by the shark's and the freelancer's earnings
// pages: a page of payouts holding a failed one and a paid one, what the list must show of them, and the
// server's refusal of a UPI id.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { PAYOUT_MSG, PAYOUTS_TEXT, type Payout } from '#shared/payouts.ts';

const RETURNED = 'The bank returned it: account closed.';

const payout = (n: number, over: Partial<Payout> = {}): Payout => ({
  id: `c1b2c3d4-0000-4000-8000-${String(n).padStart(12, '0')}`,
  period: '2026-W48',
  amountPaise: 120_000,
  status: 'paid',
  provider: 'manual',
  destination: 'bank account •••• 7890 at HDFC0001234',
  reference: 'HDFCN5202611260001',
  failureReason: null,
  createdAt: '2026-11-23T03:30:00.000Z',
  sentAt: '2026-11-23T05:00:00.000Z',
  paidAt: '2026-11-23T09:00:00.000Z',
  failedAt: null,
  ...over,
});

/** A page of payouts, newest first; weekly, from ₹500. */
export const payoutPage = (items: Payout[]) => ({
  status: 200,
  body: {
    total: items.length,
    paidOutPaise: 0,
    onTheWayPaise: 0,
    schedule: 'weekly',
    minimumPaise: 50_000,
    items,
  },
});

/** A week whose payout the bank returned, after one paid (₹1,200 unless `paid` says otherwise). */
export const failedAndPaid = (paid: Partial<Payout> = {}) =>
  payoutPage([
    payout(2, {
      status: 'failed',
      period: '2026-W49',
      reference: null,
      paidAt: null,
      failedAt: '2026-11-30T09:00:00.000Z',
      failureReason: RETURNED,
    }),
    payout(1, paid),
  ]);

/** The list shows the paid one's amount, method and reference, and why the failed one failed. */
export async function expectFailedAndPaid(amount = '₹1,200') {
  const list = within(await screen.findByRole('list', { name: 'Your payouts' }));
  const [failed, paid] = list.getAllByTestId('payout');
  expect(within(paid).getByText(amount)).toBeInTheDocument();
  expect(within(paid).getByText('2026-W48')).toBeInTheDocument();
  expect(within(paid).getByText('Bank account •••• 7890 at HDFC0001234')).toBeInTheDocument();
  expect(within(paid).getByText('HDFCN5202611260001')).toBeInTheDocument();
  expect(within(paid).getByTestId('payout-status')).toHaveTextContent('Paid');
  expect(within(failed).getByTestId('payout-status')).toHaveTextContent('Failed');
  expect(within(failed).getByText(`${RETURNED} ${PAYOUTS_TEXT.failed}`)).toBeInTheDocument();
}

/** The server refusing a UPI id, its message on the field. */
export const upiRefused = {
  status: 400,
  body: {
    error: { code: 'validation', message: PAYOUT_MSG.upiInvalid, fields: { upiId: PAYOUT_MSG.upiInvalid } },
  },
};
