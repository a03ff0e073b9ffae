// Issue 10, finding 10: every response with personal data says Cache-Control: no-store, so no browser or
// shared cache keeps it (ASVS 8.2.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Role } from '#shared/constants.ts';
import { createTestApp, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());

async function signedIn(roles: Role[]) {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles });
  if (roles.includes('shark')) await createShark(db, { userId: account.id });
  return sessionCookie(db, account.id);
}

const cacheControlOf = async (url: string, cookie?: string) =>
  (await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).headers['cache-control'];

describe('Cache-Control on personal data (finding 10)', () => {
  it('sends no-store on every personal read of a learner, a shark and an admin', async () => {
    const learner = await signedIn(['user']);
    for (const url of ['/api/me/bookings', '/api/me/follows', '/api/me/profile', '/api/auth/session'])
      expect(await cacheControlOf(url, learner), url).toBe('no-store');
    const shark = await signedIn(['shark']);
    for (const url of [
      '/api/workspace/enrollments',
      '/api/workspace/dashboard',
      '/api/workspace/earnings',
      '/api/workspace/courses',
      '/api/workspace/profile',
    ])
      expect(await cacheControlOf(url, shark), url).toBe('no-store');
    const admin = await signedIn(['admin']);
    for (const url of ['/api/admin/sharks', '/api/admin/contact-messages', '/api/admin/shark-applications'])
      expect(await cacheControlOf(url, admin), url).toBe('no-store');
  });

  it('sends no-store on refusals of those paths too, and on writes', async () => {
    expect(await cacheControlOf('/api/me/bookings')).toBe('no-store');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password', portal: 'user' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public catalogue cacheable for visitors', async () => {
    expect(await cacheControlOf('/api/sharks')).not.toBe('no-store');
  });
});
