// The session API walked through every transition and every refusal: wrong role, wrong state, inside the
// window, another learner's or another shark's session. Time is moved with the test clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { bookingEvents, courseBookings, coursesWithBookings, sharksWithMeta } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';
import { completeSession, expireSession } from './service';
import { listDueRequests, listEndedSessions } from './repository';

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
const at = (iso: string) => {
  clock = new Date(iso);
};
beforeEach(async () => {
  clock = NOW;
  setClock(() => clock);
  await resetDb();
});

/** hh:mm in India, `days` after Monday 2026-11-23, as an ISO instant. */
const slot = (days: number, hhmm = '18:30') =>
  new Date(Date.parse(`2026-11-${23 + days}T${hhmm}:00+05:30`)).toISOString();
const H = 3_600_000;
const plus = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * H).toISOString();

type Who = string | undefined;
const call = (cookie: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const act = (cookie: Who, id: string, action: string, payload?: object) =>
  call(
    cookie,
    action === 'meeting-link' || action === 'brief' || action === 'notes' ? 'PUT' : 'POST',
    `/api/sessions/${id}/${action}`,
    payload ?? {},
  );
const detail = (cookie: Who, id: string) => call(cookie, 'GET', `/api/sessions/${id}`);

async function setup() {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], name: 'Arjun Mehta' });
  const shark = await createShark(db, { name: 'Arjun Mehta', userId: sharkAccount.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const other = await createAccount(db, { roles: ['user'] });
  const otherSharkAccount = await createAccount(db, { roles: ['shark'] });
  await createShark(db, { userId: otherSharkAccount.id });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    db,
    shark,
    course,
    learner: await sessionCookie(db, learner.id),
    sharkC: await sessionCookie(db, sharkAccount.id),
    other: await sessionCookie(db, other.id),
    otherShark: await sessionCookie(db, otherSharkAccount.id),
    admin: await sessionCookie(db, admin.id),
  };
}

/** Books and pays (issue 23) as the learner of `cookie`: the session's id, once it is a request. */
async function book(cookie: string, courseId: string, startsAt = slot(3), extra: object = {}) {
  return bookAndPay(app, cookie, {
    courseId,
    hours: 2,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
    timeZone: 'Europe/Berlin',
    ...extra,
  });
}

/** A confirmed session at `startsAt`. */
async function confirmed(s: Awaited<ReturnType<typeof setup>>, startsAt = slot(3)) {
  const id = await book(s.learner, s.course.id, startsAt);
  expect((await act(s.sharkC, id, 'accept')).statusCode).toBe(200);
  return id;
}

const expectRefused = (
  res: { statusCode: number; json: () => { error: { message: string } } },
  message: string,
) => {
  expect(res.statusCode).toBe(409);
  expect(res.json().error.message).toBe(message);
};

