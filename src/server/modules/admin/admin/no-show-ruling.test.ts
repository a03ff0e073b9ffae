// An admin rules on a disputed no-show (decision 053): both outcomes end to end through the API, the real queue
// and a real SMTP server on loopback; every refusal writes nothing; the state change, the timeline event, the
// audit entry and both mails commit together or not at all.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import { asc, eq } from 'drizzle-orm';
import { ADMIN_MSG } from '#shared/admin.ts';
import { REVIEW_MSG } from '#shared/reviews.ts';
import { sessionEventLabel } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { adminAuditLog, bookingEvents, courseBookings, sessions } from '#server/db/schema.ts';
import { now, setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createCourse, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { startSmtp, type Smtp } from '#server/test/smtp.ts';
import { courseTermsOf } from '#server/modules/sessions/sessions/repository.ts';

const ORIGIN = 'http://localhost:3000';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The session: 18:00-19:00 in Kolkata (the shark), 13:30-14:30 in Berlin (the learner). */
const START = new Date('2026-12-03T12:30:00Z');
const END = new Date(START.getTime() + HOUR);
/** The ruling comes 40 h after the end: later than a 30-day window from the end would allow a review in. */
const RULED_AT = new Date(END.getTime() + 40 * HOUR);
const KOLKATA = 'Thu, 3 Dec 2026, 18:00 – 19:00 India Standard Time';
const BERLIN = 'Thu, 3 Dec 2026, 13:30 – 14:30 Central European Standard Time';
const REASON = 'The meeting log shows both of them in the call for 55 minutes.';

let app: FastifyInstance;
let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ SMTP_URL: smtp.url, APP_ORIGIN: ORIGIN, RATE_LIMIT_SCALE: '100' });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(async () => {
  await resetDb();
  smtp.received.length = 0;
  setClock(() => RULED_AT);
});
afterEach(() => setClock());

/** A login at the test clock's time (the last-seen time is the database's own clock otherwise). */
async function login(userId: string) {
  const { db } = await testDatabase();
  const cookie = await sessionCookie(db, userId);
  await db.update(sessions).set({ lastSeenAt: now() }).where(eq(sessions.userId, userId));
  return cookie;
}

/** A session the shark reported as a no-show of the learner an hour after its end, and every caller. */
async function world(status: 'no_show' | 'confirmed' = 'no_show') {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], email: 'arjun@example.test' });
  const learner = await createAccount(db, { roles: ['user'], email: 'asha@example.test' });
  const shark = await createShark(db, { userId: sharkAccount.id, name: 'Arjun Mehta' });
  const course = await createCourse(db, shark.id, { title: 'Web Pentesting', pricePaise: 150_000 });
  const [booking] = await db
    .insert(courseBookings)
    .values({
      courseId: course.id,
      userId: learner.id,
      sharkId: shark.id,
      name: 'Asha Rao',
      email: 'asha.contact@example.test',
      phone: '+91 90000 00000',
      hours: 1,
      totalPricePaise: 150_000,
      startsAt: START,
      endsAt: END,
      blockedUntil: END,
      timeZone: 'Asia/Kolkata',
      ...courseTermsOf(course.id),
      learnerTimeZone: 'Europe/Berlin',
      status,
      createdAt: new Date(START.getTime() - 80 * HOUR),
    })
    .returning();
  await db.insert(bookingEvents).values([
    { bookingId: booking.id, kind: 'requested', actor: 'learner', at: new Date(START.getTime() - 80 * HOUR) },
    { bookingId: booking.id, kind: 'confirmed', actor: 'shark', at: new Date(START.getTime() - 72 * HOUR) },
    ...(status === 'no_show'
      ? [
          {
            bookingId: booking.id,
            kind: 'no_show' as const,
            actor: 'shark' as const,
            actorUserId: sharkAccount.id,
            reason: 'The learner never joined the call',
            at: new Date(END.getTime() + HOUR),
          },
        ]
      : []),
  ]);
  const adminAccount = await createAccount(db, { roles: ['admin'], email: 'ops@example.test' });
  const freelancer = await createAccount(db, { roles: ['freelancer', 'user'] });
  return {
    db,
    id: booking.id,
    adminId: adminAccount.id,
    learnerId: learner.id,
    admin: await login(adminAccount.id),
    learner: await login(learner.id),
    shark: await login(sharkAccount.id),
    freelancer: await login(freelancer.id),
  };
}
type World = Awaited<ReturnType<typeof world>>;

