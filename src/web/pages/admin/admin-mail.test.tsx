import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import AdminPage from './admin-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/admin', element: <AdminPage /> }];
const at = '2026-11-22T10:00:00.000Z';
const entry = (over: object) => ({
  id: '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b',
  to: 'asha@example.com',
  template: 'verify-email',
  subject: 'Verify your email for Shark Security',
  status: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: at,
  updatedAt: at,
  sentAt: at,
  failedAt: null,
  ...over,
});

describe('the Mail section of the admin console', () => {
  it('shows the delivery log with failures first and retries a failed mail', async () => {
    let failed = true;
    const failedId = '2d9a2c74-3e3f-4b7a-9cad-9e8f7a6b5c4d';
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/mail': () => ({
        status: 200,
        body: {
          items: [
            ...(failed
              ? [
                  entry({
                    id: failedId,
                    to: 'bounce@example.com',
                    status: 'failed',
                    attempts: 6,
                    lastError: '550 Mailbox unavailable',
                    sentAt: null,
                    failedAt: at,
                  }),
                ]
              : [entry({ id: failedId, to: 'bounce@example.com', status: 'queued', sentAt: null })]),
            entry({}),
          ],
          page: 1,
          pageSize: 20,
          total: 2,
          failed: failed ? 1 : 0,
        },
      }),
      [`POST /api/admin/mail/${failedId}/retry`]: () => {
        failed = false;
        return { status: 200, body: { message: 'The mail is queued again.' } };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Mail' }));
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    const [first, second] = within(log).getAllByRole('listitem');
    expect(within(first).getByText('failed')).toBeInTheDocument();
    expect(within(first).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(second).getByText('sent')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Retry this mail' })).toBeNull();
    expect(screen.getByText('2 mails, 1 failed')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Retry this mail' }));
    expect(await screen.findByText('The mail is queued again.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === `/api/admin/mail/${failedId}/retry`)).toBe(
      true,
    );
    expect(await screen.findByText('2 mails, 0 failed')).toBeInTheDocument();
  });
});
