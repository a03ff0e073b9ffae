import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, sessionFor, signedOut, standIn } from '#web/testing/test-utils.tsx';
import LoginPage from './login-page';
import LoginChooserPage from './login-chooser-page';
import { COMMON_MSG } from '#shared/common.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';

const routes = [
  { path: '/login', element: <LoginChooserPage /> },
  { path: '/login/:portal', element: <LoginPage /> },
  standIn('/', 'Home'),
  standIn('/user/dashboard', 'User dashboard'),
  standIn('/shark/dashboard', 'Shark dashboard'),
  standIn('/shark/enrollments', 'Enrollments'),
  standIn('/forgotpassword', 'Forgot password'),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fail = (status: number, code: string, message: string) => ({
  status,
  body: { error: { code, message } },
});

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login portals', () => {
  it('says "Please fill in all fields." for empty fields without calling the server', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/login/user');
    expect(await screen.findByRole('heading', { name: 'User Login' })).toBeInTheDocument();
    expect(document.title).toBe('User Login | Shark Security');

    await logIn('', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it("shows the server's refusal word for word", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'POST /api/auth/login': fail(403, 'forbidden', ACCOUNT_MSG.notAShark),
    });
    renderScreen(routes, '/login/shark');
    await screen.findByRole('heading', { name: 'Shark Login' });
    await logIn('learner@example.com', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unauthorized: You are not registered as a Shark.',
    );
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      email: 'learner@example.com',
      password: 'correct horse',
      portal: 'shark',
    });
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it("refuses a learner who became a freelancer at the user portal in the spec's words, offering its portals (issue 38)", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'POST /api/auth/login': fail(403, 'wrong_portal', ACCOUNT_MSG.notUserAccount),
    });
    renderScreen(routes, '/login/user?next=%2Fsharks');
    await screen.findByRole('heading', { name: 'User Login' });
    const user = await logIn('asha@example.com', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unauthorized. Please login with a user account.');
    expect(alert).toHaveTextContent(ACCOUNT_MSG.otherPortals);
    expect(within(alert).getByRole('link', { name: 'Shark portal' })).toHaveAttribute(
      'href',
      '/login/shark?next=%2Fsharks',
    );
    await user.click(within(alert).getByRole('link', { name: 'Freelancer portal' }));
    expect(await screen.findByRole('heading', { name: 'Freelancer Login' })).toBeInTheDocument();
  });

  it('offers no other portal for a refusal that is not about the portal', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'POST /api/auth/login': fail(403, 'account_suspended', ACCOUNT_MSG.accountSuspended),
    });
    renderScreen(routes, '/login/user');
    await screen.findByRole('heading', { name: 'User Login' });
    await logIn('asha@example.com', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.accountSuspended);
    expect(screen.queryByRole('link', { name: 'Freelancer portal' })).not.toBeInTheDocument();
  });

  it('offers a new verification mail when the email is not verified', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'POST /api/auth/login': fail(403, 'email_unverified', ACCOUNT_MSG.verifyEmailFirst),
      'POST /api/auth/resend-verification': {
        status: 200,
        body: { message: 'If this account still needs verifying, a new link is on its way.' },
      },
    });
    renderScreen(routes, '/login/user');
    await screen.findByRole('heading', { name: 'User Login' });
    const user = await logIn('new@example.com', 'correct horse');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please verify your email before logging in.');

    await user.click(within(alert).getByRole('button', { name: 'Resend verification email' }));
    expect(
      await within(alert).findByText('If this account still needs verifying, a new link is on its way.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/resend-verification')?.body).toEqual({
      email: 'new@example.com',
    });
  });

  it('shows the rate-limit message', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'POST /api/auth/login': fail(429, 'rate_limited', COMMON_MSG.rateLimited),
    });
    renderScreen(routes, '/login/freelancer');
    await screen.findByRole('heading', { name: 'Freelancer Login' });
    await logIn('a@example.com', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait a minute and try again.',
    );
  });

  it("goes to the server's redirectTo after logging in", async () => {
    let signedIn = false;
    mockApi({
      'GET /api/auth/session': () => ({
        status: 200,
        body: signedIn ? sessionFor('priya@example.com', ['user']) : signedOut,
      }),
      'POST /api/auth/login': () => {
        signedIn = true;
        return {
          status: 200,
          body: { ...sessionFor('priya@example.com', ['user']), redirectTo: '/user/dashboard' },
        };
      },
    });
    renderScreen(routes, '/login/user');
    await screen.findByRole('heading', { name: 'User Login' });
    await logIn('priya@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'User dashboard' })).toBeInTheDocument();
  });

  it('goes back to a same-site `next` page, and ignores one pointing elsewhere', async () => {
    const loginOk = {
      status: 200,
      body: { ...sessionFor('arjun@example.com', ['shark']), redirectTo: '/shark/dashboard' },
    };
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, 'POST /api/auth/login': loginOk });
    renderScreen(routes, '/login/shark?next=%2Fshark%2Fenrollments%3FsharkId%3D1');
    await screen.findByRole('heading', { name: 'Shark Login' });
    await logIn('arjun@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Enrollments' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/shark/enrollments?sharkId=1');
    cleanup();

    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, 'POST /api/auth/login': loginOk });
    renderScreen(routes, '/login/shark?next=%2F%2Fevil.example%2Fx');
    await screen.findByRole('heading', { name: 'Shark Login' });
    await logIn('arjun@example.com', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Shark dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-in shark from /login/shark to the shark dashboard', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) } });
    renderScreen(routes, '/login/shark');
    expect(await screen.findByRole('heading', { name: 'Shark dashboard' })).toBeInTheDocument();
  });

  it('sends an unknown portal home', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/login/pirate');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('links to the password reset and says social login is coming soon', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const user = userEvent.setup();
    renderScreen(routes, '/login/user');
    await screen.findByRole('heading', { name: 'User Login' });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google sign-in is coming soon.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  });
});

describe('login chooser', () => {
  it('offers the shark, user and freelancer portals and carries `next` on', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/login?next=%2Fshark%2Fdashboard');
    expect(await screen.findByRole('heading', { name: 'Choose how you log in' })).toBeInTheDocument();
    expect(document.title).toBe('Login | Shark Security');
    expect(screen.getByRole('link', { name: 'Log in as Shark' })).toHaveAttribute(
      'href',
      '/login/shark?next=%2Fshark%2Fdashboard',
    );
    expect(screen.getByRole('link', { name: 'Log in as User' })).toHaveAttribute(
      'href',
      '/login/user?next=%2Fshark%2Fdashboard',
    );
    expect(screen.getByRole('link', { name: 'Log in as Freelancer' })).toHaveAttribute(
      'href',
      '/login/freelancer?next=%2Fshark%2Fdashboard',
    );
    expect(screen.getByRole('link', { name: 'Sign up as a learner' })).toHaveAttribute(
      'href',
      '/signup/user',
    );
  });
});
