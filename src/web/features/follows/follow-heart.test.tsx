import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, sessionFor, signedOut } from '#web/testing/test-utils.tsx';
import { FollowHeart } from './follow-heart';

// Two shared cores: give screens more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const routes = [
  {
    path: '/',
    element: (
      <>
        <FollowHeart sharkId={ID} sharkName="Arjun Mehta" />
        <FollowHeart sharkId={ID} sharkName="Arjun Mehta (again)" />
      </>
    ),
  },
];

describe('FollowHeart', () => {
  it('tells a visitor "Please login to follow a shark" and follows nobody', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/');
    const user = userEvent.setup();
    const heart = screen.getByRole('button', { name: 'Follow Arjun Mehta' });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/auth/session')).toBe(true));
    await user.click(heart);
    expect(await screen.findByText('Please login to follow a shark')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(calls.some((c) => c.path.startsWith('/api/follows'))).toBe(false);
  });

  it('shows the saved state, toggles at once on every heart of the shark, and persists through the API', async () => {
    let following = false;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/follows': () => ({ status: 200, body: { sharkIds: following ? [ID] : [], sharks: [] } }),
      [`PUT /api/follows/${ID}`]: () => {
        following = true;
        return { status: 200, body: { sharkId: ID, following: true } };
      },
      [`DELETE /api/follows/${ID}`]: () => {
        following = false;
        return { status: 200, body: { sharkId: ID, following: false } };
      },
    });
    renderScreen(routes, '/');
    const user = userEvent.setup();
    const [heart, other] = screen.getAllByRole('button', { name: /Follow Arjun Mehta/ });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/me/follows')).toBe(true));

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(other).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.path === `/api/follows/${ID}`)).toHaveLength(1),
    );

    await user.click(other);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });

  it('puts the heart back and explains when saving fails', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/follows': { status: 200, body: { sharkIds: [], sharks: [] } },
      [`PUT /api/follows/${ID}`]: {
        status: 500,
        body: {
          error: { code: 'server_error', message: 'Something went wrong on our side. Please try again.' },
        },
      },
    });
    renderScreen(routes, '/');
    const user = userEvent.setup();
    const heart = screen.getByRole('button', { name: 'Follow Arjun Mehta' });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/me/follows')).toBe(true));
    await user.click(heart);
    expect(
      await screen.findByText('Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
  });
});
