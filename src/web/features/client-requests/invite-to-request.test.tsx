import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, sessionFor, signedOut } from '#web/testing/test-utils.tsx';
import { InviteToRequest } from './invite-to-request';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FREELANCER = '99999999-2222-4333-8444-555555555555';
const routes = [
  {
    path: '/freelancers/:id',
    element: <InviteToRequest freelancerId={FREELANCER} freelancerName="Kabir Shah" />,
  },
];

describe('InviteToRequest', () => {
  it("invites the freelancer to the client's chosen open request", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('asha@example.com', ['user']) },
      'GET /api/requests/invitable': {
        status: 200,
        body: [
          { id: '3f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6', title: 'Portal pentest', status: 'open' },
          { id: '4f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6', title: 'Cloud review', status: 'draft' },
        ],
      },
      'POST /api/requests/4f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6/invitations': {
        status: 200,
        body: { message: 'Kabir Shah is invited to this request.' },
      },
    });
    renderScreen(routes, `/freelancers/${FREELANCER}`);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Invite to a request'), 'Cloud review');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Kabir Shah is invited to this request.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ freelancerId: FREELANCER });
  });

  it('offers a visitor to log in and come back, and a client without requests to post one', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    renderScreen(routes, `/freelancers/${FREELANCER}`);
    expect(
      await screen.findByRole('link', { name: 'Log in to invite Kabir Shah to a request' }),
    ).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/freelancers/${FREELANCER}`)}`);
    cleanup();
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('asha@example.com', ['user']) },
      'GET /api/requests/invitable': { status: 200, body: [] },
    });
    renderScreen(routes, `/freelancers/${FREELANCER}`);
    expect(await screen.findByRole('link', { name: 'Post a request to invite Kabir Shah' })).toHaveAttribute(
      'href',
      '/requests/new',
    );
  });
});
