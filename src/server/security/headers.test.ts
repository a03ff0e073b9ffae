// What every response promises a browser: strict security headers, no internals in a 500, and no
// state change from another site (CSRF).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { contactMessages } from '#server/db/schema.ts';
import { createTestApp, resetDb, testConfig, testDatabase } from '#server/test/app.ts';

let app: FastifyInstance;
let web: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
  // The same app serving a (minimal) built SPA, so `/` answers with HTML as in production.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sharks-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Shark Security</title></head><body><div id="root"></div></body></html>',
  );
  web = await buildApp({
    config: testConfig({ WEB_DIST: dist }),
    database: await testDatabase(),
    serveWeb: true,
    logger: false,
  });
  await web.ready();
});
afterAll(async () => {
  await app.close();
  await web.close();
});
beforeEach(resetDb);

const contact = { name: 'Asha', email: 'asha@example.com', message: 'Need a pentest' };

describe('security headers', () => {
  it.each(['/', '/sharks', '/api/sharks'])(
    '%s carries a CSP that forbids framing, nosniff, a referrer policy and no x-powered-by',
    async (url) => {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    },
  );

  it('marks the session endpoint uncacheable, so a shared cache never serves one user another user', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('a failing database', () => {
  it('answers 500 with the one generic message: no stack, no SQL, no table names', async () => {
    const { db } = await testDatabase();
    // A real failure of the real database: the relation the list reads disappears for this request.
    await db.execute(sql`ALTER VIEW sharks_with_meta RENAME TO sharks_with_meta_gone`);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/sharks?search=x' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: { code: 'server_error', message: 'Something went wrong on our side. Please try again.' },
      });
      expect(res.body).not.toMatch(/sharks_with_meta|select|relation|stack|at .*\.ts|node_modules/i);
    } finally {
      await db.execute(sql`ALTER VIEW sharks_with_meta_gone RENAME TO sharks_with_meta`);
    }
  });

  it('answers malformed JSON with a 400 that does not echo parser internals', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "A", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The request body is not valid JSON.');
  });
});

describe('CSRF', () => {
  it('refuses a write whose Origin is another site, and stores nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'https://evil.example' },
      payload: contact,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This request came from another site and was refused.');
    const { db } = await testDatabase();
    expect(await db.select().from(contactMessages)).toEqual([]);
  });

  it('refuses a look-alike origin (same host as a prefix, other scheme, null)', async () => {
    for (const origin of ['http://localhost:3000.evil.example', 'https://localhost:3000', 'null']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin },
        payload: contact,
      });
      expect(res.statusCode, origin).toBe(403);
    }
  });

  it('refuses a write the browser marks as cross-site even without an Origin header', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: contact,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('This request came from another site and was refused.');
  });

  it('accepts the same write from the app origin', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: contact,
    });
    expect(res.statusCode).toBe(201);
  });
});
