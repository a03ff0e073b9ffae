import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCourse, Shark } from '../../../shared/schemas/sharks';
import { mockApi, renderScreen, sessionFor, signedOut, standIn } from '../../auth/test-utils';
import { BookingPanel } from './booking-panel';
import { localToday } from './request-id';

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
  studentCount: 3,
  avgRating: null,
  reviewCount: 0,
  minPrice: 1200,
};
const course = (id: string, title: string, price: number, enrollmentFormUrl: string | null = null): PublicCourse => ({
  id,
  sharkId: SHARK_ID,
  title,
  courseCode: 'CRS-ABC123',
  description: 'Hands-on.',
  duration: 4,
  price,
  image: null,
  enrollmentFormUrl,
  requiredDevices: 'Laptop + Internet',
  requiredKnowledge: 'Basic Skills',
  bookingCount: 0,
  enrolledCount: 0,
});
const WEB = course('6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', 'Web App Hacking', 1500, 'https://forms.example.com/web-app');
const API = course('7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f', 'API Security', 1200.5);

const routes = [
  { path: '/sharks/:id', element: <BookingPanel shark={SHARK} courses={[WEB, API]} /> },
  standIn('/login/user', 'User Login'),
  standIn('/user/bookings', 'My bookings'),
];

const PROFILE = { fullName: 'Priya Raman', email: 'priya@example.com', phone: '+91 98765 43210' };

describe('BookingPanel', () => {
  it('prefills from the profile, shows the live total in rupees, and books once however often Confirm is pressed', async () => {
    let resolveBooking: (v: { status: number; body: unknown }) => void = () => {};
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      'POST /api/bookings': () => new Promise((r) => (resolveBooking = r)),
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('Priya Raman')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('priya@example.com');
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 98765 43210');

    const total = screen.getByTestId('booking-total');
    expect(total).toHaveTextContent('₹1,500.00');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '3');
    expect(total).toHaveTextContent('₹4,500.00');
    await user.selectOptions(screen.getByLabelText('Course'), 'API Security (₹1,200.50/hr)');
    expect(total).toHaveTextContent('₹3,601.50');
    await user.selectOptions(screen.getByLabelText('Course'), 'Web App Hacking (₹1,500.00/hr)');
    expect(screen.getByText('This course also has its own enrollment form.')).toBeInTheDocument();

    expect(screen.getByLabelText('Preferred date')).toHaveAttribute('min', localToday());
    await user.type(screen.getByLabelText('Preferred date'), '2099-01-15');
    await user.type(screen.getByLabelText('Preferred time'), '18:30');
    const confirm = screen.getByRole('button', { name: 'Confirm booking' });
    await user.dblClick(confirm);
    expect(await screen.findByRole('button', { name: 'Booking…' })).toBeDisabled();

    const posts = calls.filter((c) => c.path === '/api/bookings');
    expect(posts).toHaveLength(1);
    const sent = posts[0].body as Record<string, unknown>;
    expect(sent).toMatchObject({ courseId: WEB.id, hours: 3, preferredDate: '2099-01-15', preferredTime: '18:30', name: 'Priya Raman', email: 'priya@example.com' });
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent).not.toHaveProperty('totalPrice');

    resolveBooking({
      status: 201,
      body: {
        id: '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
        courseId: WEB.id,
        courseTitle: 'Web App Hacking',
        enrollmentFormUrl: WEB.enrollmentFormUrl,
        sharkId: SHARK_ID,
        sharkName: 'Arjun Mehta',
        name: 'Priya Raman',
        email: 'priya@example.com',
        phone: '+91 98765 43210',
        hours: 3,
        preferredDate: '2099-01-15',
        preferredTime: '18:30',
        totalPrice: 4500,
        upcoming: true,
        createdAt: new Date().toISOString(),
        message: 'Booking confirmed! Payment is not taken online yet: the shark will contact you to arrange it.',
      },
    });
    const done = await screen.findByTestId('booking-confirmation');
    expect(within(done).getByText('Booking confirmed! Payment is not taken online yet: the shark will contact you to arrange it.')).toBeInTheDocument();
    expect(within(done).getByText('₹4,500.00')).toBeInTheDocument();
    const form = within(done).getByRole('link', { name: /Complete the enrollment form/ });
    expect(form).toHaveAttribute('href', 'https://forms.example.com/web-app');
    expect(form).toHaveAttribute('target', '_blank');
    expect(form).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the field messages and stops at hours outside 1 to 12 without calling the server', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Priya Raman');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '13');
    expect(screen.getByTestId('booking-total')).toHaveTextContent('—');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('You can book at most 12 hours at a time')).toBeInTheDocument();
    expect(screen.getByText('Choose a preferred date')).toBeInTheDocument();
    expect(screen.getByText('Choose a preferred time')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/bookings')).toBe(false);
  });

  it("shows the server's message beside the field it names", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      'GET /api/me/profile': { status: 200, body: PROFILE },
      'POST /api/bookings': {
        status: 400,
        body: { error: { code: 'validation', message: 'Choose today or a later date', fields: { preferredDate: 'Choose today or a later date' } } },
      },
    });
    renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Priya Raman');
    await user.type(screen.getByLabelText('Preferred date'), '2099-01-15');
    await user.type(screen.getByLabelText('Preferred time'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByText('Choose today or a later date')).toBeInTheDocument();
    expect(screen.getByLabelText('Preferred date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a visitor to log in and back to this course, keeping what they chose', async () => {
    const { calls } = mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut } });
    const { router } = renderScreen(routes, `/sharks/${SHARK_ID}`);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Log in to book' });
    await user.selectOptions(screen.getByLabelText('Course'), 'API Security (₹1,200.50/hr)');
    await user.clear(screen.getByLabelText('Hours'));
    await user.type(screen.getByLabelText('Hours'), '2');
    await user.click(button);

    const back = `/sharks/${SHARK_ID}?tab=courses&course=${API.id}`;
    expect(await screen.findByTestId('location')).toHaveTextContent(`/login/user?next=${encodeURIComponent(back)}`);
    expect(calls.some((c) => c.path === '/api/bookings')).toBe(false);

    // Back from the login page: the same course and hours are chosen again.
    await router.navigate(back);
    expect(await screen.findByLabelText('Course')).toHaveValue(API.id);
    expect(screen.getByLabelText('Hours')).toHaveValue(2);
    expect(screen.getByTestId('booking-total')).toHaveTextContent('₹2,401.00');
  });
});
