import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { mockApi, renderScreen, sessionFor, signedOut, standIn } from '#web/testing/test-utils.tsx';
import { BookingPanel } from './booking-panel';

// Two shared cores: give screens more than the default second to settle.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const SHARK_ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SHARK: Shark = {
  id: SHARK_ID,
  name: 'Arjun Mehta',
  codeName: null,
  specialization: 'pentesting',
  experience: 9,
  bio: null,
  photoUrl: null,
  headline: null,
  languages: [],
  skills: [],
  links: {},
  studentCount: 3,
  avgRating: null,
  reviewCount: 0,
  minPricePaise: 120_000,
};
const course = (
  id: string,
  title: string,
  pricePaise: number,
  enrollmentFormUrl: string | null = null,
): PublicCourse => ({
  id,
  sharkId: SHARK_ID,
  title,
  courseCode: 'CRS-ABC123',
  description: 'Hands-on.',
  duration: 4,
  pricePaise,
  image: null,
  enrollmentFormUrl,
  requiredDevices: 'Laptop + Internet',
  requiredKnowledge: 'Basic Skills',
  bookingCount: 0,
  enrolledCount: 0,
  cancellationHours: 24,
  lateCancellationRefund: 50,
});
const WEB = course(
  '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  'Web App Hacking',
  150_000,
  'https://forms.example.com/web-app',
);
const API = course('7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', 'API Security', 120_050);

const routes = [
  { path: '/sharks/:id', element: <BookingPanel shark={SHARK} courses={[WEB, API]} /> },
  standIn('/login/user', 'User Login'),
  standIn('/user/bookings', 'My bookings'),
];

const PROFILE = { fullName: 'Priya Raman', email: 'priya@example.com', phone: '+91 98765 43210' };
const SLOTS_PATH = `GET /api/sharks/${SHARK_ID}/slots`;
/** The shark works in India; 15 Jan has two free times, 16 Jan none, 17 Jan one. */
const SLOTS = {
  status: 200,
  body: {
    sharkId: SHARK_ID,
    timeZone: 'Asia/Kolkata',
    hours: 1,
    published: true,
    days: [
      { date: '2099-01-15', starts: ['2099-01-15T13:00:00.000Z', '2099-01-15T13:30:00.000Z'] },
      { date: '2099-01-16', starts: [] },
      { date: '2099-01-17', starts: ['2099-01-17T04:30:00.000Z'] },
    ],
  },
};

