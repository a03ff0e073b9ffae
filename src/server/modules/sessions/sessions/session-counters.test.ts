// Decision 198: the dashboards' tiles and the lists' totals come from counters the bookings' trigger keeps in
// the transaction of each change, and the clock's part (a session that started, a request past its answer-by)
// from the few open sessions due. A session walked through request -> accept -> reschedule proposal -> cancel,
// another to its start and completion, a third left to expire: at every step each tile equals its list
// (decision 161), for the learner and the shark, and the counters equal the bookings counted again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_GROUPS, type SessionGroup } from '#shared/session-lists.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { setClock } from '#server/time.ts';
import { completeSession, expireSession, sessionCounterDrift } from './service';
import { anonymizeBookings } from './repository';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => {
  setClock();
  return app.close();
});

// Monday 2026-11-23, 06:00 in India.
const NOW = new Date('2026-11-23T00:30:00Z');
let clock = NOW;
beforeEach(async () => {
  clock = NOW;
  setClock(() => clock);
  await resetDb();
});

/** hh:mm in India, `days` after Monday 2026-11-23, as an ISO instant. */
const slot = (days: number, hhmm = '18:30') =>
  new Date(Date.parse(`2026-11-${23 + days}T${hhmm}:00+05:30`)).toISOString();
const H = 3_600_000;

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const act = async (cookie: string, id: string, action: string, payload: object = {}) => {
  const res = await call(cookie, 'POST', `/api/sessions/${id}/${action}`, payload);
  expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
};

async function setup() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  return {
    course,
    learnerId: learner.id,
    learner: await sessionCookie(db, learner.id),
    shark: await sessionCookie(db, sharkAccount.id),
  };
}

const book = (cookie: string, courseId: string, startsAt: string) =>
  bookAndPay(app, cookie, {
    courseId,
    hours: 1,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
    timeZone: 'Asia/Kolkata',
  });

interface Item {
  status: string;
  startsAt: string;
}

/** Every item of one group's list, page after page. */
async function wholeList(cookie: string, base: string, group: SessionGroup): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page++) {
    const res = await call(cookie, 'GET', `${base}?group=${group}&page=${page}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: Item[]; total: number };
    items.push(...body.items);
    if (body.items.length === 0 || items.length >= body.total) return items;
  }
}

type Groups = Record<SessionGroup, { total: number; items: unknown[] }>;

/** The learner's overview and the shark's dashboard against their lists, and the counters against the bookings. */
async function expectTilesEqualLists(s: Awaited<ReturnType<typeof setup>>, step: string) {
  const overview = (await call(s.learner, 'GET', '/api/me/sessions/overview')).json();
  const dashboard = (await call(s.shark, 'GET', '/api/workspace/dashboard')).json();
  const sides: Array<[string, string, Groups, { upcomingSessions: number; completedSessions: number }]> = [
    ['learner', '/api/me/sessions', overview.groups, overview],
    ['shark', '/api/workspace/sessions', dashboard.sessions, dashboard],
  ];
  const now = clock.toISOString();
  for (const [who, base, groups, tiles] of sides) {
    const all: Item[] = [];
    for (const group of SESSION_GROUPS) {
      const list = await wholeList(who === 'learner' ? s.learner : s.shark, base, group);
      all.push(...list);
      expect(groups[group].total, `${step}: ${who} ${group}`).toBe(list.length);
      expect(groups[group].items.length, `${step}: ${who} ${group} preview`).toBe(Math.min(list.length, 3));
    }
    expect(tiles.upcomingSessions, `${step}: ${who} upcoming (confirmed ahead)`).toBe(
      all.filter((i) => i.status === 'confirmed' && i.startsAt > now).length,
    );
    expect(tiles.completedSessions, `${step}: ${who} completed`).toBe(
      all.filter((i) => i.status === 'completed').length,
    );
    // The API's older field (decision 161): open requests, answered in time or not yet expired by the clock.
    if (who === 'shark')
      expect(dashboard.awaitingAnswer, `${step}: shark awaiting answer`).toBe(
        all.filter((i) => i.status === 'requested').length,
      );
  }
  expect(await sessionCounterDrift(app.db), `${step}: counters against the bookings`).toEqual([]);
  return { overview, dashboard };
}

it('keeps every tile equal to its list through request, accept, reschedule, cancel, start, completion and expiry', async () => {
  const s = await setup();
  const empty = await expectTilesEqualLists(s, 'nothing booked');
  expect(empty.dashboard.sessions.needsAction.total).toBe(0);

  const a = await book(s.learner, s.course.id, slot(5));
  const b = await book(s.learner, s.course.id, slot(3));
  const c = await book(s.learner, s.course.id, slot(4));
  const requested = await expectTilesEqualLists(s, 'three requests');
  expect(requested.dashboard.sessions.needsAction.total).toBe(3);
  expect(requested.overview.groups.upcoming.total).toBe(3);

  await act(s.shark, a, 'accept');
  await act(s.shark, b, 'accept');
  const accepted = await expectTilesEqualLists(s, 'two accepted');
  expect(accepted.dashboard).toMatchObject({ upcomingSessions: 2, awaitingAnswer: 1 });

  await act(s.learner, a, 'reschedule', { startsAt: slot(5, '10:00') });
  const proposed = await expectTilesEqualLists(s, 'the learner proposes a new time');
  expect(proposed.dashboard.sessions.needsAction.total).toBe(2);

  await act(s.learner, a, 'cancel', { reason: 'Plans changed' });
  const cancelled = await expectTilesEqualLists(s, 'cancelled with the proposal pending');
  // Under Cancelled, not Past: its time has not come (issue 43).
  expect(cancelled.overview.groups.cancelled.total).toBe(1);
  expect(cancelled.overview.groups.past.total).toBe(0);

  // The request's answer-by (a day after it was made) passes before the clock's job expires it.
  clock = new Date(NOW.getTime() + 49 * H);
  const unanswered = await expectTilesEqualLists(s, 'a request past its answer-by');
  expect(unanswered.dashboard.sessions.needsAction.total).toBe(0);
  expect(await app.db.transaction((tx) => expireSession(tx, app.payments, c))).toBe(true);
  await expectTilesEqualLists(s, 'the request expired');

  // The confirmed session starts: it leaves Upcoming at once, before the clock completes it.
  clock = new Date(Date.parse(slot(3)) + 0.5 * H);
  const started = await expectTilesEqualLists(s, 'a session in progress');
  expect(started.dashboard).toMatchObject({ upcomingSessions: 0, completedSessions: 0 });
  clock = new Date(Date.parse(slot(3)) + 2 * H);
  expect(await app.db.transaction((tx) => completeSession(tx, app.payments, b))).toBe(true);
  const done = await expectTilesEqualLists(s, 'completed');
  expect(done.dashboard).toMatchObject({ completedSessions: 1, upcomingSessions: 0 });
  expect(done.overview).toMatchObject({ completedSessions: 1, total: 3 });

  // The learner leaves (account deletion): the bookings stay the shark's, detached from the learner.
  await anonymizeBookings(app.db, s.learnerId, 'Former learner');
  const left = await expectTilesEqualLists(s, 'the learner left');
  expect(left.overview.total).toBe(0);
  expect(left.dashboard).toMatchObject({ completedSessions: 1 });
});
