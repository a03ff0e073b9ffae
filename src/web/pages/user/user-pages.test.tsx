import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyBooking, MyBookingRow, MySessionsOverview } from '#shared/bookings.ts';
import type { Shark } from '#shared/catalogue.ts';
import { mockApi, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { pageHandler, previewOf } from '#web/testing/session-pages.ts';
import BookingsPage from './bookings-page';
import UserDashboardPage from './dashboard-page';
import EditProfilePage from './edit-profile-page';
import FavoritesPage from './favorites-page';

// Two shared cores: give screens more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [
  { path: '/user/dashboard', element: <UserDashboardPage /> },
  { path: '/user/bookings', element: <BookingsPage /> },
  { path: '/user/favorites', element: <FavoritesPage /> },
  { path: '/user/edit-profile', element: <EditProfilePage /> },
];
const session = { status: 200, body: sessionFor('priya@example.com', ['user'], { fullName: 'Priya Raman' }) };

const booking = (
  id: string,
  date: string,
  upcoming: boolean,
  title: string,
  status: MyBooking['status'] = 'confirmed',
  needsAction = false,
): MyBookingRow => ({
  id,
  courseId: '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  courseTitle: title,
  enrollmentFormUrl: null,
  reviewed: false,
  sharkId: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  sharkName: 'Arjun Mehta',
  name: 'Priya Raman',
  email: 'priya@example.com',
  phone: '+91 98765 43210',
  hours: 2,
  preferredDate: date,
  preferredTime: '18:30',
  startsAt: `${date}T13:00:00.000Z`,
  endsAt: `${date}T15:00:00.000Z`,
  timeZone: 'Asia/Kolkata',
  status,
  needsAction,
  totalPricePaise: 300_000,
  upcoming,
  answerBy: status === 'requested' ? `${date}T07:00:00.000Z` : null,
  createdAt: '2026-11-01T10:00:00.000Z',
  payment: null,
});
const SIX = [
  booking('9e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b', '2025-01-10', false, 'API Security', 'completed'),
  booking('8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2099-02-15', true, 'Web App Hacking'),
  booking('7c4d5e6f-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2099-01-20', true, 'Cloud IR', 'requested'),
  booking('6b3c4d5e-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2099-03-01', true, 'Red Team', 'confirmed', true),
  booking('5a2b3c4d-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2025-06-10', false, 'OSINT', 'cancelled'),
  booking('4f1a2b3c-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2099-04-01', false, 'Forensics', 'declined'),
  booking('3e0a2b3c-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2024-04-01', false, 'Recon', 'expired'),
];

/** The overview the server would answer for these rows (its numbers are the spec's, from an aggregate). */
const overviewOf = (rows: MyBooking[]): MySessionsOverview => {
  const kept = rows.filter((r) => !['declined', 'expired', 'cancelled'].includes(r.status));
  return {
    upcomingSessions: rows.filter((r) => r.status === 'confirmed' && r.upcoming).length,
    completedSessions: rows.filter((r) => r.status === 'completed').length,
    bookedOrHeld: kept.length,
    spentPaise: kept.reduce((sum, r) => sum + r.totalPricePaise, 0),
    paidPaise: 0,
    total: rows.length,
    groups: previewOf(rows),
  };
};

const SHARK: Shark = {
  id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Arjun Mehta',
  codeName: null,
  specialization: 'pentesting',
  experience: 9,
  bio: 'Breaks web apps.',
  photoUrl: null,
  headline: null,
  languages: [],
  skills: [],
  links: {},
  studentCount: 3,
  avgRating: 4.2,
  reviewCount: 2,
  minPricePaise: 150_000,
};

