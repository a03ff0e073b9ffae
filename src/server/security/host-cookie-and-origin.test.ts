// Issue 10, finding 13: in production the session cookie is a __Host- cookie (Secure, Path=/, no Domain),
// and the CSRF check compares Origin with APP_ORIGIN, never with the Host header a client can write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testDatabase } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';

describe('the session cookie in production (finding 13)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      APP_ORIGIN: 'https://sharks.example',
      RATE_LIMIT_SCALE: '100',
    });
  });
  afterAll(() => app.close());

  it('is named __Host-sid, Secure, Path=/ and without Domain, and it is the cookie read back', async () => {
    const account = await createAccount((await testDatabase()).db, { roles: ['user'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://sharks.example' },
      payload: { email: account.email, password: account.password, portal: 'user' },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(setCookie).toHaveLength(1);
    const [cookie] = setCookie;
    expect(cookie).toMatch(/^__Host-sid=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookie.split(';')[0] },
    });
    expect(session.json().user.email).toBe(account.email);
    // The old name is no longer read in production.
    const plain = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: cookie.split(';')[0].replace('__Host-sid', 'sid') },
    });
    expect(plain.json().user).toBeNull();
  });
});

describe('the CSRF Origin check (finding 13)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ APP_ORIGIN: 'https://sharks.example', RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => app.close());
  const logout = (headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('refuses an Origin that only matches a forged Host header', async () => {
    const res = await logout({ host: 'evil.example', origin: 'http://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden_origin');
  });

  it('accepts APP_ORIGIN whatever the Host header says', async () => {
    expect((await logout({ host: 'internal:3000', origin: 'https://sharks.example' })).statusCode).toBe(204);
  });
});
