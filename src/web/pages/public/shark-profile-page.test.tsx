import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCourse, Shark } from '../../../shared/schemas/sharks';
import { mockApi, polyfillRadix, renderScreen, signedOut } from '../../auth/test-utils';
import SharkProfilePage from './shark-profile-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/sharks/:id', element: <SharkProfilePage /> }];
const ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const SHARK: Shark = {
  id: ID,
  name: 'Ananya Iyer',
  codeName: 'ghostwire',
  specialization: 'red_teaming',
  experience: 9,
  bio: 'Red team lead. Adversary emulation and initial access.',
  photoUrl: null,
  studentCount: 14,
  avgRating: 4.75,
  reviewCount: 6,
  minPrice: 1500,
};
const COURSE: PublicCourse = {
  id: '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  sharkId: ID,
  title: 'Adversary Emulation Basics',
  courseCode: 'CRS-AB12CD',
  description: 'Plan and run an emulation mapped to ATT&CK.',
  duration: 6,
  price: 1500,
  image: null,
  enrollmentFormUrl: null,
  requiredDevices: 'Laptop + Internet',
  requiredKnowledge: 'Basic Skills',
  bookingCount: 4,
  enrolledCount: 3,
};

describe('shark profile', () => {
  it('shows the header, the about tab with the calendar placeholder, and sets the title to the name', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK } });
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ananya Iyer' })).toBeInTheDocument();
    expect(document.title).toBe('Ananya Iyer | Shark Security');
    expect(screen.getByText('@ghostwire')).toBeInTheDocument();
    expect(screen.getByText('Red Teaming')).toBeInTheDocument();
    expect(screen.getByText('9 years')).toBeInTheDocument();
    expect(screen.getByText('★ 4.8')).toBeInTheDocument();
    expect(screen.getByText('14')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Ananya Iyer' })).toHaveAttribute('src', '/images/default-shark.svg');
    expect(screen.getByRole('button', { name: 'Follow Ananya Iyer' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'About', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Red team lead. Adversary emulation and initial access.')).toBeInTheDocument();
    expect(screen.getByText('Calendar coming soon...')).toBeInTheDocument();
  });

  it('lists courses with code, duration, price per hour in rupees and requirements, beside the booking panel', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK },
      [`GET /api/sharks/${ID}/courses`]: { status: 200, body: [COURSE] },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/sharks/${ID}`);
    await user.click(await screen.findByRole('tab', { name: 'Courses' }));
    const course = await screen.findByRole('article', { name: 'Adversary Emulation Basics' });
    const c = within(course);
    expect(c.getByText('CRS-AB12CD')).toBeInTheDocument();
    expect(c.getByText('Plan and run an emulation mapped to ATT&CK.')).toBeInTheDocument();
    expect(c.getByText('6 hours')).toBeInTheDocument();
    expect(course).toHaveTextContent('₹1,500.00 / hour');
    expect(c.getByText('Laptop + Internet')).toBeInTheDocument();
    expect(c.getByText('Basic Skills')).toBeInTheDocument();
    expect(within(c.getByText('Enrolled').parentElement!).getByText('3')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Book a session' })).toBeInTheDocument();
    expect(screen.getByText('Calendar coming soon...')).toBeInTheDocument();
  });

  it('opens the tab named in the URL, so a return from login lands on the booking panel', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK },
      [`GET /api/sharks/${ID}/courses`]: { status: 200, body: [COURSE] },
    });
    renderScreen(routes, `/sharks/${ID}?tab=courses`);
    expect(await screen.findByRole('tab', { name: 'Courses', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Book a session' })).toBeInTheDocument();
  });

  it('says reviews are coming soon with a Notify Me button', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK } });
    const user = userEvent.setup();
    renderScreen(routes, `/sharks/${ID}`);
    await user.click(await screen.findByRole('tab', { name: 'Reviews' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reviews' });
    expect(within(panel).getByText('Coming soon')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Notify Me/ })).toBeInTheDocument();
  });

  it('shows "Shark not found" with a way back for an unknown or unpublished id', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: signedOut }, [`GET /api/sharks/${ID}`]: { status: 404, body: { error: { code: 'not_found', message: 'Shark not found' } } } });
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Shark not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sharks' })).toHaveAttribute('href', '/sharks');
    expect(document.title).toBe('Shark not found | Shark Security');
  });
});
