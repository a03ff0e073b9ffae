import { cleanup, configure, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_MSG, type MyRequest } from '#shared/client-requests.ts';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { MyRequests } from './my-requests';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = (over: Partial<MyRequest>): MyRequest => ({
  id: '3f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6',
  title: 'Portal pentest',
  service: 'pentesting',
  budgetMinPaise: 5_000_000,
  budgetMaxPaise: 12_000_000,
  deadline: '2027-01-30',
  status: 'open',
  ndaRequired: false,
  visibility: 'everyone',
  createdAt: '2026-11-20T10:00:00.000Z',
  hiddenAt: null,
  hiddenReason: null,
  proposalCount: 2,
  ...over,
});

describe('MyRequests', () => {
  it('marks a request an admin hid as hidden, with the reason, and leaves the others unmarked', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('asha@example.com', ['user']) },
      'GET /api/requests': {
        status: 200,
        body: [
          request({
            id: '4f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6',
            title: 'Cheap followers',
            hiddenAt: '2026-11-21T10:00:00.000Z',
            hiddenReason: 'Not security work.',
          }),
          request({}),
        ],
      },
    });
    renderScreen([{ path: '/requests', element: <MyRequests /> }], '/requests');
    const [hidden, shown] = within(await screen.findByRole('list', { name: 'My requests' })).getAllByRole(
      'listitem',
    );
    expect(within(hidden).getByRole('note')).toHaveTextContent(
      `${REQUEST_MSG.hiddenNotice} Reason: Not security work.`,
    );
    expect(within(shown).queryByRole('note')).toBeNull();
  });
});
