import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGAGEMENT_EVENT_LABELS, ENGAGEMENT_MSG, ROE_TERMS, type Engagement } from '#shared/engagements.ts';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import EngagementPage from './engagement-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '7a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
const routes = [{ path: '/engagements/:id', element: <EngagementPage /> }];
const session = { status: 200, body: sessionFor('asha@example.com', ['user']) };

const engagement = (over: Partial<Engagement> = {}): Engagement => ({
  id: ID,
  requestId: '1a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  proposalId: '2a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
  title: 'Pentest of our customer portal',
  service: 'pentesting',
  description: 'Authenticated testing of the portal.',
  assets: [
    { type: 'web', identifier: 'https://portal.example.in', inScope: true },
    { type: 'web', identifier: 'https://blog.example.in', inScope: false },
  ],
  windowFrom: '2030-02-01',
  windowTo: '2030-02-10',
  pricePaise: 9_000_000,
  days: 10,
  status: 'active',
  client: { id: '3a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Asha Menon' },
  freelancer: { id: '4a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b', name: 'Kabir Shah' },
  viewer: 'client',
  roe: null,
  milestones: [
    {
      id: '5a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
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
    },
    {
      id: '6a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
      position: 2,
      title: 'Retest',
      amountPaise: 3_000_000,
      status: 'awaiting_funding',
      fundedAt: null,
      deliveredAt: null,
      approvedAt: null,
      changesNote: null,
      autoApproveAt: null,
      disputeNote: null,
      actions: [],
    },
  ],
  messages: [
    {
      id: '8a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
      authorName: 'Kabir Shah',
      mine: false,
      body: 'Starting Monday.',
      createdAt: '2030-01-20T10:00:00.000Z',
      from: 'engagement',
    },
  ],
  events: [
    {
      id: '9a1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
      kind: 'created',
      actorName: 'Asha Menon',
      milestoneTitle: null,
      note: null,
      createdAt: '2030-01-19T10:00:00.000Z',
    },
  ],
  createdAt: '2030-01-19T10:00:00.000Z',
  ...over,
});

describe('the engagement page', () => {
  it('shows the scope, the milestones with their states, the thread and the timeline', async () => {
    mockApi({
      'GET /api/auth/session': session,
      [`GET /api/engagements/${ID}`]: { status: 200, body: engagement() },
    });
    renderScreen(routes, `/engagements/${ID}`);
    expect(
      await screen.findByRole('heading', { name: 'Pentest of our customer portal' }),
    ).toBeInTheDocument();
    expect(screen.getByText('https://blog.example.in')).toBeInTheDocument();
    expect(screen.getByText('Out of scope')).toBeInTheDocument();
    const milestones = screen.getByRole('region', { name: 'Milestones' });
    expect(within(milestones).getByText('1. Testing and report')).toBeInTheDocument();
    expect(within(milestones).getAllByText('Awaiting funding')).toHaveLength(2);
    expect(screen.getByRole('list', { name: 'Messages with Kabir Shah' })).toHaveTextContent(
      'Starting Monday.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Timeline' })).getByText(/Engagement started/),
    ).toBeInTheDocument();
  });

  it('asks the client to tick the rules of engagement, then sends the acknowledgement', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      [`GET /api/engagements/${ID}`]: { status: 200, body: engagement() },
      [`POST /api/engagements/${ID}/roe`]: { status: 200, body: { message: ENGAGEMENT_MSG.roeAcknowledged } },
    });
    renderScreen(routes, `/engagements/${ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect(screen.getByText(ENGAGEMENT_MSG.roeRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByLabelText(ROE_TERMS));
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText(ENGAGEMENT_MSG.roeAcknowledged)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ acknowledge: true });
  });

  it('shows the freelancer the acknowledgement when made, and no form', async () => {
    mockApi({
      'GET /api/auth/session': session,
      [`GET /api/engagements/${ID}`]: {
        status: 200,
        body: engagement({
          viewer: 'freelancer',
          roe: { terms: ROE_TERMS, acknowledgedAt: '2030-01-19T11:00:00.000Z', acknowledgedBy: 'Asha Menon' },
        }),
      },
    });
    renderScreen(routes, `/engagements/${ID}`);
    expect(await screen.findByText(/Acknowledged by Asha Menon/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it("begins the thread with the proposal's messages and marks where the engagement started (decision 212)", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      [`GET /api/engagements/${ID}`]: {
        status: 200,
        body: engagement({
          messages: [
            {
              id: '1b1c2e3f-4b5d-4e6f-8a9b-0c1d2e3f4a5b',
              authorName: 'Asha Menon',
              mine: true,
              body: 'Can you start on the first day of the window?',
              createdAt: '2030-01-18T10:00:00.000Z',
              from: 'proposal',
            },
            ...engagement().messages,
          ],
        }),
      },
      [`POST /api/engagements/${ID}/messages`]: {
        status: 201,
        body: { message: ENGAGEMENT_MSG.messageSent },
      },
    });
    renderScreen(routes, `/engagements/${ID}`);
    const thread = await screen.findByRole('list', { name: 'Messages with Kabir Shah' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^You · .*Can you start on the first day of the window\?$/),
      ENGAGEMENT_EVENT_LABELS.created,
      expect.stringMatching(/^Kabir Shah · .*Starting Monday\.$/),
    ]);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message to Kabir Shah'), 'The staging login is in the vault.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(ENGAGEMENT_MSG.messageSent)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      body: 'The staging login is in the vault.',
    });
  });

  it('says "Engagement not found" to anyone else', async () => {
    mockApi({ 'GET /api/auth/session': session });
    renderScreen(routes, `/engagements/${ID}`);
    expect(await screen.findByRole('heading', { name: ENGAGEMENT_MSG.notFound })).toBeInTheDocument();
  });
});
