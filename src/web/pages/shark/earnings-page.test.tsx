// /shark/earnings (issue 24): the balance's three tiles with their explanations, each paid session's money (a
// table and, for phones, cards: both are in the document, CSS shows one), more lines a page at a time, an empty
// state, and an admin acting for a shark.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARNINGS_TEXT, type EarningLine, type Earnings } from '#shared/earnings.ts';
import { formatDayTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { STATEMENTS_SECTION_TEXT, type StatementMonths } from '#shared/statements.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { expectFailedAndPaid, failedAndPaid } from '#web/testing/payouts.ts';
import EarningsPage from './earnings-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHARK_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
/** 48 hours after a session that ended on 26 November at 18:30 in India. */
const WINDOW_ENDS = '2026-11-28T13:00:00.000Z';
const line = (n: number, over: Partial<EarningLine> = {}): EarningLine => ({
  bookingId: `a1b2c3d4-0000-4000-8000-${String(n).padStart(12, '0')}`,
  courseTitle: 'Web App Pentesting',
  learnerName: 'Priya Raman',
  startsAt: '2026-11-20T13:00:00.000Z',
  status: 'completed',
  pricePaise: 300_000,
  feePaise: 30_000,
  feeTaxPaise: 5_400,
  refundedPaise: 0,
  netPaise: 264_600,
  state: 'available',
  availableFrom: null,
  ...over,
});
const balance = { pendingPaise: 264_600, availablePaise: 264_600, paidOutPaise: 0, onTheWayPaise: 0 };
const page = (n: number, lines: EarningLine[], total: number): Earnings => ({
  balance,
  page: n,
  pageSize: 20,
  total,
  lines,
});

const statementUrl = (month: string) => `/api/workspace/earnings/statements/${month}.pdf`;
const invoiceUrl = (month: string) => `/api/workspace/earnings/fee-invoices/${month}.pdf`;
/** December running, November's invoice issued, October ready to issue, September without fees. */
const months: StatementMonths = {
  timeZone: 'Asia/Kolkata',
  months: [
    {
      month: '2026-12',
      label: 'December 2026',
      statementUrl: statementUrl('2026-12'),
      feeInvoice: { state: 'month_open', number: null, url: null },
    },
    {
      month: '2026-11',
      label: 'November 2026',
      statementUrl: statementUrl('2026-11'),
      feeInvoice: { state: 'issued', number: 'FEE/26-27/000001', url: invoiceUrl('2026-11') },
    },
    {
      month: '2026-10',
      label: 'October 2026',
      statementUrl: statementUrl('2026-10'),
      feeInvoice: { state: 'ready', number: null, url: invoiceUrl('2026-10') },
    },
    {
      month: '2026-09',
      label: 'September 2026',
      statementUrl: statementUrl('2026-09'),
      feeInvoice: { state: 'no_fees', number: null, url: null },
    },
  ],
};
const noMonths = {
  'GET /api/workspace/earnings/statements': { status: 200, body: { ...months, months: [] } },
};

describe('/shark/earnings', () => {
  it('shows the balance in three tiles, then each paid session with its fee, tax, refund and net', async () => {
    const first = [
      line(1, {
        courseTitle: 'Cloud IR',
        learnerName: 'Kabir Shah',
        status: 'declined',
        refundedPaise: 264_600,
        netPaise: 0,
        state: 'refunded',
      }),
      line(2, { status: 'confirmed', state: 'pending' }),
      line(4, { state: 'pending', availableFrom: WINDOW_ENDS }),
      ...Array.from({ length: 17 }, (_, i) => line(10 + i)),
    ];
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      ...noMonths,
      'GET /api/workspace/earnings': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? { status: 200, body: page(2, [line(3, { courseTitle: 'Red Team Basics' })], 21) }
          : { status: 200, body: page(1, first, 21) },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/shark/earnings', element: <EarningsPage /> }], '/shark/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Earnings | Shark Security');

    const tiles = within(await screen.findByLabelText('Your balance'));
    expect(tiles.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Pending',
      'Available',
      'Paid out',
    ]);
    expect(await tiles.findByText(EARNINGS_TEXT.pending)).toBeInTheDocument();
    expect(tiles.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      '₹2,646',
      EARNINGS_TEXT.pending,
      '₹2,646',
      EARNINGS_TEXT.available,
      '₹0',
      EARNINGS_TEXT.paidOut,
    ]);

    const table = within(await screen.findByTestId('earnings-table'));
    const rows = table.getAllByTestId('earning-line');
    expect(rows).toHaveLength(20);
    const refunded = within(rows[0]);
    expect(refunded.getByText('Cloud IR')).toBeInTheDocument();
    expect(refunded.getByText(/Kabir Shah/)).toBeInTheDocument();
    expect(refunded.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      expect.any(String),
      '₹3,000',
      '−₹300',
      '−₹54',
      '−₹2,646',
      '₹0',
      'Refunded',
    ]);
    expect(
      within(rows[1])
        .getAllByRole('cell')
        .slice(4)
        .map((c) => c.textContent),
    ).toEqual(['—', '₹2,646', 'Pending']);
    // A held session inside its no-show window says when its share becomes available, in the shark's time.
    const availableFrom = EARNINGS_TEXT.availableFrom(formatDayTimeIn(WINDOW_ENDS, viewerTimeZone()));
    expect(within(rows[2]).getAllByRole('cell').at(-1)?.textContent).toBe(`Pending${availableFrom}`);
    expect(within(rows[1]).queryByTestId('earning-available-from')).not.toBeInTheDocument();
    // The phone's cards carry the same lines.
    const cards = screen.getAllByTestId('earning-card');
    expect(cards).toHaveLength(20);
    expect(within(cards[0]).getByText('Refunded', { selector: 'dt' })).toBeInTheDocument();
    expect(within(cards[2]).getByText(availableFrom)).toBeInTheDocument();
    expect(screen.getByText('20 of 21, the most recently paid first')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more sessions' }));
    expect(await table.findByText('Red Team Basics')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more sessions' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/workspace/earnings')).toHaveLength(2);
  });

  it('says so when there are no paid sessions', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      ...noMonths,
      'GET /api/workspace/earnings': {
        status: 200,
        body: {
          ...page(1, [], 0),
          balance: { pendingPaise: 0, availablePaise: 0, paidOutPaise: 0, onTheWayPaise: 0 },
        },
      },
    });
    renderScreen([{ path: '/shark/earnings', element: <EarningsPage /> }], '/shark/earnings');
    expect(await screen.findByRole('heading', { name: 'No paid sessions yet' })).toBeInTheDocument();
    expect(screen.getByText(EARNINGS_TEXT.empty)).toBeInTheDocument();
    expect(screen.queryByTestId('earnings-table')).not.toBeInTheDocument();
    expect(await screen.findByText(STATEMENTS_SECTION_TEXT.none)).toBeInTheDocument();
  });

  it("offers each month's statement and, where there is one, its fee invoice, and says why not otherwise", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/earnings/statements': { status: 200, body: months },
      'GET /api/workspace/earnings': { status: 200, body: page(1, [line(1)], 1) },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/shark/earnings', element: <EarningsPage /> }], '/shark/earnings');
    const section = within(await screen.findByRole('region', { name: 'Statements' }));
    const picker = await section.findByRole('combobox', { name: 'Month' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['December 2026', 'November 2026', 'October 2026', 'September 2026']);
    // The newest ended month first: November, whose invoice was issued.
    expect(picker).toHaveValue('2026-11');
    expect(section.getByRole('link', { name: 'Download statement (PDF)' })).toHaveAttribute(
      'href',
      statementUrl('2026-11'),
    );
    const invoice = section.getByRole('link', { name: 'Download fee invoice (PDF)' });
    expect(invoice).toHaveAttribute('href', invoiceUrl('2026-11'));
    expect(invoice).toHaveAttribute('download');
    expect(section.getByText('Fee invoice FEE/26-27/000001')).toBeInTheDocument();

    await user.selectOptions(picker, '2026-12');
    expect(section.getByRole('link', { name: 'Download statement (PDF)' })).toHaveAttribute(
      'href',
      statementUrl('2026-12'),
    );
    expect(section.queryByRole('link', { name: 'Download fee invoice (PDF)' })).not.toBeInTheDocument();
    expect(
      section.getByText('December 2026 has not ended yet. Its fee invoice is issued once the month is over.'),
    ).toBeInTheDocument();

    await user.selectOptions(picker, '2026-09');
    expect(section.queryByRole('link', { name: 'Download fee invoice (PDF)' })).not.toBeInTheDocument();
    expect(
      section.getByText(
        'No platform fees were charged in September 2026, so there is no fee invoice for it.',
      ),
    ).toBeInTheDocument();

    await user.selectOptions(picker, '2026-10');
    expect(section.getByRole('link', { name: 'Download fee invoice (PDF)' })).toHaveAttribute(
      'href',
      invoiceUrl('2026-10'),
    );
    expect(section.queryByTestId('fee-invoice-note')).not.toBeInTheDocument();
  });

  it("lets an admin read a shark's earnings for the shark named in the address", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('admin@example.com', ['admin']) },
      'GET /api/admin/sharks': {
        status: 200,
        body: [
          {
            id: SHARK_ID,
            userId: '7b0f3c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e',
            name: 'Arjun Mehta',
            email: 'arjun@example.com',
            specialization: 'pentesting',
            published: true,
          },
        ],
      },
      'GET /api/workspace/earnings/statements': ({ url }) =>
        url.searchParams.get('sharkId') === SHARK_ID
          ? { status: 200, body: months }
          : { status: 400, body: { error: { code: 'validation', message: 'Choose a shark to act for' } } },
      'GET /api/workspace/earnings': ({ url }) =>
        url.searchParams.get('sharkId') === SHARK_ID
          ? { status: 200, body: page(1, [line(1)], 1) }
          : { status: 400, body: { error: { code: 'validation', message: 'Choose a shark to act for' } } },
    });
    renderScreen(
      [{ path: '/shark/earnings', element: <EarningsPage /> }],
      `/shark/earnings?sharkId=${SHARK_ID}`,
    );
    // The answer for ?sharkId= (the mock refuses a call without it).
    const table = within(await screen.findByTestId('earnings-table'));
    expect(table.getByText('Web App Pentesting')).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Month' })).toHaveValue('2026-11');
    expect(screen.queryByText('Choose a shark to act for')).not.toBeInTheDocument();
  });

  it('lists every payout with its date, amount, method and reference, and shows a balance owed after a refund', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/earnings': {
        status: 200,
        body: {
          ...page(1, [line(1)], 1),
          balance: { pendingPaise: 0, availablePaise: -40_000, paidOutPaise: 120_000, onTheWayPaise: 50_000 },
        },
      },
      'GET /api/workspace/payouts': failedAndPaid(),
    });
    renderScreen([{ path: '/shark/earnings', element: <EarningsPage /> }], '/shark/earnings');
    const tiles = within(await screen.findByLabelText('Your balance'));
    expect(await tiles.findByText('−₹400')).toBeInTheDocument();
    expect(tiles.getByText(EARNINGS_TEXT.owed)).toBeInTheDocument();
    expect(tiles.getByText(EARNINGS_TEXT.onTheWay('₹500'))).toBeInTheDocument();

    await expectFailedAndPaid();
  });

  it('says when payouts go out before the first one', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/earnings': { status: 200, body: page(1, [line(1)], 1) },
      'GET /api/workspace/payouts': {
        status: 200,
        body: {
          total: 0,
          items: [],
          paidOutPaise: 0,
          onTheWayPaise: 0,
          schedule: 'weekly',
          minimumPaise: 50_000,
        },
      },
    });
    renderScreen([{ path: '/shark/earnings', element: <EarningsPage /> }], '/shark/earnings');
    expect(await screen.findByRole('heading', { name: 'No payouts yet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'No payouts yet. Payouts go out every Monday once your available balance is at least ₹500.',
      ),
    ).toBeInTheDocument();
  });
});