describe('a request', () => {
  it('is requested, not confirmed: answer-by, the learner zone, the timeline and each side its actions', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const mine = await call(s.learner, 'GET', '/api/me/bookings');
    expect(mine.json()[0]).toMatchObject({ id, status: 'requested', upcoming: true, needsAction: false });

    const res = await detail(s.learner, id);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id,
      status: 'requested',
      viewer: 'learner',
      course: { id: s.course.id, title: 'Web App Hacking', cancellationHours: 24 },
      shark: { id: s.shark.id, name: 'Arjun Mehta', timeZone: 'Asia/Kolkata' },
      learner: { name: 'Priya Raman', email: 'priya@example.com', timeZone: 'Europe/Berlin' },
      hours: 2,
      totalPricePaise: 300_000,
      startsAt: slot(3),
      endsAt: plus(slot(3), 2),
      // A day after the request comes before the start (3.5 days away; the shark asks no notice).
      answerBy: plus(NOW.toISOString(), 24),
      freeCancellationUntil: plus(slot(3), -24),
      noShowUntil: null,
      lateCancellation: false,
      meetingLink: null,
      pendingReschedule: null,
      brief: { goal: '', level: '', certification: '', stuckOn: '' },
      notes: { notes: '', actionItems: '' },
      actions: ['cancel', 'editBrief', 'message'],
    });
    expect(d.events).toEqual([
      {
        at: NOW.toISOString(),
        kind: 'requested',
        actor: 'learner',
        reason: null,
        startsAt: null,
        late: false,
        outcome: null,
      },
    ]);
    const shark = (await detail(s.sharkC, id)).json();
    expect(shark.viewer).toBe('shark');
    // A request the shark does not want it declines: no "cancel" beside "decline" (issue 43).
    expect(shark.actions).toEqual(['accept', 'decline', 'setMeetingLink', 'message']);
    // Nor the learner's email and phone before it accepts (issue 43): the name only.
    expect(shark.learner).toEqual({
      name: 'Priya Raman',
      email: null,
      phone: null,
      timeZone: 'Europe/Berlin',
    });
    expectRefused(await act(s.sharkC, id, 'cancel', { reason: 'Not for me' }), SESSION_MSG.notAllowed);
    const admin = (await detail(s.admin, id)).json();
    expect(admin).toMatchObject({ viewer: 'admin', actions: ['cancel'] });
  });

  it('answer-by is the start when the session is less than a day away and the shark asks no notice', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id, slot(0));
    expect((await detail(s.learner, id)).json().answerBy).toBe(slot(0));
  });

  it('is hidden from everyone else: 401 for a visitor, 404 for another learner or shark', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const visitor = await detail(undefined, id);
    expect(visitor.statusCode).toBe(401);
    for (const cookie of [s.other, s.otherShark]) {
      for (const res of [
        await detail(cookie, id),
        await act(cookie, id, 'cancel', { reason: 'Not my session' }),
        await act(cookie, id, 'accept'),
        await call(cookie, 'GET', `/api/sessions/${id}/messages`),
        await call(cookie, 'POST', `/api/sessions/${id}/messages`, { body: 'hello' }),
        await call(cookie, 'GET', `/api/sessions/${id}/calendar.ics`),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(SESSION_MSG.notFound);
      }
    }
    expect((await detail(s.learner, randomUUID())).statusCode).toBe(404);
    const { db } = s;
    const [row] = await db.select().from(courseBookings);
    expect(row.status).toBe('requested');
  });

  it('the shark accepts: confirmed, told in the answer, and nobody can accept twice or in their place', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    expectRefused(await act(s.learner, id, 'accept'), SESSION_MSG.notAllowed);
    expectRefused(await act(s.admin, id, 'accept'), SESSION_MSG.notAllowed);
    const res = await act(s.sharkC, id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MSG.accepted);
    expect(res.json().session).toMatchObject({
      status: 'confirmed',
      answerBy: null,
      noShowUntil: plus(slot(3), 50),
      actions: ['cancel', 'reschedule', 'setMeetingLink', 'message'],
      // Once it has accepted, the shark has the learner's contact (issue 43), and keeps it if it is cancelled.
      learner: { name: 'Priya Raman', email: 'priya@example.com', phone: '+91 98765 43210' },
    });
    expect(
      res.json().session.events.map((e: { kind: string; actor: string }) => `${e.kind}/${e.actor}`),
    ).toEqual(['requested/learner', 'confirmed/shark']);
    expectRefused(await act(s.sharkC, id, 'accept'), SESSION_MSG.notAllowed);
    expectRefused(await act(s.sharkC, id, 'decline', { reason: 'Too late now' }), SESSION_MSG.notAllowed);
  });

  it('the shark declines with a reason: declined, the slot frees', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const bad = await act(s.sharkC, id, 'decline', { reason: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ reason: SESSION_MSG.reasonRequired });
    expectRefused(
      await act(s.learner, id, 'decline', { reason: 'I decline myself' }),
      SESSION_MSG.notAllowed,
    );
    const res = await act(s.sharkC, id, 'decline', { reason: 'Travelling that week' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MSG.declined);
    expect(res.json().session.status).toBe('declined');
    expect(res.json().session.events[1]).toMatchObject({
      kind: 'declined',
      actor: 'shark',
      reason: 'Travelling that week',
    });
    await book(s.other, s.course.id); // the same slot is free again
  });

  it('cannot be answered once answer-by has passed; the expiry job expires it once, and only when due', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const ctx = app.payments;
    expect(await app.db.transaction((tx) => expireSession(tx, ctx, id))).toBe(false);
    expect(await listDueRequests(app.db, clock, 10)).toEqual([]);
    at(plus(NOW.toISOString(), 48));
    expect(await listDueRequests(app.db, clock, 10)).toEqual([id]);
    expectRefused(await act(s.sharkC, id, 'accept'), SESSION_MSG.notAllowed);
    expect(await app.db.transaction((tx) => expireSession(tx, ctx, id))).toBe(true);
    expect(await app.db.transaction((tx) => expireSession(tx, ctx, id))).toBe(false);
    const d = (await detail(s.learner, id)).json();
    expect(d.status).toBe('expired');
    expect(d.events[1]).toMatchObject({ kind: 'expired', actor: 'system' });
    await book(s.other, s.course.id);
  });

  it('refuses a shark booking its own course, and an unknown time zone', async () => {
    const s = await setup();
    const { db } = s;
    const both = await createAccount(db, { roles: ['shark', 'user'] });
    const own = await createShark(db, { userId: both.id });
    const ownCourse = await createCourse(db, own.id);
    const res = await call(await sessionCookie(db, both.id), 'POST', '/api/bookings', {
      courseId: ownCourse.id,
      hours: 1,
      startsAt: slot(3),
      name: 'Me',
      email: 'me@example.com',
      phone: '+91 98765 43210',
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SESSION_MSG.ownCourse);
    const zone = await call(s.learner, 'POST', '/api/bookings', {
      courseId: s.course.id,
      hours: 1,
      startsAt: slot(3),
      name: 'Me',
      email: 'me@example.com',
      phone: '+91 98765 43210',
      requestId: randomUUID(),
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.fields).toEqual({ timeZone: BOOKING_MSG.timeZoneInvalid });
  });
});

