import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signedOut } from '#web/testing/test-utils.tsx';
import SharkApplicationPage from './shark-application-page';

// Two shared cores: give screens more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const RECEIVED =
  "Thanks for applying! Our team will review your application and email you. No account has been created: if you are accepted, we'll set one up for you.";

describe('/signup/shark', () => {
  it('validates, sends the application and says an admin will review it', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      'POST /api/shark-applications': { status: 201, body: { message: RECEIVED } },
    });
    renderScreen([{ path: '/signup/shark', element: <SharkApplicationPage /> }], '/signup/shark');
    const user = userEvent.setup();
    expect(document.title).toBe('Be a Shark | Shark Security');
    await user.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a specialization')).toBeInTheDocument();
    expect(screen.getByText('Tell us why you want to mentor')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'Neha Gupta');
    await user.type(screen.getByLabelText('Email'), 'neha@example.com');
    await user.selectOptions(screen.getByLabelText('Specialization'), 'Digital Forensics');
    await user.type(screen.getByLabelText('Experience (years)'), '6');
    await user.type(
      screen.getByLabelText('Why do you want to mentor?'),
      'I run DFIR engagements and want to teach.',
    );
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText(RECEIVED)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Neha Gupta',
      email: 'neha@example.com',
      specialization: 'forensics',
      experience: 6,
    });
  });
});
