import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCourse, Shark } from '#shared/catalogue.ts';
import { REVIEW_MSG } from '#shared/reviews.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor, signedOut } from '#web/testing/test-utils.tsx';
import SharkProfilePage from './shark-profile-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/sharks/:id', element: <SharkProfilePage /> }];
const ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
/** The header's Rating fact (its dd). */
const ratingFact = () => screen.getByText('Rating', { selector: 'dt' }).nextElementSibling as HTMLElement;
const SHARK: Shark = {
  id: ID,
  name: 'Ananya Iyer',
  codeName: 'ghostwire',
  specialization: 'red_teaming',
  experience: 9,
  bio: 'Red team lead. Adversary emulation and initial access.',
  photoUrl: null,
  headline: null,
  languages: [],
  skills: [],
  links: {},
  studentCount: 14,
  avgRating: 4.75,
  reviewCount: 6,
  minPricePaise: 150_000,
};
const EMPTY_SUMMARY = {
  average: null,
  count: 0,
  distribution: [0, 0, 0, 0, 0],
  rubric: { knowledge: null, preparation: null, clarity: null },
};
const COURSE: PublicCourse = {
  id: '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  sharkId: ID,
  title: 'Adversary Emulation Basics',
  courseCode: 'CRS-AB12CD',
  description: 'Plan and run an emulation mapped to ATT&CK.',
  duration: 6,
  pricePaise: 150_000,
  image: null,
  enrollmentFormUrl: null,
  requiredDevices: 'Laptop + Internet',
  requiredKnowledge: 'Basic Skills',
  bookingCount: 4,
  enrolledCount: 3,
  cancellationHours: 24,
  lateCancellationRefund: 50,
};

