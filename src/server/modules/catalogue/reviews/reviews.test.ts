// Reviews you can trust (issue 14): only the session's learner, only after completion, once, within the window;
// the shark's one reply; reports and hiding; the shark's average, count and "Top rated" place recomputed in the
// same transaction; the invitation mailed once the day after; the first review mailed to Notify Me.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client.ts';
import { seedDemo } from '#server/seed.ts';
import { REVIEW_MSG } from '#shared/reviews.ts';
import { COMMON_MSG } from '#shared/common.ts';
import {
  adminAuditLog,
  bookingEvents,
  courseBookings,
  reviewInvitations,
  reviews,
  sharks,
} from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  dateIn,
  createAccount,
  createBooking,
  createCourse,
  createReview,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const DAY = 86_400_000;

const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as Array<{
    subject: string;
    link: string | null;
    text: string | null;
  }>;

const goodReview = {
  rating: 5,
  knowledge: 5,
  preparation: 4,
  clarity: 5,
  body: 'Clear, practical and well prepared: I passed my exam a week later.',
};

/** A published shark with a course, a learner (with a session cookie) and a booking in `status`. */
async function sessionOf(status: 'completed' | 'confirmed' | 'cancelled' = 'completed', daysAgo = 3) {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id });
  const course = await createCourse(db, shark.id, { title: 'Web Application Pentesting' });
  const learner = await createAccount(db, {
    roles: ['user'],
    name: 'Priya Raman Iyer',
    email: 'priya@example.com',
  });
  const booking = await createBooking(db, {
    courseId: course.id,
    userId: learner.id,
    preferredDate: dateIn(-daysAgo),
    status,
  });
  return {
    db,
    shark,
    course,
    booking,
    learner,
    cookie: await sessionCookie(db, learner.id),
    sharkCookie: await sessionCookie(db, sharkAccount.id),
  };
}

const post = (url: string, cookie: string | undefined, payload: object) =>
  app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

