// The admin console's Requests list (issue 27): every client's requests, searched by title, client name or email
// and service, paged on the server; only an admin may read it. Hiding a spam request with a reason (decision 193).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_PAGE_MSG, CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { ADMIN_MSG } from '#shared/admin.ts';
import { REQUEST_MSG } from '#shared/client-requests.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createFreelancer, proposalBody, requestBody } from '#server/test/marketplace.ts';

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

describe('hiding a spam request', () => {
  const moderate = (cookie: string | undefined, id: string, action: 'hide' | 'unhide', payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/client-requests/${id}/${action}`,
      headers: cookie ? { cookie } : {},
      payload,
    });
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

  async function scene() {
    const { db } = await testDatabase();
    const admin = await account(['admin'], 'Meera Admin');
    const asha = await account(['user'], 'Asha Menon');
    const kabir = await createFreelancer(db);
    const invitee = await createFreelancer(db, { name: 'Invited One', services: ['forensics'] });
    const spam = await post(asha.cookie, {
      ...requestBody({ title: 'Cheap followers here' }),
      publish: true,
    });
    const invited = await app.inject({
      method: 'POST',
      url: `/api/requests/${spam}/invitations`,
      headers: { cookie: asha.cookie },
      payload: { freelancerId: invitee.profileId },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    return { admin, asha, kabir, invitee, spam };
  }

  it('takes it off freelancers’ lists, invitations and page; its client sees it hidden with the reason', async () => {
    const { admin, asha, kabir, invitee, spam } = await scene();
    const proposed = await app.inject({
      method: 'POST',
      url: `/api/freelancer/requests/${spam}/proposal`,
      headers: { cookie: kabir.cookie },
      payload: proposalBody(),
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const before = (await get('/api/freelancer/client-requests', invitee.cookie)).json();
    expect(before.invitations.map((r: { id: string }) => r.id)).toEqual([spam]);

    const hidden = await moderate(admin.cookie, spam, 'hide', { reason: 'Spam: sells followers.' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().message).toBe(REQUEST_MSG.hidden);

    const area = (await get('/api/freelancer/client-requests', kabir.cookie)).json();
    expect(area.matching).toEqual([]);
    expect(area.proposals).toEqual([]);
    expect((await get('/api/freelancer/client-requests', invitee.cookie)).json().invitations).toEqual([]);
    for (const f of [kabir, invitee]) {
      const page = await get(`/api/freelancer/requests/${spam}`, f.cookie);
      expect(page.statusCode).toBe(404);
      expect(page.json().error.message).toBe(REQUEST_MSG.notFound);
    }

    const mine = (await get('/api/requests', asha.cookie)).json();
    expect(mine[0]).toMatchObject({ id: spam, hiddenReason: 'Spam: sells followers.' });
    expect(mine[0].hiddenAt).toEqual(expect.any(String));
    const detail = (await get(`/api/requests/${spam}`, asha.cookie)).json();
    expect(detail).toMatchObject({ hiddenReason: 'Spam: sells followers.', viewerIsClient: true });
    // Hidden, it invites no one and starts no engagement.
    const again = await app.inject({
      method: 'POST',
      url: `/api/requests/${spam}/invitations`,
      headers: { cookie: asha.cookie },
      payload: { freelancerId: kabir.profileId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REQUEST_MSG.hiddenInviteRefused);
    expect((await get('/api/requests/invitable', asha.cookie)).json()).toEqual([]);

    const row = (await list(admin.cookie, '?q=followers')).json().items[0];
    expect(row).toMatchObject({ id: spam, hiddenReason: 'Spam: sells followers.' });

    const audit = (await get('/api/admin/audit-log?q=followers', admin.cookie)).json().items;
    expect(audit[0]).toMatchObject({
      action: 'client_request.hide',
      actorName: 'Meera Admin',
      targetType: 'client_request',
      targetName: 'the request “Cheap followers here”',
      reason: 'Spam: sells followers.',
    });
  });

  it('shows it again with a reason, and refuses hiding twice or showing a request that is not hidden', async () => {
    const { admin, kabir, spam } = await scene();
    const notHidden = await moderate(admin.cookie, spam, 'unhide', { reason: 'Not spam.' });
    expect(notHidden.statusCode).toBe(409);
    expect(notHidden.json().error.message).toBe(REQUEST_MSG.notHidden);
    expect((await moderate(admin.cookie, spam, 'hide', { reason: 'Spam.' })).statusCode).toBe(200);
    const twice = await moderate(admin.cookie, spam, 'hide', { reason: 'Spam.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(REQUEST_MSG.alreadyHidden);

    const shown = await moderate(admin.cookie, spam, 'unhide', { reason: 'The client explained it.' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().message).toBe(REQUEST_MSG.unhidden);
    expect((await get(`/api/freelancer/requests/${spam}`, kabir.cookie)).statusCode).toBe(200);
    const area = (await get('/api/freelancer/client-requests', kabir.cookie)).json();
    expect(area.matching.map((r: { id: string }) => r.id)).toEqual([spam]);
    const audit = (await get('/api/admin/audit-log?q=explained', admin.cookie)).json().items;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['client_request.unhide']);
  });

  it('answers a missing or too long reason with a 400 naming the field, and an unknown request with 404', async () => {
    const { admin, spam } = await scene();
    for (const [payload, message] of [
      [{}, ADMIN_MSG.reasonRequired],
      [{ reason: '   ' }, ADMIN_MSG.reasonRequired],
      [{ reason: 'x'.repeat(1001) }, ADMIN_MSG.reasonTooLong],
    ] as const) {
      const res = await moderate(admin.cookie, spam, 'hide', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
      expect(res.body).toContain('reason');
    }
    const unknown = await moderate(admin.cookie, '00000000-0000-4000-8000-000000000000', 'hide', {
      reason: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(REQUEST_MSG.notFound);
  });

  it('is for admins only: a visitor gets 401, the client, a freelancer or a shark 403', async () => {
    const { asha, kabir, spam } = await scene();
    expect((await moderate(undefined, spam, 'hide', { reason: 'Spam.' })).statusCode).toBe(401);
    const shark = await account(['shark']);
    for (const who of [asha, kabir, shark])
      expect((await moderate(who.cookie, spam, 'hide', { reason: 'Spam.' })).statusCode).toBe(403);
  });
});
