import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_MSG, ROE_TERMS } from '#shared/engagements.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createEngagement } from '#server/test/marketplace.ts';
import { engagementMessages, engagements } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function hired() {
  const { db } = await testDatabase();
  return { db, ...(await createEngagement(app, db)) };
}

describe('starting an engagement', () => {
  it('accepting a proposal starts the engagement with the scope and the milestones copied', async () => {
    const h = await hired();
    const res = await call('GET', `/api/engagements/${h.engagementId}`, h.client.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const e = res.json();
    expect(e).toMatchObject({
      requestId: h.requestId,
      proposalId: h.proposalId,
      title: 'Pentest of our customer portal',
      pricePaise: 9_000_000,
      status: 'active',
      viewer: 'client',
      roe: null,
      client: { name: 'Asha Menon' },
      freelancer: { name: 'Kabir Shah' },
    });
    expect(e.assets).toHaveLength(3);
    expect(
      e.milestones.map((m: { title: string; amountPaise: number; status: string }) => [
        m.title,
        m.amountPaise,
        m.status,
      ]),
    ).toEqual([
      ['Testing and report', 6_000_000, 'awaiting_funding'],
      ['Retest', 3_000_000, 'awaiting_funding'],
    ]);
    expect(e.events.map((x: { kind: string }) => x.kind)).toEqual(['created']);
  });

  it('lists the engagement for both parties, each with its side', async () => {
    const h = await hired();
    const client = (await call('GET', '/api/engagements', h.client.cookie)).json();
    const freelancer = (await call('GET', '/api/engagements', h.freelancer.cookie)).json();
    expect(client).toEqual([
      expect.objectContaining({
        id: h.engagementId,
        role: 'client',
        counterpartName: 'Kabir Shah',
        milestonesTotal: 2,
      }),
    ]);
    expect(freelancer).toEqual([
      expect.objectContaining({ id: h.engagementId, role: 'freelancer', counterpartName: 'Asha Menon' }),
    ]);
  });

  it('is shown to the freelancer and admins, and is 404 for anyone else', async () => {
    const h = await hired();
    const admin = await createAccount(h.db, { roles: ['admin'] });
    const stranger = await createAccount(h.db, { roles: ['user'] });
    const asFreelancer = await call('GET', `/api/engagements/${h.engagementId}`, h.freelancer.cookie);
    expect(asFreelancer.json().viewer).toBe('freelancer');
    const asAdmin = await call(
      'GET',
      `/api/engagements/${h.engagementId}`,
      await sessionCookie(h.db, admin.id),
    );
    expect(asAdmin.json().viewer).toBe('admin');
    const asStranger = await call(
      'GET',
      `/api/engagements/${h.engagementId}`,
      await sessionCookie(h.db, stranger.id),
    );
    expect([asStranger.statusCode, asStranger.json().error.message]).toEqual([404, ENGAGEMENT_MSG.notFound]);
    const unknown = await call('GET', `/api/engagements/${randomUUID()}`, h.client.cookie);
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', '/api/engagements', await sessionCookie(h.db, stranger.id))).json()).toEqual(
      [],
    );
  });
});

describe('the rules of engagement', () => {
  it('records the client acknowledgement with its time, user and text, in the timeline', async () => {
    const h = await hired();
    const res = await call('POST', `/api/engagements/${h.engagementId}/roe`, h.client.cookie, {
      acknowledge: true,
    });
    expect([res.statusCode, res.json().message]).toEqual([200, ENGAGEMENT_MSG.roeAcknowledged]);
    const [row] = await h.db.select().from(engagements);
    expect(row).toMatchObject({ roeTerms: ROE_TERMS, roeAcknowledgedBy: h.client.id });
    expect(row.roeAcknowledgedAt).toBeInstanceOf(Date);
    const e = (await call('GET', `/api/engagements/${h.engagementId}`, h.freelancer.cookie)).json();
    expect(e.roe).toMatchObject({ terms: ROE_TERMS, acknowledgedBy: 'Asha Menon' });
    expect(e.events.map((x: { kind: string }) => x.kind)).toEqual(['created', 'roe_acknowledged']);
  });

  it('refuses an unticked box naming the field, a second acknowledgement, and the freelancer', async () => {
    const h = await hired();
    const unticked = await call('POST', `/api/engagements/${h.engagementId}/roe`, h.client.cookie, {
      acknowledge: false,
    });
    expect([unticked.statusCode, unticked.json().error.fields]).toEqual([
      400,
      { acknowledge: ENGAGEMENT_MSG.roeRequired },
    ]);
    const byFreelancer = await call('POST', `/api/engagements/${h.engagementId}/roe`, h.freelancer.cookie, {
      acknowledge: true,
    });
    expect(byFreelancer.statusCode).toBe(404);
    expect((await h.db.select().from(engagements))[0].roeAcknowledgedAt).toBeNull();
    await call('POST', `/api/engagements/${h.engagementId}/roe`, h.client.cookie, { acknowledge: true });
    const again = await call('POST', `/api/engagements/${h.engagementId}/roe`, h.client.cookie, {
      acknowledge: true,
    });
    expect([again.statusCode, again.json().error.message]).toEqual([409, ENGAGEMENT_MSG.roeAlready]);
  });
});

describe('the thread', () => {
  it('lets both parties write, each seeing its own messages as mine', async () => {
    const h = await hired();
    const sent = await call('POST', `/api/engagements/${h.engagementId}/messages`, h.client.cookie, {
      body: 'The VPN credentials come by phone.',
    });
    expect([sent.statusCode, sent.json().message]).toEqual([201, ENGAGEMENT_MSG.messageSent]);
    await call('POST', `/api/engagements/${h.engagementId}/messages`, h.freelancer.cookie, {
      body: 'Noted.',
    });
    const e = (await call('GET', `/api/engagements/${h.engagementId}`, h.freelancer.cookie)).json();
    expect(e.messages.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ['The VPN credentials come by phone.', false],
      ['Noted.', true],
    ]);
  });

  it('refuses an empty message naming the field, and a stranger or an admin with 404', async () => {
    const h = await hired();
    const empty = await call('POST', `/api/engagements/${h.engagementId}/messages`, h.client.cookie, {
      body: ' ',
    });
    expect([empty.statusCode, empty.json().error.fields]).toEqual([
      400,
      { body: ENGAGEMENT_MSG.messageRequired },
    ]);
    const admin = await createAccount(h.db, { roles: ['admin'] });
    const byAdmin = await call(
      'POST',
      `/api/engagements/${h.engagementId}/messages`,
      await sessionCookie(h.db, admin.id),
      { body: 'Hello' },
    );
    expect(byAdmin.statusCode).toBe(404);
    expect(await h.db.select().from(engagementMessages)).toEqual([]);
  });
});
