// /freelancer/earnings (issue 27): the balance's three tiles (available below zero in red with what is owed), a
// line per paid milestone with its money and state (a table and, for phones, cards: both are in the document,
// CSS shows one), the payouts, and the payout details form with the server's field messages.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARNINGS_TEXT, FREELANCER_EARNINGS_TEXT } from '#shared/earnings.ts';
import type { FreelancerEarnings } from '#shared/engagements.ts';
import { PAYOUT_MSG, PAYOUTS_TEXT } from '#shared/payouts.ts';
import { formatDayTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { expectFailedAndPaid, failedAndPaid, payoutPage, upiRefused } from '#web/testing/payouts.ts';
import FreelancerEarningsPage from './earnings-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Line = FreelancerEarnings['lines'][number];
/** 14 days after a delivery: when the client's time to answer ends. */
const AUTO_APPROVE = '2026-12-10T06:30:00.000Z';
const line = (n: number, over: Partial<Line> = {}): Line => ({
  milestoneId: `a1b2c3d4-0000-4000-8000-${String(n).padStart(12, '0')}`,
  engagementId: 'e1b2c3d4-0000-4000-8000-000000000001',
  engagementTitle: 'Pentest of the customer portal',
  milestoneTitle: 'Recon and scoping',
  paidAt: '2026-11-20T13:00:00.000Z',
  amountPaise: 4_000_000,
  feePaise: 400_000,
  feeTaxPaise: 72_000,
  refundedPaise: 0,
  netPaise: 3_528_000,
  state: 'available',
  milestoneStatus: 'approved',
  availableFrom: null,
  ...over,
});
const earnings = (balance: Partial<FreelancerEarnings['balance']>, lines: Line[]): FreelancerEarnings => ({
  balance: { pendingPaise: 0, availablePaise: 0, paidOutPaise: 0, onTheWayPaise: 0, ...balance },
  lines,
});
const freelancer = {
  'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer']) },
};
const noDetails = { 'GET /api/freelancer/payout-details': { status: 200, body: { details: null } } };
const open = () =>
  renderScreen(
    [{ path: '/freelancer/earnings', element: <FreelancerEarningsPage /> }],
    '/freelancer/earnings',
  );

