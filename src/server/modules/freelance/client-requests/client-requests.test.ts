import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NDA_TERMS, REQUEST_MSG } from '#shared/client-requests.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, dateIn, sessionCookie } from '#server/test/fixtures.ts';
import { createFreelancer, requestBody } from '#server/test/marketplace.ts';
import {
  clientRequestEvents,
  clientRequestInvitations,
  clientRequestNdaAcceptances,
  clientRequests,
} from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // Many requests are posted in a minute here; the limit itself is not what this file tests.
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

async function client(name = 'Asha Menon') {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles: ['user'], name });
  return { ...account, cookie: await sessionCookie(db, account.id) };
}

async function post(cookie: string, body: object, publish = true) {
  return app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: { cookie },
    payload: { ...body, publish },
  });
}

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('posting a request', () => {
  it('opens a request for any signed-in account and lists it in "My requests"', async () => {
    const asha = await client();
    const res = await post(asha.cookie, requestBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(REQUEST_MSG.posted);
    const mine = (await get('/api/requests', asha.cookie)).json();
    expect(mine).toEqual([
      expect.objectContaining({
        id: res.json().id,
        title: 'Pentest of our customer portal',
        status: 'open',
        budgetMinPaise: 5_000_000,
        budgetMaxPaise: 12_000_000,
        proposalCount: 0,
      }),
    ]);
    const detail = (await get(`/api/requests/${res.json().id}`, asha.cookie)).json();
    expect(detail.assets).toHaveLength(3);
    expect(detail.allowed).toEqual(['cancelled']);
    expect(detail.viewerIsClient).toBe(true);
    const { db } = await testDatabase();
    expect((await db.select().from(clientRequestEvents)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'open'],
    ]);
  });

  it('keeps a draft, and a shark or a freelancer can be a client too', async () => {
    const { db } = await testDatabase();
    for (const roles of [['shark'], ['freelancer']] as const) {
      const account = await createAccount(db, { roles: [...roles] });
      const res = await post(await sessionCookie(db, account.id), requestBody(), false);
      expect(res.statusCode, roles[0]).toBe(201);
      expect(res.json().message).toBe(REQUEST_MSG.created);
    }
    expect((await db.select().from(clientRequests)).map((r) => r.status)).toEqual(['draft', 'draft']);
  });

  it('refuses a visitor', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/requests', payload: requestBody() });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a budget whose minimum is above its maximum, naming the field, and saves nothing', async () => {
    const asha = await client();
    const res = await post(
      asha.cookie,
      requestBody({ budgetMinPaise: 20_000_000, budgetMaxPaise: 10_000_000 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ budgetMinPaise: REQUEST_MSG.budgetReversed });
    // Whole rupees from ₹1 (decision 157), in paise: ₹0.99 and ₹500.50 are refused, not rounded.
    for (const budgetMinPaise of [99, 50_050, 0.5]) {
      const bad = await post(asha.cookie, requestBody({ budgetMinPaise }));
      expect(bad.json().error.fields, String(budgetMinPaise)).toEqual({
        budgetMinPaise: REQUEST_MSG.budgetWhole,
      });
    }
    const { db } = await testDatabase();
    expect(await db.select().from(clientRequests)).toEqual([]);
  });

  it('refuses a deadline in the past and a testing window that ends before it starts', async () => {
    const asha = await client();
    const past = await post(asha.cookie, requestBody({ deadline: dateIn(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatchObject({
      message: REQUEST_MSG.deadlinePast,
      fields: { deadline: REQUEST_MSG.deadlinePast },
    });
    const reversed = await post(asha.cookie, requestBody({ windowFrom: dateIn(12), windowTo: dateIn(11) }));
    expect(reversed.json().error.fields).toEqual({ windowTo: REQUEST_MSG.windowReversed });
    const startsPast = await post(asha.cookie, requestBody({ windowFrom: dateIn(-2) }));
    expect(startsPast.json().error.fields).toEqual({ windowFrom: REQUEST_MSG.windowPast });
    const { db } = await testDatabase();
    expect(await db.select().from(clientRequests)).toEqual([]);
  });

  it('refuses obvious secrets in the scope with a message, and a scope with nothing in it', async () => {
    const asha = await client();
    const inAsset = await post(
      asha.cookie,
      requestBody({
        assets: [{ type: 'web', identifier: 'https://admin:hunter2@portal.example.in', inScope: true }],
      }),
    );
    expect(inAsset.statusCode).toBe(400);
    expect(inAsset.json().error.fields).toEqual({ 'assets.0.identifier': REQUEST_MSG.secretsRefused });
    const inText = await post(
      asha.cookie,
      requestBody({ description: 'Test account: password=Summer2026!' }),
    );
    expect(inText.json().error.fields).toEqual({ description: REQUEST_MSG.secretsRefused });
    const noScope = await post(
      asha.cookie,
      requestBody({ assets: [{ type: 'web', identifier: 'https://blog.example.in', inScope: false }] }),
    );
    expect(noScope.json().error.fields).toEqual({ assets: REQUEST_MSG.assetsRequired });
    const { db } = await testDatabase();
    expect(await db.select().from(clientRequests)).toEqual([]);
  });
});

describe("a request's life", () => {
  it('follows draft -> open -> cancelled, refuses what the table does not allow, and records each change', async () => {
    const asha = await client();
    const { id } = (await post(asha.cookie, requestBody(), false)).json();
    const move = (to: string, cookie = asha.cookie) =>
      app.inject({ method: 'POST', url: `/api/requests/${id}/status`, headers: { cookie }, payload: { to } });
    const closed = await move('closed');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe('A request that is draft cannot become closed.');
    expect((await move('open')).json().message).toBe(REQUEST_MSG.statusChanged.open);
    expect((await move('awarded')).statusCode).toBe(400);
    expect((await move('cancelled')).statusCode).toBe(200);
    const again = await move('open');
    expect(again.json().error.message).toBe('A request that is cancelled cannot become open.');
    const { db } = await testDatabase();
    expect((await db.select().from(clientRequestEvents)).map((e) => e.toStatus).sort()).toEqual([
      'cancelled',
      'draft',
      'open',
    ]);
  });

  it("answers 404 to another account acting on or reading someone's request; an admin may read it", async () => {
    const asha = await client();
    const { id } = (await post(asha.cookie, requestBody())).json();
    const other = await client('Other Client');
    const { db } = await testDatabase();
    const freelancer = await createFreelancer(db);
    for (const cookie of [other.cookie, freelancer.cookie]) {
      expect((await get(`/api/requests/${id}`, cookie)).statusCode).toBe(404);
      const put = await app.inject({
        method: 'PUT',
        url: `/api/requests/${id}`,
        headers: { cookie },
        payload: requestBody({ title: 'Hijacked' }),
      });
      expect(put.statusCode).toBe(404);
      expect(put.json().error.message).toBe(REQUEST_MSG.notFound);
      const cancel = await app.inject({
        method: 'POST',
        url: `/api/requests/${id}/status`,
        headers: { cookie },
        payload: { to: 'cancelled' },
      });
      expect(cancel.statusCode).toBe(404);
    }
    const admin = await createAccount(db, { roles: ['admin'] });
    const read = await get(`/api/requests/${id}`, await sessionCookie(db, admin.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ viewerIsClient: false, allowed: [] });
    const [row] = await db.select().from(clientRequests);
    expect([row.title, row.status]).toEqual(['Pentest of our customer portal', 'open']);
  });

  it('edits an open request, and not a cancelled one', async () => {
    const asha = await client();
    const { id } = (await post(asha.cookie, requestBody())).json();
    const put = (body: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/requests/${id}`,
        headers: { cookie: asha.cookie },
        payload: body,
      });
    expect((await put(requestBody({ title: 'Portal and API pentest' }))).json().message).toBe(
      REQUEST_MSG.updated,
    );
    const bad = await put(requestBody({ budgetMinPaise: 500, budgetMaxPaise: 400 }));
    expect(bad.json().error.fields).toEqual({ budgetMinPaise: REQUEST_MSG.budgetReversed });
    await app.inject({
      method: 'POST',
      url: `/api/requests/${id}/status`,
      headers: { cookie: asha.cookie },
      payload: { to: 'cancelled' },
    });
    const late = await put(requestBody({ title: 'Too late' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(REQUEST_MSG.notEditable);
    const { db } = await testDatabase();
    expect((await db.select().from(clientRequests))[0].title).toBe('Portal and API pentest');
  });
});

describe('invitations and visibility', () => {
  it('shows an invited-only request to the invited freelancer alone', async () => {
    const asha = await client();
    const { db } = await testDatabase();
    const invited = await createFreelancer(db, { name: 'Invited One' });
    const notInvited = await createFreelancer(db, { name: 'Not Invited' });
    const { id } = (await post(asha.cookie, requestBody({ visibility: 'invited' }))).json();
    expect((await get('/api/requests/invitable', asha.cookie)).json()).toEqual([
      { id, title: 'Pentest of our customer portal', status: 'open' },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: `/api/requests/${id}/invitations`,
      headers: { cookie: asha.cookie },
      payload: { freelancerId: invited.profileId },
    });
    expect(res.json().message).toBe('Invited One is invited to this request.');
    expect((await get(`/api/freelancer/requests/${id}`, invited.cookie)).statusCode).toBe(200);
    expect((await get(`/api/freelancer/requests/${id}`, notInvited.cookie)).statusCode).toBe(404);
    const area = (await get('/api/freelancer/client-requests', invited.cookie)).json();
    expect(area.invitations.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(area.matching).toEqual([]);
    const other = (await get('/api/freelancer/client-requests', notInvited.cookie)).json();
    expect([other.invitations, other.matching]).toEqual([[], []]);
    expect((await get(`/api/requests/${id}`, asha.cookie)).json().invited).toEqual([
      expect.objectContaining({ freelancerId: invited.profileId, name: 'Invited One' }),
    ]);
  });

  it('refuses an unknown freelancer, oneself, and another client inviting to a request not theirs', async () => {
    const asha = await client();
    const { db } = await testDatabase();
    const kabir = await createFreelancer(db);
    const { id } = (await post(asha.cookie, requestBody())).json();
    const invite = (freelancerId: string, cookie = asha.cookie) =>
      app.inject({
        method: 'POST',
        url: `/api/requests/${id}/invitations`,
        headers: { cookie },
        payload: { freelancerId },
      });
    // A freelancer who is also a client cannot invite itself to its own request.
    const own = (await post(kabir.cookie, requestBody())).json();
    const self = await app.inject({
      method: 'POST',
      url: `/api/requests/${own.id}/invitations`,
      headers: { cookie: kabir.cookie },
      payload: { freelancerId: kabir.profileId },
    });
    expect([self.statusCode, self.json().error.message]).toEqual([400, REQUEST_MSG.inviteSelf]);
    // An account's own id is not a profile's id.
    expect((await invite(kabir.id)).statusCode).toBe(404);
    const nobody = await invite('00000000-0000-4000-8000-000000000001');
    expect([nobody.statusCode, nobody.json().error.message]).toEqual([404, REQUEST_MSG.freelancerNotFound]);
    const other = await client('Other Client');
    expect((await invite(kabir.profileId, other.cookie)).statusCode).toBe(404);
    expect(await db.select().from(clientRequestInvitations)).toEqual([]);
  });

  it("lists open requests in the freelancer's services only", async () => {
    const asha = await client();
    const { db } = await testDatabase();
    const pentester = await createFreelancer(db, { services: ['pentesting', 'cloud-security'] });
    const forensic = await createFreelancer(db, { services: ['forensics'] });
    const { id } = (await post(asha.cookie, requestBody())).json();
    await post(asha.cookie, requestBody({ title: 'Still a draft' }), false);
    const area = (await get('/api/freelancer/client-requests', pentester.cookie)).json();
    expect(area.services).toEqual(['pentesting', 'cloud-security']);
    expect(area.matching.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await get('/api/freelancer/client-requests', forensic.cookie)).json().matching).toEqual([]);
    expect((await get('/api/freelancer/client-requests', asha.cookie)).statusCode).toBe(403);
  });
});

describe('the NDA', () => {
  it('hides the scope until the freelancer accepts the NDA, and records the acceptance with its time', async () => {
    const asha = await client();
    const { db } = await testDatabase();
    const kabir = await createFreelancer(db);
    const { id } = (await post(asha.cookie, requestBody({ ndaRequired: true }))).json();
    const before = (await get(`/api/freelancer/requests/${id}`, kabir.cookie)).json();
    expect(before.request).toMatchObject({
      title: 'Pentest of our customer portal',
      service: 'pentesting',
      budgetMinPaise: 5_000_000,
      budgetMaxPaise: 12_000_000,
      ndaTerms: NDA_TERMS,
      ndaAcceptedAt: null,
      scope: null,
    });
    expect(JSON.stringify(before)).not.toContain('portal.example.in');
    const accept = await app.inject({
      method: 'POST',
      url: `/api/freelancer/requests/${id}/nda`,
      headers: { cookie: kabir.cookie },
    });
    expect(accept.json().message).toBe(REQUEST_MSG.ndaAccepted);
    const after = (await get(`/api/freelancer/requests/${id}`, kabir.cookie)).json();
    expect(after.request.scope.assets[0].identifier).toBe('https://portal.example.in');
    expect(after.request.ndaAcceptedAt).toEqual(expect.any(String));
    const [row] = await db.select().from(clientRequestNdaAcceptances);
    expect(row).toMatchObject({ requestId: id, freelancerId: kabir.id, terms: NDA_TERMS });
    expect(row.acceptedAt).toBeInstanceOf(Date);
  });

  it('serves the scope at once where no NDA is required, and refuses accepting an NDA there', async () => {
    const asha = await client();
    const { db } = await testDatabase();
    const kabir = await createFreelancer(db);
    const { id } = (await post(asha.cookie, requestBody())).json();
    const view = (await get(`/api/freelancer/requests/${id}`, kabir.cookie)).json();
    expect(view.request.scope.windowFrom).toBe(dateIn(10));
    const nda = await app.inject({
      method: 'POST',
      url: `/api/freelancer/requests/${id}/nda`,
      headers: { cookie: kabir.cookie },
    });
    expect([nda.statusCode, nda.json().error.message]).toEqual([409, REQUEST_MSG.ndaNotRequired]);
  });
});
