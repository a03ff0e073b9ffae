import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireRole } from './require-role';
import { mockApi, renderScreen, sessionFor, signedOut, standIn } from '#web/testing/test-utils.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  {
    path: '/shark/dashboard',
    element: (
      <RequireRole roles={['shark']}>
        <h1>Shark dashboard</h1>
      </RequireRole>
    ),
  },
  standIn('/login', 'Login chooser'),
  standIn('/unauthorized', '403 page'),
];

describe('route guard', () => {
  it('shows Loading while the session loads', async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => {};
    mockApi({ 'GET /api/auth/session': () => new Promise((resolve) => (answer = resolve)) });
    renderScreen(routes, '/shark/dashboard');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading');
    answer({ status: 200, body: sessionFor('arjun@example.com', ['shark']) });
    expect(await screen.findByRole('heading', { name: 'Shark dashboard' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in, remembering where they were going', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, '/shark/dashboard?tab=2');
    expect(await screen.findByRole('heading', { name: 'Login chooser' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=%2Fshark%2Fdashboard%3Ftab%3D2');
  });

  it('sends a signed-in visitor without an allowed role to /unauthorized', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) } });
    renderScreen(routes, '/shark/dashboard');
    expect(await screen.findByRole('heading', { name: '403 page' })).toBeInTheDocument();
  });

  it('lets in anyone holding one of the allowed roles, primary or not', async () => {
    mockApi({
      'GET /api/auth/session': {
        status: 200,
        body: sessionFor('kabir@example.com', ['freelancer', 'shark']),
      },
    });
    renderScreen(routes, '/shark/dashboard');
    expect(await screen.findByRole('heading', { name: 'Shark dashboard' })).toBeInTheDocument();
  });
});
