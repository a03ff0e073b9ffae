// Meeting rooms (issue 26, decision 149): a shark chooses once how sessions get a room; the room is set as a
// session is confirmed and shows on the session page, in its .ics, the feed and the mails; a link pasted by hand
// still wins, and the shark can still change one session's link.
import { randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { MEETING_ROOM_MSG } from '#shared/meeting-rooms.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { outbox } from '#server/db/schema.ts';
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

const JITSI_ROOM = /^https:\/\/meet\.jit\.si\/SharkSecurity-[0-9a-f]{32}$/;

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const choose = (cookie: string, payload: object) =>
  call(cookie, 'PUT', '/api/workspace/meeting-room', payload);

async function setup() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const otherShark = await createShark(db);
  return {
    db,
    course,
    sharkId: shark.id,
    learnerEmail: learner.email,
    learner: await sessionCookie(db, learner.id),
    shark: await sessionCookie(db, sharkAccount.id),
    otherShark: await sessionCookie(db, otherShark.userId),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const book = (w: World, startsAt = slot(3)) =>
  bookAndPay(app, w.learner, {
    courseId: w.course.id,
    hours: 1,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });

async function confirm(w: World, id: string) {
  const res = await call(w.shark, 'POST', `/api/sessions/${id}/accept`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().session.meetingLink as string | null;
}

const fieldsOf = (res: { json: () => { error: { fields?: Record<string, string> } } }) =>
  res.json().error.fields;

describe('the shark’s choice', () => {
  it('is "manual" until chosen, and keeps a normalised fixed link', async () => {
    const w = await setup();
    expect((await call(w.shark, 'GET', '/api/workspace/meeting-room')).json()).toEqual({
      kind: 'manual',
      link: null,
      jitsiServer: 'https://meet.jit.si',
    });
    const res = await choose(w.shark, { kind: 'fixed', link: '  https://Zoom.US/j/123456?pwd=abc  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MEETING_ROOM_MSG.saved,
      room: { kind: 'fixed', link: 'https://zoom.us/j/123456?pwd=abc', jitsiServer: 'https://meet.jit.si' },
    });
    expect((await call(w.shark, 'GET', '/api/workspace/meeting-room')).json().link).toBe(
      'https://zoom.us/j/123456?pwd=abc',
    );
    // Choosing Jitsi (or manual) forgets the link.
    expect((await choose(w.shark, { kind: 'jitsi', link: 'https://zoom.us/j/1' })).json().room).toMatchObject(
      {
        kind: 'jitsi',
        link: null,
      },
    );
  });

  it('refuses a bad choice with a message on its field', async () => {
    const w = await setup();
    const cases: Array<[object, Record<string, string>]> = [
      [{ kind: 'fixed' }, { link: MEETING_ROOM_MSG.linkRequired }],
      [{ kind: 'fixed', link: '   ' }, { link: MEETING_ROOM_MSG.linkRequired }],
      [{ kind: 'fixed', link: 'http://zoom.us/j/1' }, { link: MEETING_ROOM_MSG.linkInvalid }],
      [{ kind: 'fixed', link: 'https://me:secret@zoom.us/j/1' }, { link: MEETING_ROOM_MSG.linkInvalid }],
      [{ kind: 'fixed', link: 'https://zoom.us/j/1 2' }, { link: MEETING_ROOM_MSG.linkInvalid }],
      [{ kind: 'fixed', link: 'javascript:alert(1)' }, { link: MEETING_ROOM_MSG.linkInvalid }],
      [{ kind: 'fixed', link: `https://zoom.us/${'a'.repeat(500)}` }, { link: MEETING_ROOM_MSG.linkTooLong }],
      [{ kind: 'skype' }, { kind: MEETING_ROOM_MSG.kindRequired }],
      [{}, { kind: MEETING_ROOM_MSG.kindRequired }],
    ];
    for (const [payload, fields] of cases) {
      const res = await choose(w.shark, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldsOf(res)).toEqual(fields);
    }
    expect((await call(w.shark, 'GET', '/api/workspace/meeting-room')).json().kind).toBe('manual');
  });

  it('is the shark’s own: a learner and another shark are refused', async () => {
    const w = await setup();
    expect((await choose(w.learner, { kind: 'jitsi' })).statusCode).toBe(403);
    expect((await call(w.learner, 'GET', '/api/workspace/meeting-room')).statusCode).toBe(403);
    const other = await call(w.otherShark, 'GET', `/api/workspace/meeting-room?sharkId=${w.sharkId}`);
    expect(other.statusCode).toBe(403);
    const otherPut = await call(w.otherShark, 'PUT', `/api/workspace/meeting-room?sharkId=${w.sharkId}`, {
      kind: 'jitsi',
    });
    expect(otherPut.statusCode).toBe(403);
    expect((await call(undefined, 'GET', '/api/workspace/meeting-room')).statusCode).toBe(401);
    expect((await call(w.shark, 'GET', '/api/workspace/meeting-room')).json().kind).toBe('manual');
  });
});

describe('the room of a confirmed session', () => {
  it('Jitsi: a new unguessable room per session, on the session page, in its .ics, the feed and the mails', async () => {
    const w = await setup();
    expect((await choose(w.shark, { kind: 'jitsi' })).statusCode).toBe(200);
    const id = await book(w);
    // A request has no room yet.
    expect((await call(w.shark, 'GET', `/api/sessions/${id}`)).json().meetingLink).toBeNull();
    const room = await confirm(w, id);
    expect(room).toMatch(JITSI_ROOM);
    expect((await call(w.learner, 'GET', `/api/sessions/${id}`)).json().meetingLink).toBe(room);
    const other = await confirm(w, await book(w, slot(4)));
    expect(other).toMatch(JITSI_ROOM);
    expect(other).not.toBe(room);

    const ics = await call(w.learner, 'GET', `/api/sessions/${id}/calendar.ics`);
    const event = new ICAL.Component(ICAL.parse(ics.body)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('location')).toBe(room);

    const made = await call(w.shark, 'POST', '/api/me/calendar-feed');
    const feed = await call(undefined, 'GET', new URL(made.json().url as string).pathname);
    const entry = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .find((v) => String(v.getFirstPropertyValue('uid')).startsWith(`session-${id}@`))!;
    expect(entry.getFirstPropertyValue('location')).toBe(room);

    // The confirmation mail, and the reminder a day before, carry the room.
    await app.jobs.runAll();
    const mailsTo = async (to: string) =>
      w.db.select().from(outbox).where(eq(outbox.toAddress, to)).orderBy(desc(outbox.createdAt));
    const confirmation = (await mailsTo(w.learnerEmail)).find(
      (m) => /confirmed/i.test(m.subject) && m.text?.includes(`/sessions/${id}`),
    );
    expect(confirmation?.text).toContain(room);
    setClock(() => new Date(Date.parse(slot(3)) - 24 * 3_600_000));
    await app.jobs.enqueue(w.db, 'sessions', { task: 'tick' });
    await app.jobs.runAll();
    const reminder = (await mailsTo(w.learnerEmail)).find(
      (m) => m.subject.startsWith('Reminder:') && m.text?.includes(`/sessions/${id}`),
    );
    expect(reminder?.text).toContain(room);
  });

  it('fixed: the shark’s own link', async () => {
    const w = await setup();
    await choose(w.shark, { kind: 'fixed', link: 'https://teams.microsoft.com/l/meetup-join/arjun' });
    expect(await confirm(w, await book(w))).toBe('https://teams.microsoft.com/l/meetup-join/arjun');
  });

  it('manual (no choice): no room, as before', async () => {
    const w = await setup();
    expect(await confirm(w, await book(w))).toBeNull();
  });

  it('a link pasted before confirming stays, and the shark can still change one session’s link by hand', async () => {
    const w = await setup();
    await choose(w.shark, { kind: 'jitsi' });
    const pasted = await book(w);
    const link = { meetingLink: 'https://meet.google.com/abc-defg-hij' };
    expect((await call(w.shark, 'PUT', `/api/sessions/${pasted}/meeting-link`, link)).statusCode).toBe(200);
    expect(await confirm(w, pasted)).toBe(link.meetingLink);

    const id = await book(w, slot(4));
    expect(await confirm(w, id)).toMatch(JITSI_ROOM);
    const changed = await call(w.shark, 'PUT', `/api/sessions/${id}/meeting-link`, {
      meetingLink: 'https://zoom.us/j/999',
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(w.learner, 'GET', `/api/sessions/${id}`)).json().meetingLink).toBe(
      'https://zoom.us/j/999',
    );
  });
});

describe('JITSI_BASE_URL', () => {
  it('names the server new rooms are made on; anything but an https address is refused at start', async () => {
    const other = await createTestApp({ JITSI_BASE_URL: 'https://jitsi.example.org/' });
    try {
      const w = await setup();
      await other.inject({
        method: 'PUT',
        url: '/api/workspace/meeting-room',
        headers: { cookie: w.shark },
        payload: { kind: 'jitsi' },
      });
      const id = await book(w);
      const res = await other.inject({
        method: 'POST',
        url: `/api/sessions/${id}/accept`,
        headers: { cookie: w.shark },
      });
      expect(res.json().session.meetingLink).toMatch(
        /^https:\/\/jitsi\.example\.org\/SharkSecurity-[0-9a-f]{32}$/,
      );
    } finally {
      await other.close();
    }
    await expect(createTestApp({ JITSI_BASE_URL: 'http://jitsi.example.org' })).rejects.toThrow(
      /JITSI_BASE_URL/,
    );
  });
});
