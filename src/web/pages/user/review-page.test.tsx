// /sessions/:id/review, /shark/reviews and the admin's reported reviews (issue 14), each as a user sees them.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MSG, type OwnReview, type SessionReviewState } from '#shared/reviews.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor } from '#web/testing/test-utils.tsx';
import { ReportedReviewsPanel } from '#web/features/reviews/reported-reviews.tsx';
import SharkReviewsPage from '#web/pages/shark/reviews-page.tsx';
import ReviewPage from './review-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BOOKING = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const SHARK = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const REVIEW = '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';

const open: SessionReviewState = {
  session: {
    id: BOOKING,
    courseTitle: 'Web Application Pentesting',
    sharkId: SHARK,
    sharkName: 'Arjun Mehta',
    startsAt: '2026-11-18T04:30:00.000Z',
    status: 'completed',
  },
  reviewableUntil: '2026-12-18T05:30:00.000Z',
  canCreate: true,
  canEdit: false,
  closedReason: null,
  review: null,
};

const written: OwnReview = {
  id: REVIEW,
  authorName: 'Priya R.',
  courseTitle: 'Web Application Pentesting',
  sessionMonth: '2026-11',
  rating: 4,
  knowledge: 5,
  preparation: 4,
  clarity: 3,
  body: 'Practical and well prepared; the lab matched my exam.',
  createdAt: '2026-11-19T10:00:00.000Z',
  editedAt: null,
  verified: true,
  reply: null,
  hidden: false,
  hiddenReason: null,
  editableUntil: '2026-11-26T10:00:00.000Z',
};

const reviewRoute = [{ path: '/sessions/:id/review', element: <ReviewPage /> }];