describe('writing a review', () => {
  it('lets the learner of a completed session review it once, and the profile shows it with the summary', async () => {
    const { booking, shark, cookie } = await sessionOf();
    const state = await app.inject({
      method: 'GET',
      url: `/api/sessions/${booking.id}/review`,
      headers: { cookie },
    });
    expect(state.statusCode).toBe(200);
    expect(state.json()).toMatchObject({ canCreate: true, canEdit: false, closedReason: null, review: null });
    // Whether the learner's lists and the session page offer "Leave a review" (issue 25): not reviewed yet.
    const reviewed = async () => {
      const mine = await app.inject({ method: 'GET', url: '/api/me/bookings', headers: { cookie } });
      const page = await app.inject({
        method: 'GET',
        url: `/api/sessions/${booking.id}`,
        headers: { cookie },
      });
      return {
        list: (mine.json() as Array<{ id: string; reviewed: boolean }>).find((b) => b.id === booking.id)
          ?.reviewed,
        page: (page.json() as { reviewed: boolean }).reviewed,
      };
    };
    expect(await reviewed()).toEqual({ list: false, page: false });

    const res = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(REVIEW_MSG.created);
    expect(res.json().state).toMatchObject({ canCreate: false, canEdit: true });
    // Published: neither offers it again.
    expect(await reviewed()).toEqual({ list: true, page: true });

    const again = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REVIEW_MSG.alreadyReviewed);

    const list = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/reviews` });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.summary).toEqual({
      average: 5,
      count: 1,
      distribution: [0, 0, 0, 0, 1],
      rubric: { knowledge: 5, preparation: 4, clarity: 5 },
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      authorName: 'Priya I.',
      courseTitle: 'Web Application Pentesting',
      sessionMonth: booking.startsAt.toISOString().slice(0, 7),
      rating: 5,
      verified: true,
      reply: null,
      body: goodReview.body,
    });
    // Never the email or the full surname.
    expect(JSON.stringify(body)).not.toContain('priya@example.com');
    expect(JSON.stringify(body)).not.toContain('Raman');

    const card = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` });
    expect(card.json()).toMatchObject({ avgRating: 5, reviewCount: 1 });
  });

  it('refuses anyone but the session learner with "Session not found." and a visitor with 401', async () => {
    const { db, booking, sharkCookie } = await sessionOf();
    const stranger = await createAccount(db, { roles: ['user'] });
    for (const cookie of [await sessionCookie(db, stranger.id), sharkCookie]) {
      const res = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(REVIEW_MSG.sessionNotFound);
    }
    const visitor = await post(`/api/sessions/${booking.id}/review`, undefined, goodReview);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(COMMON_MSG.loginRequired);
  });

  it('refuses a session that is not completed (confirmed, cancelled, no-show)', async () => {
    for (const status of ['confirmed', 'cancelled'] as const) {
      await resetDb();
      const { booking, cookie } = await sessionOf(status);
      const res = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(REVIEW_MSG.notCompleted);
    }
    await resetDb();
    const { db, booking, cookie } = await sessionOf('completed');
    await db.update(courseBookings).set({ status: 'no_show' }).where(eq(courseBookings.id, booking.id));
    const noShow = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    expect(noShow.statusCode).toBe(409);
    expect(noShow.json().error.message).toBe(REVIEW_MSG.notCompleted);
  });

  it('closes 30 days after the session (counted from its completion event when there is one)', async () => {
    const old = await sessionOf('completed', 31);
    const res = await post(`/api/sessions/${old.booking.id}/review`, old.cookie, goodReview);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(REVIEW_MSG.windowClosed);
    // Recorded as completed 2 days ago (after a no-show window): still open.
    await old.db.insert(bookingEvents).values({
      bookingId: old.booking.id,
      kind: 'completed',
      actor: 'system',
      at: new Date(Date.now() - 2 * DAY),
    });
    const late = await post(`/api/sessions/${old.booking.id}/review`, old.cookie, goodReview);
    expect(late.statusCode).toBe(201);
  });

  it('checks the rating, rubric and text with their own messages', async () => {
    const { booking, cookie } = await sessionOf();
    const res = await post(`/api/sessions/${booking.id}/review`, cookie, {
      rating: 0,
      knowledge: 6,
      preparation: 'x',
      clarity: 2.5,
      body: 'Too short.',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      rating: REVIEW_MSG.ratingRequired,
      knowledge: 'Rate knowledge from 1 to 5 stars',
      preparation: 'Rate preparation from 1 to 5 stars',
      clarity: 'Rate clarity from 1 to 5 stars',
      body: 'Please write at least 20 characters',
    });
    const long = await post(`/api/sessions/${booking.id}/review`, cookie, {
      ...goodReview,
      body: 'x'.repeat(2001),
    });
    expect(long.json().error.fields).toEqual({ body: 'Keep the review under 2,000 characters' });
    // Issue 21, finding 12: true is not 1, and '0x4' is not 4.
    const coerced = await post(`/api/sessions/${booking.id}/review`, cookie, {
      ...goodReview,
      rating: true,
      knowledge: '0x4',
      preparation: '',
    });
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().error.fields).toEqual({
      rating: REVIEW_MSG.ratingRequired,
      knowledge: 'Rate knowledge from 1 to 5 stars',
      preparation: 'Rate preparation from 1 to 5 stars',
    });
  });

  it('lets the learner edit for 7 days, then refuses', async () => {
    const { db, booking, shark, cookie } = await sessionOf();
    await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/sessions/${booking.id}/review`,
      headers: { cookie },
      payload: { ...goodReview, rating: 3 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().message).toBe(REVIEW_MSG.updated);
    const [row] = await db.select().from(sharks).where(eq(sharks.id, shark.id));
    expect(row).toMatchObject({ avgRating: 3, reviewCount: 1 });

    // Written 8 days ago: the edit window has closed.
    await db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(reviews.bookingId, booking.id));
    const late = await app.inject({
      method: 'PUT',
      url: `/api/sessions/${booking.id}/review`,
      headers: { cookie },
      payload: goodReview,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(REVIEW_MSG.editClosed);
  });

  it('mails the learners who pressed Notify Me when the first review is published, once', async () => {
    const { db, booking, shark, cookie, course } = await sessionOf();
    const waiting = await createAccount(db, { roles: ['user'], email: 'waiting@example.com' });
    const notify = await post(
      `/api/sharks/${shark.id}/notify-reviews`,
      await sessionCookie(db, waiting.id),
      {},
    );
    expect(notify.statusCode).toBe(201);
    expect(notify.json().message).toBe(REVIEW_MSG.saved);
    await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    const mails = await outbox('waiting@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Arjun Mehta has a first review']);
    expect(mails[0].link).toContain(`/sharks/${shark.id}?tab=reviews`);

    // A second review mails nobody again.
    const other = await createAccount(db, { roles: ['user'] });
    const second = await createBooking(db, {
      courseId: course.id,
      userId: other.id,
      preferredDate: dateIn(-2),
      status: 'completed',
    });
    await post(`/api/sessions/${second.id}/review`, await sessionCookie(db, other.id), goodReview);
    expect(await outbox('waiting@example.com')).toHaveLength(1);
  });
});

describe("the shark's reply", () => {
  it('lets the shark reply once to a review of theirs, shown under it on the profile', async () => {
    const { db, booking, shark, cookie, sharkCookie } = await sessionOf();
    const created = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    const reviewId = created.json().state.review.id as string;

    const mine = await app.inject({
      method: 'GET',
      url: '/api/workspace/reviews',
      headers: { cookie: sharkCookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((r: { id: string }) => r.id)).toEqual([reviewId]);

    const other = await createShark(db);
    const otherCookie = await sessionCookie(db, other.userId);
    const stranger = await post(`/api/workspace/reviews/${reviewId}/reply`, otherCookie, { body: 'Thanks!' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(REVIEW_MSG.reviewNotFound);

    const reply = await post(`/api/workspace/reviews/${reviewId}/reply`, sharkCookie, {
      body: 'Thank you, Priya: good luck with the next exam!',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toBe(REVIEW_MSG.replied);
    const again = await post(`/api/workspace/reviews/${reviewId}/reply`, sharkCookie, { body: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REVIEW_MSG.alreadyReplied);

    const list = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/reviews` });
    expect(list.json().items[0].reply).toMatchObject({
      body: 'Thank you, Priya: good luck with the next exam!',
    });
  });

  it('refuses an empty reply with its message', async () => {
    const { booking, cookie, sharkCookie } = await sessionOf();
    const created = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    const res = await post(`/api/workspace/reviews/${created.json().state.review.id}/reply`, sharkCookie, {
      body: '   ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ body: REVIEW_MSG.replyRequired });
  });
});