describe('cancelling', () => {
  it('by the learner before the window is free; the slot frees', async () => {
    const s = await setup();
    const id = await confirmed(s);
    const res = await act(s.learner, id, 'cancel', { reason: 'Exam moved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MSG.cancelled);
    expect(res.json().session).toMatchObject({
      status: 'cancelled',
      lateCancellation: false,
      actions: [],
    });
    expect((await detail(s.sharkC, id)).json().learner).toMatchObject({ email: 'priya@example.com' });
    expect(res.json().session.events[2]).toMatchObject({
      kind: 'cancelled',
      actor: 'learner',
      reason: 'Exam moved',
      late: false,
    });
    expectRefused(await act(s.learner, id, 'cancel', { reason: 'Exam moved' }), SESSION_MSG.notAllowed);
    await book(s.other, s.course.id);
  });

  it('by the learner inside the window is recorded as late', async () => {
    const s = await setup();
    const id = await confirmed(s);
    at(plus(slot(3), -5));
    const res = await act(s.learner, id, 'cancel', { reason: 'Sick today' });
    expect(res.json().session).toMatchObject({ status: 'cancelled', lateCancellation: true });
    expect(res.json().session.events[2]).toMatchObject({ kind: 'cancelled', late: true });
  });

  it('withdrawing a request the shark has not accepted is never late, and refunds in full', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id, slot(0, '12:30'));
    at(plus(slot(0, '12:30'), -2));
    const before = await detail(s.learner, id);
    expect(before.json()).toMatchObject({ status: 'requested' });
    expect(before.json().payment.cancelRefund).toMatchObject({ percent: 100 });
    const res = await act(s.learner, id, 'cancel', { reason: 'Found another time' });
    expect(res.statusCode).toBe(200);
    // Told as what it is: a request withdrawn, not a session cancelled (issue 43).
    expect(res.json().message).toBe(SESSION_MSG.withdrawn);
    expect(res.json().session).toMatchObject({ status: 'cancelled', lateCancellation: false });
    expect(res.json().session.events.at(-1)).toMatchObject({ kind: 'cancelled', late: false });
    // A withdrawn request never gave the shark the learner's contact.
    expect((await detail(s.sharkC, id)).json().learner).toMatchObject({ email: null, phone: null });
  });

  it('by the shark is always allowed before the start, never late, and counted', async () => {
    const s = await setup();
    const id = await confirmed(s);
    at(plus(slot(3), -1));
    const res = await act(s.sharkC, id, 'cancel', { reason: 'Emergency at work' });
    expect(res.json().session).toMatchObject({ status: 'cancelled', lateCancellation: false });
    const dash = await call(s.sharkC, 'GET', '/api/workspace/dashboard');
    expect(dash.json().sharkCancellations).toBe(1);
  });

  it('is refused once the session has started, and needs a reason', async () => {
    const s = await setup();
    const id = await confirmed(s);
    const bad = await act(s.learner, id, 'cancel', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ reason: SESSION_MSG.reasonRequired });
    at(slot(3));
    expectRefused(await act(s.learner, id, 'cancel', { reason: 'Too late now' }), SESSION_MSG.notAllowed);
    expectRefused(await act(s.sharkC, id, 'cancel', { reason: 'Too late now' }), SESSION_MSG.notAllowed);
  });

  it('by an admin is recorded as the admin', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const res = await act(s.admin, id, 'cancel', { reason: 'Reported abuse' });
    expect(res.json().session.events[1]).toMatchObject({ kind: 'cancelled', actor: 'admin' });
  });
});