describe('BookingPanel', () => {
  beforeEach(() => sessionStorage.clear());
  it('prefills from the profile, shows the live total in rupees, holds the slot once however often Continue is pressed, and goes on to pay', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let resolveBooking: (v: { status: number; body: unknown }) => void = () => {};
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      'POST /api/bookings': () => new Promise((r) => (resolveBooking = r)),
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('Priya Raman')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('priya@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 98765 43210');

    const total = screen.getByTestId('booking-total');
    expect(total).toHaveTextContent('₹1,500');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '3');
    expect(total).toHaveTextContent('₹4,500');
    await user.selectOptions(screen.getByLabelText('Course'), 'API Security (₹1,200.50/hr)');
    expect(total).toHaveTextContent('₹3,601.50');
    await user.selectOptions(screen.getByLabelText('Course'), 'Web App Hacking (₹1,500/hr)');
    expect(screen.getByText('This course also has its own enrollment form.')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Thursday, 15 January 2099, 2 free times' }));
    await user.click(screen.getAllByRole('radio')[1]);
    const confirm = screen.getByRole('button', { name: 'Continue to payment' });
    await user.dblClick(confirm);
    expect(await screen.findByRole('button', { name: 'Booking…' })).toBeDisabled();

    const posts = calls.filter((c) => c.path === '/api/bookings');
    expect(posts).toHaveLength(1);
    const sent = posts[0].body as Record<string, unknown>;
    expect(sent).toMatchObject({
      courseId: WEB.id,
      hours: 3,
      startsAt: '2099-01-15T13:30:00.000Z',
      name: 'Priya Raman',
      email: 'priya@example.com',
    });
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(sent).not.toHaveProperty('totalPricePaise');

    resolveBooking({
      status: 201,
      body: {
        message: 'Your slot is held for 15 minutes while you pay.',
        booking: null,
        checkout: {
          bookingId: '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
          path: '/sessions/8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a/checkout',
          holdUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
          amountPaise: 450_000,
        },
      },
    });
    // The checkout is a page load of its own: only its CSP lets the payment provider in.
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('/sessions/8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a/checkout'),
    );
  });

  it('requests a free course at once and confirms it with a link to the session', async () => {
    const FREE = course('9e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b', 'Intro Call', 0);
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      'POST /api/bookings': {
        status: 201,
        body: {
          message: 'Booking requested. The shark will confirm it; we mail you either way.',
          checkout: null,
          booking: {
            id: '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
            courseId: FREE.id,
            courseTitle: 'Intro Call',
            enrollmentFormUrl: 'https://forms.example.com/web-app',
            sharkId: SHARK_ID,
            sharkName: 'Arjun Mehta',
            name: 'Priya Raman',
            email: 'priya@example.com',
            phone: '+91 98765 43210',
            hours: 1,
            preferredDate: '2099-01-15',
            preferredTime: '18:30',
            startsAt: '2099-01-15T13:00:00.000Z',
            endsAt: '2099-01-15T14:00:00.000Z',
            timeZone: 'Asia/Kolkata',
            status: 'requested',
            totalPricePaise: 0,
            upcoming: true,
            needsAction: false,
            createdAt: new Date().toISOString(),
          },
        },
      },
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(
      [{ path: '/sharks/:id', element: <BookingPanel shark={SHARK} courses={[FREE]} /> }],
      `/sharks/${SHARK_ID}`,
    );
    const user = userEvent.setup();
    await screen.findByDisplayValue('Priya Raman');
    expect(screen.getByText('This course is free. The shark confirms the booking.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Thursday, 15 January 2099, 2 free times' }));
    await user.click(screen.getAllByRole('radio')[0]);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const done = await screen.findByTestId('booking-confirmation');
    expect(done).toHaveFocus();
    expect(
      within(done).getByText('Booking requested. The shark will confirm it; we mail you either way.'),
    ).toBeInTheDocument();
    const form = within(done).getByRole('link', { name: /Complete the enrollment form/ });
    expect(form).toHaveAttribute('target', '_blank');
    expect(form).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(done).getByRole('link', { name: 'View your session' })).toHaveAttribute(
      'href',
      '/sessions/8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
    );
  });

  it('shows the field messages and stops at hours outside 1 to 12 without calling the server', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Priya Raman');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '13');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('You can book at most 12 hours at a time')).toBeInTheDocument();
    expect(screen.getByText('Choose a start time')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/bookings')).toBe(false);
  });

  it('a slot taken meanwhile: shows the message, fetches fresh slots, keeps what was typed', async () => {
    let slotFetches = 0;
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      [SLOTS_PATH]: () => {
        slotFetches++;
        return SLOTS;
      },
      'POST /api/bookings': {
        status: 409,
        body: {
          error: {
            code: 'slot_taken',
            message: 'This time was just booked by someone else. Please pick another slot.',
          },
        },
      },
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Priya Raman');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '+91 91111 22222');
    await user.click(await screen.findByRole('button', { name: 'Thursday, 15 January 2099, 2 free times' }));
    await user.click(screen.getAllByRole('radio')[0]);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByText('This time was just booked by someone else. Please pick another slot.'),
    ).toBeInTheDocument();
    await vi.waitFor(() => expect(slotFetches).toBe(2));
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 91111 22222');
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
  });

  it('until the shark opens their calendar, offers "Notify me when they do"', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      [SLOTS_PATH]: { status: 200, body: { ...SLOTS.body, published: false, days: [] } },
      [`PUT /api/sharks/${SHARK_ID}/calendar-watch`]: {
        status: 200,
        body: { message: 'We will email you when their calendar opens.' },
      },
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByText('Arjun Mehta has not opened their calendar yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Notify me when they do' }));
    expect(await screen.findByText('We will email you when their calendar opens.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/calendar-watch'))).toBe(true);
  });

  it('sends a visitor to log in and back to the same panel, with the choice in the URL and what they typed', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [SLOTS_PATH]: SLOTS,
    });
    const { router } = renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Log in to book' });
    await user.selectOptions(screen.getByLabelText('Course'), 'API Security (₹1,200.50/hr)');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '2');
    await user.click(await screen.findByRole('button', { name: 'Saturday, 17 January 2099, 1 free time' }));
    await user.click(screen.getAllByRole('radio')[0]);
    await user.type(screen.getByLabelText('Name'), 'Asha Visitor');
    await user.type(screen.getByLabelText('Phone'), '+91 93333 44444');
    // The choice is in the address as it is made.
    const chosen = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(chosen)).toEqual({
      tab: 'courses',
      course: API.id,
      hours: '2',
      day: '2099-01-17',
      slot: '2099-01-17T04:30:00.000Z',
    });
    expect(router.state.location.hash).toBe('#book');
    expect(screen.getByTestId('booking-summary')).toHaveTextContent(
      /^Sat 17 Jan, \d\d:\d\d \S+ · 2 h · ₹2,401$/,
    );
    await user.click(button);

    const location = await screen.findByTestId('location');
    expect(location.textContent).toMatch(/^\/login\/user\?next=/);
    const next = decodeURIComponent(location.textContent!.replace('/login/user?next=', ''));
    expect(next).toBe(`/sharks/${SHARK_ID}?${chosen.toString()}#book`);
    expect(calls.some((c) => c.path === '/api/bookings')).toBe(false);

    // Back from the login page (a fresh page): the same course, hours, day and time, and what was typed.
    await router.navigate(next);
    expect(await screen.findByLabelText('Course')).toHaveValue(API.id);
    expect(screen.getByLabelText('Hours')).toHaveValue(2);
    expect(await screen.findByRole('button', { name: /17 January 2099/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getAllByRole('radio')[0]).toBeChecked();
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Visitor');
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 93333 44444');
    // The panel's heading takes the focus, so the learner is where they left off.
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Book a session' })).toHaveFocus());
  });

  it('offers to save a phone typed by a learner whose profile has none, once, and forgets the draft after booking', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: { ...PROFILE, phone: null } },
      'PUT /api/me/profile': { status: 200, body: { ...PROFILE, phone: '+91 95555 66666' } },
      'POST /api/bookings': {
        status: 201,
        body: {
          message: 'Your slot is held for 15 minutes while you pay.',
          booking: null,
          checkout: {
            bookingId: '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
            path: '/sessions/8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a/checkout',
            holdUntil: new Date(Date.now() + 15 * 60_000).toISOString(),
            amountPaise: 150_000,
          },
        },
      },
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Priya Raman');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    const save = screen.getByRole('checkbox', { name: 'Save this number to my profile for next time' });
    expect(save).toBeChecked();
    await user.type(screen.getByLabelText('Phone'), '+91 95555 66666');
    expect(sessionStorage.getItem(`booking-draft:${SHARK_ID}`)).toContain('+91 95555 66666');
    await user.click(screen.getAllByRole('radio')[0]);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/me/profile');
    expect(put?.body).toEqual({ fullName: 'Priya Raman', phone: '+91 95555 66666' });
    expect(sessionStorage.getItem(`booking-draft:${SHARK_ID}`)).toBeNull();
  });

  it("shows the course's cancellation policy before booking", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    expect(await screen.findByTestId('cancellation-policy')).toHaveTextContent(
      'Free cancellation until 24 h before the session. Later cancellations by the learner are recorded as late.',
    );
  });

  it('a shark on its own profile is told it cannot book itself, before any form', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/profile': { status: 200, body: { id: SHARK_ID, name: 'Arjun Mehta' } },
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    expect(
      await screen.findByText('This is your own profile: sharks cannot book their own courses.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Hours')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/bookings')).toBe(false);
  });

  it("a shark on another shark's profile sees the booking form", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('kavya@example.com', ['shark']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      'GET /api/workspace/profile': {
        status: 200,
        body: { id: '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b', name: 'Kavya Rao' },
      },
      [SLOTS_PATH]: SLOTS,
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    expect(await screen.findByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(
      screen.queryByText('This is your own profile: sharks cannot book their own courses.'),
    ).not.toBeInTheDocument();
  });
});
