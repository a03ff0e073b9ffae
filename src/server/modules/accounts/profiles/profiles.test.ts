import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

describe('/api/me/profile', () => {
  it('reads and updates my full name and phone; email stays as it is', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['user'], name: 'Priya', email: 'priya@example.test' });
    const cookie = await sessionCookie(db, me.id);
    const read = await app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } });
    expect(read.json()).toEqual({ fullName: 'Priya', email: 'priya@example.test', phone: null });

    const put = await app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie },
      payload: { fullName: '  Priya Raman ', phone: '+91 98765 43210', email: 'hacker@example.test' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({
      fullName: 'Priya Raman',
      email: 'priya@example.test',
      phone: '+91 98765 43210',
    });
    // The session shows the new name too.
    const session = await app.inject({ method: 'GET', url: '/api/me/profile', headers: { cookie } });
    expect(session.json().fullName).toBe('Priya Raman');

    const cleared = await app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie },
      payload: { fullName: 'Priya Raman', phone: '' },
    });
    expect(cleared.json().phone).toBeNull();
  });

  it('requires a name and a valid phone, with field messages', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer', 'user'] });
    const cookie = await sessionCookie(db, me.id);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie },
      payload: { fullName: ' ', phone: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      fullName: 'Name is required',
      phone: 'Please enter a valid phone number',
    });
  });

  it('says "No user logged in" to a visitor', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const res = await app.inject({
        method,
        url: '/api/me/profile',
        payload: method === 'PUT' ? { fullName: 'X' } : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('No user logged in');
    }
    const badBody = await app.inject({ method: 'PUT', url: '/api/me/profile', payload: { fullName: '' } });
    expect(badBody.statusCode).toBe(401);
  });

  it("changes only the caller's own profile", async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['user'], name: 'Me' });
    const other = await createAccount(db, { roles: ['user'], name: 'Other' });
    await app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      headers: { cookie: await sessionCookie(db, me.id) },
      payload: { fullName: 'Changed' },
    });
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/me/profile',
      headers: { cookie: await sessionCookie(db, other.id) },
    });
    expect(theirs.json().fullName).toBe('Other');
  });
});
