// Issue 10, finding 11: during a database outage a signed-in browser got JSON 500 for every page and static
// file (the session was read in a global hook), and /sharks failed for everyone (its first-paint query). The
// app shell and static files never need the database; the API answers its own clear JSON error.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { COMMON_MSG } from '#shared/common.ts';
import { buildApp } from '#server/app.ts';
import { openPostgres, type Database } from '#server/db/client.ts';
import { openTestPglite, serverDatabase, testConfig } from '#server/test/app.ts';
import { onServer } from '#server/test/databases.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Shark Security</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

let outage: () => Promise<void>;

async function openDroppablePostgres(): Promise<Database> {
  const { name, url } = await serverDatabase('outage');
  const opened = await openPostgres(url, 5);
  outage = () =>
    onServer(process.env.DATABASE_URL!, (client) =>
      client.query(`DROP DATABASE ${client.escapeIdentifier(name)} WITH (FORCE)`),
    ).then(() => {});
  return opened;
}

let app: FastifyInstance;
let database: Database;
let cookie: string;
let sharkPath: string;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sharks-web-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-1.js'), 'console.log("app");');
  // Its own database, so the test can take it away under the running app: an embedded one it closes, or (with
  // DATABASE_URL) a PostgreSQL database it drops with every connection terminated.
  outage = () => database.close();
  database = process.env.DATABASE_URL ? await openDroppablePostgres() : await openTestPglite();
  app = await buildApp({ config: testConfig({ WEB_DIST: dist }), database, serveWeb: true, logger: false });
  await app.ready();
  const account = await createAccount(database.db, { roles: ['user'] });
  cookie = await sessionCookie(database.db, account.id);
  sharkPath = `/sharks/${(await createShark(database.db)).id}`;
  // Sanity: with the database up, the cookie is a signed-in session.
  const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
  expect(session.json().user.email).toBe(account.email);
  await outage(); // the outage
});
afterAll(async () => {
  await app.close().catch(() => {});
  if (process.env.DATABASE_URL) await database.close().catch(() => {});
});

describe('a database outage (issue 10, finding 11)', () => {
  for (const url of ['/', '/sharks', '/sharks?sort=rating', '/account', '/dashboard']) {
    it(`serves the app shell for ${url} to a signed-in browser and to a visitor`, async () => {
      for (const headers of [{ cookie }, {}]) {
        const res = await app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.body).toContain('<div id="root"></div>');
      }
    });
  }

  it('serves a shark profile page as the plain shell, not indexable, when the shark cannot be read', async () => {
    const res = await app.inject({ method: 'GET', url: sharkPath, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('noindex');
  });

  it('serves static files to a signed-in browser', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-1.js', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
  });

  it("answers the API with its clear JSON error, no stack, for a signed-in browser's calls", async () => {
    for (const url of ['/api/auth/session', '/api/sharks', '/api/me/bookings']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect([500, 503], url).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: { code: 'server_error', message: COMMON_MSG.serverError } });
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|PGlite|closed/i);
    }
  });
});
