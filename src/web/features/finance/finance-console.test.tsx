// The admin console's Finance tab (issue 24): search payments, refund part of one with a reason (the server's
// refusal beside its field, then its message as a toast), a shark who owes money back and a freelancer named
// in the balances, and the trial balance.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINANCE_MSG, type FinancePayment } from '#shared/finance.ts';
import { mockApi, polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import { FinanceConsole } from './finance-console';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The payouts and the exceptions are other features' panels, tested with them: their slots stay empty here.
const routes = [{ path: '/admin', element: <FinanceConsole payouts={null} exceptions={null} /> }];
const at = '2026-11-23T01:00:00.000Z';
const PAYMENT_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const BOOKING_ID = '2d9a2c74-3e3f-4b7a-9cad-9e8f7a6b5c4d';
const SHARK_ID = '5c1f8e2a-7b3d-4c9e-8f1a-2b3c4d5e6f7a';

const payment = (over: Partial<FinancePayment> = {}): FinancePayment => ({
  id: PAYMENT_ID,
  bookingId: BOOKING_ID,
  engagementId: null,
  createdAt: at,
  capturedAt: at,
  status: 'captured',
  learnerName: 'Priya Raman',
  learnerEmail: 'priya@example.com',
  sharkId: SHARK_ID,
  sharkName: 'Arjun Mehta',
  description: 'Web App Hacking with Arjun Mehta',
  amountPaise: 12_345_600,
  feePaise: 1_234_560,
  feeTaxPaise: 222_221,
  provider: 'test',
  providerPaymentId: 'pay_T123',
  duplicateOf: null,
  refund: null,
  refundablePaise: 12_345_600,
  receiptUrl: '/api/payments/documents/x.pdf',
  ...over,
});

describe('the Finance tab', () => {
  it('searches payments and refunds part of one with a reason', async () => {
    let refunded = false;
    const { calls } = mockApi({
      'GET /api/admin/finance/payments': ({ url }) => ({
        status: 200,
        body: {
          items:
            url.searchParams.get('q') === 'nobody'
              ? []
              : [
                  payment(
                    refunded
                      ? {
                          refund: { id: BOOKING_ID, status: 'pending', amountPaise: 50_050 },
                          refundablePaise: 0,
                        }
                      : {},
                  ),
                ],
          page: 1,
          pageSize: 25,
          total: 1,
        },
      }),
      [`POST /api/admin/finance/payments/${PAYMENT_ID}/refund`]: ({ body }) => {
        const amount = (body as { amountPaise: number }).amountPaise;
        if (amount === 99_999_900)
          return {
            status: 400,
            body: {
              error: {
                code: 'validation',
                message: FINANCE_MSG.amountOverRefundable('₹1,23,456'),
                fields: { amountPaise: FINANCE_MSG.amountOverRefundable('₹1,23,456') },
              },
            },
          };
        refunded = true;
        return {
          status: 201,
          body: {
            message: FINANCE_MSG.refundRecorded('₹500.50'),
            refundId: BOOKING_ID,
            paymentId: PAYMENT_ID,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    // Amounts in rupees with paise and Indian grouping.
    expect((await screen.findAllByText('₹1,23,456.00')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('₹12,345.60').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('Search payments'), 'nobody');
    expect(await screen.findByText('No payment matches this search.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search payments'));

    const [open] = await screen.findAllByRole('button', {
      name: "Refund Priya Raman's payment of ₹1,23,456.00",
    });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Refund a payment' });
    // Checked in the browser first, with the server's own messages.
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(FINANCE_MSG.amountRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(FINANCE_MSG.amountNotPositive)).toBeInTheDocument();
    // The server's refusal goes beside the field it names.
    await user.clear(within(dialog).getByLabelText('Amount in rupees'));
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '999999');
    await user.type(within(dialog).getByLabelText(/Reason/), 'The call dropped');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText(
        "The amount is more than this payment's refundable balance of ₹1,23,456",
      ),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Amount in rupees'));
    await user.type(within(dialog).getByLabelText('Amount in rupees'), '500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(FINANCE_MSG.refundRecorded('₹500.50'))).toBeInTheDocument();
    // Typed in rupees, sent in paise (decision 210).
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      amountPaise: 50_050,
      reason: 'The call dropped',
    });
    // The list is asked again: the payment shows its pending refund and offers no second one.
    expect((await screen.findAllByText('Pending: ₹500.50')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Refund Priya/ })).toHaveLength(0));
  });

  it('shows a shark that owes money back, and the trial balance with its total of ₹0.00', async () => {
    mockApi({
      'GET /api/admin/finance/payments': {
        status: 200,
        body: { items: [], page: 1, pageSize: 25, total: 0 },
      },
      'GET /api/admin/finance/balances': {
        status: 200,
        body: {
          items: [
            {
              payeeKind: 'shark',
              payeeId: SHARK_ID,
              name: 'Arjun Mehta',
              pendingPaise: 0,
              availablePaise: -50_000,
              onTheWayPaise: 0,
              paidOutPaise: 264_600,
            },
            {
              payeeKind: 'freelancer',
              payeeId: '9b2f6c1e-0000-4000-8000-00000000f001',
              name: 'Kabir Shah',
              pendingPaise: 450_000,
              availablePaise: 0,
              onTheWayPaise: 900_000,
              paidOutPaise: 0,
            },
          ],
          page: 1,
          pageSize: 25,
          total: 2,
        },
      },
      'GET /api/admin/finance/trial-balance': {
        status: 200,
        body: {
          accounts: [
            { kind: 'provider_clearing', payeeKind: null, accounts: 1, balancePaise: 600_000 },
            { kind: 'platform_fee_revenue', payeeKind: null, accounts: 1, balancePaise: -70_800 },
            { kind: 'payee_pending', payeeKind: 'shark', accounts: 2, balancePaise: -529_200 },
          ],
          totalPaise: 0,
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    expect(await screen.findByText('No payment yet: they appear here as learners pay.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Balances' }));
    const balances = await screen.findByRole('table', { name: 'Balances' });
    expect(within(balances).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(within(balances).getByText('owes ₹500.00')).toBeInTheDocument();
    // Every payee by its name and kind, a freelancer too, with its payouts on their way and paid out.
    const rows = within(balances)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Arjun MehtaShark₹0.00-₹500.00owes ₹500.00₹0.00₹2,646.00',
      'Kabir ShahFreelancer₹4,500.00₹0.00₹9,000.00₹0.00',
    ]);
    expect(within(balances).queryByText(/Unknown payee/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Trial balance' }));
    const tb = await screen.findByRole('table', { name: 'Trial balance' });
    expect(within(tb).getByText('Provider clearing')).toBeInTheDocument();
    expect(within(tb).getByText('₹6,000.00')).toBeInTheDocument();
    expect(within(tb).getByText('-₹5,292.00')).toBeInTheDocument();
    expect(within(tb).getByText('(2 sharks)')).toBeInTheDocument();
    expect(within(tb).getByTestId('trial-balance-total')).toHaveTextContent('₹0.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an export range that ends before it starts, naming the field', async () => {
    mockApi({
      'GET /api/admin/finance/payments': {
        status: 200,
        body: { items: [], page: 1, pageSize: 25, total: 0 },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Exports' }));
    const from = await screen.findByLabelText('First day');
    await user.clear(from);
    await user.type(from, '2026-11-30');
    const to = screen.getByLabelText('Last day');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    expect(await screen.findByText(FINANCE_MSG.rangeReversed)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download the ledger' })).not.toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '2026-11-30');
    expect(await screen.findByRole('link', { name: 'Download the ledger' })).toHaveAttribute(
      'href',
      '/api/admin/finance/exports/ledger.csv?from=2026-11-30&to=2026-11-30',
    );
  });

  it('reverses a posting by its key with a reason, and shows the refusal of a second reversal', async () => {
    const KEY = `booking:${BOOKING_ID}:share_released`;
    let reversed = false;
    const { calls } = mockApi({
      'GET /api/admin/finance/payments': {
        status: 200,
        body: { items: [], page: 1, pageSize: 25, total: 0 },
      },
      'POST /api/admin/finance/reversals': () => {
        if (reversed)
          return {
            status: 409,
            body: { error: { code: 'conflict', message: FINANCE_MSG.postingReversedAlready } },
          };
        reversed = true;
        return {
          status: 201,
          body: {
            message: FINANCE_MSG.reversalPosted(KEY),
            reversalId: PAYMENT_ID,
            reversesId: BOOKING_ID,
          },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Corrections' }));
    const form = await screen.findByRole('form', { name: 'Reverse a posting' });
    // Checked in the browser first, with the server's own messages.
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await within(form).findByText(FINANCE_MSG.postingKeyRequired)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Transaction key'), KEY);
    await user.type(within(form).getByLabelText(/Reason/), 'Released before the no-show report was ruled');
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText(FINANCE_MSG.reversalPosted(KEY))).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      key: KEY,
      reason: 'Released before the no-show report was ruled',
    });
    // The same posting again: the server refuses, and the form says why.
    await user.type(within(form).getByLabelText('Transaction key'), KEY);
    await user.type(within(form).getByLabelText(/Reason/), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Reverse' }));
    expect(await within(form).findByText(FINANCE_MSG.postingReversedAlready)).toBeInTheDocument();
  });
});
