import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import ClientRequestsPage from './client-requests-page';
import FreelancerDashboardPage from './dashboard-page';
import FreelancerEditProfilePage from './edit-profile-page';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';

const PUBLIC_ID = '5a3c1e2d-4b6f-4a8e-9c0d-1e2f3a4b5c6d';
const emptyProfile = {
  id: null,
  name: '',
  skills: '',
  headline: '',
  services: [],
  dayRatePaise: null,
  yearsExperience: null,
  languages: [],
  portfolioLinks: [],
  published: false,
};

// Two shared cores: give screens more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/freelancer/dashboard', element: <FreelancerDashboardPage /> },
  { path: '/freelancer/edit-profile', element: <FreelancerEditProfilePage /> },
  { path: '/freelancer/client-requests', element: <ClientRequestsPage /> },
];

describe('freelancer pages', () => {
  it('the dashboard checks the freelancer role itself and shows the 403 message to others', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
    });
    renderScreen(routes, '/freelancer/dashboard');
    expect(await screen.findByRole('heading', { name: '403 - Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText('You do not have access to this page.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/freelancer/profile')).toBe(false);
  });

  it('the dashboard shows name and skills', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer', 'user']) },
      'GET /api/freelancer/profile': {
        status: 200,
        body: { name: 'Kabir Shah', skills: 'Web pentesting, Python automation' },
      },
    });
    renderScreen(routes, '/freelancer/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Kabir Shah' })).toBeInTheDocument();
    expect(screen.getByText('Web pentesting')).toBeInTheDocument();
    expect(screen.getByText('Python automation')).toBeInTheDocument();
  });

  it('the dashboard shows the open proposals and the earnings the ledger holds', async () => {
    const request = {
      id: PUBLIC_ID,
      title: 'Pentest of our customer portal',
      service: 'pentesting',
      budgetMinPaise: 5_000_000,
      budgetMaxPaise: 10_000_000,
      deadline: '2026-12-31',
      status: 'open',
      ndaRequired: false,
      invited: false,
    };
    const proposal = (id: string, status: string, title: string) => ({
      id,
      requestId: PUBLIC_ID,
      pricePaise: 9_000_000,
      days: 10,
      approach: 'OWASP',
      milestones: [],
      status,
      createdAt: '2026-11-20T10:00:00Z',
      updatedAt: '2026-11-20T10:00:00Z',
      request: { ...request, title },
    });
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer', 'user']) },
      'GET /api/freelancer/profile': { status: 200, body: { ...emptyProfile, name: 'Kabir Shah' } },
      'GET /api/freelancer/client-requests': {
        status: 200,
        body: {
          open: [],
          invitations: [],
          proposals: [
            proposal('11111111-1111-4111-8111-111111111111', 'shortlisted', 'Pentest of our customer portal'),
            proposal('22222222-2222-4222-8222-222222222222', 'withdrawn', 'Cloud review'),
          ],
        },
      },
      'GET /api/engagements': { status: 200, body: [] },
      'GET /api/freelancer/balance': { status: 200, body: { pendingPaise: 5400000, availablePaise: 0 } },
    });
    renderScreen(routes, '/freelancer/dashboard');
    const open = await screen.findByRole('region', { name: 'Open proposals' });
    expect(within(open).getByRole('link', { name: 'Pentest of our customer portal' })).toHaveAttribute(
      'href',
      `/freelancer/client-requests/${PUBLIC_ID}`,
    );
    expect(within(open).queryByText('Cloud review')).not.toBeInTheDocument();
    const earnings = await screen.findByRole('region', { name: 'Earnings' });
    expect(earnings).toHaveTextContent(/Pending \(milestones not yet approved\)\s*₹54,000/);
    expect(earnings).toHaveTextContent(/Available \(approved, to be paid out\)\s*₹0/);
  });

  it("edit profile requires name and skills with the spec's messages, then saves", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer', 'user']) },
      'GET /api/freelancer/profile': { status: 200, body: { ...emptyProfile, name: 'Kabir Shah' } },
      'PUT /api/freelancer/profile': ({ body }) => ({
        status: 200,
        body: { ...emptyProfile, ...(body as object), id: PUBLIC_ID },
      }),
      'GET /api/freelancer/credentials': { status: 200, body: [] },
    });
    renderScreen(routes, '/freelancer/edit-profile');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Freelancer profile' });
    const name = within(form).getByLabelText('Name');
    await vi.waitFor(() => expect(name).toHaveValue('Kabir Shah'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please list your skills')).toBeInTheDocument();
    await user.type(name, 'Kabir S.');
    await user.type(within(form).getByLabelText('Skills'), 'OSINT');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // The spec's '✅' is drawn as an icon; the words after it stay exact.
    const saved = await screen.findByText('Profile updated successfully!');
    expect(saved.parentElement!.querySelector('[data-testid="check-icon"] svg')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(
      expect.objectContaining({ name: 'Kabir S.', skills: 'OSINT', published: false, services: [] }),
    );
    // Saved once: the credentials can now be added.
    expect(await screen.findByRole('heading', { name: 'Add a credential' })).toBeInTheDocument();
  });

  it('edit profile saves the directory fields, and publishing asks for headline, service and day rate', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer']) },
      'GET /api/freelancer/profile': {
        status: 200,
        body: { ...emptyProfile, id: PUBLIC_ID, name: 'Kabir Shah', skills: 'Burp Suite' },
      },
      'PUT /api/freelancer/profile': ({ body }) => ({
        status: 200,
        body: { ...emptyProfile, ...(body as object), id: PUBLIC_ID },
      }),
      'GET /api/freelancer/credentials': { status: 200, body: [] },
    });
    renderScreen(routes, '/freelancer/edit-profile');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Freelancer profile' });
    await vi.waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue('Kabir Shah'));
    await user.click(within(form).getByRole('switch', { name: /Published/ }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText(FREELANCER_MSG.publishNeeds)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(form).getByLabelText('Headline'), 'Web and API pentester');
    await user.click(within(form).getByRole('checkbox', { name: 'Penetration Testing' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Cloud Security' }));
    await user.type(within(form).getByLabelText('Day rate (₹)'), '100');
    await user.type(within(form).getByLabelText('Years of experience'), '6');
    await user.type(within(form).getByLabelText('Languages'), 'English, Hindi');
    await user.type(within(form).getByLabelText('Portfolio links'), 'http://example.com');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText(FREELANCER_MSG.dayRateRange)).toBeInTheDocument();
    expect(within(form).getByText(FREELANCER_MSG.linkInvalid)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Day rate (₹)'));
    await user.type(within(form).getByLabelText('Day rate (₹)'), '18000');
    await user.clear(within(form).getByLabelText('Portfolio links'));
    await user.type(within(form).getByLabelText('Portfolio links'), 'https://GitHub.com/kabir');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Profile updated successfully!');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Kabir Shah',
      skills: 'Burp Suite',
      headline: 'Web and API pentester',
      services: ['pentesting', 'cloud-security'],
      dayRatePaise: 1_800_000,
      yearsExperience: 6,
      languages: ['English', 'Hindi'],
      portfolioLinks: ['https://github.com/kabir'],
      published: true,
    });
    expect(screen.getByRole('link', { name: 'View your public profile' })).toHaveAttribute(
      'href',
      `/freelancers/${PUBLIC_ID}`,
    );
  });

  it('client requests says honestly that there are none yet', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer']) },
      'GET /api/freelancer/client-requests': {
        status: 200,
        body: { services: [], matching: [], invitations: [], proposals: [] },
      },
    });
    renderScreen(routes, '/freelancer/client-requests');
    expect(await screen.findByRole('heading', { name: 'No client requests yet' })).toBeInTheDocument();
  });
});