describe('learner pages', () => {
  it('the dashboard says what to do when there are no bookings and no liked sharks', async () => {
    mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/sessions/overview': { status: 200, body: overviewOf([]) },
      'GET /api/me/follows': { status: 200, body: { sharkIds: [], sharks: [] } },
    });
    renderScreen(routes, '/user/dashboard');
    expect(await screen.findByRole('heading', { name: 'No upcoming sessions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No liked sharks yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome back, Priya' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | Shark Security');
  });

  it('the dashboard and bookings page group sessions by what needs an answer, upcoming, past and cancelled, by session time', async () => {
    mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/sessions/overview': { status: 200, body: overviewOf(SIX) },
      'GET /api/me/sessions': pageHandler(SIX),
      'GET /api/me/follows': { status: 200, body: { sharkIds: [SHARK.id], sharks: [SHARK] } },
    });
    const { router } = renderScreen(routes, '/user/dashboard');
    const titles = (name: string) =>
      within(screen.getByRole('list', { name }))
        .getAllByTestId('session-item')
        .map((i) => i.querySelector('span')?.textContent);
    await screen.findByRole('list', { name: 'Upcoming' });
    // Each tile counts its list: "Upcoming sessions" is the "Upcoming" list's total (the one needing an answer is
    // not in it), completed.
    const numbers = screen
      .getAllByRole('definition')
      .slice(0, 3)
      .map((d) => d.textContent);
    expect(numbers).toEqual(['2', '1', '1']);
    expect(screen.getByRole('heading', { name: 'Upcoming (2)' })).toBeInTheDocument();
    expect(titles('Needs your action')).toEqual(['Red Team']);
    expect(titles('Upcoming')).toEqual(['Cloud IR', 'Web App Hacking']);
    // Past holds what was held; the declined, cancelled and expired sessions are under Cancelled, the declined
    // one whose time has not come too (issue 43).
    expect(titles('Past')).toEqual(['API Security']);
    expect(screen.getByRole('heading', { name: 'Past (1)' })).toBeInTheDocument();
    expect(titles('Cancelled')).toEqual(['Forensics', 'OSINT', 'Recon']);
    expect(screen.getByRole('heading', { name: 'Cancelled (3)' })).toBeInTheDocument();
    // The preview shows three of each group and links to the whole list when there are more.
    expect(screen.queryByRole('link', { name: /See all .* sessions →/ })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Liked sharks' })).getByRole('link', { name: 'Arjun Mehta' }),
    ).toBeInTheDocument();

    await router.navigate('/user/bookings');
    await screen.findByRole('heading', { name: 'My bookings' });
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    const item = within(upcoming).getAllByTestId('session-item')[0];
    expect(item).toHaveTextContent('Cloud IR');
    expect(item).toHaveTextContent('Awaiting the shark');
    expect(item).toHaveTextContent('with Arjun Mehta');
    expect(item).toHaveTextContent('₹3,000');
    // A request shows its deadline on its card (decision 206).
    expect(item).toHaveTextContent(
      /The shark answers by .+2099, \d\d:\d\d \(your time\) or the request expires and you are refunded in full\./,
    );
    expect(within(item).getByRole('link')).toHaveAttribute(
      'href',
      '/sessions/7c4d5e6f-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
    );
    expect(await screen.findByRole('heading', { name: 'Needs your action (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Past (1)' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Cancelled (3)' })).toBeInTheDocument();
    const cancelled = screen.getByRole('list', { name: 'Cancelled' });
    expect(within(cancelled).getByText('Declined')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Past' })).queryByText('Forensics')).toBeNull();
    expect(screen.getByText('4 sessions booked or held.')).toBeInTheDocument();
    expect(screen.queryByText(/arranged with/)).toBeNull();
  });

  it('the bookings page shows what each paid session cost, its refund, and its receipt and credit note', async () => {
    const doc = (id: string) => `/api/payments/documents/${id}.pdf`;
    const paid: MyBookingRow = {
      ...booking('8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2099-02-15', true, 'Web App Hacking'),
      payment: {
        status: 'captured',
        amountPaise: 300_000,
        paidAt: '2026-11-01T10:00:00.000Z',
        receiptNumber: 'INV/26-27/000001',
        receiptUrl: doc('0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'),
        refund: null,
      },
    };
    const refunded: MyBookingRow = {
      ...booking('5a2b3c4d-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2026-11-20', false, 'OSINT', 'cancelled'),
      payment: {
        status: 'captured',
        amountPaise: 150_000,
        paidAt: '2026-11-02T10:00:00.000Z',
        receiptNumber: 'INV/26-27/000002',
        receiptUrl: doc('1f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'),
        refund: {
          status: 'processed',
          reason: 'shark_cancelled',
          amountPaise: 150_000,
          percent: 100,
          at: '2026-11-03T10:00:00.000Z',
          creditNoteNumber: 'CN/26-27/000001',
          creditNoteUrl: doc('2f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0'),
        },
      },
    };
    const free = booking('7c4d5e6f-7b8c-4d9e-8f0a-1b2c3d4e5f6a', '2099-01-20', true, 'Cloud IR');
    const rows = [paid, refunded, free];
    mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/sessions/overview': { status: 200, body: { ...overviewOf(rows), paidPaise: 300_000 } },
      'GET /api/me/sessions': pageHandler(rows),
    });
    renderScreen(routes, '/user/bookings');
    const upcoming = await screen.findByRole('list', { name: 'Upcoming' });
    const [freeRow, paidRow] = within(upcoming).getAllByTestId('session-item');
    expect(paidRow).toHaveTextContent('Paid ₹3,000');
    expect(within(paidRow).getByRole('link', { name: 'Download receipt INV/26-27/000001' })).toHaveAttribute(
      'href',
      paid.payment!.receiptUrl,
    );
    expect(
      within(paidRow).getByRole('link', { name: 'Download receipt INV/26-27/000001' }),
    ).toHaveTextContent('Receipt');
    expect(within(paidRow).queryByRole('link', { name: /credit note/ })).toBeNull();
    // A free session has nothing paid and nothing to download.
    expect(freeRow).not.toHaveTextContent('Paid');
    expect(within(freeRow).getAllByRole('link')).toHaveLength(1);

    const cancelled = await screen.findByRole('list', { name: 'Cancelled' });
    const [refundedRow] = within(cancelled).getAllByTestId('session-item');
    expect(refundedRow).toHaveTextContent('Paid ₹1,500 · Refunded: ₹1,500 (100%)');
    expect(
      within(refundedRow).getByRole('link', { name: 'Download receipt INV/26-27/000002' }),
    ).toHaveAttribute('download');
    expect(
      within(refundedRow).getByRole('link', { name: 'Download credit note CN/26-27/000001' }),
    ).toHaveAttribute('href', refunded.payment!.refund!.creditNoteUrl);
    expect(screen.getByText('2 sessions booked or held, ₹3,000 paid, net of refunds.')).toBeInTheDocument();
  });

  it('the bookings page loads a group 20 at a time; Show more moves focus to the first new session', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      booking(
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        `2099-01-${String(i + 1).padStart(2, '0')}`,
        true,
        `Session ${i + 1}`,
      ),
    );
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/sessions/overview': { status: 200, body: overviewOf(many) },
      'GET /api/me/sessions': pageHandler(many),
    });
    renderScreen(routes, '/user/bookings');
    expect(await screen.findByRole('heading', { name: 'Upcoming (25)' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Upcoming' });
    expect(within(list).getAllByTestId('session-item')).toHaveLength(20);
    // Nothing needs an answer: that group is not shown at all.
    expect(screen.queryByRole('heading', { name: /Needs your action/ })).toBeNull();
    const more = screen.getByRole('button', { name: 'Show more upcoming sessions (20 of 25)' });
    more.focus();
    await userEvent.setup().keyboard('{Enter}');
    await vi.waitFor(() => expect(within(list).getAllByTestId('session-item')).toHaveLength(25));
    const first = within(list).getAllByTestId('session-item')[20];
    expect(first).toHaveTextContent('Session 21');
    await vi.waitFor(() => expect(within(first).getAllByRole('link')[0]).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Show more upcoming/ })).toBeNull();
    const pages = calls.filter((c) => c.path === '/api/me/sessions').map((c) => c.path);
    expect(pages.length).toBe(5); // four groups' first pages and Upcoming's second
  });

  it('a Show more that fails says why beside the button, and pressing it again loads the page', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      booking(
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        `2099-01-${String(i + 1).padStart(2, '0')}`,
        true,
        `Session ${i + 1}`,
      ),
    );
    const pages = pageHandler(many);
    let failing = true;
    mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/sessions/overview': { status: 200, body: overviewOf(many) },
      'GET /api/me/sessions': (req) =>
        req.url.searchParams.get('page') === '2' && failing
          ? { status: 400, body: { error: { code: 'bad_request', message: 'Page is too large' } } }
          : pages(req),
    });
    renderScreen(routes, '/user/bookings');
    const more = await screen.findByRole('button', { name: 'Show more upcoming sessions (20 of 25)' });
    await userEvent.setup().click(more);
    expect(await screen.findByRole('alert')).toHaveTextContent('Page is too large');
    const list = screen.getByRole('list', { name: 'Upcoming' });
    expect(within(list).getAllByTestId('session-item')).toHaveLength(20);

    failing = false;
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Show more upcoming sessions (20 of 25)' }));
    await vi.waitFor(() => expect(within(list).getAllByTestId('session-item')).toHaveLength(25));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Liked Sharks unfollows a shark', async () => {
    let ids = [SHARK.id];
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/follows': () => ({
        status: 200,
        body: { sharkIds: ids, sharks: ids.length ? [SHARK] : [] },
      }),
      [`DELETE /api/follows/${SHARK.id}`]: () => {
        ids = [];
        return { status: 200, body: { sharkId: SHARK.id, following: false } };
      },
    });
    renderScreen(routes, '/user/favorites');
    expect(await screen.findByRole('heading', { name: 'Liked Sharks' })).toBeInTheDocument();
    const unfollowButton = await screen.findByRole('button', { name: 'Unfollow Arjun Mehta' });
    // Inside its card, not hanging under it.
    expect(unfollowButton.closest('[data-testid="shark-card"]')).not.toBeNull();
    await userEvent.setup().click(unfollowButton);
    expect(
      await screen.findByRole('heading', { name: 'You do not follow any sharks yet' }),
    ).toBeInTheDocument();
    // One idea, one name (issue 25): the page is Liked Sharks, the verbs Follow and Unfollow, no "Favorites".
    expect(screen.getByRole('heading', { level: 1, name: 'Liked Sharks' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Favorites|liked any/);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(await screen.findByText('You unfollowed Arjun Mehta.')).toBeInTheDocument();
  });

  it('edit profile saves name and phone, shows the email read-only, and confirms', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': session,
      'GET /api/me/profile': {
        status: 200,
        body: { fullName: 'Priya', email: 'priya@example.com', phone: null },
      },
      'PUT /api/me/profile': ({ body }) => ({
        status: 200,
        body: { ...(body as object), email: 'priya@example.com' },
      }),
    });
    renderScreen(routes, '/user/edit-profile');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Full name');
    await vi.waitFor(() => expect(name).toHaveValue('Priya'));
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Priya Raman');
    await user.type(screen.getByLabelText(/Phone/), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    // The spec's '✅' is drawn as an icon; the words after it stay exact.
    const saved = await screen.findByText('Profile updated successfully!');
    expect(saved.parentElement!.querySelector('[data-testid="check-icon"] svg')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      fullName: 'Priya Raman',
      phone: '+91 98765 43210',
    });
  });
});
