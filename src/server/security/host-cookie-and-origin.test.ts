// Issue 10, finding 13: in production the session cookie is a __Host- cookie (Secure, Path=/, no Domain),
// and the CSRF check compares Origin with APP_ORIGIN, never with the Host header a client can write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testDatabase, PRODUCTION_PAYMENT_KEYS } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';

describe('the session cookie in production (finding 13)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...PRODUCTION_PAYMENT_KEYS,
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

// Issue 21, finding 13: a newcomer who opened http://127.0.0.1:3000 after `npm start` (which prints
// http://localhost:3000) could not sign up, log in or write to us: every write was refused as from another site.
describe('a same-origin request is never refused (issue 21, finding 13)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // As `npm start` runs it: no APP_ORIGIN, so the origin is http://localhost:3000.
    app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => app.close());
  const contact = (headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      headers,
      payload: { name: 'Newcomer', email: 'new@example.com', message: 'Hello from 127.0.0.1' },
    });

  it('accepts Sec-Fetch-Site: same-origin from any address the browser used, and the loopback names of the default origin', async () => {
    expect(app.config.appOrigin).toBe('http://localhost:3000');
    for (const headers of <Record<string, string>[]>[
      { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://192.168.1.20:3000', 'sec-fetch-site': 'same-origin', host: '192.168.1.20:3000' },
      // A browser without Sec-Fetch-Site (older Safari) on the same machine.
      { origin: 'http://127.0.0.1:3000' },
      { origin: 'http://[::1]:3000' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    ]) {
      const res = await contact(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('keeps refusing foreign origins: evil, null, look-alike, https, another port and cross-site', async () => {
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost:3000.evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'http://127.0.0.1.evil.example:3000' },
      { origin: 'https://localhost:3000', 'sec-fetch-site': 'same-site' },
      { origin: 'http://127.0.0.1:4000', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await contact(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toEqual({
        code: 'forbidden_origin',
        message: 'This request came from another site and was refused.',
      });
    }
  });
});
