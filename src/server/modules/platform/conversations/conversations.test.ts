// One conversation (issue 39, item 5; decision 212): the three threads through one module, and the proposal's
// messages continuing in the engagement it became, for its two parties only.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import { PROPOSAL_MSG } from '#shared/proposals.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { HttpError } from '#server/http/errors.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  dateIn,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { createFreelancer, proposalBody, requestBody } from '#server/test/marketplace.ts';
import { setClock } from '#server/time.ts';
import {
  claimMessageMail,
  dueMessageMails,
  messagesWrittenBy,
  postMessage,
  readThread,
  redactMessagesOf,
  type Thread,
} from './service';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);
afterEach(() => setClock());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A client's open request, Kabir's proposal on it shortlisted, and Meera, another freelancer who proposed too. */
async function shortlisted() {
  const { db } = await testDatabase();
  const client = await createAccount(db, { roles: ['user'], name: 'Asha Menon' });
  const clientCookie = await sessionCookie(db, client.id);
  const request = await call('POST', '/api/requests', clientCookie, { ...requestBody(), publish: true });
  expect(request.statusCode, request.body).toBe(201);
  const requestId = request.json().id as string;
  const kabir = await createFreelancer(db, { name: 'Kabir Shah' });
  const meera = await createFreelancer(db, { name: 'Meera Iyer' });
  const propose = (cookie: string) =>
    call('POST', `/api/freelancer/requests/${requestId}/proposal`, cookie, proposalBody());
  const proposalId = (await propose(kabir.cookie)).json().proposal.id as string;
  expect((await propose(meera.cookie)).statusCode).toBe(201);
  expect((await call('POST', `/api/proposals/${proposalId}/shortlist`, clientCookie)).statusCode).toBe(200);
  return { db, client: { ...client, cookie: clientCookie }, kabir, meera, proposalId };
}

const bodies = (messages: { body: string; mine: boolean; from?: string; authorName: string }[]) =>
  messages.map((m) => [m.from, m.authorName, m.body, m.mine]);

