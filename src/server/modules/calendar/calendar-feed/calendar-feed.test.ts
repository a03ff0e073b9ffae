// The private calendar feed (issue 26, decision 148): each account's address lists its sessions on both sides,
// follows confirmations, cancellations and moves, answers If-None-Match with 304, and dies when replaced.
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bookAndPay } from '#server/test/payments.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { calendarFeeds } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';

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
beforeEach(async () => {
  setClock(() => NOW);
  await resetDb();
});

/** hh:mm in India, `days` after Monday 2026-11-23, as an ISO instant. */
const slot = (days: number, hhmm = '18:30') =>
  new Date(Date.parse(`2026-11-${23 + days}T${hhmm}:00+05:30`)).toISOString();

const call = (cookie: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function setup() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const other = await createAccount(db, { roles: ['user'], name: 'Other Learner' });
  return {
    db,
    course,
    learnerId: learner.id,
    learner: await sessionCookie(db, learner.id),
    shark: await sessionCookie(db, sharkAccount.id),
    other: await sessionCookie(db, other.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const book = (w: World, cookie: string, startsAt: string, courseId = w.course.id) =>
  bookAndPay(app, cookie, {
    courseId,
    hours: 1,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });

/** Makes (or replaces) the account's address: its path on this server. */
async function makeAddress(cookie: string) {
  const res = await call(cookie, 'POST', '/api/me/calendar-feed');
  expect(res.statusCode, res.body).toBe(200);
  const { url, webcalUrl } = res.json() as { url: string; webcalUrl: string };
  expect(webcalUrl).toBe(url.replace(/^http:/, 'webcal:'));
  return new URL(url).pathname;
}

/** The feed's events, parsed by ical.js, by session id. */
async function readFeed(path: string) {
  const res = await call(undefined, 'GET', path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      status: v.getFirstPropertyValue('status'),
      sequence: e.sequence,
      start: e.startDate.toJSDate().toISOString(),
      url: v.getFirstPropertyValue('url'),
      description: e.description,
      location: e.location,
    };
  });
  return { res, events, byId: (id: string) => events.find((e) => e.uid.startsWith(`session-${id}@`)) };
}

describe('the calendar feed', () => {
  it('lists a request as TENTATIVE and, once confirmed, as CONFIRMED with its page and its room, on both sides', async () => {
    const w = await setup();
    const id = await book(w, w.learner, slot(3));
    const learnerFeed = await makeAddress(w.learner);
    const sharkFeed = await makeAddress(w.shark);

    const asked = (await readFeed(learnerFeed)).byId(id)!;
    expect(asked).toMatchObject({ status: 'TENTATIVE', start: slot(3), sequence: 0 });
    expect(asked.summary).toBe('Web App Hacking with Arjun Mehta');
    const page = `http://localhost:3000/sessions/${id}`;
    expect(asked.url).toBe(page);
    expect(asked.description).toContain(`Session page: ${page}`);
    expect((await readFeed(sharkFeed)).byId(id)).toMatchObject({
      status: 'TENTATIVE',
      summary: 'Web App Hacking with Priya Raman',
    });

    expect((await call(w.shark, 'POST', `/api/sessions/${id}/accept`)).statusCode).toBe(200);
    const link = { meetingLink: 'https://meet.example.com/arjun' };
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/sessions/${id}/meeting-link`,
          headers: { cookie: w.shark },
          payload: link,
        })
      ).statusCode,
    ).toBe(200);
    const confirmed = (await readFeed(learnerFeed)).byId(id)!;
    expect(confirmed).toMatchObject({ status: 'CONFIRMED', sequence: 1, location: link.meetingLink });
    expect(confirmed.description).toContain(`Meeting link: ${link.meetingLink}`);
    expect((await readFeed(sharkFeed)).byId(id)).toMatchObject({ status: 'CONFIRMED' });
    // Another learner's feed does not list it.
    expect((await readFeed(await makeAddress(w.other))).events).toEqual([]);
  });

  it('follows a move (new DTSTART, higher SEQUENCE, same UID) and a cancellation (CANCELLED)', async () => {
    const w = await setup();
    const id = await book(w, w.learner, slot(3));
    expect((await call(w.shark, 'POST', `/api/sessions/${id}/accept`)).statusCode).toBe(200);
    const feed = await makeAddress(w.learner);
    const before = (await readFeed(feed)).byId(id)!;

    const proposed = await call(w.learner, 'POST', `/api/sessions/${id}/reschedule`, {
      startsAt: slot(4, '10:00'),
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect((await readFeed(feed)).byId(id)!.start).toBe(slot(3)); // a proposal moves nothing yet
    expect((await call(w.shark, 'POST', `/api/sessions/${id}/reschedule/accept`)).statusCode).toBe(200);
    const moved = (await readFeed(feed)).byId(id)!;
    expect(moved).toMatchObject({ uid: before.uid, start: slot(4, '10:00'), status: 'CONFIRMED' });
    expect(moved.sequence).toBeGreaterThan(before.sequence);

    const cancel = await call(w.shark, 'POST', `/api/sessions/${id}/cancel`, { reason: 'Unwell, sorry' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = (await readFeed(feed)).byId(id)!;
    expect(cancelled).toMatchObject({ uid: before.uid, status: 'CANCELLED', location: null });
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
  });

  it('lists both sides in one feed for an account that is a shark and a learner', async () => {
    const w = await setup();
    const { db } = await testDatabase();
    const both = await createAccount(db, { roles: ['shark', 'user'], name: 'Kavya Iyer' });
    const ownShark = await createShark(db, { name: 'Kavya Iyer', userId: both.id });
    await openEveryDayInIndia(db, ownShark.id);
    const ownCourse = await createCourse(db, ownShark.id, { title: 'Cloud IR', pricePaise: 100_000 });
    const cookie = await sessionCookie(db, both.id);
    const asLearner = await book(w, cookie, slot(2)); // Kavya books Arjun
    const asShark = await book(w, w.learner, slot(5), ownCourse.id); // Priya books Kavya
    const { byId } = await readFeed(await makeAddress(cookie));
    expect(byId(asLearner)).toMatchObject({ summary: 'Web App Hacking with Arjun Mehta' });
    expect(byId(asShark)).toMatchObject({ summary: 'Cloud IR with Priya Raman' });
  });

  it('answers If-None-Match with 304 while nothing changed, and with the new feed after a change', async () => {
    const w = await setup();
    const id = await book(w, w.learner, slot(3));
    const feed = await makeAddress(w.learner);
    const { res } = await readFeed(feed);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await app.inject({ method: 'GET', url: feed, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(
      (await app.inject({ method: 'GET', url: feed, headers: { 'if-none-match': '"other"' } })).statusCode,
    ).toBe(200);

    setClock(() => new Date(NOW.getTime() + 60_000)); // a later poll, same content: same tag
    expect(
      (await app.inject({ method: 'GET', url: feed, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    expect((await call(w.shark, 'POST', `/api/sessions/${id}/accept`)).statusCode).toBe(200);
    const changed = await app.inject({ method: 'GET', url: feed, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('a new address makes the old one answer 404; unknown addresses are 404 too', async () => {
    const w = await setup();
    await book(w, w.learner, slot(3));
    const first = await makeAddress(w.learner);
    expect((await call(undefined, 'GET', first)).statusCode).toBe(200);
    const second = await makeAddress(w.learner);
    expect(second).not.toBe(first);
    expect((await call(undefined, 'GET', first)).statusCode).toBe(404);
    expect((await readFeed(second)).events).toHaveLength(1);
    expect((await call(undefined, 'GET', `/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await call(undefined, 'GET', '/calendar/short.ics')).statusCode).toBe(404);
    // Only a hash is stored, never the secret.
    const rows = await w.db.select().from(calendarFeeds);
    expect(rows).toHaveLength(1);
    expect(second).not.toContain(rows[0].tokenHash);
    expect(rows[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("shows each account only its own address's status, and a visitor none", async () => {
    const w = await setup();
    expect((await call(w.learner, 'GET', '/api/me/calendar-feed')).json()).toEqual({ createdAt: null });
    const learnerFeed = await makeAddress(w.learner);
    expect((await call(w.learner, 'GET', '/api/me/calendar-feed')).json()).toEqual({
      createdAt: NOW.toISOString(),
    });
    // Another account sees (and replaces) only its own: the learner's address keeps working.
    expect((await call(w.other, 'GET', '/api/me/calendar-feed')).json()).toEqual({ createdAt: null });
    await makeAddress(w.other);
    expect((await call(undefined, 'GET', learnerFeed)).statusCode).toBe(200);
    expect((await call(undefined, 'GET', '/api/me/calendar-feed')).statusCode).toBe(401);
    expect((await call(undefined, 'POST', '/api/me/calendar-feed')).statusCode).toBe(401);
  });
});