describe('rescheduling', () => {
  it('the learner proposes a free time, the shark accepts: the session moves, the old slot frees', async () => {
    const s = await setup();
    const id = await confirmed(s);
    const res = await act(s.learner, id, 'reschedule', { startsAt: slot(4, '10:00') });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MSG.rescheduleProposed);
    expect(res.json().session.pendingReschedule).toEqual({
      proposedBy: 'learner',
      startsAt: slot(4, '10:00'),
      endsAt: slot(4, '12:00'),
    });
    expect(res.json().session.actions).toEqual(['cancel', 'editBrief', 'message']);
    expectRefused(
      await act(s.learner, id, 'reschedule', { startsAt: slot(5) }),
      SESSION_MSG.reschedulePending,
    );
    expectRefused(await act(s.learner, id, 'reschedule/accept'), SESSION_MSG.notAllowed);
    const sharkView = (await detail(s.sharkC, id)).json();
    expect(sharkView.actions).toContain('acceptReschedule');
    const enrollments = (await call(s.sharkC, 'GET', '/api/workspace/enrollments')).json();
    expect(enrollments.courses[0].students[0]).toMatchObject({ id, needsAction: true });

    const ok = await act(s.sharkC, id, 'reschedule/accept');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(SESSION_MSG.rescheduleAccepted);
    expect(ok.json().session).toMatchObject({
      status: 'confirmed',
      startsAt: slot(4, '10:00'),
      endsAt: slot(4, '12:00'),
      pendingReschedule: null,
    });
    expect(ok.json().session.events.slice(2)).toMatchObject([
      { kind: 'reschedule_proposed', actor: 'learner', startsAt: slot(4, '10:00') },
      { kind: 'reschedule_accepted', actor: 'shark', startsAt: slot(4, '10:00') },
    ]);
    const [row] = await s.db.select().from(courseBookings).where(eq(courseBookings.id, id));
    expect(row).toMatchObject({
      preferredDate: '2026-11-27',
      preferredTime: '10:00:00',
      reminded24hAt: null,
    });
    await book(s.other, s.course.id); // the old time is free
  });

  it('the other side declines: the session stays', async () => {
    const s = await setup();
    const id = await confirmed(s);
    await act(s.sharkC, id, 'reschedule', { startsAt: slot(5) });
    expectRefused(await act(s.sharkC, id, 'reschedule/decline'), SESSION_MSG.notAllowed);
    const res = await act(s.learner, id, 'reschedule/decline');
    expect(res.json().message).toBe(SESSION_MSG.rescheduleDeclined);
    expect(res.json().session).toMatchObject({ startsAt: slot(3), pendingReschedule: null });
    expect(res.json().session.events[3]).toMatchObject({
      kind: 'reschedule_declined',
      actor: 'learner',
      startsAt: slot(5),
    });
  });

  it('refuses the same time, a time the shark does not offer, and a taken one', async () => {
    const s = await setup();
    const id = await confirmed(s);
    const same = await act(s.learner, id, 'reschedule', { startsAt: slot(3) });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual({ startsAt: SESSION_MSG.rescheduleSameTime });
    const night = await act(s.learner, id, 'reschedule', { startsAt: slot(4, '03:00') });
    expect(night.statusCode).toBe(400);
    expect(night.json().error.fields).toEqual({ startsAt: BOOKING_MSG.slotInvalid });
    await book(s.other, s.course.id, slot(5));
    expectRefused(await act(s.learner, id, 'reschedule', { startsAt: slot(5) }), BOOKING_MSG.slotTaken);
    // Overlapping its own current time is fine: one hour later.
    expect((await act(s.learner, id, 'reschedule', { startsAt: slot(3, '17:30') })).statusCode).toBe(200);
  });

  it('answers "just taken" when the proposed time was booked before it was accepted', async () => {
    const s = await setup();
    const id = await confirmed(s);
    await act(s.learner, id, 'reschedule', { startsAt: slot(5) });
    await book(s.other, s.course.id, slot(5));
    expectRefused(await act(s.sharkC, id, 'reschedule/accept'), BOOKING_MSG.slotTaken);
    expect((await detail(s.learner, id)).json()).toMatchObject({
      startsAt: slot(3),
      pendingReschedule: { proposedBy: 'learner' },
    });
  });

  it('is refused inside the cancellation window, and on a request', async () => {
    const s = await setup();
    const req = await book(s.learner, s.course.id, slot(6));
    expectRefused(await act(s.learner, req, 'reschedule', { startsAt: slot(7) }), SESSION_MSG.notAllowed);
    const id = await confirmed(s);
    await act(s.sharkC, id, 'reschedule', { startsAt: slot(5) });
    at(plus(slot(3), -23));
    expectRefused(await act(s.learner, id, 'reschedule/accept'), SESSION_MSG.outsideWindow);
    const declined = await act(s.learner, id, 'reschedule/decline');
    expect(declined.statusCode).toBe(200);
    expectRefused(await act(s.learner, id, 'reschedule', { startsAt: slot(5) }), SESSION_MSG.outsideWindow);
  });
});