describe('shark profile', () => {
  it('shows the header, the about tab with the calendar state, and sets the title to the name', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK },
      [`GET /api/sharks/${ID}/slots`]: {
        status: 200,
        body: { sharkId: ID, timeZone: 'Asia/Kolkata', hours: 1, published: false, days: [] },
      },
    });
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ananya Iyer' })).toBeInTheDocument();
    expect(document.title).toBe('Ananya Iyer | Shark Security');
    expect(screen.getByText('@ghostwire')).toBeInTheDocument();
    expect(screen.getByText('Red Teaming')).toBeInTheDocument();
    expect(screen.getByText('9 years')).toBeInTheDocument();
    expect(ratingFact()).toHaveTextContent('★ 4.8 · 6 reviews');
    // The count is a line of its own under the stars, so a narrow tile never splits the phrase.
    expect(within(ratingFact()).getByText('6 reviews')).toHaveClass('block');
    expect(screen.getByText('14')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Initials of Ananya Iyer' })).toHaveTextContent('AI');
    expect(screen.getByRole('button', { name: 'Follow Ananya Iyer' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'About', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Red team lead. Adversary emulation and initial access.')).toBeInTheDocument();
    expect(await screen.findByText('Ananya Iyer has not opened their calendar yet.')).toBeInTheDocument();
    expect(screen.queryByText('Calendar coming soon...')).toBeNull();
  });

  it('shows the headline, languages, links and skills, and the bio in paragraphs as text, never HTML', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: {
        status: 200,
        body: {
          ...SHARK,
          headline: 'Red Team Lead at Zerodha',
          languages: ['English', 'Tamil'],
          skills: ['Active Directory', 'C2 infrastructure'],
          links: { github: 'https://github.com/ananya', tryhackme: 'https://tryhackme.com/p/ananya' },
          bio: 'First paragraph <b>bold</b>.\n\nSecond paragraph\nwith a line break.',
        },
      },
      [`GET /api/sharks/${ID}/slots`]: {
        status: 200,
        body: { sharkId: ID, timeZone: 'Asia/Kolkata', hours: 1, published: false, days: [] },
      },
    });
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByTestId('profile-headline')).toHaveTextContent('Red Team Lead at Zerodha');
    expect(screen.getByText('English, Tamil')).toBeInTheDocument();
    const links = within(screen.getByRole('list', { name: 'Links of Ananya Iyer' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')])).toEqual([
      ['GitHub profile of Ananya Iyer (opens in a new tab)\u00a0↗', 'https://github.com/ananya', '_blank'],
      [
        'TryHackMe profile of Ananya Iyer (opens in a new tab)\u00a0↗',
        'https://tryhackme.com/p/ananya',
        '_blank',
      ],
    ]);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const about = screen.getByRole('region', { name: 'About Ananya Iyer' });
    const paragraphs = within(about).getAllByText(/paragraph/);
    expect(paragraphs.map((p) => p.textContent)).toEqual([
      'First paragraph <b>bold</b>.',
      'Second paragraph\nwith a line break.',
    ]);
    expect(about.querySelector('b')).toBeNull();
    expect(
      within(within(about).getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Active Directory', 'C2 infrastructure']);
  });

  it('lists courses with code, duration, price per hour in rupees and requirements, beside the booking panel', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK },
      [`GET /api/sharks/${ID}/courses`]: { status: 200, body: [COURSE] },
      [`GET /api/sharks/${ID}/slots`]: {
        status: 200,
        body: {
          sharkId: ID,
          timeZone: 'Asia/Kolkata',
          hours: 1,
          published: true,
          days: [
            { date: '2099-01-15', starts: ['2099-01-15T13:00:00.000Z'] },
            { date: '2099-01-16', starts: [] },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/sharks/${ID}`);
    await user.click(await screen.findByRole('tab', { name: 'Courses' }));
    const course = await screen.findByRole('article', { name: 'Adversary Emulation Basics' });
    const c = within(course);
    // The internal course code is for the workspace and the admin console, not for learners.
    expect(course).not.toHaveTextContent('CRS-AB12CD');
    expect(c.getByText('Plan and run an emulation mapped to ATT&CK.')).toBeInTheDocument();
    expect(c.getByText('6 hours')).toBeInTheDocument();
    expect(course).toHaveTextContent('₹1,500 / hour');
    expect(c.getByText('Laptop + Internet')).toBeInTheDocument();
    expect(c.getByText('Basic Skills')).toBeInTheDocument();
    expect(within(c.getByText('Enrolled').parentElement!).getByText('3')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Book a session' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Free times on 1 of the next 2 days. The shark works in India Standard Time; pick a time in the booking panel, shown in your own time zone.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the price range and a Book button that opens the booking panel on the cheapest course', async () => {
    const DEAR = {
      ...COURSE,
      id: '7c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
      title: 'Red Team Ops',
      pricePaise: 300_000,
    };
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK },
      [`GET /api/sharks/${ID}/courses`]: { status: 200, body: [DEAR, COURSE] },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/sharks/${ID}?tab=reviews`);
    // The card's "from" price first, the range once the courses are in.
    expect(await screen.findByTestId('price-range')).toHaveTextContent('from ₹1,500 / hour');
    await waitFor(() =>
      expect(screen.getByTestId('price-range')).toHaveTextContent('₹1,500 – ₹3,000 / hour'),
    );
    await user.click(screen.getByRole('button', { name: 'Book a session' }));
    expect(await screen.findByRole('tab', { name: 'Courses', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Book a session' })).toBeInTheDocument();
    expect(screen.getByLabelText('Course')).toHaveValue(COURSE.id);
    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'book'));
  });

  it('says a shark without courses has none, with no Book button', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: { ...SHARK, minPricePaise: null } },
      [`GET /api/sharks/${ID}/courses`]: { status: 200, body: [] },
    });
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByText('No courses yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book a session' })).not.toBeInTheDocument();
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

  it('says a shark without reviews has none yet and keeps the Notify Me button', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: { ...SHARK, avgRating: null, reviewCount: 0 } },
      [`GET /api/sharks/${ID}/reviews`]: {
        status: 200,
        body: {
          summary: EMPTY_SUMMARY,
          items: [],
          page: 1,
          pageSize: 10,
          total: 0,
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/sharks/${ID}`);
    // Unrated: "New" instead of an invented rating.
    expect(await screen.findByText('New')).toBeInTheDocument();
    await user.click(await screen.findByRole('tab', { name: 'Reviews' }));
    const panel = screen.getByRole('tabpanel', { name: 'Reviews' });
    expect(await within(panel).findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
    expect(within(panel).getByText(new RegExp(REVIEW_MSG.noReviews.slice(0, 40)))).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: /Notify Me/ })).toBeInTheDocument();
  });

  it('lists published reviews with the summary, the verified mark, the rubric and the reply', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: { status: 200, body: SHARK },
      [`GET /api/sharks/${ID}/reviews`]: {
        status: 200,
        body: {
          summary: {
            average: 4.75,
            count: 6,
            distribution: [0, 0, 0, 2, 4],
            rubric: { knowledge: 4.8, preparation: 4.5, clarity: 4.67 },
          },
          items: [
            {
              id: '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a',
              authorName: 'Priya R.',
              courseTitle: 'Adversary Emulation Basics',
              sessionMonth: '2026-10',
              rating: 4,
              knowledge: 5,
              preparation: 4,
              clarity: 3,
              body: 'Well prepared, with a lab that matched my engagement.',
              createdAt: '2026-10-20T10:00:00.000Z',
              editedAt: null,
              verified: true,
              reply: { body: 'Thanks Priya, see you at the next one!', at: '2026-10-21T10:00:00.000Z' },
            },
          ],
          page: 1,
          pageSize: 1,
          total: 6,
        },
      },
    });
    renderScreen(routes, `/sharks/${ID}?tab=reviews`);
    await screen.findByRole('heading', { level: 1 });
    expect(ratingFact()).toHaveTextContent('★ 4.8 · 6 reviews');
    const review = await screen.findByRole('article', { name: 'Review by Priya R., 4 out of 5' });
    const r = within(review);
    expect(r.getByText(`✓ ${REVIEW_MSG.verified}`)).toBeInTheDocument();
    expect(r.getByText(/Adversary Emulation Basics · session in October 2026/)).toBeInTheDocument();
    expect(r.getByText('Knowledge').nextSibling).toHaveTextContent('5/5');
    expect(r.getByText('Thanks Priya, see you at the next one!')).toBeInTheDocument();
    expect(r.getByText(/Reply from Ananya Iyer/)).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Report' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Rating summary' });
    expect(summary).toHaveTextContent(/^4\.8★★★★★6 reviews/);
    expect(within(summary).getByRole('list', { name: 'Stars given' })).toHaveTextContent(
      '5 stars44 stars23 stars02 stars01 stars0',
    );
    // More pages than shown: Load more.
    expect(screen.getByRole('button', { name: 'Load more reviews' })).toBeInTheDocument();
  });

  it('shows "Shark not found" with a way back for an unknown or unpublished id', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: signedOut },
      [`GET /api/sharks/${ID}`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'Shark not found' } },
      },
    });
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Shark not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sharks' })).toHaveAttribute('href', '/sharks');
    expect(document.title).toBe('Shark not found | Shark Security');
  });

  it('lets an unpublished shark preview their own page, marked as a preview, with their own courses', async () => {
    const NOT_FOUND = { status: 404, body: { error: { code: 'not_found', message: 'Shark not found' } } };
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('ananya@example.com', ['shark']) },
      [`GET /api/sharks/${ID}`]: NOT_FOUND,
      [`GET /api/sharks/${ID}/courses`]: NOT_FOUND,
      'GET /api/workspace/profile': {
        status: 200,
        body: {
          id: ID,
          userId: '7b0f3c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e',
          email: 'ananya@example.com',
          name: 'Ananya Iyer',
          codeName: null,
          specialization: 'red_teaming',
          experience: 9,
          bio: 'Draft bio.',
          photoUrl: null,
          headline: null,
          languages: [],
          skills: [],
          links: {},
          published: false,
        },
      },
      'GET /api/workspace/courses': {
        status: 200,
        body: [{ ...COURSE, createdAt: '2026-11-22T10:00:00.000Z' }],
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, `/sharks/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ananya Iyer' })).toBeInTheDocument();
    expect(screen.getByText('Preview: only you can see this page until you publish')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Courses' }));
    expect(await screen.findByRole('article', { name: 'Adversary Emulation Basics' })).toBeInTheDocument();
    expect(screen.getByText('Learners can book here once you publish your profile.')).toBeInTheDocument();
    expect(screen.queryByText('Shark not found')).not.toBeInTheDocument();
  });

  it("shows a learner the shark's name and their booked course when the shark has unpublished", async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('learner@example.com', ['user']) },
      [`GET /api/sharks/${ID}`]: {
        status: 404,
        body: { error: { code: 'not_found', message: 'Shark not found' } },
      },
      'GET /api/me/bookings': {
        status: 200,
        body: [
          {
            id: '8d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a',
            courseId: COURSE.id,
            courseTitle: 'Adversary Emulation Basics',
            enrollmentFormUrl: null,
            sharkId: ID,
            sharkName: 'Ananya Iyer',
            name: 'Learner',
            email: 'learner@example.com',
            phone: '9876543210',
            hours: 2,
            preferredDate: '2026-11-24',
            preferredTime: '10:00',
            totalPricePaise: 300_000,
            upcoming: true,
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      },
    });
    renderScreen(routes, `/sharks/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ananya Iyer is not listed right now' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Adversary Emulation Basics/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your bookings' })).toHaveAttribute('href', '/user/bookings');
    expect(screen.queryByText('Shark not found')).not.toBeInTheDocument();
  });
});
