// The admin console's Requests list (issue 27): every client's requests, searched by title, client name or email
// and service, paged on the server; only an admin may read it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_PAGE_MSG, CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { requestBody } from '#server/test/marketplace.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // Many requests are posted in a minute here; the limit itself is not what this file tests.
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

async function account(
  roles: ('user' | 'admin' | 'freelancer' | 'shark')[],
  name = 'Test Person',
  email?: string,
) {
  const { db } = await testDatabase();
  const created = await createAccount(db, { roles, name, email });
  return { ...created, cookie: await sessionCookie(db, created.id) };
}

async function post(cookie: string, body: object) {
  const res = await app.inject({ method: 'POST', url: '/api/requests', headers: { cookie }, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const list = (cookie: string | undefined, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/client-requests${query}`, headers: cookie ? { cookie } : {} });

describe('the admin Requests list', () => {
  it('shows every client’s requests with client, service, state and proposals, and searches them', async () => {
    const admin = await account(['admin']);
    const asha = await account(['user'], 'Asha Menon', 'asha@acme.example');
    const ravi = await account(['user'], 'Ravi Kumar', 'ravi@globex.example');
    const portal = await post(asha.cookie, { ...requestBody(), publish: true });
    await post(ravi.cookie, {
      ...requestBody({ title: 'Red team our office', service: 'red-teaming' }),
      publish: false,
    });

    const all = await list(admin.cookie);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json()).toMatchObject({ page: 1, pageSize: CONSOLE_PAGE_SIZE, total: 2 });
    expect(all.json().items.find((r: { id: string }) => r.id === portal)).toMatchObject({
      title: 'Pentest of our customer portal',
      clientName: 'Asha Menon',
      clientEmail: 'asha@acme.example',
      status: 'open',
      proposalCount: 0,
    });

    const titles = async (q: string) =>
      ((await list(admin.cookie, `?q=${encodeURIComponent(q)}`)).json().items as { title: string }[]).map(
        (r) => r.title,
      );
    expect(await titles('red team')).toEqual(['Red team our office']);
    expect(await titles('Asha')).toEqual(['Pentest of our customer portal']);
    expect(await titles('globex')).toEqual(['Red team our office']);
    expect(await titles('red-teaming')).toEqual(['Red team our office']);
    // `%` is a character searched for, not a wildcard.
    expect(await titles('%')).toEqual([]);
  });

  it('pages the list, newest first', async () => {
    const admin = await account(['admin']);
    const asha = await account(['user']);
    for (let i = 0; i < CONSOLE_PAGE_SIZE + 1; i++) {
      await post(asha.cookie, { ...requestBody({ title: `Request number ${i}` }), publish: false });
    }
    const first = (await list(admin.cookie, '?page=1')).json();
    const second = (await list(admin.cookie, '?page=2')).json();
    expect(first.items).toHaveLength(CONSOLE_PAGE_SIZE);
    expect(first.total).toBe(CONSOLE_PAGE_SIZE + 1);
    expect(second.items).toHaveLength(1);
    const ids = new Set([...first.items, ...second.items].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(CONSOLE_PAGE_SIZE + 1);
  });

  it('is for admins only: a visitor gets 401, a client, freelancer or shark 403', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    for (const roles of [['user'], ['freelancer'], ['shark']] as const) {
      const other = await account([...roles]);
      expect((await list(other.cookie)).statusCode, roles[0]).toBe(403);
    }
  });

  it('answers a bad page or search with a 400 naming the field', async () => {
    const admin = await account(['admin']);
    const badPage = await list(admin.cookie, '?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.body).toContain(CONSOLE_PAGE_MSG.pageInvalid);
    expect(badPage.body).toContain('page');
    const longSearch = await list(admin.cookie, `?q=${'a'.repeat(201)}`);
    expect(longSearch.statusCode).toBe(400);
    expect(longSearch.body).toContain(CONSOLE_PAGE_MSG.searchTooLong);
  });
});
