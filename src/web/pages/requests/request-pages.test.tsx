import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_MSG } from '#shared/client-requests.ts';
import { PROPOSAL_MSG, type ClientProposal } from '#shared/proposals.ts';
import { mockApi, renderScreen, sessionFor, standIn } from '#web/testing/test-utils.tsx';
import NewRequestPage from './new-request-page';
import RequestPage from './request-page';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REQUEST_ID = '3f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6';
const routes = [
  { path: '/requests/new', element: <NewRequestPage /> },
  { path: '/requests/:id', element: <RequestPage /> },
  standIn('/requests', 'My requests'),
];
const session = { status: 200, body: sessionFor('asha@example.com', ['user']) };

async function fillRequest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Title'), 'Pentest of our customer portal');
  await user.type(screen.getByLabelText('Asset'), 'https://portal.example.in');
  await user.type(screen.getByLabelText('Proposals by (deadline)'), '2030-01-20');
  await user.type(screen.getByLabelText('Testing window: first day'), '2030-02-01');
  await user.type(screen.getByLabelText('Testing window: last day'), '2030-02-10');
}

describe('posting a request', () => {
  it('chooses the service from the link, says never to share secrets, and posts the request', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      'POST /api/requests': { status: 201, body: { id: REQUEST_ID, message: REQUEST_MSG.posted } },
    });
    renderScreen(routes, '/requests/new?service=cloud-security');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Post a request' })).toBeInTheDocument();
    expect(screen.getByText(REQUEST_MSG.noSecretsNotice)).toBeInTheDocument();
    expect(screen.getByLabelText('Service')).toHaveValue('cloud-security');
    await fillRequest(user);
    await user.type(screen.getByLabelText('Budget from (₹)'), '50000');
    await user.type(screen.getByLabelText('Budget up to (₹)'), '120000');
    await user.click(screen.getByRole('button', { name: 'Add an asset' }));
    await user.type(screen.getAllByLabelText('Asset')[1], 'https://blog.example.in');
    await user.selectOptions(screen.getAllByLabelText('Scope')[1], 'Out of scope');
    await user.click(screen.getByLabelText('Freelancers must accept an NDA before they see the scope'));
    expect(screen.getByText(/NDA terms:/)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Only freelancers I invite'));
    await user.click(screen.getByRole('button', { name: 'Post request' }));
    expect(await screen.findByText(REQUEST_MSG.posted)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/requests');
    expect(post?.body).toEqual({
      title: 'Pentest of our customer portal',
      service: 'cloud-security',
      description: '',
      assets: [
        { type: 'web', identifier: 'https://portal.example.in', inScope: true },
        { type: 'web', identifier: 'https://blog.example.in', inScope: false },
      ],
      windowFrom: '2030-02-01',
      windowTo: '2030-02-10',
      budgetMinPaise: 5_000_000,
      budgetMaxPaise: 12_000_000,
      deadline: '2030-01-20',
      ndaRequired: true,
      visibility: 'invited',
      publish: true,
    });
  });

  it('says a budget minimum above its maximum is wrong beside the field, and sends nothing', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': session });
    renderScreen(routes, '/requests/new?service=pentesting');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Post a request' });
    await fillRequest(user);
    await user.type(screen.getByLabelText('Budget from (₹)'), '90000');
    await user.type(screen.getByLabelText('Budget up to (₹)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(REQUEST_MSG.budgetReversed)).toBeInTheDocument();
    expect(screen.getByLabelText('Budget from (₹)')).toHaveAccessibleDescription(REQUEST_MSG.budgetReversed);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("shows the server's refusal of a past deadline beside the deadline", async () => {
    mockApi({
      'GET /api/auth/session': session,
      'POST /api/requests': {
        status: 400,
        body: {
          error: {
            code: 'validation',
            message: REQUEST_MSG.deadlinePast,
            fields: { deadline: REQUEST_MSG.deadlinePast },
          },
        },
      },
    });
    renderScreen(routes, '/requests/new?service=pentesting');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Post a request' });
    await fillRequest(user);
    await user.type(screen.getByLabelText('Budget from (₹)'), '1000');
    await user.type(screen.getByLabelText('Budget up to (₹)'), '2000');
    await user.click(screen.getByRole('button', { name: 'Post request' }));
    expect(await screen.findByText(REQUEST_MSG.deadlinePast)).toBeInTheDocument();
    expect(screen.getByLabelText('Proposals by (deadline)')).toHaveAccessibleDescription(
      REQUEST_MSG.deadlinePast,
    );
  });
});

const proposal = (over: Partial<ClientProposal>): ClientProposal => ({
  id: '11111111-2222-4333-8444-555555555555',
  requestId: REQUEST_ID,
  pricePaise: 9_000_000,
  days: 10,
  approach: 'OWASP-based testing.',
  milestones: [
    { title: 'Testing and report', amountPaise: 6_000_000 },
    { title: 'Retest', amountPaise: 3_000_000 },
  ],
  status: 'submitted',
  createdAt: '2030-01-02T10:00:00.000Z',
  updatedAt: '2030-01-02T10:00:00.000Z',
  freelancer: {
    freelancerId: '99999999-2222-4333-8444-555555555555',
    name: 'Kabir Shah',
    headline: 'OSCP web pentester',
    verifiedCredentials: null,
    rating: null,
    reviewCount: 0,
  },
  ...over,
});

const detail = {
  id: REQUEST_ID,
  title: 'Pentest of our customer portal',
  service: 'pentesting',
  budgetMinPaise: 5_000_000,
  budgetMaxPaise: 12_000_000,
  deadline: '2030-01-20',
  status: 'open',
  ndaRequired: false,
  visibility: 'everyone',
  createdAt: '2030-01-01T10:00:00.000Z',
  description: '',
  assets: [{ type: 'web', identifier: 'https://portal.example.in', inScope: true }],
  windowFrom: '2030-02-01',
  windowTo: '2030-02-10',
  ndaTerms: null,
  allowed: ['cancelled'],
  invited: [],
  viewerIsClient: true,
};

describe('comparing proposals', () => {
  it('shows proposals side by side, shortlists one and accepts it after a confirmation', async () => {
    const meera = proposal({
      id: '22222222-2222-4333-8444-555555555555',
      pricePaise: 7_000_000,
      days: 7,
      status: 'shortlisted',
      milestones: [
        { title: 'API testing', amountPaise: 4_000_000 },
        { title: 'Report', amountPaise: 3_000_000 },
      ],
      freelancer: {
        freelancerId: '88888888-2222-4333-8444-555555555555',
        name: 'Meera Iyer',
        headline: 'API security specialist',
        verifiedCredentials: 2,
        rating: 4.8,
        reviewCount: 5,
      },
    });
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      [`GET /api/requests/${REQUEST_ID}`]: { status: 200, body: detail },
      [`GET /api/requests/${REQUEST_ID}/proposals`]: { status: 200, body: [meera, proposal({})] },
      [`GET /api/proposals/${meera.id}/messages`]: { status: 200, body: [] },
      [`POST /api/proposals/${proposal({}).id}/shortlist`]: {
        status: 200,
        body: { message: PROPOSAL_MSG.shortlisted },
      },
      [`POST /api/proposals/${meera.id}/accept`]: { status: 200, body: { message: PROPOSAL_MSG.accepted } },
    });
    renderScreen(routes, `/requests/${REQUEST_ID}`);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Proposals side by side' });
    const cards = within(list).getAllByRole('listitem', { name: /Kabir Shah|Meera Iyer/ });
    // Cheapest first.
    expect(cards[0]).toHaveAccessibleName('Meera Iyer');
    expect(cards[1]).toHaveAccessibleName('Kabir Shah');
    const [meeraCard, kabirCard] = cards;
    expect(within(meeraCard).getByText('₹70,000')).toBeInTheDocument();
    expect(within(meeraCard).getByText('4.8 · 5 reviews')).toBeInTheDocument();
    expect(within(meeraCard).getByText('1. API testing')).toBeInTheDocument();
    expect(within(meeraCard).getByRole('heading', { name: 'Messages with Meera Iyer' })).toBeInTheDocument();
    expect(within(kabirCard).getByText('₹90,000')).toBeInTheDocument();
    expect(within(kabirCard).getByText('None yet')).toBeInTheDocument();
    expect(within(kabirCard).getByText('New')).toBeInTheDocument();
    expect(within(kabirCard).queryByRole('heading', { name: /Messages/ })).not.toBeInTheDocument();

    await user.click(within(kabirCard).getByRole('button', { name: 'Shortlist' }));
    expect(await screen.findByText(PROPOSAL_MSG.shortlisted)).toBeInTheDocument();

    await user.click(within(meeraCard).getByRole('button', { name: 'Accept' }));
    await user.click(within(meeraCard).getByRole('button', { name: 'Yes, accept Meera Iyer' }));
    expect(await screen.findByText(PROPOSAL_MSG.accepted)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/proposals/${proposal({}).id}/shortlist`,
      `/api/proposals/${meera.id}/accept`,
    ]);
  });

  it('says "Request not found" for a request that is not the viewer\'s', async () => {
    mockApi({ 'GET /api/auth/session': session });
    renderScreen(routes, `/requests/${REQUEST_ID}`);
    expect(await screen.findByRole('heading', { name: REQUEST_MSG.notFound })).toBeInTheDocument();
  });
});
