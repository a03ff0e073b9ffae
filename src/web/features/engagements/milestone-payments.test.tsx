import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MILESTONE_MSG, ROE_TERMS, type Engagement, type EngagementMilestone } from '#shared/engagements.ts';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { MilestonePayments } from './milestone-payments';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
const M1 = '5a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
const session = { status: 200, body: sessionFor('asha@example.com', ['user']) };

const milestone = (over: Partial<EngagementMilestone> = {}): EngagementMilestone => ({
  id: M1,
  position: 1,
  title: 'Testing and report',
  amountPaise: 6_000_000,
  status: 'awaiting_funding',
  fundedAt: null,
  deliveredAt: null,
  approvedAt: null,
  changesNote: null,
  autoApproveAt: null,
  disputeNote: null,
  actions: [],
  ...over,
});

const engagement = (over: Partial<Engagement>): Engagement => ({
  id: ID,
  requestId: '1a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  proposalId: '2a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  title: 'Pentest of our customer portal',
  service: 'pentesting',
  description: '',
  assets: [],
  windowFrom: '2030-02-01',
  windowTo: '2030-02-10',
  pricePaise: 6_000_000,
  days: 10,
  status: 'active',
  client: { id: '3a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Asha Menon' },
  freelancer: { id: '4a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Kabir Shah' },
  viewer: 'client',
  roe: { terms: ROE_TERMS, acknowledgedAt: '2030-01-19T11:00:00.000Z', acknowledgedBy: 'Asha Menon' },
  milestones: [milestone()],
  messages: [],
  events: [],
  createdAt: '2030-01-19T10:00:00.000Z',
  ...over,
});

const show = (e: Engagement) =>
  renderScreen(
    [
      { path: '/engagements/:id', element: <MilestonePayments engagement={e} /> },
      { path: '/test-checkout/:orderId', element: <p>Test checkout window</p> },
    ],
    `/engagements/${ID}`,
  );

describe('milestone payments on the engagement page', () => {
  it('offers the client "Fund milestone" once the rules are acknowledged, and opens the test checkout', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      [`POST /api/engagements/${ID}/milestones/${M1}/checkout`]: {
        status: 200,
        body: {
          paymentId: '8a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
          provider: 'test',
          keyId: 'rzp_test_x',
          orderId: 'order_T1',
          amountPaise: 6_000_000,
          feePaise: 600_000,
          feeTaxPaise: 108_000,
          currency: 'INR',
          description: 'Milestone 1',
          status: 'created',
          prefill: { name: 'Asha Menon', email: 'asha@example.com', contact: '' },
        },
      },
    });
    show(engagement({ milestones: [milestone({ actions: ['fund'] })] }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Fund milestone/ }));
    expect(await screen.findByText('Test checkout window')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/checkout'))).toBe(true);
  });

  it('asks the client to acknowledge the rules before funding', async () => {
    mockApi({ 'GET /api/auth/session': session });
    show(engagement({ roe: null, milestones: [milestone({ actions: ['fund'] })] }));
    expect(await screen.findByText(/Acknowledge the rules of engagement above/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fund milestone/ })).not.toBeInTheDocument();
  });

  it('refuses changes without a note, naming what is missing, and sends nothing', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': session });
    show(
      engagement({
        milestones: [milestone({ status: 'delivered', actions: ['approve', 'request_changes', 'dispute'] })],
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    await user.click(screen.getByRole('button', { name: 'Send back for changes' }));
    expect(screen.getByText(MILESTONE_MSG.changesNoteRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('lets the freelancer mark a funded milestone delivered with a note', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      [`POST /api/engagements/${ID}/milestones/${M1}/deliver`]: {
        status: 200,
        body: { message: MILESTONE_MSG.delivered },
      },
    });
    show(
      engagement({
        viewer: 'freelancer',
        milestones: [milestone({ status: 'funded', actions: ['deliver', 'dispute'] })],
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark delivered' }));
    await user.type(screen.getByLabelText('Note for the client (optional)'), 'Report attached.');
    await user.click(screen.getByRole('button', { name: 'Mark delivered' }));
    expect(await screen.findByText(MILESTONE_MSG.delivered)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'Report attached.' });
  });
});