describe('the review form', () => {
  it('checks the stars and the text, then publishes the review and shows it as learners see it', async () => {
    let state = open;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      [`GET /api/sessions/${BOOKING}/review`]: () => ({ status: 200, body: state }),
      [`POST /api/sessions/${BOOKING}/review`]: () => {
        state = { ...open, canCreate: false, canEdit: true, review: written };
        return { status: 201, body: { message: REVIEW_MSG.created, state } };
      },
    });
    const user = userEvent.setup();
    renderScreen(reviewRoute, `/sessions/${BOOKING}/review`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Review your session: Web Application Pentesting',
      }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Review your session | Shark Security');

    await user.type(screen.getByLabelText(/Your review/), 'Too short.');
    await user.click(screen.getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByText(REVIEW_MSG.ratingRequired)).toBeInTheDocument();
    expect(screen.getByText('Rate knowledge from 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByText(REVIEW_MSG.bodyTooShort)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const pick = async (legend: string, stars: string) =>
      user.click(within(screen.getByRole('group', { name: legend })).getByLabelText(stars));
    await pick('Overall rating', '4 stars');
    await pick('Knowledge', '5 stars');
    await pick('Preparation', '4 stars');
    await pick('Clarity', '3 stars');
    await user.clear(screen.getByLabelText(/Your review/));
    await user.type(screen.getByLabelText(/Your review/), written.body);
    await user.click(screen.getByRole('button', { name: 'Publish review' }));

    expect(await screen.findByText(REVIEW_MSG.created)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      rating: 4,
      knowledge: 5,
      preparation: 4,
      clarity: 3,
      body: written.body,
    });
    const card = await screen.findByRole('article', { name: 'Review by Priya R., 4 out of 5' });
    expect(within(card).getByText(`✓ ${REVIEW_MSG.verified}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();

    // A thank-you and what to do next (issue 25): book again with this shark, or follow them.
    const thanks = screen.getByRole('region', {
      name: 'Thank you for reviewing your session with Arjun Mehta',
    });
    expect(within(thanks).getByRole('link', { name: 'Book again with Arjun Mehta' })).toHaveAttribute(
      'href',
      `/sharks/${SHARK}`,
    );
    expect(await within(thanks).findByRole('button', { name: 'Follow Arjun Mehta' })).toBeEnabled();
  });

  it('follows the shark from the thank-you, with the same Follow and Unfollow words as everywhere', async () => {
    let following: string[] = [];
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      [`GET /api/sessions/${BOOKING}/review`]: {
        status: 200,
        body: { ...open, canCreate: false, canEdit: true, review: written },
      },
      'GET /api/me/follows': () => ({ status: 200, body: { sharkIds: following, sharks: [] } }),
      [`PUT /api/follows/${SHARK}`]: () => {
        following = [SHARK];
        return { status: 200, body: { sharkId: SHARK, following: true } };
      },
    });
    const user = userEvent.setup();
    renderScreen(reviewRoute, `/sessions/${BOOKING}/review`);
    await user.click(await screen.findByRole('button', { name: 'Follow Arjun Mehta' }));
    expect(await screen.findByRole('button', { name: 'Unfollow Arjun Mehta' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT' && c.path === `/api/follows/${SHARK}`)).toBe(true);
  });

  it('says why the form is closed for a session that is not completed', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('priya@example.com', ['user']) },
      [`GET /api/sessions/${BOOKING}/review`]: {
        status: 200,
        body: {
          ...open,
          session: { ...open.session, status: 'cancelled' },
          canCreate: false,
          closedReason: REVIEW_MSG.notCompleted,
        },
      },
    });
    renderScreen(reviewRoute, `/sessions/${BOOKING}/review`);
    expect(await screen.findByText(REVIEW_MSG.notCompleted)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish review' })).not.toBeInTheDocument();
  });

  it('shows "Session not found." to anyone but the learner', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('other@example.com', ['user']) },
      [`GET /api/sessions/${BOOKING}/review`]: {
        status: 404,
        body: { error: { code: 'not_found', message: REVIEW_MSG.sessionNotFound } },
      },
    });
    renderScreen(reviewRoute, `/sessions/${BOOKING}/review`);
    expect(await screen.findByRole('heading', { name: REVIEW_MSG.sessionNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/user/bookings');
  });
});

const summary = {
  average: 4,
  count: 1,
  distribution: [0, 0, 0, 1, 0],
  rubric: { knowledge: 5, preparation: 4, clarity: 3 },
};

describe("the shark's reviews", () => {
  it('lists every review with a reply form, and publishes the one reply', async () => {
    let review = { ...written, hidden: false, hiddenReason: null } as Omit<OwnReview, 'editableUntil'>;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('arjun@example.com', ['shark']) },
      'GET /api/workspace/profile': { status: 200, body: { id: SHARK, name: 'Arjun Mehta' } },
      'GET /api/workspace/reviews': () => ({
        status: 200,
        body: { summary, items: [review], page: 1, pageSize: 10, total: 1 },
      }),
      [`POST /api/workspace/reviews/${REVIEW}/reply`]: ({ body }) => {
        review = {
          ...review,
          reply: { body: (body as { body: string }).body, at: '2026-11-20T10:00:00.000Z' },
        };
        return { status: 201, body: { message: REVIEW_MSG.replied, review } };
      },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/shark/reviews', element: <SharkReviewsPage /> }], '/shark/reviews');
    const card = await screen.findByRole('article', { name: 'Review by Priya R., 4 out of 5' });
    await user.click(within(card).getByRole('button', { name: 'Reply to the review by Priya R.' }));
    await user.click(within(card).getByRole('button', { name: 'Publish reply' }));
    expect(await within(card).findByText(REVIEW_MSG.replyRequired)).toBeInTheDocument();
    await user.type(within(card).getByLabelText(/Your public reply/), 'Thank you, Priya!');
    await user.click(within(card).getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText(REVIEW_MSG.replied)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'Thank you, Priya!' });
    const updated = await screen.findByRole('article', { name: 'Review by Priya R., 4 out of 5' });
    expect(await within(updated).findByText('Thank you, Priya!')).toBeInTheDocument();
    expect(within(updated).queryByRole('button', { name: /Reply to/ })).not.toBeInTheDocument();
  });
});

describe("the admin's reported reviews", () => {
  it('shows the reports and hides a review with a reason', async () => {
    let hidden = false;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: sessionFor('admin@example.com', ['admin']) },
      'GET /api/admin/reviews': () => ({
        status: 200,
        body: {
          items: [
            {
              ...written,
              hidden,
              hiddenReason: hidden ? 'Names a third person.' : null,
              sharkId: SHARK,
              sharkName: 'Arjun Mehta',
              openReports: hidden ? 0 : 1,
              reports: [{ reason: 'It names my colleague.', at: '2026-11-20T10:00:00.000Z' }],
            },
          ],
          page: 1,
          pageSize: 25,
          total: 1,
        },
      }),
      [`POST /api/admin/reviews/${REVIEW}/hide`]: () => {
        hidden = true;
        return { status: 200, body: { message: REVIEW_MSG.hidden } };
      },
    });
    const user = userEvent.setup();
    renderScreen([{ path: '/admin', element: <ReportedReviewsPanel /> }], '/admin');
    const card = await screen.findByRole('article', { name: 'Review by Priya R., 4 out of 5' });
    expect(within(card).getByText('1 open report')).toBeInTheDocument();
    expect(within(card).getByText(/It names my colleague\./)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Hide the review by Priya R.' }));
    // Hiding is destructive: a confirmation dialog says what happens first (issue 25).
    const dialog = await screen.findByRole('dialog', { name: 'Hide the review by Priya R.?' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Names a third person.');
    await user.click(within(dialog).getByRole('button', { name: 'Hide the review' }));
    expect(await screen.findByText(REVIEW_MSG.hidden)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Names a third person.' });
    expect(await screen.findByText('Hidden: Names a third person.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish again the review by Priya R.' })).toBeInTheDocument();
  });
});
