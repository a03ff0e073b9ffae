import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { reviewNotifyRequests, sharkFollowers } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

async function learner() {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles: ['user'] });
  return { db, account, cookie: await sessionCookie(db, account.id) };
}

describe('follows', () => {
  it('follows once however often the heart is pressed, and lists the followed sharks', async () => {
    const { db, account, cookie } = await learner();
    const shark = await createShark(db, { name: 'Kiran Desai' });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'PUT', url: `/api/follows/${shark.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ sharkId: shark.id, following: true });
    }
    expect(await db.select().from(sharkFollowers)).toEqual([
      expect.objectContaining({ userId: account.id, sharkId: shark.id }),
    ]);
    const mine = await app.inject({ method: 'GET', url: '/api/me/follows', headers: { cookie } });
    expect(mine.json().sharkIds).toEqual([shark.id]);
    expect(mine.json().sharks[0]).toMatchObject({
      id: shark.id,
      name: 'Kiran Desai',
      specialization: 'pentesting',
    });
  });

  it('unfollows, and unfollowing again is harmless', async () => {
    const { db, cookie } = await learner();
    const shark = await createShark(db);
    await app.inject({ method: 'PUT', url: `/api/follows/${shark.id}`, headers: { cookie } });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({
        method: 'DELETE',
        url: `/api/follows/${shark.id}`,
        headers: { cookie },
      });
      expect(res.json()).toEqual({ sharkId: shark.id, following: false });
    }
    expect((await app.inject({ method: 'GET', url: '/api/me/follows', headers: { cookie } })).json()).toEqual(
      { sharkIds: [], sharks: [] },
    );
  });

  it("keeps each learner's follows apart", async () => {
    const { db, cookie } = await learner();
    const other = await learner();
    const a = await createShark(db, { name: 'A' });
    const b = await createShark(db, { name: 'B' });
    await app.inject({ method: 'PUT', url: `/api/follows/${a.id}`, headers: { cookie } });
    await app.inject({ method: 'PUT', url: `/api/follows/${b.id}`, headers: { cookie: other.cookie } });
    expect(
      (await app.inject({ method: 'GET', url: '/api/me/follows', headers: { cookie } })).json().sharkIds,
    ).toEqual([a.id]);
    expect(
      (await app.inject({ method: 'GET', url: '/api/me/follows', headers: { cookie: other.cookie } })).json()
        .sharkIds,
    ).toEqual([b.id]);
  });

  it('tells a visitor "Please login to follow a shark"', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: `/api/follows/${shark.id}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Please login to follow a shark');
    }
    expect((await app.inject({ method: 'GET', url: '/api/me/follows' })).statusCode).toBe(401);
    const malformed = await app.inject({ method: 'PUT', url: '/api/follows/not-a-uuid' });
    expect(malformed.statusCode).toBe(401);
    expect(await db.select().from(sharkFollowers)).toEqual([]);
  });

  it('says "Shark not found" for an unknown, malformed or unpublished shark, and hides unpublished ones from Liked Sharks', async () => {
    const { db, cookie } = await learner();
    const hidden = await createShark(db, { published: false });
    for (const id of [randomUUID(), hidden.id]) {
      const res = await app.inject({ method: 'PUT', url: `/api/follows/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Shark not found');
    }
    const bad = await app.inject({ method: 'PUT', url: '/api/follows/not-a-uuid', headers: { cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Shark not found');
  });
});

describe('POST /api/sharks/:id/notify-reviews', () => {
  it('stores the interest once per learner and says so', async () => {
    const { db, cookie } = await learner();
    const shark = await createShark(db);
    const first = await app.inject({
      method: 'POST',
      url: `/api/sharks/${shark.id}/notify-reviews`,
      headers: { cookie },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      alreadyRequested: false,
      message: "Thanks! We'll email you when this shark's first review is published.",
    });
    const second = await app.inject({
      method: 'POST',
      url: `/api/sharks/${shark.id}/notify-reviews`,
      headers: { cookie },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      alreadyRequested: true,
      message: "You're already on the list: we'll email you when this shark's first review is published.",
    });
    expect(await db.select().from(reviewNotifyRequests)).toHaveLength(1);
  });

  it('asks a visitor to log in, and refuses an unknown shark', async () => {
    const { db, cookie } = await learner();
    const shark = await createShark(db);
    const visitor = await app.inject({ method: 'POST', url: `/api/sharks/${shark.id}/notify-reviews` });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe('Please log in to continue.');
    const unknown = await app.inject({
      method: 'POST',
      url: `/api/sharks/${randomUUID()}/notify-reviews`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await db.select().from(reviewNotifyRequests)).toEqual([]);
  });
});
