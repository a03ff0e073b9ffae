// The console's freelance-marketplace tabs (issue 27): client requests hidden as spam (decision 193), the
// engagements list and the disputes' rulings (decision 194). Each lists, searches or pages, acts, and shows the
// server's errors.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_DANGER, ADMIN_MSG } from '#shared/admin.ts';
import { REQUEST_MSG, type AdminRequestRow } from '#shared/client-requests.ts';
import { MILESTONE_MSG, type AdminEngagementRow, type Dispute } from '#shared/engagements.ts';
import { mockApi, polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import AdminPage from './admin-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/admin', element: <AdminPage /> }];
const at = '2026-11-22T10:00:00.000Z';
const REQUEST_ID = '3f0c1a9e-2b4d-4c6e-8f10-a1b2c3d4e5f6';
const ENGAGEMENT_ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const MILESTONE_ID = '6b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, pageSize: 25, total });
const serverError = (message: string, status = 409) => ({
  status,
  body: { error: { code: 'conflict', message } },
});

describe('admin console: client requests', () => {
  const row = (over: Partial<AdminRequestRow> = {}): AdminRequestRow => ({
    id: REQUEST_ID,
    title: 'Cheap followers for your brand',
    service: 'pentesting',
    status: 'open',
    visibility: 'everyone',
    createdAt: at,
    clientName: 'Spam Sender',
    clientEmail: 'spam@example.com',
    proposalCount: 0,
    hiddenAt: null,
    hiddenReason: null,
    ...over,
  });

  it('lists and searches the requests, and hides one with a reason in a confirmation dialog', async () => {
    let hidden = false;
    const asked: string[] = [];
    const { calls } = mockApi({
      'GET /api/admin/client-requests': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        asked.push(q);
        const rows = [
          row(hidden ? { hiddenAt: at, hiddenReason: 'Not security work.' } : {}),
          row({ id: ENGAGEMENT_ID, title: 'Pentest of our portal', clientName: 'Asha Menon' }),
        ];
        return { status: 200, body: page(q ? rows.filter((r) => r.title.includes('followers')) : rows) };
      },
      [`POST /api/admin/client-requests/${REQUEST_ID}/hide`]: ({ body }) => {
        hidden = true;
        expect(body).toEqual({ reason: 'Not security work.' });
        return { status: 200, body: { message: REQUEST_MSG.hidden } };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=client-requests');
    const list = await screen.findByRole('list', { name: 'Client requests' });
    expect(list).toHaveTextContent('Pentest of our portal');
    expect(list).toHaveTextContent('Spam Sender (spam@example.com)');
    expect(within(list).getByRole('link', { name: 'Pentest of our portal' })).toHaveAttribute(
      'href',
      `/requests/${ENGAGEMENT_ID}`,
    );
    expect(screen.getByText('2 client requests')).toBeInTheDocument();

    await user.type(
      screen.getByRole('searchbox', { name: 'Search requests by title, client name or email, or service' }),
      'followers',
    );
    expect(await screen.findByText('1 client request matches this search')).toBeInTheDocument();
    expect(asked).toContain('followers');

    await user.click(screen.getByRole('button', { name: 'Hide the request Cheap followers for your brand' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Hide the request Cheap followers for your brand?',
    });
    expect(dialog).toHaveTextContent(ADMIN_DANGER.hideRequest);
    await user.click(within(dialog).getByRole('button', { name: 'Hide the request' }));
    expect(await within(dialog).findByText(ADMIN_MSG.reasonRequired)).toBeInTheDocument();
    await user.type(
      within(dialog).getByLabelText('Reason (shown to the client and kept in the audit log)'),
      'Not security work.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide the request' }));
    expect(await screen.findByText(REQUEST_MSG.hidden)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const hiddenRow = within(await screen.findByRole('list', { name: 'Client requests' }))
      .getByText('Hidden: Not security work.')
      .closest('li')!;
    expect(hiddenRow).toHaveTextContent('Hidden');
    expect(
      within(hiddenRow).getByRole('button', {
        name: 'Show again the request Cheap followers for your brand',
      }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s refusal inside the form, and a load error with Retry', async () => {
    mockApi({
      'GET /api/admin/client-requests': {
        status: 200,
        body: page([row({ hiddenAt: at, hiddenReason: 'Spam.' })]),
      },
      [`POST /api/admin/client-requests/${REQUEST_ID}/unhide`]: serverError(REQUEST_MSG.notHidden),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=client-requests');
    await user.click(
      await screen.findByRole('button', { name: 'Show again the request Cheap followers for your brand' }),
    );
    await user.type(
      screen.getByLabelText('Reason (shown to the client and kept in the audit log)'),
      'The client explained.',
    );
    await user.click(screen.getByRole('button', { name: 'Show the request again' }));
    expect(await screen.findByText(REQUEST_MSG.notHidden)).toBeInTheDocument();

    cleanup();
    mockApi({ 'GET /api/admin/client-requests': { status: 500, body: {} } });
    renderScreen(routes, '/admin?tab=client-requests');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('admin console: engagements', () => {
  const row = (over: Partial<AdminEngagementRow> = {}): AdminEngagementRow => ({
    id: ENGAGEMENT_ID,
    title: 'Pentest of our portal',
    service: 'pentesting',
    status: 'active',
    pricePaise: 9_000_000,
    createdAt: at,
    clientName: 'Asha Menon',
    clientEmail: 'asha@acme.example',
    freelancerName: 'Kabir Shah',
    freelancerEmail: 'kabir@example.com',
    milestones: 2,
    approved: 1,
    disputed: 1,
    ...over,
  });

  it('lists engagements linking to their pages, searches and filters them on the server', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/admin/engagements': ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        const status = url.searchParams.get('status') ?? '';
        asked.push(`${q}|${status}`);
        if (status === 'completed') return { status: 200, body: page([]) };
        return {
          status: 200,
          body: q ? page([row({ title: 'Cloud review' })]) : page([row()], 30),
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=engagements');
    const list = await screen.findByRole('list', { name: 'Engagements' });
    expect(within(list).getByRole('link', { name: 'Pentest of our portal' })).toHaveAttribute(
      'href',
      `/engagements/${ENGAGEMENT_ID}`,
    );
    expect(list).toHaveTextContent('Client Asha Menon (asha@acme.example)');
    expect(list).toHaveTextContent('Freelancer Kabir Shah (kabir@example.com)');
    expect(list).toHaveTextContent('1 of 2 milestones approved');
    expect(list).toHaveTextContent('1 disputed milestone');
    expect(screen.getByText('30 engagements')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Engagements pages' })).toHaveTextContent('Page 1 of 2');

    await user.type(
      screen.getByRole('searchbox', {
        name: 'Search engagements by title, client or freelancer (name or email)',
      }),
      'kabir',
    );
    expect(await screen.findByRole('link', { name: 'Cloud review' })).toBeInTheDocument();
    expect(screen.getByText('1 engagement matches this search')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('State'), 'Completed');
    expect(await screen.findByText('No engagement matches this search.')).toBeInTheDocument();
    expect(asked).toEqual(expect.arrayContaining(['|', 'kabir|', 'kabir|completed']));
  });

  it('shows a load error with Retry', async () => {
    mockApi({ 'GET /api/admin/engagements': serverError('Choose an engagement state', 400) });
    renderScreen(routes, '/admin?tab=engagements');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose an engagement state');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('admin console: disputes', () => {
  const dispute = (over: Partial<Dispute> = {}): Dispute => ({
    milestoneId: MILESTONE_ID,
    engagementId: ENGAGEMENT_ID,
    engagementTitle: 'Pentest of our portal',
    milestoneTitle: 'Testing and report',
    amountPaise: 6_000_000,
    clientName: 'Asha Menon',
    freelancerName: 'Kabir Shah',
    reason: 'The report misses the API findings we agreed on.',
    openedAt: at,
    ...over,
  });

  it('lists the open disputes and releases one with a reason after confirming; the ruling is shown', async () => {
    let ruled = false;
    const { calls } = mockApi({
      'GET /api/admin/disputes': () => ({ status: 200, body: page(ruled ? [] : [dispute()]) }),
      [`POST /api/admin/disputes/${MILESTONE_ID}/ruling`]: {
        status: 200,
        body: { message: MILESTONE_MSG.released },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=disputes');
    const list = await screen.findByRole('list', { name: 'Open disputes' });
    expect(list).toHaveTextContent('Testing and report · ₹60,000');
    expect(list).toHaveTextContent('Client Asha Menon · Freelancer Kabir Shah');
    expect(list).toHaveTextContent('Why it was disputed');
    expect(list).toHaveTextContent('The report misses the API findings we agreed on.');
    expect(within(list).getByRole('link', { name: 'Pentest of our portal' })).toHaveAttribute(
      'href',
      `/engagements/${ENGAGEMENT_ID}`,
    );
    expect(screen.getByText('1 open dispute')).toBeInTheDocument();

    const subject = 'the milestone Testing and report (₹60,000) of Pentest of our portal';
    await user.click(screen.getByRole('button', { name: `Release ${subject}` }));
    const dialog = await screen.findByRole('dialog', { name: `Release ${subject}?` });
    expect(dialog).toHaveTextContent(ADMIN_DANGER.releaseMilestone);
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Release ${subject}` }));
    const again = await screen.findByRole('dialog', { name: `Release ${subject}?` });
    await user.type(
      within(again).getByLabelText('Reason (mailed to both parties and kept in the audit log)'),
      'The report covers the agreed scope.',
    );
    ruled = true;
    await user.click(within(again).getByRole('button', { name: 'Release to the freelancer' }));
    expect(await screen.findByText(MILESTONE_MSG.released)).toBeInTheDocument();
    expect(await screen.findByText('No open disputes.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      outcome: 'release',
      reason: 'The report covers the agreed scope.',
    });
  });

  it('refunds with a reason, and shows the server’s refusal in the dialog', async () => {
    mockApi({
      'GET /api/admin/disputes': { status: 200, body: page([dispute()]) },
      [`POST /api/admin/disputes/${MILESTONE_ID}/ruling`]: ({ body }) => {
        expect(body).toEqual({ outcome: 'refund', reason: 'Nothing was delivered.' });
        return serverError(MILESTONE_MSG.notDisputed);
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=disputes');
    const subject = 'the milestone Testing and report (₹60,000) of Pentest of our portal';
    await user.click(await screen.findByRole('button', { name: `Refund ${subject}` }));
    const dialog = await screen.findByRole('dialog', { name: `Refund ${subject}?` });
    expect(dialog).toHaveTextContent(ADMIN_DANGER.refundMilestone);
    await user.type(within(dialog).getByRole('textbox'), 'Nothing was delivered.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the client' }));
    expect(await within(dialog).findByText(MILESTONE_MSG.notDisputed)).toBeInTheDocument();
  });

  it('says when there is no open dispute, and pages a long list', async () => {
    mockApi({
      'GET /api/admin/disputes': ({ url }) => ({
        status: 200,
        body: {
          items: [dispute({ milestoneTitle: `Milestone on page ${url.searchParams.get('page')}` })],
          page: Number(url.searchParams.get('page')),
          pageSize: 20,
          total: 21,
        },
      }),
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=disputes');
    expect(await screen.findByText(/Milestone on page 1/)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Open disputes pages' })).getByRole('button', {
        name: 'Next',
      }),
    );
    expect(await screen.findByText(/Milestone on page 2/)).toBeInTheDocument();
  });
});
