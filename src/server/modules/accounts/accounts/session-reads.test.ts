// The session lookup is read once per burst (issue 28, decision 185): requests that arrive together with one
// cookie share one read, each gets its own copy, and a session that ends is seen by every later request.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { readSession } from './sessions';
import { endAllSessions, replaceAccountRoles } from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

/** The database, counting the reads sent through it. */
function counting(db: Db) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'select') counter.selects += 1;
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { db: proxy, counter };
}

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describe('the session lookup of a burst of requests', () => {
  it('is read once for calls that arrive together, and each caller gets its own copy', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const token = tokenOf(await sessionCookie(db, account.id));
    const { db: counted, counter } = counting(db);
    const burst = await Promise.all(Array.from({ length: 8 }, () => readSession(counted, token)));
    expect(counter.selects).toBe(1);
    for (const auth of burst) expect(auth?.user.id).toBe(account.id);
    // One handler changing its context changes no other request's.
    burst[0]!.roles.push('admin');
    burst[0]!.user.fullName = 'Someone else';
    expect(burst[1]!.roles).toEqual(['user']);
    expect(burst[1]!.user.fullName).not.toBe('Someone else');
    // A request after the burst reads again.
    expect((await readSession(counted, token))?.user.id).toBe(account.id);
    expect(counter.selects).toBe(2);
  });

  it('answers every page call sent together as the signed-in account, and none after sign-out', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const cookie = await sessionCookie(db, account.id);
    const together = () =>
      Promise.all(
        Array.from({ length: 6 }, () =>
          app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } }),
        ),
      );
    for (const res of await together()) expect(res.json().user.id).toBe(account.id);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    for (const res of await together()) expect(res.json()).toEqual({ user: null, roles: [] });
  });

  it('does not let a request join a read begun before a suspension or a role change', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const token = tokenOf(await sessionCookie(db, account.id));
    // A read in flight when the account's roles change: a request after the change reads again.
    const before = readSession(db, token);
    await replaceAccountRoles(db, account.id, ['user', 'shark']);
    const after = readSession(db, token);
    expect((await after)?.roles).toEqual(['user', 'shark']);
    await before;
    // The same for a suspension's end of every session.
    const pending = readSession(db, token);
    await endAllSessions(db, account.id);
    expect(await readSession(db, token)).toBeNull();
    await pending;
  });
});
