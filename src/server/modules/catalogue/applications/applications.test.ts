import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { sharkApplications, users } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '10' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const application = (overrides: Record<string, unknown> = {}) => ({
  name: 'Neha Gupta',
  email: 'Neha@Example.com',
  specialization: 'forensics',
  experience: 6,
  links: 'https://github.com/neha',
  motivation: 'I run DFIR engagements and want to teach memory forensics.',
  ...overrides,
});

describe('shark applications', () => {
  it('stores an application from a visitor and creates no account', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/shark-applications', payload: application() });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(
      "Thanks for applying! Our team will review your application and email you. No account has been created: if you are accepted, we'll set one up for you.",
    );
    const { db } = await testDatabase();
    expect(await db.select().from(sharkApplications)).toEqual([
      expect.objectContaining({
        name: 'Neha Gupta',
        email: 'neha@example.com',
        specialization: 'forensics',
        experience: 6,
        status: 'new',
        userId: null,
      }),
    ]);
    expect(await db.select().from(users)).toEqual([]);
  });

  it('validates each field with its message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/shark-applications',
      payload: { name: '', email: 'x', specialization: 'hacking', experience: -1, motivation: 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      specialization: 'Choose a specialization',
      experience: 'Experience cannot be negative',
      motivation: 'Please write at least 20 characters',
    });
  });

  it('lists applications newest first to an admin only', async () => {
    const { db } = await testDatabase();
    await app.inject({
      method: 'POST',
      url: '/api/shark-applications',
      payload: application({ name: 'First' }),
    });
    await app.inject({
      method: 'POST',
      url: '/api/shark-applications',
      payload: application({ name: 'Second', links: '' }),
    });
    const admin = await createAccount(db, { roles: ['admin'] });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/shark-applications',
      headers: { cookie: await sessionCookie(db, admin.id) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, total: 2 });
    const rows = res.json().items;
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Second', 'First']);
    expect(rows[0]).toMatchObject({ links: null, status: 'new', specialization: 'forensics', experience: 6 });
    expect(rows[1].links).toBe('https://github.com/neha');

    for (const roles of [['user'], ['shark'], ['freelancer']] as const) {
      const other = await createAccount(db, { roles: [...roles] });
      const refused = await app.inject({
        method: 'GET',
        url: '/api/admin/shark-applications',
        headers: { cookie: await sessionCookie(db, other.id) },
      });
      expect(refused.statusCode, roles[0]).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/shark-applications' })).statusCode).toBe(401);
  });

  it('rate limits a flood of applications from one address', async () => {
    let res;
    let accepted = 0;
    for (let i = 0; i < 60; i++) {
      res = await app.inject({ method: 'POST', url: '/api/shark-applications', payload: application() });
      if (res.statusCode !== 201) break;
      accepted++;
    }
    // 5 a minute, scaled by 10 for this file.
    expect(accepted).toBeLessThanOrEqual(50);
    expect(res?.statusCode).toBe(429);
    expect(res?.json().error.message).toBe('Too many attempts. Please wait a minute and try again.');
  });
});