describe('/freelancer/earnings', () => {
  it('shows the balance in three tiles, then each paid milestone with its fee, tax, refund, net and state', async () => {
    mockApi({
      ...freelancer,
      ...noDetails,
      'GET /api/freelancer/payouts': payoutPage([]),
      'GET /api/freelancer/earnings': {
        status: 200,
        body: earnings({ pendingPaise: 3_528_000, availablePaise: 3_528_000, paidOutPaise: 1_000_000 }, [
          line(1, {
            milestoneTitle: 'Testing and report',
            state: 'pending',
            milestoneStatus: 'delivered',
            availableFrom: AUTO_APPROVE,
          }),
          line(2),
          line(3, {
            engagementTitle: 'Cloud review',
            milestoneTitle: 'AWS accounts',
            refundedPaise: 3_528_000,
            netPaise: 0,
            state: 'refunded',
            milestoneStatus: 'refunded',
          }),
        ]),
      },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Freelancer earnings | Shark Security');

    const tiles = within(await screen.findByLabelText('Your balance'));
    expect(await tiles.findByText(FREELANCER_EARNINGS_TEXT.pending)).toBeInTheDocument();
    expect(tiles.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Pending',
      'Available',
      'Paid out',
    ]);
    expect(tiles.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '₹35,280',
      FREELANCER_EARNINGS_TEXT.pending,
      '₹35,280',
      FREELANCER_EARNINGS_TEXT.available,
      '₹10,000',
      FREELANCER_EARNINGS_TEXT.paidOut,
    ]);

    const rows = within(screen.getByTestId('earnings-table')).getAllByTestId('earning-line');
    expect(rows).toHaveLength(3);
    const pending = within(rows[0]);
    expect(pending.getByRole('link', { name: 'Pentest of the customer portal' })).toHaveAttribute(
      'href',
      '/engagements/e1b2c3d4-0000-4000-8000-000000000001',
    );
    expect(pending.getByText('Testing and report')).toBeInTheDocument();
    expect(pending.getByText('Delivered: awaiting approval')).toBeInTheDocument();
    const availableFrom = EARNINGS_TEXT.availableFrom(formatDayTimeIn(AUTO_APPROVE, viewerTimeZone()));
    expect(pending.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '₹40,000',
      '−₹4,000',
      '−₹720',
      '—',
      '₹35,280',
      `Pending${availableFrom}`,
    ]);
    expect(within(rows[1]).getAllByRole('cell').at(-1)?.textContent).toBe('Available');
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .slice(3)
        .map((c) => c.textContent),
    ).toEqual(['−₹35,280', '₹0', 'Refunded']);
    // The phone's cards carry the same lines.
    const cards = screen.getAllByTestId('earning-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getByText(availableFrom)).toBeInTheDocument();
    expect(within(cards[2]).getByText('Refunded', { selector: 'dt' })).toBeInTheDocument();
    expect(await screen.findByText(PAYOUTS_TEXT.empty('weekly', '₹500'))).toBeInTheDocument();
  });

  it('shows a negative available balance in red with what is owed, and lists the payouts', async () => {
    mockApi({
      ...freelancer,
      ...noDetails,
      'GET /api/freelancer/earnings': {
        status: 200,
        body: earnings({ availablePaise: -40_000, paidOutPaise: 3_528_000, onTheWayPaise: 50_000 }, [
          line(1),
        ]),
      },
      'GET /api/freelancer/payouts': failedAndPaid({ amountPaise: 3_528_000 }),
    });
    open();
    const tiles = within(await screen.findByLabelText('Your balance'));
    const owed = await tiles.findByText('−₹400');
    expect(owed).toHaveClass('text-danger-400');
    expect(tiles.getByText(FREELANCER_EARNINGS_TEXT.owed)).toHaveClass('text-danger-400');
    expect(tiles.queryByText(FREELANCER_EARNINGS_TEXT.available)).not.toBeInTheDocument();
    expect(tiles.getByText(EARNINGS_TEXT.onTheWay('₹500'))).toBeInTheDocument();

    await expectFailedAndPaid('₹35,280');
  });

  it('says so when no milestone is paid yet', async () => {
    mockApi({
      ...freelancer,
      ...noDetails,
      'GET /api/freelancer/payouts': payoutPage([]),
      'GET /api/freelancer/earnings': { status: 200, body: earnings({}, []) },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'No paid milestones yet' })).toBeInTheDocument();
    expect(screen.getByText(FREELANCER_EARNINGS_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByTestId('earnings-table')).not.toBeInTheDocument();
  });

  it('saves the payout details and shows them masked, and puts the server’s field messages beside their fields', async () => {
    let fail = true;
    const { calls } = mockApi({
      ...freelancer,
      'GET /api/freelancer/payouts': payoutPage([]),
      'GET /api/freelancer/earnings': { status: 200, body: earnings({}, []) },
      'GET /api/freelancer/payout-details': { status: 200, body: { details: null } },
      'PUT /api/freelancer/payout-details': () =>
        fail
          ? upiRefused
          : {
              status: 200,
              body: {
                message: PAYOUT_MSG.saved,
                details: {
                  method: 'upi',
                  upiMasked: 'ka••••@okaxis',
                  holderName: null,
                  accountLast4: null,
                  ifsc: null,
                  panLast4: '234F',
                  updatedAt: '2026-11-27T10:00:00.000Z',
                },
              },
            },
    });
    const user = userEvent.setup();
    open();
    const details = within(await screen.findByRole('region', { name: 'Payout details' }));
    expect(await details.findByText(PAYOUT_MSG.noneYet)).toBeInTheDocument();
    await user.type(details.getByLabelText('UPI id'), 'kabir@okaxis');
    await user.type(details.getByLabelText('PAN'), 'ABCPE1234F');
    await user.click(details.getByRole('button', { name: 'Save payout details' }));
    expect(await details.findByText(PAYOUT_MSG.upiInvalid)).toBeInTheDocument();
    expect(details.getByLabelText('UPI id')).toHaveAccessibleDescription(PAYOUT_MSG.upiInvalid);

    fail = false;
    await user.click(details.getByRole('button', { name: 'Save payout details' }));
    expect(await screen.findByText(PAYOUT_MSG.saved)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/freelancer/payout-details', { method: 'upi', upiId: 'kabir@okaxis', pan: 'ABCPE1234F' }],
      ['/api/freelancer/payout-details', { method: 'upi', upiId: 'kabir@okaxis', pan: 'ABCPE1234F' }],
    ]);
    const saved = within(details.getByRole('region', { name: 'Where we pay you' }));
    expect(saved.getByText('ka••••@okaxis')).toBeInTheDocument();
    expect(saved.getByText('•••• 234F')).toBeInTheDocument();
    expect(saved.getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });
});
