import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MSG, type Session } from '#shared/accounts.ts';
import { mockApi, renderScreen, sessionFor, standIn } from '#web/testing/test-utils.tsx';
import SignupFreelancerPage from './signup-freelancer-page';

const routes = [
  { path: '/signup/freelancer', element: <SignupFreelancerPage /> },
  standIn('/freelancer/dashboard', 'Freelancer dashboard'),
  standIn('/freelancer/edit-profile', 'Freelancer edit profile'),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/signup/freelancer for a signed-in visitor', () => {
  it('lets a learner become a freelancer: name prefilled, spec messages, then the dashboard with a toast', async () => {
    let session: Session = sessionFor('asha@example.com', ['user'], { fullName: 'Asha Rao' });
    const { calls } = mockApi({
      'GET /api/auth/session': () => ({ status: 200, body: session }),
      'POST /api/auth/become-freelancer': ({ body }) => {
        session = { ...session, roles: ['freelancer', 'user'] };
        expect(body).toEqual({ name: 'Asha R', skills: 'OSINT, Burp' });
        return {
          status: 200,
          body: { message: 'You are now a freelancer. Welcome to your dashboard!', ...session },
        };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderScreen(routes, '/signup/freelancer');

    expect(await screen.findByRole('heading', { name: 'Become a freelancer' })).toBeInTheDocument();
    expect(document.title).toBe('Become a freelancer | Shark Security');
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    // No second account: no email or password to type.
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveValue('Asha Rao');
    // Said before confirming (issue 38): afterwards the user portal refuses this account.
    expect(screen.getByText(ACCOUNT_MSG.becomeFreelancerPortal)).toBeInTheDocument();

    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Become a freelancer' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please list your skills')).toBeInTheDocument();
    expect(screen.getByLabelText('Skills')).toHaveAccessibleDescription('Please list your skills');
    expect(calls.filter((c) => c.path === '/api/auth/become-freelancer')).toHaveLength(0);

    await user.type(name, 'Asha R');
    await user.type(screen.getByLabelText('Skills'), 'OSINT, Burp');
    const sessionReadsBefore = calls.filter((c) => c.path === '/api/auth/session').length;
    await user.click(screen.getByRole('button', { name: 'Become a freelancer' }));

    expect(await screen.findByRole('heading', { name: 'Freelancer dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/freelancer\/dashboard$/);
    expect(
      await screen.findByText('You are now a freelancer. Welcome to your dashboard!'),
    ).toBeInTheDocument();
    // The session was read again, and the cache now holds the freelancer role first (the menu follows it).
    expect(calls.filter((c) => c.path === '/api/auth/session').length).toBeGreaterThan(sessionReadsBefore);
    expect(queryClient.getQueryData<Session>(['session'])?.roles).toEqual(['freelancer', 'user']);
  });

  it('shows a server refusal in the alert and stays on the form', async () => {
    mockApi({
      'GET /api/auth/session': {
        status: 200,
        body: sessionFor('asha@example.com', ['user'], { fullName: 'Asha' }),
      },
      'POST /api/auth/become-freelancer': {
        status: 429,
        body: {
          error: { code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' },
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/signup/freelancer');
    await screen.findByRole('heading', { name: 'Become a freelancer' });
    await user.type(screen.getByLabelText('Skills'), 'OSINT');
    await user.click(screen.getByRole('button', { name: 'Become a freelancer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
    expect(screen.getByRole('heading', { name: 'Become a freelancer' })).toBeInTheDocument();
  });

  it('tells an existing freelancer they already are one, with links to the dashboard and profile', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kabir@example.com', ['freelancer', 'user']) },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/signup/freelancer');
    expect(await screen.findByRole('heading', { name: 'You are already a freelancer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit profile' })).toHaveAttribute(
      'href',
      '/freelancer/edit-profile',
    );
    await user.click(screen.getByRole('link', { name: 'Go to dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Freelancer dashboard' })).toBeInTheDocument();
  });

  it('tells an admin that staff accounts cannot become freelancers, without a form', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('ops@example.com', ['admin']) } });
    renderScreen(routes, '/signup/freelancer');
    expect(
      await screen.findByText(
        'Admin accounts cannot become freelancers. Please sign up with a separate account.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Become a freelancer' })).not.toBeInTheDocument();
  });
});
