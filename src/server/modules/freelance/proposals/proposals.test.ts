import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PROPOSAL_MSG } from '#shared/proposals.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createFreelancer, proposalBody, requestBody } from '#server/test/marketplace.ts';
import { now } from '#server/time.ts';
import {
  clientRequestEvents,
  clientRequests,
  proposalMessages,
  proposals,
  sharkCredentials,
} from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A client with an open request, and two freelancers offering its service. */
async function market(request: Record<string, unknown> = {}) {
  const { db } = await testDatabase();
  const client = await createAccount(db, { roles: ['user'], name: 'Asha Menon' });
  const clientCookie = await sessionCookie(db, client.id);
  const created = await call('POST', '/api/requests', clientCookie, {
    ...requestBody(request),
    publish: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  const kabir = await createFreelancer(db, { name: 'Kabir Shah', headline: 'OSCP web pentester' });
  const meera = await createFreelancer(db, { name: 'Meera Iyer', headline: 'API security specialist' });
  return {
    db,
    client: { ...client, cookie: clientCookie },
    requestId: created.json().id as string,
    kabir,
    meera,
  };
}

const propose = (requestId: string, cookie: string, over: Record<string, unknown> = {}) =>
  call('POST', `/api/freelancer/requests/${requestId}/proposal`, cookie, proposalBody(over));

describe('proposing', () => {
  it('sends a proposal with two milestones, shown in the area with its state', async () => {
    const m = await market();
    const res = await propose(m.requestId, m.kabir.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: PROPOSAL_MSG.sent,
      proposal: {
        pricePaise: 9_000_000,
        days: 10,
        status: 'submitted',
        milestones: proposalBody().milestones,
      },
    });
    const area = (await call('GET', '/api/freelancer/client-requests', m.kabir.cookie)).json();
    expect(area.matching).toEqual([]);
    expect(area.proposals).toEqual([
      expect.objectContaining({ status: 'submitted', request: expect.objectContaining({ id: m.requestId }) }),
    ]);
    const view = (await call('GET', `/api/freelancer/requests/${m.requestId}`, m.kabir.cookie)).json();
    expect(view.proposal.id).toBe(res.json().proposal.id);
    const mine = (await call('GET', '/api/requests', m.client.cookie)).json();
    expect(mine[0].proposalCount).toBe(1);
  });

  it('refuses milestones that do not add up to the price, and saves nothing', async () => {
    const m = await market();
    const res = await propose(m.requestId, m.kabir.cookie, {
      milestones: [
        { title: 'Testing', amountPaise: 5_000_000 },
        { title: 'Retest', amountPaise: 3_000_000 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      milestones: 'The milestones add up to ₹80,000, not the price of ₹90,000',
    });
    expect(await m.db.select().from(proposals)).toEqual([]);
  });

  it('refuses a second proposal by the same freelancer', async () => {
    const m = await market();
    await propose(m.requestId, m.kabir.cookie);
    const again = await propose(m.requestId, m.kabir.cookie, {
      pricePaise: 8_000_000,
      milestones: [{ title: 'All', amountPaise: 8_000_000 }],
    });
    expect([again.statusCode, again.json().error.message]).toEqual([409, PROPOSAL_MSG.duplicate]);
    expect((await m.db.select().from(proposals)).map((p) => p.pricePaise)).toEqual([9_000_000]);
  });

  it('refuses a proposal on a closed or cancelled request', async () => {
    const m = await market();
    await call('POST', `/api/requests/${m.requestId}/status`, m.client.cookie, { to: 'cancelled' });
    const res = await propose(m.requestId, m.kabir.cookie);
    expect([res.statusCode, res.json().error.message]).toEqual([409, PROPOSAL_MSG.requestNotOpen]);
    expect(await m.db.select().from(proposals)).toEqual([]);
  });

  it('asks for the NDA first where one is required', async () => {
    const m = await market({ ndaRequired: true });
    const res = await propose(m.requestId, m.kabir.cookie);
    expect([res.statusCode, res.json().error.message]).toEqual([409, PROPOSAL_MSG.ndaFirst]);
    await call('POST', `/api/freelancer/requests/${m.requestId}/nda`, m.kabir.cookie);
    expect((await propose(m.requestId, m.kabir.cookie)).statusCode).toBe(201);
  });

  it('lets only a freelancer account propose, and not on its own request', async () => {
    const m = await market();
    const learner = await createAccount(m.db, { roles: ['user'] });
    const res = await propose(m.requestId, await sessionCookie(m.db, learner.id));
    expect(res.statusCode).toBe(403);
    const own = await call('POST', '/api/requests', m.kabir.cookie, { ...requestBody(), publish: true });
    const self = await propose(own.json().id, m.kabir.cookie);
    expect(self.statusCode).toBe(404);
    expect(await m.db.select().from(proposals)).toEqual([]);
  });

  it('edits a proposal until it is shortlisted, and withdraws it', async () => {
    const m = await market();
    const id = (await propose(m.requestId, m.kabir.cookie)).json().proposal.id;
    const edit = (cookie: string, over: Record<string, unknown>) =>
      call('PUT', `/api/proposals/${id}`, cookie, proposalBody(over));
    const cheaper = { pricePaise: 8_000_000, milestones: [{ title: 'Everything', amountPaise: 8_000_000 }] };
    expect((await edit(m.kabir.cookie, cheaper)).json().message).toBe(PROPOSAL_MSG.updated);
    const other = await edit(m.meera.cookie, { days: 1 });
    expect([other.statusCode, other.json().error.message]).toEqual([404, PROPOSAL_MSG.notFound]);
    const otherWithdraw = await call('POST', `/api/proposals/${id}/withdraw`, m.meera.cookie);
    expect(otherWithdraw.statusCode).toBe(404);
    await call('POST', `/api/proposals/${id}/shortlist`, m.client.cookie);
    const late = await edit(m.kabir.cookie, { days: 3 });
    expect([late.statusCode, late.json().error.message]).toEqual([409, PROPOSAL_MSG.notEditable]);
    expect((await call('POST', `/api/proposals/${id}/withdraw`, m.kabir.cookie)).json().message).toBe(
      PROPOSAL_MSG.withdrawn,
    );
    const [row] = await m.db.select().from(proposals);
    expect([row.pricePaise, row.days, row.status]).toEqual([8_000_000, 10, 'withdrawn']);
    expect((await call('GET', `/api/requests/${m.requestId}/proposals`, m.client.cookie)).json()).toEqual([]);
  });
});

describe("the client's side", () => {
  it('compares proposals side by side with the freelancer, and hides them from anyone else', async () => {
    const m = await market();
    await propose(m.requestId, m.kabir.cookie);
    await propose(m.requestId, m.meera.cookie, {
      pricePaise: 7_000_000,
      days: 7,
      milestones: [
        { title: 'API testing', amountPaise: 4_000_000 },
        { title: 'Report', amountPaise: 3_000_000 },
      ],
    });
    // Meera has one verified credential and one still pending: the comparison counts the verified one.
    for (const status of ['verified', 'pending'] as const)
      await m.db.insert(sharkCredentials).values({
        freelancerId: m.meera.profileId,
        kind: 'certification',
        name: `OSWE ${status}`,
        url: 'https://www.credly.com/badges/meera-oswe',
        status,
        verifiedAt: status === 'verified' ? now() : null,
      });
    const list = (await call('GET', `/api/requests/${m.requestId}/proposals`, m.client.cookie)).json();
    expect(list.map((p: { pricePaise: number; days: number }) => [p.pricePaise, p.days])).toEqual([
      [7_000_000, 7],
      [9_000_000, 10],
    ]);
    expect(list[1].freelancer.verifiedCredentials).toBe(0);
    expect(list[0].freelancer).toEqual({
      freelancerId: m.meera.id,
      name: 'Meera Iyer',
      headline: 'API security specialist',
      verifiedCredentials: 1,
      rating: null,
      reviewCount: 0,
    });
    const stranger = await createAccount(m.db, { roles: ['user'] });
    const strangerCookie = await sessionCookie(m.db, stranger.id);
    for (const cookie of [strangerCookie, m.kabir.cookie]) {
      expect((await call('GET', `/api/requests/${m.requestId}/proposals`, cookie)).statusCode).toBe(404);
    }
    const id = list[0].id;
    for (const action of ['shortlist', 'accept']) {
      const res = await call('POST', `/api/proposals/${id}/${action}`, strangerCookie);
      expect([res.statusCode, res.json().error.message]).toEqual([404, PROPOSAL_MSG.notFound]);
    }
    expect((await m.db.select().from(proposals)).map((p) => p.status)).toEqual(['submitted', 'submitted']);
  });

  it('messages a shortlisted freelancer, and only the two of them read the thread', async () => {
    const m = await market();
    const id = (await propose(m.requestId, m.kabir.cookie)).json().proposal.id;
    const early = await call('POST', `/api/proposals/${id}/messages`, m.client.cookie, { body: 'Hello' });
    expect([early.statusCode, early.json().error.message]).toEqual([409, PROPOSAL_MSG.messagesClosed]);
    expect((await call('POST', `/api/proposals/${id}/shortlist`, m.client.cookie)).json().message).toBe(
      PROPOSAL_MSG.shortlisted,
    );
    const twice = await call('POST', `/api/proposals/${id}/shortlist`, m.client.cookie);
    expect(twice.statusCode).toBe(409);
    await call('POST', `/api/proposals/${id}/messages`, m.client.cookie, {
      body: 'Can you start on Monday?',
    });
    await call('POST', `/api/proposals/${id}/messages`, m.kabir.cookie, { body: 'Yes, Monday works.' });
    const thread = (await call('GET', `/api/proposals/${id}/messages`, m.kabir.cookie)).json();
    expect(
      thread.map((x: { authorName: string; body: string; mine: boolean }) => [x.authorName, x.body, x.mine]),
    ).toEqual([
      ['Asha Menon', 'Can you start on Monday?', false],
      ['Kabir Shah', 'Yes, Monday works.', true],
    ]);
    expect((await call('GET', `/api/proposals/${id}/messages`, m.meera.cookie)).statusCode).toBe(404);
    const empty = await call('POST', `/api/proposals/${id}/messages`, m.client.cookie, { body: '  ' });
    expect(empty.json().error.fields).toEqual({ body: PROPOSAL_MSG.messageRequired });
    const intruder = await call('POST', `/api/proposals/${id}/messages`, m.meera.cookie, { body: 'Hi' });
    expect(intruder.statusCode).toBe(404);
    expect(await m.db.select().from(proposalMessages)).toHaveLength(2);
  });

  it('accepts one: the request is awarded, the others are not chosen and told by mail', async () => {
    const m = await market();
    const kabirs = (await propose(m.requestId, m.kabir.cookie)).json().proposal.id;
    await propose(m.requestId, m.meera.cookie);
    await call('POST', `/api/proposals/${kabirs}/shortlist`, m.client.cookie);
    const res = await call('POST', `/api/proposals/${kabirs}/accept`, m.client.cookie);
    expect(res.json().message).toBe(PROPOSAL_MSG.accepted);
    const rows = await m.db.select().from(proposals);
    expect(Object.fromEntries(rows.map((p) => [p.freelancerId, p.status]))).toEqual({
      [m.kabir.id]: 'accepted',
      [m.meera.id]: 'not_chosen',
    });
    const [request] = await m.db.select().from(clientRequests);
    expect(request.status).toBe('awarded');
    const events = await m.db.select().from(clientRequestEvents);
    expect(events.map((e) => e.toStatus)).toContain('awarded');
    const outbox = async (email: string) =>
      (await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    expect((await outbox(m.meera.email)).map((x: { subject: string }) => x.subject)).toEqual([
      'Another proposal was chosen for Pentest of our customer portal',
    ]);
    expect(await outbox(m.kabir.email)).toEqual([]);
    const again = await call('POST', `/api/proposals/${kabirs}/accept`, m.client.cookie);
    expect([again.statusCode, again.json().error.message]).toEqual([409, PROPOSAL_MSG.notAcceptable]);
    const latecomer = await createFreelancer(m.db, { name: 'Late Comer' });
    const late = await propose(m.requestId, latecomer.cookie);
    expect([late.statusCode, late.json().error.message]).toEqual([409, PROPOSAL_MSG.requestNotOpen]);
    const closed = await call('POST', `/api/requests/${m.requestId}/status`, m.client.cookie, {
      to: 'closed',
    });
    expect(closed.statusCode).toBe(200);
  });

  it('does not let a freelancer accept or shortlist its own proposal', async () => {
    const m = await market();
    const id = (await propose(m.requestId, m.kabir.cookie)).json().proposal.id;
    for (const action of ['shortlist', 'accept']) {
      expect((await call('POST', `/api/proposals/${id}/${action}`, m.kabir.cookie)).statusCode).toBe(404);
    }
    const [request] = await m.db.select().from(clientRequests);
    expect(request.status).toBe('open');
  });
});
