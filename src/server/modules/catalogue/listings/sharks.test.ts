import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SHARK_SORTS } from '#shared/constants.ts';
import type { SharksPage } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createReview,
  createShark,
} from '#server/test/fixtures.ts';
import { eq } from 'drizzle-orm';
import { courses, sharkCredentials, sharks, users } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

const list = async (query: Record<string, string | number> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/sharks',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return { status: res.statusCode, body: res.json() as SharksPage };
};
const names = (page: SharksPage) => page.items.map((s) => s.name);

describe('GET /api/sharks', () => {
  it('lists only published sharks, 8 per page, with hasMore and the total over all pages', async () => {
    const { db } = await testDatabase();
    for (let i = 0; i < 10; i++) await createShark(db, { name: `Published ${String(i).padStart(2, '0')}` });
    await createShark(db, { name: 'Hidden Draft', published: false });
    const first = await list({ sort: 'experience' });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(8);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.total).toBe(10);
    const second = await list({ sort: 'experience', page: 2 });
    expect(second.body.items).toHaveLength(2);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.total).toBe(10);
    expect([...names(first.body), ...names(second.body)]).not.toContain('Hidden Draft');
  });

  it('never repeats or skips a shark across pages, for every sort, even with ties', async () => {
    const { db } = await testDatabase();
    // 19 sharks with identical sort keys: only the name/id tie-break orders them.
    for (let i = 0; i < 19; i++) await createShark(db, { name: `Tie ${String(i % 7)}`, experience: 3 });
    for (const sort of SHARK_SORTS) {
      const seen: string[] = [];
      for (let page = 1; page <= 3; page++)
        seen.push(...(await list({ sort, page })).body.items.map((s) => s.id));
      expect(seen, sort).toHaveLength(19);
      expect(new Set(seen).size, sort).toBe(19);
    }
  });

  it('filters by specialization and rejects an unknown one with a message', async () => {
    const { db } = await testDatabase();
    await createShark(db, { name: 'Cloudy', specialization: 'cloud_security' });
    await createShark(db, { name: 'Forensic', specialization: 'forensics' });
    const forensics = await list({ specialization: 'forensics' });
    expect(names(forensics.body)).toEqual(['Forensic']);
    expect(forensics.body.total).toBe(1);
    const bad = await app.inject({ method: 'GET', url: '/api/sharks?specialization=hacking' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.specialization).toBe('Choose a specialization');
  });

  it('searches name or bio case-insensitively, with % and _ as plain characters', async () => {
    const { db } = await testDatabase();
    await createShark(db, { name: 'Alice Kumar', bio: 'Cloud forensics' });
    await createShark(db, { name: 'Bob', bio: 'Knows ALICE well' });
    await createShark(db, { name: 'Carol', bio: '100% hands-on' });
    await createShark(db, { name: 'Dave_X', bio: 'underscore name' });
    await createShark(db, { name: 'Eve', bio: "O'Brien style quotes" });
    expect(names((await list({ search: 'alice', sort: 'experience' })).body).sort()).toEqual([
      'Alice Kumar',
      'Bob',
    ]);
    expect(names((await list({ search: '100%' })).body)).toEqual(['Carol']);
    expect(names((await list({ search: '%' })).body)).toEqual(['Carol']);
    expect(names((await list({ search: '_' })).body)).toEqual(['Dave_X']);
    expect(names((await list({ search: "O'Brien" })).body)).toEqual(['Eve']);
    expect((await list({ search: 'alice' })).body.total).toBe(2);
    expect(names((await list({ search: 'nobody-matches' })).body)).toEqual([]);
    expect((await list({ search: 'nobody-matches' })).body.total).toBe(0);
  });

  it('sorts by rating (nulls last), experience, students and price both ways', async () => {
    const { db } = await testDatabase();
    const a = await createShark(db, { name: 'Alpha', experience: 2 });
    const b = await createShark(db, { name: 'Bravo', experience: 9 });
    await createShark(db, { name: 'Charlie', experience: 5 });
    const learner1 = await createAccount(db, { roles: ['user'] });
    const learner2 = await createAccount(db, { roles: ['user'] });
    const ca = await createCourse(db, a.id, { pricePaise: 300_000 });
    const cb = await createCourse(db, b.id, { pricePaise: 100_000 });
    await createReview(db, { courseId: ca.id, userId: learner1.id, rating: 5, preferredDate: '2029-01-01' });
    await createReview(db, { courseId: cb.id, userId: learner1.id, rating: 3, preferredDate: '2029-01-01' });
    await createBooking(db, { courseId: ca.id, userId: learner1.id, preferredDate: '2030-01-01' });
    await createBooking(db, { courseId: ca.id, userId: learner2.id, preferredDate: '2030-01-02' });
    await createBooking(db, { courseId: ca.id, userId: learner2.id, preferredDate: '2030-01-03' });

    expect(names((await list({ sort: 'rating' })).body)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(names((await list({ sort: 'experience' })).body)).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(names((await list({ sort: 'students' })).body)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(names((await list({ sort: 'price_low' })).body)).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(names((await list({ sort: 'price_high' })).body)).toEqual(['Alpha', 'Bravo', 'Charlie']);

    const alpha = (await list({ sort: 'rating' })).body.items[0];
    expect(alpha).toMatchObject({ studentCount: 2, avgRating: 5, reviewCount: 1, minPricePaise: 300_000 });
    const charlie = (await list({ sort: 'rating' })).body.items[2];
    expect(charlie).toMatchObject({ studentCount: 0, avgRating: null, reviewCount: 0, minPricePaise: null });
  });

  it('answers bad paging with a 400 and the field message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sharks?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation', message: 'Page starts at 1', fields: { page: 'Page starts at 1' } },
    });
    const sort = await app.inject({ method: 'GET', url: '/api/sharks?sort=cheapest' });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().error.fields.sort).toBe('Unknown sort');
  });
});

