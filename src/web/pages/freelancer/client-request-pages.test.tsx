import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NDA_TERMS, REQUEST_MSG } from '#shared/client-requests.ts';
import { PROPOSAL_MSG } from '#shared/proposals.ts';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import ClientRequestPage from './client-request-page';
import ClientRequestsPage from './client-requests-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '3f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6';
const routes = [
  { path: '/freelancer/client-requests', element: <ClientRequestsPage /> },
  { path: '/freelancer/client-requests/:id', element: <ClientRequestPage /> },
];
const session = { status: 200, body: sessionFor('kabir@example.com', ['freelancer', 'user']) };
const card = {
  id: ID,
  title: 'Pentest of our customer portal',
  service: 'pentesting',
  budgetMinPaise: 5_000_000,
  budgetMaxPaise: 12_000_000,
  deadline: '2030-01-20',
  status: 'open',
  ndaRequired: true,
  visibility: 'everyone',
  createdAt: '2030-01-01T10:00:00.000Z',
  invited: false,
};

describe("the freelancer's client requests", () => {
  it('lists invitations, open requests in its services and its proposals with their state', async () => {
    mockApi({
      'GET /api/auth/session': session,
      'GET /api/freelancer/client-requests': {
        status: 200,
        body: {
          services: ['pentesting'],
          matching: [card],
          invitations: [
            {
              ...card,
              id: '4f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6',
              title: 'Red team exercise',
              invited: true,
            },
          ],
          proposals: [
            {
              id: '11111111-2222-4333-8444-555555555555',
              requestId: '5f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6',
              pricePaise: 9_000_000,
              days: 10,
              approach: 'x',
              milestones: [{ title: 'All', amountPaise: 9_000_000 }],
              status: 'shortlisted',
              createdAt: '2030-01-02T10:00:00.000Z',
              updatedAt: '2030-01-02T10:00:00.000Z',
              request: { ...card, id: '5f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6', title: 'Cloud review' },
            },
          ],
        },
      },
    });
    renderScreen(routes, '/freelancer/client-requests');
    const invitations = await screen.findByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByRole('link', { name: 'Red team exercise' })).toBeInTheDocument();
    const open = screen.getByRole('region', { name: 'Open requests in your services' });
    expect(within(open).getByRole('link', { name: 'Pentest of our customer portal' })).toHaveAttribute(
      'href',
      `/freelancer/client-requests/${ID}`,
    );
    const mine = screen.getByRole('region', { name: 'Your proposals' });
    expect(within(mine).getByText('Shortlisted')).toBeInTheDocument();
  });

  it('shows only the summary until the NDA is accepted, then proposes with two milestones', async () => {
    let accepted = false;
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      [`GET /api/freelancer/requests/${ID}`]: () => ({
        status: 200,
        body: {
          request: {
            ...card,
            clientName: 'Asha Menon',
            ndaTerms: NDA_TERMS,
            ndaAcceptedAt: accepted ? '2030-01-03T10:00:00.000Z' : null,
            scope: accepted
              ? {
                  description: '',
                  assets: [{ type: 'web', identifier: 'https://portal.example.in', inScope: true }],
                  windowFrom: '2030-02-01',
                  windowTo: '2030-02-10',
                }
              : null,
          },
          proposal: null,
        },
      }),
      [`POST /api/freelancer/requests/${ID}/nda`]: () => {
        accepted = true;
        return { status: 200, body: { message: REQUEST_MSG.ndaAccepted } };
      },
      [`POST /api/freelancer/requests/${ID}/proposal`]: { status: 201, body: { message: PROPOSAL_MSG.sent } },
    });
    renderScreen(routes, `/freelancer/client-requests/${ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'This client asks for an NDA' })).toBeInTheDocument();
    expect(screen.queryByText('https://portal.example.in')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send proposal' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the NDA' }));
    expect(await screen.findByText('https://portal.example.in')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Price (₹)'), '90000');
    await user.type(screen.getByLabelText('Days of work'), '10');
    await user.type(screen.getByLabelText('Approach'), 'OWASP-based testing with a retest.');
    await user.type(screen.getByLabelText('Milestone 1'), 'Testing and report');
    await user.type(screen.getByLabelText('Amount 1 (₹)'), '60000');
    await user.click(screen.getByRole('button', { name: 'Add a milestone' }));
    await user.type(screen.getByLabelText('Milestone 2'), 'Retest');
    await user.type(screen.getByLabelText('Amount 2 (₹)'), '20000');
    await user.click(screen.getByRole('button', { name: 'Send proposal' }));
    expect(
      await screen.findByText('The milestones add up to ₹80,000, not the price of ₹90,000'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/proposal'))).toBe(false);

    await user.clear(screen.getByLabelText('Amount 2 (₹)'));
    await user.type(screen.getByLabelText('Amount 2 (₹)'), '30000');
    await user.click(screen.getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText(PROPOSAL_MSG.sent)).toBeInTheDocument();
    // Typed in rupees, sent in paise (decision 210).
    expect(calls.find((c) => c.path.endsWith('/proposal'))?.body).toEqual({
      pricePaise: 9_000_000,
      days: 10,
      approach: 'OWASP-based testing with a retest.',
      milestones: [
        { title: 'Testing and report', amountPaise: 6_000_000 },
        { title: 'Retest', amountPaise: 3_000_000 },
      ],
    });
  });
});
