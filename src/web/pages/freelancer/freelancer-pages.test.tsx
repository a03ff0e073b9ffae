import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import ClientRequestsPage from './client-requests-page';
import FreelancerDashboardPage from './dashboard-page';
import FreelancerEditProfilePage from './edit-profile-page';

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

  it("edit profile requires name and skills with the spec's messages, then saves", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer', 'user']) },
      'GET /api/freelancer/profile': { status: 200, body: { name: 'Kabir Shah', skills: '' } },
      'PUT /api/freelancer/profile': ({ body }) => ({ status: 200, body }),
    });
    renderScreen(routes, '/freelancer/edit-profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    await vi.waitFor(() => expect(name).toHaveValue('Kabir Shah'));
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please list your skills')).toBeInTheDocument();
    await user.type(name, 'Kabir S.');
    await user.type(screen.getByLabelText('Skills'), 'OSINT');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // The spec's '✅' is drawn as an icon; the words after it stay exact.
    const saved = await screen.findByText('Profile updated successfully!');
    expect(saved.parentElement!.querySelector('[data-testid="check-icon"] svg')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Kabir S.', skills: 'OSINT' });
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
