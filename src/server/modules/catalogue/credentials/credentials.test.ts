// Verified credentials (decision 032): the shark adds them, an admin verifies or rejects them (mailed and
// audited in one transaction), and only verified ones show in public, an expired one marked.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { adminAuditLog, sharkCredentials } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const oscp = {
  kind: 'certification',
  name: 'OSCP',
  issuer: 'OffSec',
  credentialId: 'OS-101-12345',
  url: 'https://www.credly.com/badges/abc',
  issuedOn: '2024-01-10',
  expiresOn: '',
};

async function setup() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { published: true });
  const other = await createShark(db, { published: true });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    db,
    shark,
    other,
    sharkCookie: await sessionCookie(db, shark.userId),
    otherCookie: await sessionCookie(db, other.userId),
    adminCookie: await sessionCookie(db, admin.id),
    adminId: admin.id,
  };
}

describe('credentials', () => {
  it('a shark adds one; an admin verifies it; it shows in public and counts on the card', async () => {
    const s = await setup();
    const add = await app.inject({
      method: 'POST',
      url: '/api/workspace/credentials',
      headers: { cookie: s.sharkCookie },
      payload: oscp,
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ message: CREDENTIAL_MSG.added, credential: { status: 'pending' } });
    const id = add.json().credential.id;
    expect(
      (await app.inject({ method: 'GET', url: `/api/sharks/${s.shark.id}/credentials` })).json(),
    ).toEqual([]);

    const queue = await app.inject({
      method: 'GET',
      url: '/api/admin/credentials',
      headers: { cookie: s.adminCookie },
    });
    expect(queue.json()).toMatchObject({ page: 1, total: 1 });
    expect(queue.json().items).toEqual([
      expect.objectContaining({ id, name: 'OSCP', ownerName: expect.any(String), ownerKind: 'shark' }),
    ]);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${id}/review`,
      headers: { cookie: s.adminCookie },
      payload: { verified: true },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(CREDENTIAL_MSG.verified);
    const pub = (await app.inject({ method: 'GET', url: `/api/sharks/${s.shark.id}/credentials` })).json();
    expect(pub).toEqual([
      expect.objectContaining({
        id,
        name: 'OSCP',
        issuer: 'OffSec',
        expired: false,
        verifiedAt: expect.any(String),
      }),
    ]);
    const audit = await s.db.select().from(adminAuditLog);
    expect(audit.map((r) => [r.action, r.actorId, r.targetId])).toEqual([
      ['credential.verify', s.adminId, id],
    ]);
    const mail = (
      await app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(await ownerEmail(s.shark.userId))}`,
      })
    ).json();
    expect(mail[0].subject).toBe('OSCP is verified');
    const { sharksWithMeta } = await import('#server/db/schema.ts');
    const rows = await s.db.select().from(sharksWithMeta);
    expect(rows.find((r) => r.id === s.shark.id)?.verifiedCredentials).toBe(1);
  });

  it('an expired credential shows as expired; a rejected one never shows, and needs a reason', async () => {
    const s = await setup();
    const add = async (body: object) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/workspace/credentials',
          headers: { cookie: s.sharkCookie },
          payload: body,
        })
      ).json().credential.id as string;
    const old = await add({ ...oscp, name: 'CRTO', issuedOn: '2020-01-01', expiresOn: '2021-01-01' });
    const bad = await add({ ...oscp, name: 'CISSP' });
    await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${old}/review`,
      headers: { cookie: s.adminCookie },
      payload: { verified: true },
    });
    const noReason = await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${bad}/review`,
      headers: { cookie: s.adminCookie },
      payload: { verified: false },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: CREDENTIAL_MSG.reasonRequired });
    const rejected = await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${bad}/review`,
      headers: { cookie: s.adminCookie },
      payload: { verified: false, reason: 'The badge shows another name.' },
    });
    expect(rejected.json().message).toBe(CREDENTIAL_MSG.rejected);
    const pub = (await app.inject({ method: 'GET', url: `/api/sharks/${s.shark.id}/credentials` })).json();
    expect(pub.map((c: { name: string; expired: boolean }) => [c.name, c.expired])).toEqual([['CRTO', true]]);
    const own = (
      await app.inject({
        method: 'GET',
        url: '/api/workspace/credentials',
        headers: { cookie: s.sharkCookie },
      })
    ).json();
    expect(own.find((c: { id: string }) => c.id === bad)).toMatchObject({
      status: 'rejected',
      reason: 'The badge shows another name.',
    });
  });

  it('validates the fields with their messages (https only, dates in order)', async () => {
    const s = await setup();
    const res = await app.inject({
      method: 'POST',
      url: '/api/workspace/credentials',
      headers: { cookie: s.sharkCookie },
      payload: { kind: 'badge', name: '', url: 'http://example.com/x', issuedOn: '2024-13-45' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      kind: CREDENTIAL_MSG.kindInvalid,
      name: CREDENTIAL_MSG.nameRequired,
      url: CREDENTIAL_MSG.urlInvalid,
      issuedOn: CREDENTIAL_MSG.dateInvalid,
    });
    const order = await app.inject({
      method: 'POST',
      url: '/api/workspace/credentials',
      headers: { cookie: s.sharkCookie },
      payload: { ...oscp, issuedOn: '2024-01-10', expiresOn: '2023-01-10' },
    });
    expect(order.json().error.fields).toEqual({ expiresOn: CREDENTIAL_MSG.expiryBeforeIssue });
    const js = await app.inject({
      method: 'POST',
      url: '/api/workspace/credentials',
      headers: { cookie: s.sharkCookie },
      payload: { ...oscp, url: 'javascript:alert(1)' },
    });
    expect(js.json().error.fields).toEqual({ url: CREDENTIAL_MSG.urlInvalid });
  });

  it('another shark can neither list, add to nor remove a shark’s credentials; a shark cannot review', async () => {
    const s = await setup();
    const add = await app.inject({
      method: 'POST',
      url: '/api/workspace/credentials',
      headers: { cookie: s.sharkCookie },
      payload: oscp,
    });
    const id = add.json().credential.id;
    const list = await app.inject({
      method: 'GET',
      url: `/api/workspace/credentials?sharkId=${s.shark.id}`,
      headers: { cookie: s.otherCookie },
    });
    expect(list.statusCode).toBe(403);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/credentials/${id}`,
      headers: { cookie: s.otherCookie },
    });
    expect(del.statusCode).toBe(404);
    const review = await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${id}/review`,
      headers: { cookie: s.sharkCookie },
      payload: { verified: true },
    });
    expect(review.statusCode).toBe(403);
    expect(await s.db.select().from(adminAuditLog)).toEqual([]);
    // The admin acts for the shark with ?sharkId=, and the owner removes it.
    const byAdmin = await app.inject({
      method: 'GET',
      url: `/api/workspace/credentials?sharkId=${s.shark.id}`,
      headers: { cookie: s.adminCookie },
    });
    expect(byAdmin.json()).toHaveLength(1);
    const mine = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/credentials/${id}`,
      headers: { cookie: s.sharkCookie },
    });
    expect(mine.json().message).toBe(CREDENTIAL_MSG.removed);
    expect(await s.db.select().from(sharkCredentials)).toEqual([]);
  });

  it('answers an unknown or unpublished shark 404 "Shark not found", like its other public sub-resources (issue 38, finding 12)', async () => {
    const s = await setup();
    const hidden = await createShark(s.db, { published: false });
    const get = (url: string) => app.inject({ method: 'GET', url });
    for (const id of [randomUUID(), hidden.id]) {
      const res = await get(`/api/sharks/${id}/credentials`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ error: { code: 'not_found', message: CATALOGUE_MSG.sharkNotFound } });
      for (const sibling of ['courses', 'reviews']) {
        const other = await get(`/api/sharks/${id}/${sibling}`);
        expect([other.statusCode, other.json()], sibling).toEqual([404, res.json()]);
      }
    }
    // A malformed id is refused as the reviews refuse it; a published shark without credentials has an empty list.
    const malformed = await get('/api/sharks/not-a-uuid/credentials');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toEqual({ id: CATALOGUE_MSG.sharkNotFound });
    const none = await get(`/api/sharks/${s.other.id}/credentials`);
    expect([none.statusCode, none.json()]).toEqual([200, []]);
  });
});

async function ownerEmail(userId: string) {
  const { db } = await testDatabase();
  const { users } = await import('#server/db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u.email;
}

describe('the public sharks list', () => {
  it('counts verified credentials per shark and filters verified only', async () => {
    const s = await setup();
    const add = await app.inject({
      method: 'POST',
      url: '/api/workspace/credentials',
      headers: { cookie: s.sharkCookie },
      payload: oscp,
    });
    await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${add.json().credential.id}/review`,
      headers: { cookie: s.adminCookie },
      payload: { verified: true },
    });
    const all = (await app.inject({ method: 'GET', url: '/api/sharks' })).json();
    const counts = Object.fromEntries(
      all.items.map((x: { id: string; verifiedCredentials: number }) => [x.id, x.verifiedCredentials]),
    );
    expect(counts).toEqual({ [s.shark.id]: 1, [s.other.id]: 0 });
    const verified = (await app.inject({ method: 'GET', url: '/api/sharks?verified=true' })).json();
    expect(verified.items.map((x: { id: string }) => x.id)).toEqual([s.shark.id]);
    const bad = await app.inject({ method: 'GET', url: '/api/sharks?verified=yes' });
    expect(bad.statusCode).toBe(400);
  });
});
