import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard, Enrollments } from '#shared/workspace.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
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
      totalRupees: 7500,
      students: [
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000001',
          name: 'Priya Raman',
          email: 'priya@example.com',
          phone: '+91 98450 12345',
          hours: 3,
          preferredDate: '2026-12-01',
          preferredTime: '18:30',
          totalPrice: 4500,
          createdAt: '2026-11-22T09:00:00.000Z',
          startsAt: '2026-12-01T13:00:00.000Z',
          endsAt: '2026-12-01T16:00:00.000Z',
          status: 'confirmed',
          upcoming: true,
          needsAction: false,
        },
        {
          id: 'a1b2c3d4-0000-4000-8000-000000000002',
          name: 'Kabir Shah',
          email: 'kabir@example.com',
          phone: '+91 90000 00000',
          hours: 2,
          preferredDate: '2026-11-25',
          preferredTime: '10:00',
          totalPrice: 3000,
          createdAt: '2026-11-21T09:00:00.000Z',
          startsAt: '2026-11-25T04:30:00.000Z',
          endsAt: '2026-11-25T06:30:00.000Z',
          status: 'requested',
          upcoming: true,
          needsAction: true,
        },
      ],
    },
    {
      courseId: '6f7a8b9c-0d1e-4f2a-9b3c-4d5e6f7a8b9c',
      title: 'Cloud IR',
      courseCode: 'CRS-CL0UD1',
      bookingCount: 0,
      totalRupees: 0,
      students: [],
    },
  ],
};

describe('/shark/enrollments', () => {
  it("lets an admin pick a shark, then lists each course's students newest first with the course total", async () => {
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
      'GET /api/workspace/enrollments': ({ url }) =>
        url.searchParams.get('sharkId') === SHARK_ID
          ? { status: 200, body: ENROLLMENTS }
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
    expect(calls.filter((c) => c.path === '/api/workspace/enrollments')).toEqual([]);
    await user.selectOptions(picker, SHARK_ID);
    expect(router.state.location.search).toBe(`?sharkId=${SHARK_ID}`);

    const course = await screen.findByRole('region', { name: 'Web App Pentesting' }, { timeout: 5000 });
    expect(within(course).getByText('2 bookings ·', { exact: false })).toHaveTextContent(
      '2 bookings · ₹7,500',
    );
    const rows = within(within(course).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Priya Raman', '3', 'Tue, 1 Dec, 2026', '18:30', 'priya@example.com', '+91 98450 12345'],
      ['Kabir Shah', '2', 'Wed, 25 Nov, 2026', '10:00', 'kabir@example.com', '+91 90000 00000'],
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Cloud IR' })).getByText(/No students yet/),
    ).toBeInTheDocument();
  });
});

describe('/shark/dashboard', () => {
  it("shows the database's numbers, a dash for no rating, and the next sessions", async () => {
    const dashboard: Dashboard = {
      sharkName: 'Arjun Mehta',
      upcomingSessions: 3,
      completedSessions: 12,
      earnings: 48500,
      bookedNotHeld: 9000,
      awaitingAnswer: 1,
      sharkCancellations: 0,
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
    };
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('shark@example.com', ['shark']) },
      'GET /api/workspace/dashboard': { status: 200, body: dashboard },
    });
    renderScreen([{ path: '/shark/dashboard', element: <DashboardPage /> }], '/shark/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'Welcome back, Arjun Mehta' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const numbers = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(numbers).toEqual(['3', '12', '₹48,500', '—No ratings yet']);
    const next = screen.getByRole('list', { name: 'Next sessions' });
    expect(within(next).getByText('Web App Pentesting')).toBeInTheDocument();
    expect(within(next).getByText('Sun, 22 Nov, 2026 · 18:30 · 2 hours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit availability' })).toHaveAttribute(
      'href',
      '/shark/availability',
    );
  });
});
