import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { setClock } from '#server/time.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { sharks, users } from '#server/db/schema.ts';

let app: FastifyInstance;
// The list's tag also names its five minutes (its cards' next free times): the clock stands still here, so a
// test never straddles two of them.
const STILL = new Date();
beforeAll(async () => {
  setClock(() => STILL);
  app = await createTestApp();
});
afterAll(() => {
  setClock();
  return app.close();
});
beforeEach(resetDb);

const CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=30';
const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

async function catalogueUrls() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Cached Shark' });
  const course = await createCourse(db, shark.id, { title: 'Recon 101' });
  return {
    db,
    shark,
    course,
    urls: ['/api/sharks', `/api/sharks/${shark.id}`, `/api/sharks/${shark.id}/courses`],
  };
}

describe('HTTP caching of the public catalogue', () => {
  it('tags the list, a profile and its courses with an ETag and a short public Cache-Control, and answers a matching If-None-Match with 304 and no body', async () => {
    const { urls } = await catalogueUrls();
    for (const url of urls) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      // The route's shape, the catalogue's version and, for the list, its five minutes.
      expect(etag, url).toMatch(/^"[\w-]+\.\d+(\.\d+)?"$/);
      expect(first.headers['cache-control'], url).toBe(CACHE_CONTROL);

      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['cache-control'], url).toBe(CACHE_CONTROL);
      // A list of tags, a weak form of the tag and `*` match too; another tag does not.
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode, url).toBe(304);
      expect((await get(url, { 'if-none-match': '*' })).statusCode, url).toBe(304);
      const other = await get(url, { 'if-none-match': '"other"' });
      expect(other.statusCode, url).toBe(200);
      expect(other.json(), url).toEqual(first.json());
    }
    // Each route has its own tag, so one route's ETag never validates another's answer.
    const tags = await Promise.all(urls.map(async (u) => (await get(u)).headers.etag));
    expect(new Set(tags).size).toBe(3);
  });

  it('gives a new ETag and the new data once anything the catalogue shows changes', async () => {
    const { db, shark, course, urls } = await catalogueUrls();
    const etags = async () => Promise.all(urls.map(async (u) => (await get(u)).headers.etag as string));
    const expectAllChanged = async (before: string[], what: string) => {
      const after = await etags();
      for (const [i, url] of urls.entries()) {
        expect(after[i], `${what}: ${url}`).not.toBe(before[i]);
        expect((await get(url, { 'if-none-match': before[i] })).statusCode, `${what}: ${url}`).toBe(200);
      }
      return after;
    };

    let before = await etags();
    await db.update(sharks).set({ bio: 'Now teaches cloud forensics.' }).where(eq(sharks.id, shark.id));
    before = await expectAllChanged(before, 'bio edited');
    expect((await get(`/api/sharks/${shark.id}`)).json().bio).toBe('Now teaches cloud forensics.');

    const learner = await createAccount(db, { roles: ['user'] });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: '2030-01-07' });
    before = await expectAllChanged(before, 'course booked');
    expect((await get(`/api/sharks/${shark.id}/courses`)).json()[0].bookingCount).toBe(1);

    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, shark.userId));
    // The list gets a new tag without the shark; the profile and courses held under the old tags are gone.
    const list = await get(urls[0], { 'if-none-match': before[0] });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([]);
    for (const [i, url] of urls.slice(1).entries())
      expect((await get(url, { 'if-none-match': before[i + 1] })).statusCode, url).toBe(404);
  });

  it('never tags or publicly caches an error answer', async () => {
    const res = await get('/api/sharks/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    const bad = await get('/api/sharks?sort=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
  });

  it('answers an unknown or unpublished shark 404 whatever If-None-Match says (issue 21, finding 10)', async () => {
    const { db, shark } = await catalogueUrls();
    const draft = await createShark(db, { name: 'Draft Shark', published: false });
    const tagged = await get(`/api/sharks/${shark.id}`);
    for (const id of ['00000000-0000-4000-8000-000000000000', draft.id, 'not-a-uuid']) {
      for (const url of [`/api/sharks/${id}`, `/api/sharks/${id}/courses`]) {
        for (const match of ['*', tagged.headers.etag as string]) {
          const res = await get(url, { 'if-none-match': match });
          expect(res.statusCode, `${url} with ${match}`).toBe(404);
          expect(res.headers.etag).toBeUndefined();
        }
      }
    }
    expect((await get(`/api/sharks/${shark.id}`, { 'if-none-match': '*' })).statusCode).toBe(304);
  });

  it("keeps the catalogue's tags when only an unpublished draft changes (issue 21, finding 10)", async () => {
    const { db, urls } = await catalogueUrls();
    const draft = await createShark(db, { name: 'Draft Shark', published: false });
    const before = await Promise.all(urls.map(async (url) => (await get(url)).headers.etag));
    await db.update(sharks).set({ bio: 'A new draft bio' }).where(eq(sharks.id, draft.id));
    const course = await createCourse(db, draft.id, { title: 'Draft course' });
    const learner = await createAccount(db, { roles: ['user'] });
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: '2030-01-15' });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, draft.userId));
    const after = await Promise.all(urls.map(async (url) => (await get(url)).headers.etag));
    expect(after).toEqual(before);
    // Publishing it is a change the catalogue shows.
    await db.update(sharks).set({ published: true }).where(eq(sharks.id, draft.id));
    expect((await get('/api/sharks')).headers.etag).not.toBe(before[0]);
  });

  it('never caches a personal answer, while the catalogue stays the same cacheable answer for a signed-in caller', async () => {
    const { db, urls } = await catalogueUrls();
    const learner = await createAccount(db, { roles: ['user'] });
    const cookie = await sessionCookie(db, learner.id);
    for (const url of ['/api/me/bookings', '/api/auth/session', '/api/me/follows']) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers.etag, url).toBeUndefined();
    }
    for (const url of urls) {
      const anonymous = await get(url);
      const signedIn = await get(url, { cookie });
      expect(signedIn.headers['cache-control'], url).toBe(CACHE_CONTROL);
      expect(signedIn.headers.etag, url).toBe(anonymous.headers.etag);
      expect(signedIn.body, url).toBe(anonymous.body);
    }
  });
});
