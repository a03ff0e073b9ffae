// /shark/payouts (issue 24): the shark adds payout details, each field checked with its message beside it, sees
// them masked, and changes them; an admin acting for a shark sees them masked and is offered no change.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYOUT_MSG } from '#shared/payouts.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { upiRefused } from '#web/testing/payouts.ts';
import PayoutsPage from './payouts-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHARK_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const bankDetails = {
  method: 'bank',
  upiMasked: null,
  holderName: 'Arjun Mehta',
  accountLast4: '7890',
  ifsc: 'HDFC0001234',
  panLast4: '234F',
  updatedAt: '2026-11-26T10:00:00.000Z',
};

describe('the payout details page', () => {
  it('checks each field beside it, saves a bank account and shows it masked, then offers a change', async () => {
    let details: object | null = null;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/payout-details': () => ({ status: 200, body: { details } }),
      'PUT /api/workspace/payout-details': () => {
        details = bankDetails;
        return { status: 200, body: { message: PAYOUT_MSG.saved, details } };
      },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/shark/payouts', element: <PayoutsPage /> }], '/shark/payouts');
    expect(await screen.findByText(PAYOUT_MSG.noneYet)).toBeInTheDocument();
    expect(document.title).toBe('Payout details | Shark Security');

    await user.click(screen.getByRole('radio', { name: 'Bank account' }));
    await user.type(screen.getByLabelText("Account holder's name"), 'Arjun Mehta');
    await user.type(screen.getByLabelText('Account number'), '001234567890');
    await user.type(screen.getByLabelText('Account number again'), '001234567891');
    await user.type(screen.getByLabelText('IFSC'), 'HDFC1001234');
    await user.type(screen.getByLabelText('PAN'), 'ABCPE12345');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(await screen.findByText(PAYOUT_MSG.accountMismatch)).toBeInTheDocument();
    expect(screen.getByText(PAYOUT_MSG.ifscInvalid)).toBeInTheDocument();
    expect(screen.getByText(PAYOUT_MSG.panInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('Account number again')).toHaveAccessibleDescription(
      PAYOUT_MSG.accountMismatch,
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('Account number again'));
    await user.type(screen.getByLabelText('Account number again'), '001234567890');
    await user.clear(screen.getByLabelText('IFSC'));
    await user.type(screen.getByLabelText('IFSC'), 'hdfc0001234');
    await user.clear(screen.getByLabelText('PAN'));
    await user.type(screen.getByLabelText('PAN'), 'abcpe1234f');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(await screen.findByText(PAYOUT_MSG.saved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      method: 'bank',
      holderName: 'Arjun Mehta',
      accountNumber: '001234567890',
      accountNumberConfirm: '001234567890',
      ifsc: 'HDFC0001234',
      pan: 'ABCPE1234F',
    });

    const saved = screen.getByRole('region', { name: 'Where we pay you' });
    expect(within(saved).getByText('•••• 7890')).toBeInTheDocument();
    expect(within(saved).getByText('•••• 234F')).toBeInTheDocument();
    expect(within(saved).getByText('HDFC0001234')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Payout details' })).not.toBeInTheDocument();

    await user.click(within(saved).getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('heading', { name: 'Change payout details' })).toBeInTheDocument();
    // The numbers are never filled back in: the shark types them again.
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'Change payout details' })).not.toBeInTheDocument();
  });

  it('puts the server’s field messages beside their fields', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/payout-details': { status: 200, body: { details: null } },
      'PUT /api/workspace/payout-details': upiRefused,
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/shark/payouts', element: <PayoutsPage /> }], '/shark/payouts');
    await user.type(await screen.findByLabelText('UPI id'), 'arjun@okaxis');
    await user.type(screen.getByLabelText('PAN'), 'ABCPE1234F');
    await user.click(screen.getByRole('button', { name: 'Save payout details' }));
    expect(await screen.findByText(PAYOUT_MSG.upiInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('UPI id')).toHaveAccessibleDescription(PAYOUT_MSG.upiInvalid);
  });

  it('shows an admin the chosen shark’s details masked, with no way to change them', async () => {
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
      'GET /api/workspace/payout-details': ({ url }) =>
        url.searchParams.get('sharkId') === SHARK_ID
          ? {
              status: 200,
              body: {
                details: {
                  ...bankDetails,
                  method: 'upi',
                  upiMasked: 'ar••••@okaxis',
                  holderName: null,
                  accountLast4: null,
                  ifsc: null,
                },
              },
            }
          : { status: 400, body: { error: { code: 'validation', message: 'Choose a shark to act for' } } },
    });
    renderScreen(
      [{ path: '/shark/payouts', element: <PayoutsPage /> }],
      `/shark/payouts?sharkId=${SHARK_ID}`,
    );
    const saved = await screen.findByRole('region', { name: 'Where we pay you' }, { timeout: 5000 });
    expect(await within(saved).findByText('ar••••@okaxis')).toBeInTheDocument();
    expect(within(saved).getByText(PAYOUT_MSG.ownerOnly)).toBeInTheDocument();
    expect(within(saved).queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save payout details' })).not.toBeInTheDocument();
  });
});
