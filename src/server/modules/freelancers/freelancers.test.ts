import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { freelancers } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

describe('/api/freelancer/profile', () => {
  it('reads and updates name and skills by user id', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer', 'user'], name: 'Kabir Shah' });
    await db.insert(freelancers).values({ userId: me.id, name: 'Kabir Shah', skills: 'Python' });
    const cookie = await sessionCookie(db, me.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/freelancer/profile', headers: { cookie } })).json(),
    ).toEqual({ name: 'Kabir Shah', skills: 'Python' });
    const put = await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie },
      payload: { name: 'Kabir S.', skills: 'Python, Burp Suite' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ name: 'Kabir S.', skills: 'Python, Burp Suite' });
    expect(await db.select().from(freelancers)).toEqual([
      expect.objectContaining({ userId: me.id, name: 'Kabir S.', skills: 'Python, Burp Suite' }),
    ]);
  });

  it('starts from the account name when the freelancer row does not exist yet, and saves it', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'], name: 'New Freelancer' });
    const cookie = await sessionCookie(db, me.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/freelancer/profile', headers: { cookie } })).json(),
    ).toEqual({ name: 'New Freelancer', skills: '' });
    await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie },
      payload: { name: 'New Freelancer', skills: 'OSINT' },
    });
    expect(await db.select().from(freelancers)).toHaveLength(1);
  });

  it("requires a name and skills with the spec's messages", async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'] });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie: await sessionCookie(db, me.id) },
      payload: { name: '', skills: '  ' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: 'Name is required', skills: 'Please list your skills' });
  });

  it('refuses a learner, a shark and a visitor', async () => {
    const { db } = await testDatabase();
    for (const roles of [['user'], ['shark'], ['admin']] as const) {
      const account = await createAccount(db, { roles: [...roles] });
      const cookie = await sessionCookie(db, account.id);
      const get = await app.inject({ method: 'GET', url: '/api/freelancer/profile', headers: { cookie } });
      expect(get.statusCode, roles[0]).toBe(403);
      expect(get.json().error.message).toBe('You do not have access to this.');
      const put = await app.inject({
        method: 'PUT',
        url: '/api/freelancer/profile',
        headers: { cookie },
        payload: { name: 'X', skills: 'Y' },
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/freelancer/profile' })).statusCode).toBe(401);
    expect(await db.select().from(freelancers)).toEqual([]);
  });
});