describe("the proposal's messages continue in the engagement", () => {
  it('shows them first on the engagement page, to both parties, marked as written on the proposal', async () => {
    const m = await shortlisted();
    const proposalThread = `/api/proposals/${m.proposalId}/messages`;
    expect(
      (await call('POST', proposalThread, m.client.cookie, { body: 'Can you start on Monday?' })).statusCode,
    ).toBe(201);
    await call('POST', proposalThread, m.kabir.cookie, { body: 'Yes, Monday works.' });
    const accepted = await call('POST', `/api/proposals/${m.proposalId}/accept`, m.client.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const engagementId = accepted.json().engagementId as string;
    const page = `/api/engagements/${engagementId}`;

    // Nothing written yet on the engagement: its thread is the proposal's.
    expect(bodies((await call('GET', page, m.client.cookie)).json().messages)).toEqual([
      ['proposal', 'Asha Menon', 'Can you start on Monday?', true],
      ['proposal', 'Kabir Shah', 'Yes, Monday works.', false],
    ]);

    const sent = await call('POST', `${page}/messages`, m.kabir.cookie, {
      body: 'Starting the recon today.',
    });
    expect([sent.statusCode, sent.json().message]).toEqual([201, ENGAGEMENT_MSG.messageSent]);
    const asClient = (await call('GET', page, m.client.cookie)).json().messages;
    const asFreelancer = (await call('GET', page, m.kabir.cookie)).json().messages;
    expect(bodies(asClient)).toEqual([
      ['proposal', 'Asha Menon', 'Can you start on Monday?', true],
      ['proposal', 'Kabir Shah', 'Yes, Monday works.', false],
      ['engagement', 'Kabir Shah', 'Starting the recon today.', false],
    ]);
    expect(bodies(asFreelancer)).toEqual([
      ['proposal', 'Asha Menon', 'Can you start on Monday?', false],
      ['proposal', 'Kabir Shah', 'Yes, Monday works.', true],
      ['engagement', 'Kabir Shah', 'Starting the recon today.', true],
    ]);
    // The same messages, with the same ids, as the proposal's own thread still shows them.
    const proposalMessages = (await call('GET', proposalThread, m.client.cookie)).json();
    expect(asClient.slice(0, 2).map((x: { id: string }) => x.id)).toEqual(
      proposalMessages.map((x: { id: string }) => x.id),
    );
  });

  it('shows them to nobody else: another freelancer who proposed and a stranger get 404', async () => {
    const m = await shortlisted();
    await call('POST', `/api/proposals/${m.proposalId}/messages`, m.client.cookie, { body: 'Private scope' });
    const engagementId = (await call('POST', `/api/proposals/${m.proposalId}/accept`, m.client.cookie)).json()
      .engagementId as string;
    const stranger = await createAccount(m.db, { roles: ['user'] });
    for (const cookie of [m.meera.cookie, await sessionCookie(m.db, stranger.id)]) {
      const page = await call('GET', `/api/engagements/${engagementId}`, cookie);
      expect([page.statusCode, page.json().error.message]).toEqual([404, ENGAGEMENT_MSG.notFound]);
      expect(page.body).not.toContain('Private scope');
      const thread = await call('GET', `/api/proposals/${m.proposalId}/messages`, cookie);
      expect([thread.statusCode, thread.json().error.message]).toEqual([404, PROPOSAL_MSG.notFound]);
      const post = await call('POST', `/api/engagements/${engagementId}/messages`, cookie, { body: 'Hi' });
      expect(post.statusCode).toBe(404);
    }
  });

  it("shows a message written on the accepted proposal with the proposal's, before the engagement's own", async () => {
    const m = await shortlisted();
    const proposalThread = `/api/proposals/${m.proposalId}/messages`;
    await call('POST', proposalThread, m.kabir.cookie, { body: 'Ready when you are.' });
    const engagementId = (await call('POST', `/api/proposals/${m.proposalId}/accept`, m.client.cookie)).json()
      .engagementId as string;
    await call('POST', `/api/engagements/${engagementId}/messages`, m.client.cookie, { body: 'Go ahead.' });
    // The accepted proposal's thread takes messages as before (decision 212 keeps its rule).
    const late = await call('POST', proposalThread, m.client.cookie, {
      body: 'Written on the proposal page',
    });
    expect([late.statusCode, late.json().message]).toEqual([201, PROPOSAL_MSG.messageSent]);
    const page = (await call('GET', `/api/engagements/${engagementId}`, m.kabir.cookie)).json();
    expect(page.messages.map((x: { from: string; body: string }) => [x.from, x.body])).toEqual([
      ['proposal', 'Ready when you are.'],
      ['proposal', 'Written on the proposal page'],
      ['engagement', 'Go ahead.'],
    ]);
  });
});

describe('the conversations module', () => {
  /** A confirmed session of a learner with a shark, as the sessions module names its thread. */
  async function session() {
    const { db } = await testDatabase();
    const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
    const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
    const shark = await createShark(db, { userId: sharkAccount.id, name: 'Arjun Mehta' });
    const course = await createCourse(db, shark.id);
    const booking = await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: dateIn(3),
    });
    const thread: Thread = { kind: 'session', id: booking.id, names: { learner: 'Priya', shark: 'Arjun' } };
    return { db, learner, sharkAccount, thread };
  }

  it("reads a thread in the order of writing, two messages of one instant by their sequence, with the owner's names", async () => {
    const s = await session();
    const instant = new Date('2030-03-01T10:00:00.000Z');
    setClock(() => instant);
    await s.db.transaction(async (tx) => {
      await postMessage(
        tx,
        s.thread,
        { userId: s.sharkAccount.id, side: 'shark' },
        'Second by name, first written',
      );
      await postMessage(
        tx,
        s.thread,
        { userId: s.learner.id, side: 'learner' },
        'Answer in the same instant',
      );
    });
    const read = await readThread(s.db, s.thread, s.learner.id);
    expect(read.map((m) => [m.author, m.authorName, m.body, m.mine, m.createdAt, m.from])).toEqual([
      ['shark', 'Arjun', 'Second by name, first written', false, instant.toISOString(), 'session'],
      ['learner', 'Priya', 'Answer in the same instant', true, instant.toISOString(), 'session'],
    ]);
  });

  it("keeps each kind's body rule: trimmed, not empty, a session's up to 4,000 characters, a proposal's 2,000", async () => {
    const s = await session();
    const learner = { userId: s.learner.id, side: 'learner' as const };
    expect((await postMessage(s.db, s.thread, learner, '  hello  ')).body).toBe('hello');
    expect((await postMessage(s.db, s.thread, learner, 'x'.repeat(4000))).body).toHaveLength(4000);
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: HttpError) => [e.statusCode, e.fields],
      );
    expect(await refusal(postMessage(s.db, s.thread, learner, 'x'.repeat(4001)))).toEqual([
      400,
      { body: SESSION_MSG.messageTooLong },
    ]);
    expect(await refusal(postMessage(s.db, s.thread, learner, '   '))).toEqual([
      400,
      { body: SESSION_MSG.messageRequired },
    ]);
    const m = await shortlisted();
    const proposal: Thread = { kind: 'proposal', id: m.proposalId };
    expect(await refusal(postMessage(m.db, proposal, { userId: m.client.id }, 'x'.repeat(2001)))).toEqual([
      400,
      { body: PROPOSAL_MSG.messageTooLong },
    ]);
    const posted = await postMessage(m.db, proposal, { userId: m.client.id }, 'Within the limit');
    expect([posted.author, posted.authorName, posted.mine, posted.from]).toEqual([
      null,
      'Asha Menon',
      true,
      'proposal',
    ]);
  });

  it("holds a session's mail bookkeeping, the export of an author's own messages, and a leaver's redaction", async () => {
    const s = await session();
    const t0 = new Date('2030-03-01T10:00:00.000Z');
    setClock(() => t0);
    await postMessage(s.db, s.thread, { userId: s.learner.id, side: 'learner' }, 'See you at ten');
    await postMessage(s.db, s.thread, { userId: s.sharkAccount.id, side: 'shark' }, 'Bring your notes');

    const later = new Date(t0.getTime() + 10 * 60_000);
    expect(await dueMessageMails(s.db, new Date(later.getTime() - 1), 10, 10)).toEqual([]);
    const due = await dueMessageMails(s.db, later, 10, 10);
    expect(due.map((g) => g.author).sort()).toEqual(['learner', 'shark']);
    const learnerGroup = due.find((g) => g.author === 'learner')!;
    expect((await claimMessageMail(s.db, learnerGroup, later)).map((m) => m.body)).toEqual([
      'See you at ten',
    ]);
    expect(await claimMessageMail(s.db, learnerGroup, later)).toEqual([]);
    expect((await dueMessageMails(s.db, later, 10, 10)).map((g) => g.author)).toEqual(['shark']);

    expect(
      (await messagesWrittenBy(s.db, 'session', s.learner.id)).map((m) => [m.threadId, m.author, m.body]),
    ).toEqual([[s.thread.id, 'learner', 'See you at ten']]);
    await redactMessagesOf(s.db, 'session', s.learner.id, SESSION_MSG.redactedMessage);
    expect((await readThread(s.db, s.thread, s.sharkAccount.id)).map((m) => m.body)).toEqual([
      SESSION_MSG.redactedMessage,
      'Bring your notes',
    ]);
  });
});