describe('GET /api/sharks with a cursor (Load More, decision 196)', () => {
  /** Every page after the first through `nextCursor`, as Load More asks for them. */
  const walk = async (query: Record<string, string> = {}) => {
    const ids: string[] = [];
    let page = 1;
    let cursor: string | null | undefined;
    for (;;) {
      const res = await list({ ...query, page, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      expect(res.body.page).toBe(page);
      ids.push(...res.body.items.map((s) => s.id));
      expect(res.body.nextCursor === null).toBe(!res.body.hasMore);
      if (!res.body.hasMore) return ids;
      cursor = res.body.nextCursor;
      page += 1;
    }
  };
  /** The same list by page numbers, the order the cursor must keep. */
  const byPages = async (query: Record<string, string> = {}) => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { body } = await list({ ...query, page });
      ids.push(...body.items.map((s) => s.id));
      if (!body.hasMore) return ids;
    }
  };
  /** 23 public sharks whose sort keys tie, some unrated and unpriced, and whose names tie too. */
  const seed = async () => {
    const { db } = await testDatabase();
    for (let i = 0; i < 23; i++) {
      const shark = await createShark(db, {
        name: `Tie ${i % 5}`,
        experience: i % 2,
        specialization: i % 3 === 0 ? 'forensics' : 'pentesting',
        bio: i % 4 === 0 ? 'Kubernetes forensics' : 'Web apps',
      });
      await db
        .update(sharks)
        .set({
          ratingScore: i % 3 === 0 ? null : [4.5, 3.25][i % 2],
          studentCount: i % 3,
          minPricePaise: i % 4 === 0 ? null : 100_000 * (i % 3),
        })
        .where(eq(sharks.id, shark.id));
    }
    await createShark(db, { name: 'Tie 0 draft', published: false });
    return db;
  };

  it('returns every shark once, in the sort order, for each sort, filtered or not', async () => {
    await seed();
    for (const sort of SHARK_SORTS) {
      const ids = await walk({ sort });
      expect(ids, sort).toHaveLength(23);
      expect(new Set(ids).size, sort).toBe(23);
      expect(ids, sort).toEqual(await byPages({ sort }));
    }
    const filtered: Array<Record<string, string>> = [
      { sort: 'rating', specialization: 'forensics' },
      { sort: 'price_low', search: 'kubernetes' },
      { sort: 'price_high', search: 'web', specialization: 'pentesting' },
    ];
    for (const query of filtered) {
      const ids = await walk(query);
      expect(ids.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(ids, JSON.stringify(query)).toEqual(await byPages(query));
    }
  });

  it('continues after the last card shown, so a shark published meanwhile is not shown twice', async () => {
    const db = await seed();
    const first = await list({ sort: 'experience' });
    // A new shark sorts first: by page numbers page 2 would repeat the first page's last card.
    await createShark(db, { name: 'Aaa newcomer', experience: 9 });
    const second = await list({ sort: 'experience', page: 2, cursor: first.body.nextCursor! });
    const shown = [...first.body.items, ...second.body.items].map((s) => s.id);
    expect(new Set(shown).size).toBe(16);
    expect(second.body.total).toBe(24);
  });

  it('refuses a cursor it did not write, or one of another sort, with a 400 naming the field', async () => {
    await seed();
    const { body } = await list({ sort: 'rating' });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = body.items[0].id;
    for (const [sort, cursor] of [
      ['rating', 'not a cursor!'],
      ['rating', encode({})],
      ['rating', encode(['rating', 4.5, 'Tie 0'])],
      ['rating', encode(['rating', 4.5, 'Tie 0', 'not-a-uuid'])],
      ['rating', encode(['rating', 4.5, 'Tie\u00000', id])],
      ['experience', encode(['experience', 0.5, 'Tie 0', id])],
      ['students', encode(['students', 1e308, 'Tie 0', id])],
      ['experience', body.nextCursor!],
      ['rating', 'A'.repeat(1001)],
    ]) {
      const res = await app.inject({ method: 'GET', url: '/api/sharks', query: { sort, cursor } });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(Object.keys(res.json().error.fields), cursor).toEqual(['cursor']);
    }
    const res = await app.inject({
      method: 'GET',
      url: '/api/sharks',
      query: { sort: 'experience', cursor: encode(['rating', 4.5, 'Tie 0', id]) },
    });
    expect(res.json().error).toEqual({
      code: 'validation',
      message: CATALOGUE_MSG.badCursor,
      fields: { cursor: CATALOGUE_MSG.badCursor },
    });
  });
});

describe('GET /api/sharks/:id', () => {
  it('returns a published shark with its courses', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, { name: 'Profiled', bio: null });
    await createCourse(db, shark.id, { title: 'Recon 101', pricePaise: 150_000, duration: 3 });
    const res = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: shark.id, name: 'Profiled', bio: null, minPricePaise: 150_000 });
    const courses = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` });
    expect(courses.json()).toEqual([
      expect.objectContaining({
        title: 'Recon 101',
        pricePaise: 150_000,
        duration: 3,
        requiredDevices: 'Laptop + Internet',
        requiredKnowledge: 'Basic Skills',
        bookingCount: 0,
        enrolledCount: 0,
      }),
    ]);
  });

  it('lists a published shark without courses as an empty list, and several courses oldest first', async () => {
    const { db } = await testDatabase();
    const empty = await createShark(db);
    const res = await app.inject({ method: 'GET', url: `/api/sharks/${empty.id}/courses` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);

    const busy = await createShark(db);
    // Created in one order, dated in another: the list follows the dates.
    for (const [title, date] of [
      ['Second', '2026-02-01'],
      ['Third', '2026-03-01'],
      ['First', '2026-01-01'],
    ]) {
      const course = await createCourse(db, busy.id, { title });
      await db
        .update(courses)
        .set({ createdAt: new Date(`${date}T10:00:00Z`) })
        .where(eq(courses.id, course.id));
    }
    const list = await app.inject({ method: 'GET', url: `/api/sharks/${busy.id}/courses` });
    expect(list.json().map((c: { title: string; sharkId: string }) => [c.title, c.sharkId])).toEqual([
      ['First', busy.id],
      ['Second', busy.id],
      ['Third', busy.id],
    ]);
  });

  it('says "Shark not found" for an unknown, malformed or unpublished id', async () => {
    const { db } = await testDatabase();
    const draft = await createShark(db, { published: false });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', draft.id]) {
      const res = await app.inject({ method: 'GET', url: `/api/sharks/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe('Shark not found');
      const courses = await app.inject({ method: 'GET', url: `/api/sharks/${id}/courses` });
      expect(courses.statusCode).toBe(404);
    }
  });

  it('hides a suspended shark: its profile and its courses say "Shark not found" until the suspension is lifted', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, { name: 'Suspended Shark' });
    await createCourse(db, shark.id, { title: 'Hidden Course' });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, shark.userId));
    for (const url of [`/api/sharks/${shark.id}`, `/api/sharks/${shark.id}/courses`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe('Shark not found');
    }
    expect(names((await list()).body)).not.toContain('Suspended Shark');

    await db.update(users).set({ suspendedAt: null }).where(eq(users.id, shark.userId));
    const back = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` });
    expect(back.statusCode).toBe(200);
    expect(back.json().map((c: { title: string }) => c.title)).toEqual(['Hidden Course']);
  });

  it('counts a filter again after anything it counts changes, and after the database is emptied and refilled', async () => {
    const { db } = await testDatabase();
    await createShark(db, { name: 'Live Forensic', specialization: 'forensics' });
    const draft = await createShark(db, {
      name: 'Draft Forensic',
      specialization: 'forensics',
      published: false,
    });
    const forensics = async () =>
      (await list({ specialization: 'forensics', sort: 'experience' })).body.total;
    // Asked twice, and on another sort: the same filter, the same total.
    expect(await forensics()).toBe(1);
    expect((await list({ specialization: 'forensics', sort: 'rating' })).body.total).toBe(1);

    await db.update(sharks).set({ published: true }).where(eq(sharks.id, draft.id));
    expect(await forensics()).toBe(2);
    expect((await list({ verified: 'true' })).body.total).toBe(0);
    await db.insert(sharkCredentials).values({
      sharkId: draft.id,
      kind: 'certification',
      name: 'GCFA',
      url: 'https://example.com/gcfa',
      status: 'verified',
    });
    expect((await list({ verified: 'true' })).body.total).toBe(1);

    // Emptied (the row of versions too) and refilled with other sharks: no total from before is reused.
    await resetDb();
    for (const name of ['New One', 'New Two', 'New Three'])
      await createShark(db, { name, specialization: 'forensics' });
    expect(await forensics()).toBe(3);
    expect((await list({ verified: 'true' })).body.total).toBe(0);
  });

  it("counts a suspended shark out of the list's total, with or without filters, and back in when lifted", async () => {
    const { db } = await testDatabase();
    await createShark(db, {
      name: 'Active Forensic',
      specialization: 'forensics',
      bio: 'Reads disk images.',
    });
    await createShark(db, { name: 'Draft Forensic', specialization: 'forensics', published: false });
    const suspended = await createShark(db, {
      name: 'Suspended Forensic',
      specialization: 'forensics',
      bio: 'Reads disk images too.',
    });
    for (const shark of [suspended, await createShark(db, { name: 'Active Verified' })])
      await db.insert(sharkCredentials).values({
        sharkId: shark.id,
        kind: 'certification',
        name: 'GCFA',
        url: 'https://example.com/gcfa',
        status: 'verified',
      });
    const totals = async () => ({
      all: (await list()).body.total,
      forensics: (await list({ specialization: 'forensics' })).body.total,
      search: (await list({ search: 'disk images' })).body.total,
      verified: (await list({ verified: 'true' })).body.total,
    });
    expect(await totals()).toEqual({ all: 3, forensics: 2, search: 2, verified: 2 });

    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId));
    expect(await totals()).toEqual({ all: 2, forensics: 1, search: 1, verified: 1 });
    expect(names((await list({ specialization: 'forensics' })).body)).toEqual(['Active Forensic']);

    await db.update(users).set({ suspendedAt: null }).where(eq(users.id, suspended.userId));
    expect(await totals()).toEqual({ all: 3, forensics: 2, search: 2, verified: 2 });
  });
});