describe('after the session', () => {
  it('completes at its end (job), and either side may report a no-show within 48 h, with a note', async () => {
    const s = await setup();
    const id = await confirmed(s);
    const ctx = app.payments;
    expectRefused(
      await act(s.learner, id, 'no-show', { note: 'The shark never came' }),
      SESSION_MSG.notAllowed,
    );
    at(plus(slot(3), 1));
    expect(await app.db.transaction((tx) => completeSession(tx, ctx, id))).toBe(false);
    expect(await listEndedSessions(app.db, clock, 10)).toEqual([]);
    at(plus(slot(3), 2));
    expect(await listEndedSessions(app.db, clock, 10)).toEqual([id]);
    expect(await app.db.transaction((tx) => completeSession(tx, ctx, id))).toBe(true);
    expect(await listEndedSessions(app.db, clock, 10)).toEqual([]);
    expect(await app.db.transaction((tx) => completeSession(tx, ctx, id))).toBe(false);
    const done = (await detail(s.learner, id)).json();
    expect(done).toMatchObject({ status: 'completed', actions: ['reportNoShow', 'message'] });
    const mine = (await call(s.learner, 'GET', '/api/me/bookings')).json();
    expect(mine[0]).toMatchObject({ status: 'completed', upcoming: false });
    const dash = (await call(s.sharkC, 'GET', '/api/workspace/dashboard')).json();
    // Its money is the ledger's (payments.test.ts): this session was written without a payment.
    expect(dash).toMatchObject({ completedSessions: 1, upcomingSessions: 0 });

    const bad = await act(s.learner, id, 'no-show', { note: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ note: SESSION_MSG.noteRequired });
    const res = await act(s.learner, id, 'no-show', { note: 'The shark never joined the call' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(SESSION_MSG.noShowReported);
    expect(res.json().session.status).toBe('no_show');
    expect(res.json().session.events.at(-1)).toMatchObject({
      kind: 'no_show',
      actor: 'learner',
      reason: 'The shark never joined the call',
    });
    expectRefused(
      await act(s.sharkC, id, 'no-show', { note: 'The learner never came' }),
      SESSION_MSG.notAllowed,
    );
  });

  it('a confirmed session past its end takes a no-show too, until 48 h after the end', async () => {
    const s = await setup();
    const a = await confirmed(s);
    const b = await confirmed(s, slot(4));
    at(plus(slot(3), 2 + 47));
    expect((await act(s.sharkC, a, 'no-show', { note: 'The learner never came' })).statusCode).toBe(200);
    at(plus(slot(4), 2 + 48));
    expectRefused(
      await act(s.sharkC, b, 'no-show', { note: 'The learner never came' }),
      SESSION_MSG.notAllowed,
    );
    expectRefused(await act(s.admin, b, 'no-show', { note: 'Admins do not report' }), SESSION_MSG.notAllowed);
  });
});

describe('meeting link, brief and notes', () => {
  it('the shark sets a link the learner sees from confirmation on', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const bad = await act(s.sharkC, id, 'meeting-link', { meetingLink: 'http://meet.example.com/x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ meetingLink: SESSION_MSG.meetingLinkInvalid });
    expectRefused(
      await act(s.learner, id, 'meeting-link', { meetingLink: 'https://meet.example.com/x' }),
      SESSION_MSG.notAllowed,
    );
    const res = await act(s.sharkC, id, 'meeting-link', { meetingLink: 'https://meet.jit.si/sharks-42' });
    expect(res.json()).toMatchObject({
      message: SESSION_MSG.saved,
      session: { meetingLink: 'https://meet.jit.si/sharks-42' },
    });
    expect((await detail(s.learner, id)).json().meetingLink).toBeNull();
    await act(s.sharkC, id, 'accept');
    expect((await detail(s.learner, id)).json().meetingLink).toBe('https://meet.jit.si/sharks-42');
    const cleared = await act(s.sharkC, id, 'meeting-link', { meetingLink: '' });
    expect(cleared.json().session.meetingLink).toBeNull();
  });

  it('refuses control characters, whitespace and user:pass@ in a meeting link, and stores the normalised link (issue 21, finding 8)', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    for (const meetingLink of [
      'https://meet.example.com/x\r\nSet-Cookie: a=b',
      'https://meet.example.com/x\ny',
      'https://meet.example.com/a b',
      'https://meet.example.com/a\tb',
      'https://meet.example.com/\u0085x',
      'https://meet.example.com/\u00a0x',
      'https://user:pass@meet.example.com/x',
      'https://user@meet.example.com/x',
      'https://:pass@meet.example.com/x',
    ]) {
      const bad = await act(s.sharkC, id, 'meeting-link', { meetingLink });
      expect(bad.statusCode, JSON.stringify(meetingLink)).toBe(400);
      expect(bad.json().error.fields).toEqual({ meetingLink: SESSION_MSG.meetingLinkInvalid });
    }
    const res = await act(s.sharkC, id, 'meeting-link', {
      meetingLink: '  HTTPS://Meet.Example.COM:443/room/../sharks-42?pwd=1  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().session.meetingLink).toBe('https://meet.example.com/sharks-42?pwd=1');
  });

  it('the learner writes a brief before the start; the shark writes notes once it has started', async () => {
    const s = await setup();
    const id = await confirmed(s);
    const brief = { goal: 'Pass OSCP', level: 'Intermediate', certification: 'OSCP', stuckOn: 'HTB Forest' };
    const saved = await act(s.learner, id, 'brief', brief);
    expect(saved.json()).toMatchObject({ message: SESSION_MSG.saved, session: { brief } });
    expectRefused(await act(s.sharkC, id, 'brief', brief), SESSION_MSG.notAllowed);
    const long = await act(s.learner, id, 'brief', { goal: 'x'.repeat(2001) });
    expect(long.json().error.fields).toEqual({ goal: SESSION_MSG.textTooLong });
    const notes = { notes: 'Covered Kerberoasting', actionItems: 'Do HTB Active' };
    expectRefused(await act(s.sharkC, id, 'notes', notes), SESSION_MSG.notAllowed);
    at(plus(slot(3), 1));
    expectRefused(await act(s.learner, id, 'brief', brief), SESSION_MSG.notAllowed);
    expectRefused(await act(s.learner, id, 'notes', notes), SESSION_MSG.notAllowed);
    expect((await act(s.sharkC, id, 'notes', notes)).json().session.notes).toEqual(notes);
    expect((await detail(s.learner, id)).json().notes).toEqual(notes);
  });
});

describe('messages', () => {
  it('learner and shark write to each other, oldest first; an admin reads but does not write', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    const url = `/api/sessions/${id}/messages`;
    const first = await call(s.learner, 'POST', url, { body: '  Hi! See https://example.com/lab  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      author: 'learner',
      authorName: 'Priya Raman',
      body: 'Hi! See https://example.com/lab',
      mine: true,
    });
    at(plus(NOW.toISOString(), 0.1));
    await call(s.sharkC, 'POST', url, { body: 'Looking forward to it' });
    const list = (await call(s.sharkC, 'GET', url)).json();
    expect(list.map((m: { author: string; mine: boolean }) => [m.author, m.mine])).toEqual([
      ['learner', false],
      ['shark', true],
    ]);
    expect(list[1].authorName).toBe('Arjun Mehta');
    expect((await call(s.admin, 'GET', url)).json()).toHaveLength(2);
    expectRefused(await call(s.admin, 'POST', url, { body: 'Admin here' }), SESSION_MSG.notAllowed);
    const empty = await call(s.learner, 'POST', url, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ body: SESSION_MSG.messageRequired });
    const long = await call(s.learner, 'POST', url, { body: 'x'.repeat(4001) });
    expect(long.json().error.fields).toEqual({ body: SESSION_MSG.messageTooLong });
    // A cancelled session is closed to new messages on both sides (issue 43); its thread stays readable.
    await act(s.learner, id, 'cancel', { reason: 'Changed my plans' });
    expectRefused(
      await call(s.learner, 'POST', url, { body: 'Sorry about that' }),
      SESSION_MSG.closedToMessages,
    );
    expectRefused(await call(s.sharkC, 'POST', url, { body: 'No problem' }), SESSION_MSG.closedToMessages);
    expect((await call(s.learner, 'GET', url)).json()).toHaveLength(2);
    expect((await detail(s.learner, id)).json().actions).toEqual([]);
  });
});

describe('calendar file', () => {
  it('answers text/calendar to the learner and the shark', async () => {
    const s = await setup();
    const id = await book(s.learner, s.course.id);
    for (const cookie of [s.learner, s.sharkC]) {
      const res = await call(cookie, 'GET', `/api/sessions/${id}/calendar.ics`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    }
    expect((await call(undefined, 'GET', `/api/sessions/${id}/calendar.ics`)).statusCode).toBe(401);
  });
});

describe('the timeline', () => {
  it('writes one event per change in the same transaction: a refused change writes nothing', async () => {
    const s = await setup();
    const id = await confirmed(s);
    await book(s.other, s.course.id, slot(5));
    await act(s.learner, id, 'reschedule', { startsAt: slot(5) });
    expect(await s.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id))).toHaveLength(2);
  });
});

describe("the shark's Students and the course's Enrolled (issue 25)", () => {
  it('count distinct learners with a confirmed or completed session, on every transition', async () => {
    const s = await setup();
    const { db } = await testDatabase();
    const counts = async () => {
      const [shark] = await db.select().from(sharksWithMeta).where(eq(sharksWithMeta.id, s.shark.id));
      const [course] = await db
        .select()
        .from(coursesWithBookings)
        .where(eq(coursesWithBookings.id, s.course.id));
      return { students: shark.studentCount, enrolled: course.enrolledCount };
    };
    const none = { students: 0, enrolled: 0 };
    const one = { students: 1, enrolled: 1 };

    // A request is not a student; its acceptance is.
    const first = await book(s.learner, s.course.id, slot(3));
    expect(await counts()).toEqual(none);
    expect((await act(s.sharkC, first, 'accept')).statusCode).toBe(200);
    expect(await counts()).toEqual(one);

    // A second session of the same learner, requested then confirmed: still one learner.
    const second = await book(s.learner, s.course.id, slot(4));
    expect((await act(s.sharkC, second, 'accept')).statusCode).toBe(200);
    expect(await counts()).toEqual(one);

    // Another learner's request that the shark declines never counts.
    const declined = await book(s.other, s.course.id, slot(5));
    expect((await act(s.sharkC, declined, 'decline', { reason: 'Travelling that week' })).statusCode).toBe(
      200,
    );
    expect(await counts()).toEqual(one);

    // Another learner confirmed, then cancelled: up, then back.
    const cancelled = await book(s.other, s.course.id, slot(6));
    expect((await act(s.sharkC, cancelled, 'accept')).statusCode).toBe(200);
    expect(await counts()).toEqual({ students: 2, enrolled: 2 });
    expect((await act(s.other, cancelled, 'cancel', { reason: 'My plans changed' })).statusCode).toBe(200);
    expect(await counts()).toEqual(one);

    // The learner cancels one of two confirmed sessions: the other still counts; once held, it stays counted.
    expect((await act(s.learner, second, 'cancel', { reason: 'My plans changed' })).statusCode).toBe(200);
    expect(await counts()).toEqual(one);
    at(plus(slot(3), 2));
    expect(await app.db.transaction((tx) => completeSession(tx, app.payments, first))).toBe(true);
    expect(await counts()).toEqual(one);

    // A deleted booking takes its learner with it.
    await db.delete(bookingEvents).where(eq(bookingEvents.bookingId, first));
    await db.delete(courseBookings).where(eq(courseBookings.id, first));
    expect(await counts()).toEqual(none);
  });
});