describe('reports and moderation', () => {
  it('reports once per person; an admin hides with a reason (audited, learner mailed) and the average moves back', async () => {
    const { db, booking, shark, course, cookie } = await sessionOf();
    // An older four-star review, then the learner's five-star one: average 4.5 over 2.
    const earlier = await createAccount(db, { roles: ['user'] });
    await createReview(db, { courseId: course.id, userId: earlier.id, rating: 4, preferredDate: dateIn(-9) });
    const created = await post(`/api/sessions/${booking.id}/review`, cookie, goodReview);
    const reviewId = created.json().state.review.id as string;
    expect((await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).json()).toMatchObject({
      avgRating: 4.5,
      reviewCount: 2,
    });

    const reporter = await createAccount(db, { roles: ['user'] });
    const reporterCookie = await sessionCookie(db, reporter.id);
    const short = await post(`/api/reviews/${reviewId}/reports`, reporterCookie, { reason: 'bad' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ reason: REVIEW_MSG.reasonRequired });
    const report = await post(`/api/reviews/${reviewId}/reports`, reporterCookie, {
      reason: 'This names someone who was not in the session.',
    });
    expect(report.statusCode).toBe(201);
    expect(report.json().message).toBe(REVIEW_MSG.reported);
    const twice = await post(`/api/reviews/${reviewId}/reports`, reporterCookie, {
      reason: 'Again, please.',
    });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().message).toBe(REVIEW_MSG.alreadyReported);
    const own = await post(`/api/reviews/${reviewId}/reports`, cookie, { reason: 'My own review.' });
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(REVIEW_MSG.ownReview);

    const admin = await createAccount(db, { roles: ['admin'] });
    const adminCookie = await sessionCookie(db, admin.id);
    const queue = await app.inject({
      method: 'GET',
      url: '/api/admin/reviews',
      headers: { cookie: adminCookie },
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toMatchObject({ page: 1, total: 1 });
    expect(queue.json().items).toHaveLength(1);
    expect(queue.json().items[0]).toMatchObject({
      id: reviewId,
      sharkName: 'Arjun Mehta',
      openReports: 1,
      hidden: false,
      reports: [{ reason: 'This names someone who was not in the session.' }],
    });
    // The queue is searched by the shark's name, the learner's name or the review's text (issue 25).
    for (const [q, total] of [
      ['arjun', 1],
      ['nobody at all', 0],
    ] as const) {
      const found = await app.inject({
        method: 'GET',
        url: `/api/admin/reviews?q=${encodeURIComponent(q)}`,
        headers: { cookie: adminCookie },
      });
      expect(found.json().total, q).toBe(total);
    }

    const hide = await post(`/api/admin/reviews/${reviewId}/hide`, adminCookie, {
      reason: 'Names a third person.',
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().message).toBe(REVIEW_MSG.hidden);
    // The average moves back in the same transaction, and the review leaves the profile.
    expect((await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).json()).toMatchObject({
      avgRating: 4,
      reviewCount: 1,
    });
    const list = (await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/reviews` })).json();
    expect(list.items.map((r: { id: string }) => r.id)).not.toContain(reviewId);
    expect(list.summary).toMatchObject({ average: 4, count: 1, distribution: [0, 0, 0, 1, 0] });

    const mails = await outbox('priya@example.com');
    expect(mails.map((m) => m.subject)).toContain('Your review of Arjun Mehta was hidden');
    expect(mails.find((m) => m.subject.endsWith('was hidden'))?.text).toContain('Names a third person.');
    const log = await db.select().from(adminAuditLog);
    expect(log.map((r) => [r.action, r.targetType, r.targetId, r.reason])).toEqual([
      ['review.hide', 'review', reviewId, 'Names a third person.'],
    ]);
    // The learner cannot edit a hidden review; a hidden review cannot be reported.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/sessions/${booking.id}/review`,
      headers: { cookie },
      payload: goodReview,
    });
    expect(edit.json().error.message).toBe(REVIEW_MSG.hiddenNoEdit);
    const again = await post(`/api/admin/reviews/${reviewId}/hide`, adminCookie, { reason: 'Twice over.' });
    expect(again.statusCode).toBe(409);

    const unhide = await post(`/api/admin/reviews/${reviewId}/unhide`, adminCookie, {
      reason: 'The learner removed the name.',
    });
    expect(unhide.json().message).toBe(REVIEW_MSG.unhidden);
    expect((await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).json()).toMatchObject({
      avgRating: 4.5,
      reviewCount: 2,
    });
    expect((await db.select().from(adminAuditLog)).map((r) => r.action)).toEqual([
      'review.hide',
      'review.unhide',
    ]);
  });
});

describe('honest ratings and the "Top rated" sort', () => {
  it('sorts by a Bayesian average: forty reviews at 4.8 outrank one five-star review; unrated sharks last', async () => {
    const { db } = await testDatabase();
    const one = await createShark(db, { name: 'Aaron One-Review' });
    const many = await createShark(db, { name: 'Zed Many-Reviews' });
    const unrated = await createShark(db, { name: 'Adam Unrated' });
    const oneCourse = await createCourse(db, one.id);
    const manyCourse = await createCourse(db, many.id);
    const learner = await createAccount(db, { roles: ['user'] });
    await createReview(db, {
      courseId: oneCourse.id,
      userId: learner.id,
      rating: 5,
      preferredDate: dateIn(-3),
    });
    for (let i = 0; i < 40; i++)
      await createReview(db, {
        courseId: manyCourse.id,
        userId: learner.id,
        // 32 fives and 8 fours: 4.8
        rating: i < 32 ? 5 : 4,
        preferredDate: dateIn(-3 - i),
      });
    const res = await app.inject({ method: 'GET', url: '/api/sharks?sort=rating' });
    const list = res.json().items as Array<{ name: string; avgRating: number | null; reviewCount: number }>;
    expect(list.map((s) => s.name)).toEqual(['Zed Many-Reviews', 'Aaron One-Review', 'Adam Unrated']);
    expect(list.map((s) => [s.avgRating, s.reviewCount])).toEqual([
      [4.8, 40],
      [5, 1],
      [null, 0],
    ]);
    void unrated;
  });
});

describe('the demo seed', () => {
  it('turns the demo ratings into reviews of completed sessions, and leaves some sharks "New"', async () => {
    const { db } = await testDatabase();
    await seedDemo(db);
    const rows = await queryRows<{ rated: number; unrated: number; orphans: number; mismatched: number }>(
      db,
      sql`SELECT
        (SELECT count(*)::int FROM sharks WHERE review_count > 0) AS rated,
        (SELECT count(*)::int FROM sharks WHERE published AND avg_rating IS NULL AND review_count = 0) AS unrated,
        (SELECT count(*)::int FROM reviews r JOIN ${courseBookings} b ON b.id = r.booking_id
          WHERE b.status <> 'completed' OR b.user_id IS DISTINCT FROM r.user_id) AS orphans,
        (SELECT count(*)::int FROM sharks s WHERE s.review_count <>
          (SELECT count(*) FROM reviews r WHERE r.shark_id = s.id AND r.hidden_at IS NULL)) AS mismatched`,
    );
    expect(rows[0].rated).toBeGreaterThan(15);
    expect(rows[0].unrated).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ orphans: 0, mismatched: 0 });
  });
});

describe('the review invitation', () => {
  it('mails the learner once, the day after completion, with a link to the review form', async () => {
    const { db, booking, learner } = await sessionOf('completed', 1);
    // Completed today: not yet.
    const today = await createBooking(db, {
      courseId: booking.courseId,
      userId: learner.id,
      preferredDate: dateIn(0),
      preferredTime: '00:30',
      status: 'completed',
    });
    await app.jobs.handlers['review-invitations']({ data: { task: 'invite' } } as never);
    const mails = await outbox('priya@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['How was your session with Arjun Mehta?']);
    expect(mails[0].link).toMatch(new RegExp(`/sessions/${booking.id}/review$`));
    expect((await db.select().from(reviewInvitations)).map((r) => r.bookingId)).toEqual([booking.id]);
    void today;

    await app.jobs.handlers['review-invitations']({ data: { task: 'invite' } } as never);
    expect(await outbox('priya@example.com')).toHaveLength(1);
  });
});
