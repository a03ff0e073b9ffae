import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseTotals, Dashboard, Enrollments, SharkSession } from '#shared/workspace.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { pageHandler, previewOf } from '#web/testing/session-pages.ts';
import DashboardPage from './dashboard-page';
import EnrollmentsPage from './enrollments-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SHARK_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const ENROLLMENTS: Enrollments = {
  sharkName: 'Arjun Mehta',
  courses: [
    {
      courseId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
      title: 'Web App Pentesting',
      courseCode: 'CRS-7QX2KD',
      bookingCount: 2,
      heldCount: 1,
      heldNetPaise: 264_600,
      students: [
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          name: 'Priya Raman',
          hours: 3,
          preferredDate: '2099-12-01',
          preferredTime: '18:30',
          startsAt: '2099-12-01T13:00:00.000Z',
          endsAt: '2099-12-01T16:00:00.000Z',
          status: 'requested',
          needsAction: true,
          totalPricePaise: 450_000,
          createdAt: '2026-11-22T09:00:00.000Z',
          upcoming: true,
          answerBy: '2099-11-30T09:00:00.000Z',
        },
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000002',
          name: 'Kabir Shah',
          hours: 2,
          preferredDate: '2025-11-25',
          preferredTime: '10:00',
          startsAt: '2025-11-25T04:30:00.000Z',
          endsAt: '2025-11-25T06:30:00.000Z',
          status: 'completed',
          needsAction: false,
          totalPricePaise: 300_000,
          createdAt: '2026-11-21T09:00:00.000Z',
          upcoming: false,
          answerBy: null,
        },
      ],
    },
    {
      courseId: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      title: 'Cloud IR',
      courseCode: 'CRS-CL0UD1',
      bookingCount: 1,
      heldCount: 0,
      heldNetPaise: 0,
      students: [
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000004',
          name: 'Meera Iyer',
          hours: 1,
          preferredDate: '2099-11-02',
          preferredTime: '09:00',
          startsAt: '2099-11-02T03:30:00.000Z',
          endsAt: '2099-11-02T04:30:00.000Z',
          status: 'confirmed',
          needsAction: false,
          upcoming: true,
          totalPricePaise: 120_000,
          createdAt: '2026-11-20T09:00:00.000Z',
          answerBy: null,
        },
      ],
    },
  ],
};

/** The same bookings as the paged lists and the per-course totals answer them. */
const SESSIONS: SharkSession[] = ENROLLMENTS.courses.flatMap((c) =>
  c.students.map((s) => ({ ...s, courseId: c.courseId, courseTitle: c.title })),
);
/** A session its learner cancelled, its time still ahead: under Cancelled, never under Past (issue 43). */
const CANCELLED_AHEAD: SharkSession = {
  id: 'a1b2c3d4-0000-4000-8000-000000000005',
  courseId: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
  courseTitle: 'Cloud IR',
  name: 'Rohan Das',
  hours: 1,
  preferredDate: '2099-11-09',
  preferredTime: '09:00',
  startsAt: '2099-11-09T03:30:00.000Z',
  endsAt: '2099-11-09T04:30:00.000Z',
  status: 'cancelled',
  needsAction: false,
  upcoming: false,
  totalPricePaise: 120_000,
  createdAt: '2026-11-20T10:00:00.000Z',
  answerBy: null,
};
/** The rows as an older server answered them, with the learner's email and phone: the cards must not show them. */
const withContact = (rows: SharkSession[]) =>
  rows.map((r) => ({ ...r, email: 'priya@example.com', phone: '+91 98450 12345' }));
const COURSE_TOTALS: CourseTotals = {
  sharkName: ENROLLMENTS.sharkName,
  courses: ENROLLMENTS.courses.map(({ students: _students, ...c }) => c),
};

