// The client's review of the freelancer (issue 27, decision 182), through HTTP on a real database: only the
// client of a completed engagement (both milestones funded at the test gateway, delivered and approved), once;
// shown as verified on the freelancer's profile, counted in the directory's rating and its "rating" sort.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ENGAGEMENT_REVIEW_MSG } from '#shared/engagement-reviews.ts';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import { engagementEvents, engagementMilestones, engagementReviews } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createEngagement, createFreelancer, proposalBody, requestBody } from '#server/test/marketplace.ts';
import { gatewayCheckout } from '#server/test/payments.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100', COMPANY_GSTIN: '29ABCDE1234F1Z5' });
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetDb();
  await app.inject({
    method: 'POST',
    url: '/api/test-gateway/control',
    payload: { refunds: 'process', orders: 'up' },
  });
});

const post = (url: string, cookie: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const errorOf = (res: { json: () => { error: { message: string } } }) => res.json().error.message;
const GOOD = { rating: 5, body: 'Thorough testing, a clear report and a quick retest.' };

async function hired(names: { clientName?: string; freelancerName?: string } = {}) {
  const { db } = await testDatabase();
  const h = await createEngagement(app, db, names);
  expect(
    (await post(`/api/engagements/${h.engagementId}/roe`, h.client.cookie, { acknowledge: true })).statusCode,
  ).toBe(200);
  return { db, ...h, review: `/api/engagements/${h.engagementId}/review` };
}
type Hired = Awaited<ReturnType<typeof hired>>;

/** Funds (test gateway), delivers and approves every milestone: the engagement becomes completed. */
async function complete(h: Hired) {
  const ms = await h.db
    .select()
    .from(engagementMilestones)
    .where(eq(engagementMilestones.engagementId, h.engagementId))
    .orderBy(engagementMilestones.position);
  for (const m of ms) {
    const base = `/api/engagements/${h.engagementId}/milestones/${m.id}`;
    const checkout = await post(`${base}/checkout`, h.client.cookie);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const callback = await gatewayCheckout(app, checkout.json().orderId, 'success');
    expect((await post(`${base}/checkout/confirm`, h.client.cookie, callback)).statusCode).toBe(200);
    expect((await post(`${base}/deliver`, h.freelancer.cookie, {})).statusCode).toBe(200);
    expect((await post(`${base}/approve`, h.client.cookie)).statusCode).toBe(200);
  }
  expect((await get(`/api/engagements/${h.engagementId}`, h.client.cookie)).json().status).toBe('completed');
}

describe("the client's review of the freelancer", () => {
  it('is published once the engagement is completed, verified on the profile and in the directory', async () => {
    const h = await hired();
    await complete(h);
    const res = await post(h.review, h.client.cookie, { rating: '4', body: `  ${GOOD.body}  ` });
    expect([res.statusCode, res.json().message]).toEqual([201, ENGAGEMENT_REVIEW_MSG.created]);

    const mine = await get(h.review, h.freelancer.cookie);
    expect(mine.json().review).toMatchObject({ rating: 4, body: GOOD.body, clientName: 'Asha Menon' });
    const events = await h.db
      .select({ kind: engagementEvents.kind })
      .from(engagementEvents)
      .where(eq(engagementEvents.engagementId, h.engagementId));
    expect(events.map((e) => e.kind)).toContain('reviewed');
    // The timeline in the order things happened: the last approval, the completion it caused, the review.
    const timeline = (await get(`/api/engagements/${h.engagementId}`, h.client.cookie)).json().events as {
      kind: string;
    }[];
    expect(timeline.slice(-3).map((e) => e.kind)).toEqual(['milestone_approved', 'completed', 'reviewed']);

    const profile = (await get(`/api/freelancers/${h.freelancer.profileId}`)).json();
    expect(profile).toMatchObject({ avgRating: 4, reviewCount: 1 });
    expect(profile.reviews).toEqual([
      { rating: 4, body: GOOD.body, clientName: 'Asha Menon', createdAt: expect.any(String) },
    ]);
    const directory = (await get('/api/freelancers')).json();
    expect(directory.items[0]).toMatchObject({ name: 'Kabir Shah', avgRating: 4, reviewCount: 1 });
  });

  it("shows the reviewed freelancer's rating and count in another client's proposals comparison", async () => {
    const h = await hired();
    await complete(h);
    expect((await post(h.review, h.client.cookie, { ...GOOD, rating: 4 })).statusCode).toBe(201);

    const other = await createAccount(h.db, { roles: ['user'], name: 'Ravi Menon' });
    const otherCookie = await sessionCookie(h.db, other.id);
    const request = await post('/api/requests', otherCookie, { ...requestBody(), publish: true });
    expect(request.statusCode, request.body).toBe(201);
    const requestId = request.json().id as string;
    const newcomer = await createFreelancer(h.db, { name: 'Meera Iyer' });
    for (const cookie of [h.freelancer.cookie, newcomer.cookie]) {
      const sent = await post(`/api/freelancer/requests/${requestId}/proposal`, cookie, proposalBody());
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const list = (await get(`/api/requests/${requestId}/proposals`, otherCookie)).json() as {
      freelancer: { name: string; rating: number | null; reviewCount: number };
    }[];
    expect(
      list
        .map((p) => [p.freelancer.name, p.freelancer.rating, p.freelancer.reviewCount])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Kabir Shah', 4, 1],
      ['Meera Iyer', null, 0],
    ]);
  });

  it('refuses an engagement that is not completed yet, with a clear message, and writes nothing', async () => {
    const h = await hired();
    const res = await post(h.review, h.client.cookie, GOOD);
    expect([res.statusCode, errorOf(res)]).toEqual([409, ENGAGEMENT_REVIEW_MSG.notCompleted]);
    expect(await h.db.select().from(engagementReviews)).toEqual([]);
    expect((await get(h.review, h.client.cookie)).json()).toEqual({ review: null });
  });

  it('refuses a second review of the same engagement, even sent at once', async () => {
    const h = await hired();
    await complete(h);
    const [a, b] = await Promise.all([
      post(h.review, h.client.cookie, GOOD),
      post(h.review, h.client.cookie, GOOD),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = await post(h.review, h.client.cookie, { ...GOOD, rating: 1 });
    expect([again.statusCode, errorOf(again)]).toEqual([409, ENGAGEMENT_REVIEW_MSG.alreadyReviewed]);
    expect(await h.db.select().from(engagementReviews)).toHaveLength(1);
    expect((await get(`/api/freelancers/${h.freelancer.profileId}`)).json().reviewCount).toBe(1);
  });

  it('is refused to the freelancer (403), to strangers and admins (404), and signed out (401)', async () => {
    const h = await hired();
    await complete(h);
    const freelancer = await post(h.review, h.freelancer.cookie, GOOD);
    expect([freelancer.statusCode, errorOf(freelancer)]).toEqual([403, ENGAGEMENT_REVIEW_MSG.clientOnly]);
    const stranger = await createAccount(h.db, { roles: ['user'] });
    const admin = await createAccount(h.db, { roles: ['admin'] });
    for (const who of [stranger, admin]) {
      const res = await post(h.review, await sessionCookie(h.db, who.id), GOOD);
      expect([res.statusCode, errorOf(res)]).toEqual([404, ENGAGEMENT_MSG.notFound]);
    }
    expect((await get(h.review, await sessionCookie(h.db, stranger.id))).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: h.review, payload: GOOD })).statusCode).toBe(401);
    expect(await h.db.select().from(engagementReviews)).toEqual([]);
  });

  it.each([
    [{ body: GOOD.body }, 'rating', ENGAGEMENT_REVIEW_MSG.ratingRequired],
    [{ ...GOOD, rating: 0 }, 'rating', ENGAGEMENT_REVIEW_MSG.ratingRequired],
    [{ ...GOOD, rating: 6 }, 'rating', ENGAGEMENT_REVIEW_MSG.ratingRequired],
    [{ ...GOOD, rating: 4.5 }, 'rating', ENGAGEMENT_REVIEW_MSG.ratingRequired],
    [{ ...GOOD, rating: true }, 'rating', ENGAGEMENT_REVIEW_MSG.ratingRequired],
    [{ rating: 5 }, 'body', ENGAGEMENT_REVIEW_MSG.bodyTooShort],
    [{ rating: 5, body: '   too short    ' }, 'body', ENGAGEMENT_REVIEW_MSG.bodyTooShort],
    [{ rating: 5, body: 'x'.repeat(2001) }, 'body', ENGAGEMENT_REVIEW_MSG.bodyTooLong],
  ])('refuses bad input %j with a message naming %s', async (payload, field, message) => {
    const h = await hired();
    const res = await post(h.review, h.client.cookie, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
    expect(res.body).toContain(field);
    expect(await h.db.select().from(engagementReviews)).toEqual([]);
  });

  it('sorts "Top rated" by the average, unrated last, and keeps each average and count', async () => {
    const a = await hired({ clientName: 'Asha Menon', freelancerName: 'Aditi Rao' });
    const b = await hired({ clientName: 'Ravi Iyer', freelancerName: 'Zoya Khan' });
    await createFreelancer(a.db, { name: 'Meera Das' });
    await complete(a);
    await complete(b);
    expect((await post(a.review, a.client.cookie, { ...GOOD, rating: 3 })).statusCode).toBe(201);
    expect((await post(b.review, b.client.cookie, GOOD)).statusCode).toBe(201);
    const top = (await get('/api/freelancers?sort=rating')).json();
    expect(
      top.items.map((f: { name: string; avgRating: number | null; reviewCount: number }) => [
        f.name,
        f.avgRating,
        f.reviewCount,
      ]),
    ).toEqual([
      ['Zoya Khan', 5, 1],
      ['Aditi Rao', 3, 1],
      ['Meera Das', null, 0],
    ]);
  });
});
