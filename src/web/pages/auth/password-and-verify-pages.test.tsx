import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, standIn } from '#web/testing/test-utils.tsx';
import ForgotPasswordPage from './forgot-password-page';
import UpdatePasswordPage from './update-password-page';
import VerifyEmailPage from './verify-email-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/forgotpassword', element: <ForgotPasswordPage /> },
  { path: '/update-password', element: <UpdatePasswordPage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  standIn('/login', 'Login chooser'),
  standIn('/login/shark', 'Shark Login'),
];
const TOKEN = 'tok_0123456789abcdefghij';

describe('forgot password', () => {
  it("always answers with the spec's one message", async () => {
    const { calls } = mockApi({
      'POST /api/auth/forgot-password': {
        status: 200,
        body: { message: "If this email is registered, you'll receive a password reset link shortly." },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/forgotpassword');
    expect(document.title).toBe('Forgot password | Shark Security');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "If this email is registered, you'll receive a password reset link shortly.",
    );
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'nobody@example.com',
    });
  });
});

describe('update password', () => {
  it('sets a new password from the link and links to log in', async () => {
    const { calls } = mockApi({
      'POST /api/auth/reset-password': {
        status: 200,
        body: {
          message: 'Your password has been updated. Every other session was signed out.',
          portal: 'shark',
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/update-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('New password'), 'brand new pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pasS');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pass');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been updated. Every other session was signed out.',
    );
    expect(calls.find((c) => c.path === '/api/auth/reset-password')?.body).toEqual({
      token: TOKEN,
      password: 'brand new pass',
      confirmPassword: 'brand new pass',
    });
    // The portal of the account's role, not the chooser.
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Shark Login' })).toBeInTheDocument();
  });

  it("shows the server's message for a used or expired link", async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { error: { code: 'invalid_token', message: 'This link is invalid or has expired.' } },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/update-password?token=${TOKEN}`);
    await user.type(screen.getByLabelText('New password'), 'brand new pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand new pass');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });

  it('says the link is invalid when it carries no token', async () => {
    mockApi({});
    renderScreen(routes, '/update-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('verify email', () => {
  it('verifies on arrival, once, and links to log in', async () => {
    const { calls } = mockApi({
      'POST /api/auth/verify-email': {
        status: 200,
        body: { message: 'Your email is verified. You can log in now.' },
      },
    });
    renderScreen(routes, `/verify-email?token=${TOKEN}`);
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your email');
    expect(await screen.findByText('Your email is verified. You can log in now.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(calls.filter((c) => c.path === '/api/auth/verify-email')).toEqual([
      { method: 'POST', path: '/api/auth/verify-email', body: { token: TOKEN } },
    ]);
  });

  it('shows why a link failed and offers a new mail', async () => {
    const { calls } = mockApi({
      'POST /api/auth/verify-email': {
        status: 400,
        body: { error: { code: 'invalid_token', message: 'This link is invalid or has expired.' } },
      },
      'POST /api/auth/resend-verification': {
        status: 200,
        body: { message: 'If this account still needs verifying, a new link is on its way.' },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If this account still needs verifying, a new link is on its way.',
    );
    expect(calls.find((c) => c.path === '/api/auth/resend-verification')?.body).toEqual({
      email: 'asha@example.com',
    });
  });

  it('without a token offers the resend form', async () => {
    mockApi({});
    renderScreen(routes, '/verify-email');
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
  });
});
