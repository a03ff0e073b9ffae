// A profile and its courses are served from memory per catalogue version (issue 28, decision 186): whatever
// changes them changes the version, so the next request answers the change, never the kept copy.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createCourse, createShark } from '#server/test/fixtures.ts';
import { courses, sharks } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

const get = (url: string) => app.inject({ method: 'GET', url });

describe('a profile kept per catalogue version', () => {
  it('answers an edit, a new course and unpublishing on the next request', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, { name: 'Kept Shark', bio: 'First bio.' });
    await createCourse(db, shark.id, { title: 'Recon 101' });
    const profile = `/api/sharks/${shark.id}`;
    const list = `${profile}/courses`;
    // Read twice: the second answer comes from memory and is the same.
    expect((await get(profile)).json().bio).toBe('First bio.');
    expect((await get(profile)).json().bio).toBe('First bio.');
    expect((await get(list)).json().map((c: { title: string }) => c.title)).toEqual(['Recon 101']);

    await db.update(sharks).set({ bio: 'Second bio.' }).where(eq(sharks.id, shark.id));
    expect((await get(profile)).json().bio).toBe('Second bio.');

    await createCourse(db, shark.id, { title: 'Web 201' });
    expect((await get(list)).json().map((c: { title: string }) => c.title)).toEqual(['Recon 101', 'Web 201']);
    await db.update(courses).set({ title: 'Recon 102' }).where(eq(courses.title, 'Recon 101'));
    expect((await get(list)).json().map((c: { title: string }) => c.title)).toEqual(['Recon 102', 'Web 201']);

    await db.update(sharks).set({ published: false }).where(eq(sharks.id, shark.id));
    expect((await get(profile)).statusCode).toBe(404);
    expect((await get(list)).statusCode).toBe(404);
  });
});
