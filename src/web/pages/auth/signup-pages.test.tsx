import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signedOut, standIn } from '#web/testing/test-utils.tsx';
import SignupUserPage from './signup-user-page';
import SignupFreelancerPage from './signup-freelancer-page';
import { ACCOUNT_MSG } from '#shared/accounts.ts';

const userRoutes = [
  { path: '/signup/user', element: <SignupUserPage /> },
  standIn('/login', 'Login chooser'),
  standIn('/login/user', 'User Login'),
];
const freelancerRoutes = [
  { path: '/signup/freelancer', element: <SignupFreelancerPage /> },
  standIn('/login/freelancer', 'Freelancer login'),
];

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

describe('user signup', () => {
  it('shows every validation message word for word beside its field', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const user = userEvent.setup();
    renderScreen(userRoutes, '/signup/user');
    expect(document.title).toBe('Sign up | Shark Security');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MSG.termsRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name is required');

    await fill(user, { Email: 'not-an-email', Password: 'short', 'Confirm password': 'different' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    // The match is checked once every other field is valid.
    await user.type(screen.getByLabelText('Full name'), 'Asha');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'long enough 1');
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/auth/signup'))).toHaveLength(0);
  });

  it('says "Account Created", mentions the verification mail, and goes to the learner login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      'POST /api/auth/signup/user': { status: 201, body: { message: 'Account Created' } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScreen(userRoutes, '/signup/user');

    await fill(user, {
      'Full name': 'Asha Verma',
      Email: 'Asha@Example.com',
      Password: 'correct horse',
      'Confirm password': 'correct horse',
    });
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByText('Account Created')).toBeInTheDocument();
    expect(status).toHaveTextContent('We sent a verification link to asha@example.com');
    expect(calls.find((c) => c.path === '/api/auth/signup/user')?.body).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
      terms: true,
    });

    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByRole('heading', { name: 'User Login' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    // The learner portal, not the chooser: the account is a learner's.
    expect(await screen.findByRole('heading', { name: 'User Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\/user$/);
  });

  it('puts the server field messages beside the fields and a general failure in the alert', async () => {
    let attempt = 0;
    mockApi({
      'POST /api/auth/signup/user': () =>
        ++attempt === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'conflict',
                  message: 'Could not create the account.',
                  fields: { email: 'This email is already registered' },
                },
              },
            }
          : { status: 500, body: { error: { code: 'internal', message: ACCOUNT_MSG.signupFailed } } },
    });
    const user = userEvent.setup();
    renderScreen(userRoutes, '/signup/user');
    await fill(user, {
      'Full name': 'Asha',
      Email: 'asha@example.com',
      Password: 'correct horse',
      'Confirm password': 'correct horse',
    });
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed. Please try again.');
  });

  it('says social sign-up is coming soon', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderScreen(userRoutes, '/signup/user');
    await user.click(screen.getByRole('button', { name: 'Sign up with GitHub' }));
    expect(await screen.findByText('GitHub sign-in is coming soon.')).toBeInTheDocument();
  });
});

describe('freelancer signup', () => {
  it('shows the freelancer messages word for word', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderScreen(freelancerRoutes, '/signup/freelancer');
    expect(document.title).toBe('Freelancer sign up | Shark Security');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please list your skills')).toBeInTheDocument();

    await fill(user, { Email: 'nope', Password: 'short', 'Confirm password': 'x' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full name'), 'Kabir');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'kabir@example.com');
    await user.type(screen.getByLabelText('Skills'), 'OSINT');
    await user.type(screen.getByLabelText('Password'), ' and more');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  it('shows the success and goes to the freelancer login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      'POST /api/auth/signup/freelancer': { status: 201, body: { message: 'Account Created' } },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderScreen(freelancerRoutes, '/signup/freelancer');
    await fill(user, {
      'Full name': 'Kabir',
      Email: 'kabir@example.com',
      Password: 'correct horse',
      'Confirm password': 'correct horse',
      Skills: 'Forensics, OSINT',
    });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Account Created')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/signup/freelancer')?.body).toMatchObject({
      skills: 'Forensics, OSINT',
    });
    act(() => vi.advanceTimersByTime(1900));
    expect(screen.queryByRole('heading', { name: 'Freelancer login' })).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(await screen.findByRole('heading', { name: 'Freelancer login' })).toBeInTheDocument();
  });
});