const resolve = (cookie: string | undefined, id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/bookings/${id}/resolve-no-show`,
    headers: cookie ? { cookie } : {},
    payload,
  });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

/** What a ruling writes: the booking's status, its timeline kinds, the audit rows, the mails queued. */
async function written(w: World) {
  const [row] = await w.db.select().from(courseBookings).where(eq(courseBookings.id, w.id));
  const events = await w.db
    .select()
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, w.id))
    .orderBy(asc(bookingEvents.seq));
  const audit = await w.db.select().from(adminAuditLog);
  await app.jobs.runAll();
  return { status: row.status, kinds: events.map((e) => e.kind), events, audit, mails: smtp.received.length };
}
const UNTOUCHED = {
  status: 'no_show',
  kinds: ['requested', 'confirmed', 'no_show'],
  audit: [],
  mails: 0,
};

const toOf = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.text : '');
async function mailsOf() {
  await app.jobs.runAll();
  const one = (email: string) => {
    const mails = smtp.received.filter((m) => toOf(m) === email);
    expect(mails).toHaveLength(1);
    return mails[0];
  };
  return { shark: one('arjun@example.test'), learner: one('asha@example.test') };
}

describe('an admin rules that the session took place', () => {
  it('completes it, records the ruling on the timeline and in the audit log, tells both sides, and opens the review', async () => {
    const w = await world();
    const res = await resolve(w.admin, w.id, { outcome: 'took_place', reason: REASON });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SESSION_MSG.noShowResolved);
    expect(res.json().session.status).toBe('completed');
    expect(res.json().session.events.at(-1)).toEqual({
      at: RULED_AT.toISOString(),
      kind: 'no_show_resolved',
      actor: 'admin',
      reason: REASON,
      startsAt: null,
      late: false,
      outcome: 'took_place',
    });

    const after = await written(w);
    expect(after.status).toBe('completed');
    expect(after.kinds).toEqual(['requested', 'confirmed', 'no_show', 'no_show_resolved']);
    expect(after.events.at(-1)).toMatchObject({ actorUserId: w.adminId, outcome: 'took_place' });
    expect(after.audit).toEqual([
      expect.objectContaining({
        actorId: w.adminId,
        action: 'session.no_show_resolve',
        targetType: 'session',
        targetId: w.id,
        reason: REASON,
        details: expect.objectContaining({ outcome: 'took_place', statusBefore: 'no_show' }),
      }),
    ]);

    // Both sides, each in their own zone, with the outcome said plainly and the reason quoted.
    const { shark, learner } = await mailsOf();
    expect(shark.subject).toBe(`No-show reviewed: Web Pentesting on ${KOLKATA}`);
    expect(learner.subject).toBe(`No-show reviewed: Web Pentesting on ${BERLIN}`);
    for (const mail of [shark, learner]) {
      expect(mail.text).toContain(REASON);
      expect(mail.text).toContain(
        'Outcome: the session took place. It is now recorded as completed, like any session that was held.',
      );
      expect(mail.text).toContain(`${ORIGIN}/sessions/${w.id}`);
    }
    expect(shark.text).toContain('reviewed the no-show you reported');
    expect(learner.text).toContain('reviewed the no-show Arjun Mehta reported');
    expect(learner.text).toContain('You can review it on the session page for 30 days from today.');
    expect(shark.text).not.toContain('You can review it');

    // Every viewer's timeline shows the ruling.
    for (const cookie of [w.learner, w.shark, w.admin]) {
      const detail = (await get(cookie, `/api/sessions/${w.id}`)).json();
      expect(detail.events.map(sessionEventLabel).at(-1)).toBe(
        'No-show reviewed by Shark Security: the session took place',
      );
    }

    // The ruling is final: neither side reports again, even inside the 48 h after the end.
    const again = await app.inject({
      method: 'POST',
      url: `/api/sessions/${w.id}/no-show`,
      headers: { cookie: w.learner },
      payload: { note: 'The shark never came' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(SESSION_MSG.notAllowed);

    // The review window counts from the ruling: 29 days after it is past 30 days after the end.
    setClock(() => new Date(RULED_AT.getTime() + 29 * DAY));
    const review = await app.inject({
      method: 'POST',
      url: `/api/sessions/${w.id}/review`,
      headers: { cookie: await login(w.learnerId) },
      payload: {
        rating: 5,
        knowledge: 5,
        preparation: 4,
        clarity: 5,
        body: 'Clear and practical, thank you.',
      },
    });
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().message).toBe(REVIEW_MSG.created);
  });
});

describe('an admin upholds the no-show', () => {
  it('keeps it a no-show, tells both sides, and refuses a second ruling and a review', async () => {
    const w = await world();
    const res = await resolve(w.admin, w.id, { outcome: 'upheld', reason: 'The learner confirmed by mail.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().session.status).toBe('no_show');

    const { shark, learner } = await mailsOf();
    expect(learner.text).toContain(
      'Outcome: upheld. You did not come, and the session stays recorded as a no-show.',
    );
    expect(shark.text).toContain(
      'Outcome: upheld. Asha Rao did not come, and the session stays recorded as a no-show.',
    );
    for (const mail of [shark, learner]) expect(mail.text).toContain('The learner confirmed by mail.');

    const detail = (await get(w.learner, `/api/sessions/${w.id}`)).json();
    expect(detail.events.map(sessionEventLabel).at(-1)).toBe('No-show reviewed by Shark Security: upheld');

    const second = await resolve(w.admin, w.id, { outcome: 'took_place', reason: 'Changed my mind.' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(SESSION_MSG.noShowAlreadyResolved);
    const after = await written(w);
    expect(after.status).toBe('no_show');
    expect(after.audit).toHaveLength(1);

    const review = await app.inject({
      method: 'POST',
      url: `/api/sessions/${w.id}/review`,
      headers: { cookie: w.learner },
      payload: { rating: 1, knowledge: 1, preparation: 1, clarity: 1, body: 'It never happened, sadly.' },
    });
    expect(review.statusCode).toBe(409);
    expect(review.json().error.message).toBe(REVIEW_MSG.notCompleted);
  });
});

describe('refusals write nothing', () => {
  it('401 for a visitor, 403 for the learner, the shark and a freelancer', async () => {
    const w = await world();
    const body = { outcome: 'took_place', reason: REASON };
    expect((await resolve(undefined, w.id, body)).statusCode).toBe(401);
    for (const cookie of [w.learner, w.shark, w.freelancer]) {
      const res = await resolve(cookie, w.id, body);
      expect(res.statusCode).toBe(403);
    }
    expect(await written(w)).toMatchObject(UNTOUCHED);
  });

  it('404 for an unknown session, 409 for a session without a reported no-show', async () => {
    const w = await world('confirmed');
    const unknown = await resolve(w.admin, randomUUID(), { outcome: 'upheld', reason: REASON });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(SESSION_MSG.notFound);
    const res = await resolve(w.admin, w.id, { outcome: 'upheld', reason: REASON });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(SESSION_MSG.noShowNotReported);
    expect(await written(w)).toMatchObject({
      status: 'confirmed',
      kinds: ['requested', 'confirmed'],
      audit: [],
      mails: 0,
    });
  });

  it('400 with the field message for a missing outcome, a short or a long reason', async () => {
    const w = await world();
    const cases: [object, string, string][] = [
      [{ reason: REASON }, 'outcome', SESSION_MSG.outcomeRequired],
      [{ outcome: 'maybe', reason: REASON }, 'outcome', SESSION_MSG.outcomeRequired],
      [{ outcome: 'upheld', reason: ' no ' }, 'reason', SESSION_MSG.reasonRequired],
      [{ outcome: 'upheld' }, 'reason', SESSION_MSG.reasonRequired],
      [{ outcome: 'upheld', reason: 'x'.repeat(501) }, 'reason', SESSION_MSG.reasonTooLong],
    ];
    for (const [payload, field, message] of cases) {
      const res = await resolve(w.admin, w.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    expect(await written(w)).toMatchObject(UNTOUCHED);
  });
});

describe('one transaction', () => {
  it('a mail that cannot be queued rolls back the status, the event and the audit entry', async () => {
    const w = await world();
    const enqueue = app.mailer.enqueue.bind(app.mailer);
    let calls = 0;
    // The second mail (the learner's) fails after the status, the event and the shark's mail were written.
    const spy = vi
      .spyOn(app.mailer, 'enqueue')
      .mockImplementation((db, mail) =>
        ++calls === 2 ? Promise.reject(new Error('queue unavailable')) : enqueue(db, mail),
      );
    const res = await resolve(w.admin, w.id, { outcome: 'took_place', reason: REASON });
    expect(res.statusCode).toBe(500);
    expect(calls).toBe(2);
    spy.mockRestore();
    expect(await written(w)).toMatchObject(UNTOUCHED);

    // The same ruling then goes through whole: the event and its audit entry exist together.
    expect((await resolve(w.admin, w.id, { outcome: 'took_place', reason: REASON })).statusCode).toBe(200);
    const after = await written(w);
    expect(after.kinds.filter((k) => k === 'no_show_resolved')).toHaveLength(1);
    expect(after.audit.map((a) => [a.action, a.targetId])).toEqual([['session.no_show_resolve', w.id]]);
    expect(after.mails).toBe(2);
  });

  it('two admins ruling at once: one ruling wins, the other is told it is already resolved', async () => {
    const w = await world();
    const other = await login((await createAccount(w.db, { roles: ['admin'] })).id);
    const answers = await Promise.all([
      resolve(w.admin, w.id, { outcome: 'upheld', reason: REASON }),
      resolve(other, w.id, { outcome: 'took_place', reason: REASON }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error.message).toBe(
      SESSION_MSG.noShowAlreadyResolved,
    );
    const after = await written(w);
    expect(after.kinds.filter((k) => k === 'no_show_resolved')).toHaveLength(1);
    expect(after.audit).toHaveLength(1);
    expect(after.mails).toBe(2);
  });

  it('the database keeps one ruling per session, and an outcome only on a ruling', async () => {
    const w = await world();
    expect((await resolve(w.admin, w.id, { outcome: 'upheld', reason: REASON })).statusCode).toBe(200);
    await expect(
      w.db
        .insert(bookingEvents)
        .values({ bookingId: w.id, kind: 'no_show_resolved', actor: 'admin', outcome: 'took_place' }),
    ).rejects.toThrow();
    await expect(
      w.db
        .insert(bookingEvents)
        .values({ bookingId: w.id, kind: 'no_show', actor: 'shark', outcome: 'upheld' }),
    ).rejects.toThrow();
    await expect(
      w.db.insert(bookingEvents).values({ bookingId: w.id, kind: 'no_show_resolved', actor: 'admin' }),
    ).rejects.toThrow();
  });
});

describe('the console lists disputes', () => {
  it('`disputed` lists the unresolved no-shows; a resolved one shows its ruling, also once completed', async () => {
    const a = await world();
    const { db } = a;
    // A second reported no-show of the same shark and learner, later ruled to have taken place.
    const [{ preferredDate: _date, preferredTime: _time, ...first }] = await db
      .select()
      .from(courseBookings)
      .where(eq(courseBookings.id, a.id));
    const [other] = await db
      .insert(courseBookings)
      .values({ ...first, id: randomUUID(), createdAt: first.createdAt })
      .returning();
    await db.insert(bookingEvents).values({
      bookingId: other.id,
      kind: 'no_show',
      actor: 'learner',
      reason: 'The shark did not show up',
      at: new Date(END.getTime() + 2 * HOUR),
    });
    const search = async (status: string) =>
      (await get(a.admin, `/api/admin/bookings?status=${status}`)).json().items as {
        id: string;
        status: string;
        noShow: { reportedBy: string; resolution: { outcome: string; reason: string } | null } | null;
      }[];
    expect((await search('disputed')).map((b) => b.id).sort()).toEqual([a.id, other.id].sort());

    expect((await resolve(a.admin, other.id, { outcome: 'took_place', reason: REASON })).statusCode).toBe(
      200,
    );
    expect((await search('disputed')).map((b) => b.id)).toEqual([a.id]);
    const completed = await search('completed');
    expect(completed).toEqual([
      expect.objectContaining({
        id: other.id,
        status: 'completed',
        noShow: expect.objectContaining({
          reportedBy: 'learner',
          resolution: expect.objectContaining({ outcome: 'took_place', reason: REASON }),
        }),
      }),
    ]);
    expect((await search('no_show'))[0].noShow?.resolution).toBeNull();
    expect((await get(a.admin, '/api/admin/bookings?status=open')).json().error.fields.status).toBe(
      ADMIN_MSG.statusInvalid,
    );
  });
});