describe('/shark/enrollments', () => {
  it("lets an admin pick a shark, then groups the bookings with each learner's name but no contact, and totals per course", async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('admin@example.com', ['admin']) },
      'GET /api/admin/sharks': {
        status: 200,
        body: [
          {
            id: SHARK_ID,
            userId: '7b0f3c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e',
            name: 'Arjun Mehta',
            email: 'arjun@example.com',
            specialization: 'pentesting',
            published: true,
          },
        ],
      },
      'GET /api/workspace/enrollments/courses': ({ url }) =>
        url.searchParams.get('sharkId') === SHARK_ID
          ? { status: 200, body: COURSE_TOTALS }
          : { status: 400, body: { error: { code: 'validation', message: 'Choose a shark to act for' } } },
      'GET /api/workspace/sessions': ({ url }) =>
        url.searchParams.get('sharkId') === SHARK_ID
          ? pageHandler(withContact([...SESSIONS, CANCELLED_AHEAD]))({ url })
          : { status: 400, body: { error: { code: 'validation', message: 'Choose a shark to act for' } } },
    });
    const user = userEvent.setup();
    const { router } = renderScreen(
      [{ path: '/shark/enrollments', element: <EnrollmentsPage /> }],
      '/shark/enrollments',
    );
    expect(document.title).toBe('Student enrollments | Shark Security');
    const picker = await screen.findByLabelText('Shark', {}, { timeout: 5000 });
    // Nothing is asked for before a shark is chosen.
    expect(calls.filter((c) => c.path.startsWith('/api/workspace/'))).toEqual([]);
    await user.selectOptions(picker, SHARK_ID);
    expect(router.state.location.search).toBe(`?sharkId=${SHARK_ID}`);

    const action = await screen.findByRole('list', { name: 'Needs your action' }, { timeout: 5000 });
    const row = within(action).getByTestId('session-item');
    expect(row).toHaveTextContent('Web App Pentesting');
    expect(row).toHaveTextContent('Awaiting the shark');
    expect(row).toHaveTextContent('Priya Raman');
    // The contact is on the session page, once confirmed (issue 43): no card shows it.
    for (const card of screen.getAllByTestId('session-item')) {
      expect(card).not.toHaveTextContent('priya@example.com');
      expect(card).not.toHaveTextContent('+91 98450 12345');
    }
    expect(row).toHaveTextContent('₹4,500');
    // A request shows its deadline on its card (decision 206).
    expect(row).toHaveTextContent(
      /Answer by .+2099, \d\d:\d\d \(your time\) or the request expires and the learner is refunded in full\./,
    );
    expect(within(row).getByRole('link')).toHaveAttribute(
      'href',
      '/sessions/a1b2c3d4-0000-4000-8000-000000000001',
    );
    expect(within(screen.getByRole('list', { name: 'Upcoming' })).getByText('Cloud IR')).toBeInTheDocument();
    const past = within(screen.getByRole('list', { name: 'Past' })).getByTestId('session-item');
    expect(past).toHaveTextContent('Kabir Shah');
    expect(past).toHaveTextContent('Completed');
    const cancelled = within(screen.getByRole('list', { name: 'Cancelled' })).getByTestId('session-item');
    expect(cancelled).toHaveTextContent('Rohan Das');
    const perCourse = within(screen.getByRole('list', { name: 'Bookings per course' })).getAllByRole(
      'listitem',
    );
    expect(perCourse.map((li) => li.textContent)).toEqual([
      'Web App Pentesting CRS-7QX2KD2 bookings · 1 held · ₹2,646 earned',
      'Cloud IR CRS-CL0UD11 booking · 0 held · ₹0 earned',
    ]);
  });
});

describe('/shark/dashboard', () => {
  it("shows the spec's numbers, booked-not-held and what needs an action apart, each tile counting its list", async () => {
    const dashboard: Dashboard = {
      sharkName: 'Arjun Mehta',
      upcomingSessions: 3,
      completedSessions: 12,
      earningsPaise: 4_850_050,
      bookedNotHeldPaise: 600_000,
      awaitingAnswer: 2,
      sharkCancellations: 1,
      avgRating: null,
      reviewCount: 0,
      courseCount: 2,
      today: '2026-11-22',
      nextSessions: [
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000003',
          courseId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
          courseTitle: 'Web App Pentesting',
          learnerName: 'Priya Raman',
          preferredDate: '2026-11-22',
          preferredTime: '18:30',
          hours: 2,
          startsAt: '2026-11-22T13:00:00.000Z',
          status: 'confirmed',
        },
      ],
      sessions: previewOf(withContact([...SESSIONS, CANCELLED_AHEAD])),
    };
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/dashboard': { status: 200, body: dashboard },
    });
    renderScreen([{ path: '/shark/dashboard', element: <DashboardPage /> }], '/shark/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Arjun Mehta' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const tiles = within(screen.getByLabelText('Your numbers'));
    const numbers = tiles.getAllByRole('definition').map((d) => d.textContent);
    const labels = tiles.getAllByRole('term').map((d) => d.textContent);
    expect(labels).toEqual([
      'Upcoming sessions',
      'Completed sessions',
      'Earnings',
      'Average rating',
      'Booked, not yet held',
      'Needs your action',
    ]);
    // The tiles count the lists below them (not the API's older figures: 3 confirmed ahead, 2 requests).
    expect(numbers).toEqual(['1', '12', '₹48,500.50', '—No ratings yet', '₹6,000', '1']);
    expect(screen.getByRole('heading', { name: 'Upcoming (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Needs your action (1)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Earnings are your share of completed sessions: what learners paid, less the platform fee and any tax on it, and less refunds. A session counts once held; its share is available for payout 48 hours later. Sessions you cancelled: 1.',
      ),
    ).toBeInTheDocument();
    const action = await screen.findByRole('list', { name: 'Needs your action' });
    expect(within(action).getByText('Web App Pentesting')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Upcoming' })).getByText('Cloud IR')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Past' })).getByText('Kabir Shah')).toBeInTheDocument();
    // The cancelled session whose time has not come is under Cancelled, not Past (issue 43).
    expect(screen.getByRole('heading', { name: 'Cancelled (1)' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Cancelled' })).getByText('Rohan Das'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Past' })).queryByText('Rohan Das')).toBeNull();
    // No card shows the learner's email or phone, though the answer carried them.
    const sessions = screen.getByRole('region', { name: 'Your sessions' });
    expect(sessions).not.toHaveTextContent('priya@example.com');
    expect(sessions).not.toHaveTextContent('+91 98450 12345');
    expect(screen.getByRole('link', { name: 'Edit availability' })).toHaveAttribute(
      'href',
      '/shark/availability',
    );
    // The Earnings tile leads to the earnings page.
    expect(screen.getByRole('link', { name: 'See earnings →' })).toHaveAttribute('href', '/shark/earnings');
  });
});
