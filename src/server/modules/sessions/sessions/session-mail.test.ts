// The mails of a session and its clocks, through the real queue and a real SMTP server on loopback, with the
// server's clock moved by the test (setClock): who hears of each change, in which zone, with which link; the
// .ics file; expiry, completion, reminders (once each, none after a cancel or late after a move) and message
// mails in batches.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ParsedMail } from 'mailparser';
import ICAL from 'ical.js';
import { and, asc, eq } from 'drizzle-orm';
import { bookingEvents, bookingMessages, courseBookings } from '#server/db/schema.ts';
import { notifySession as notifySessionEvent, type SessionNotice } from './mail';
import { sessionCalendar } from './calendar';
import { answerByFor } from './lifecycle';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createCourse, createShark } from '#server/test/fixtures.ts';
import { startSmtp, type Smtp } from '#server/test/smtp.ts';
import { courseTermsOf } from '#server/modules/sessions/sessions/repository.ts';

const ORIGIN = 'http://localhost:3000';
const HOUR = 3_600_000;
const MINUTE = 60_000;
/** The session's start: 18:00 in Kolkata, 13:30 in Berlin (winter time). */
const START = new Date('2026-12-03T12:30:00Z');

let app: FastifyInstance;
let smtp: Smtp;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await createTestApp({ SMTP_URL: smtp.url, APP_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});
beforeEach(async () => {
  await resetDb();
  smtp.received.length = 0;
});
afterEach(() => setClock());

const at = (d: Date) => setClock(() => new Date(d));

interface World {
  sessionId: string;
  link: string;
  sharkEmail: string;
  learnerEmail: string;
}

/** A learner (in Berlin) and a shark (in Kolkata) with one booking of `hours` hours starting at `start`. */
async function world(
  opts: {
    status?: 'requested' | 'confirmed' | 'cancelled';
    start?: Date;
    hours?: number;
    /** When the session got its current time (its confirmation). */
    settledAt?: Date;
    answerBy?: Date | null;
    learnerTimeZone?: string | null;
    meetingLink?: string | null;
  } = {},
): Promise<World> {
  const { db } = await testDatabase();
  const sharkAccount = await createAccount(db, { roles: ['shark'], email: 'arjun@example.test' });
  const learner = await createAccount(db, { roles: ['user'], email: 'asha@example.test' });
  const shark = await createShark(db, { userId: sharkAccount.id, name: 'Arjun Mehta' });
  const course = await createCourse(db, shark.id, { title: 'Web Pentesting', pricePaise: 150_000 });
  const start = opts.start ?? START;
  const hours = opts.hours ?? 1;
  const end = new Date(start.getTime() + hours * HOUR);
  const status = opts.status ?? 'confirmed';
  const settledAt = opts.settledAt ?? new Date(start.getTime() - 72 * HOUR);
  const [booking] = await db
    .insert(courseBookings)
    .values({
      courseId: course.id,
      userId: learner.id,
      sharkId: shark.id,
      name: 'Asha Rao',
      email: 'asha.contact@example.test',
      phone: '+91 90000 00000',
      hours,
      totalPricePaise: 150_000 * hours,
      startsAt: start,
      endsAt: end,
      blockedUntil: end,
      timeZone: 'Asia/Kolkata',
      ...courseTermsOf(course.id),
      learnerTimeZone: opts.learnerTimeZone === undefined ? 'Europe/Berlin' : opts.learnerTimeZone,
      status,
      answerBy:
        opts.answerBy === undefined
          ? status === 'requested'
            ? answerByFor(settledAt, start, 0)
            : null
          : opts.answerBy,
      meetingLink: opts.meetingLink ?? null,
      createdAt: new Date(settledAt.getTime() - HOUR),
    })
    .returning();
  await db.insert(bookingEvents).values([
    {
      bookingId: booking.id,
      kind: 'requested',
      actor: 'learner',
      at: new Date(settledAt.getTime() - HOUR),
    },
    ...(status === 'requested'
      ? []
      : [{ bookingId: booking.id, kind: 'confirmed' as const, actor: 'shark' as const, at: settledAt }]),
  ]);
  return {
    sessionId: booking.id,
    link: `${ORIGIN}/sessions/${booking.id}`,
    sharkEmail: sharkAccount.email,
    learnerEmail: learner.email,
  };
}

const ctx = () => ({ mailer: app.mailer, appOrigin: ORIGIN });

/** Records a change as the state machine does: notice in a transaction, then the queue delivers. */
async function notify(notice: SessionNotice) {
  const { db } = await testDatabase();
  await db.transaction((tx) => notifySessionEvent(tx, ctx(), notice));
  await app.jobs.runAll();
}

/** One tick of the sessions' clock, as the per-minute schedule sends it, and the mails it queued. */
async function tick() {
  const { db } = await testDatabase();
  await app.jobs.enqueue(db, 'sessions', { task: 'tick' });
  await app.jobs.runAll();
}

const toOf = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.text : '');
const received = () =>
  smtp.received.map((m) => [toOf(m), m.subject]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
const mailTo = (email: string) => {
  const mails = smtp.received.filter((m) => toOf(m) === email);
  expect(mails).toHaveLength(1);
  return mails[0];
};

const KOLKATA = 'Thu, 3 Dec 2026, 18:00 – 19:00 India Standard Time';
const BERLIN = 'Thu, 3 Dec 2026, 13:30 – 14:30 Central European Standard Time';

/** Every session mail: the link to the session page (in both parts), the recipient's zone, no off-site payment. */
function expectSessionMail(mail: ParsedMail, w: World, when: string) {
  expect(mail.text).toContain(w.link);
  expect(mail.html).toContain(`href="${w.link}"`);
  expect(mail.text).not.toContain('arranged with the shark');
  expect(mail.text).toContain(when);
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const value = (name: string) => event.getFirstPropertyValue(name);
  const time = (name: string) => (value(name) as ICAL.Time).toJSDate().toISOString();
  return { calendar, event, value, time };
}

function calendarOf(mail: ParsedMail) {
  const files = mail.attachments.filter((a) => a.filename === 'session.ics');
  expect(files).toHaveLength(1);
  expect(files[0].contentType).toBe('text/calendar');
  return parseCalendar(files[0].content.toString('utf8'));
}

describe('the mail of each change of a session', () => {
  it('a request: the shark is asked to answer by a time, the learner gets a receipt that never says confirmed', async () => {
    at(new Date(START.getTime() - 72 * HOUR));
    const w = await world({ status: 'requested' });
    await notify({ bookingId: w.sessionId, kind: 'requested', actor: 'learner' });
    expect(received()).toEqual([
      ['arjun@example.test', 'New session request: Web Pentesting from Asha Rao'],
      ['asha@example.test', 'Your request to Arjun Mehta is waiting for an answer'],
    ]);
    const toShark = mailTo(w.sharkEmail);
    expectSessionMail(toShark, w, KOLKATA);
    expect(toShark.text).toContain('Accept or decline it by Tue, 1 Dec 2026, 18:00 India Standard Time.');
    expect(toShark.html).toContain('Answer the request');
    const receipt = mailTo(w.learnerEmail);
    expectSessionMail(receipt, w, BERLIN);
    expect(receipt.text).toContain('Request sent: awaiting Arjun Mehta');
    expect(receipt.text).toContain(
      'Arjun Mehta has until Tue, 1 Dec 2026, 13:30 Central European Standard Time to answer',
    );
    expect(`${receipt.subject} ${receipt.text} ${receipt.html}`).not.toMatch(/confirm/i);
  });

  it("a confirmation tells the learner, with the meeting link and the session's .ics attached", async () => {
    at(new Date(START.getTime() - 48 * HOUR));
    const w = await world({ meetingLink: 'https://meet.jit.si/asha-arjun' });
    await notify({ bookingId: w.sessionId, kind: 'confirmed', actor: 'shark' });
    expect(received()).toEqual([['asha@example.test', 'Session confirmed: Web Pentesting with Arjun Mehta']]);
    const mail = mailTo(w.learnerEmail);
    expectSessionMail(mail, w, BERLIN);
    expect(mail.text).toContain('Join it here: https://meet.jit.si/asha-arjun');

    const ics = calendarOf(mail);
    expect(ics.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(ics.value('uid')).toBe(`session-${w.sessionId}@localhost`);
    expect(ics.time('dtstart')).toBe('2026-12-03T12:30:00.000Z');
    expect(ics.time('dtend')).toBe('2026-12-03T13:30:00.000Z');
    expect(ics.time('dtstamp')).toBe(new Date(START.getTime() - 48 * HOUR).toISOString());
    expect(ics.value('summary')).toBe('Web Pentesting with Arjun Mehta');
    expect(ics.value('status')).toBe('CONFIRMED');
    expect(ics.value('sequence')).toBe(0);
    expect(ics.value('url')).toBe(w.link);
    expect(ics.value('location')).toBe('https://meet.jit.si/asha-arjun');
    const description = String(ics.value('description'));
    expect(description).toContain(`Session page: ${w.link}`);
    expect(description).toContain('Meeting link: https://meet.jit.si/asha-arjun');

    // The dev mailbox shows the file under the mail.
    const mailbox = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(mailbox.body).toContain('Attached: session.ics (text/calendar; charset=utf-8; method=PUBLISH)');
    expect(mailbox.body).toContain(`UID:session-${w.sessionId}@localhost`);
  });

  it('a decline tells the learner with the reason', async () => {
    const w = await world({ status: 'requested' });
    await notify({
      bookingId: w.sessionId,
      kind: 'declined',
      actor: 'shark',
      reason: 'Travelling that week.',
    });
    expect(received()).toEqual([['asha@example.test', 'Arjun Mehta declined your session request']]);
    const mail = mailTo(w.learnerEmail);
    expectSessionMail(mail, w, BERLIN);
    expect(mail.text).toContain('> Travelling that week.');
  });

  it('a cancellation tells the other side, and a late one says so', async () => {
    const w = await world();
    await notify({
      bookingId: w.sessionId,
      kind: 'cancelled',
      actor: 'learner',
      reason: 'My exam moved.',
      late: true,
    });
    await notify({
      bookingId: w.sessionId,
      kind: 'cancelled',
      actor: 'shark',
      reason: 'I am unwell, sorry.',
    });
    expect(received()).toEqual([
      ['arjun@example.test', `Session cancelled: Web Pentesting on ${KOLKATA}`],
      ['asha@example.test', `Session cancelled: Web Pentesting on ${BERLIN}`],
    ]);
    const toShark = mailTo(w.sharkEmail);
    expectSessionMail(toShark, w, KOLKATA);
    expect(toShark.text).toContain('Asha Rao cancelled the session');
    expect(toShark.text).toContain('> My exam moved.');
    expect(toShark.text).toContain(
      'It was cancelled less than 24 h before the start, so it is recorded as a late cancellation.',
    );
    const toLearner = mailTo(w.learnerEmail);
    expect(toLearner.text).toContain('Arjun Mehta cancelled the session');
    expect(toLearner.text).not.toContain('late cancellation');
  });

  it('a proposed time goes to the other side, its answer to the proposer; an accepted move to both with the new .ics', async () => {
    const w = await world();
    const proposed = new Date(START.getTime() + 24 * HOUR);
    await notify({
      bookingId: w.sessionId,
      kind: 'reschedule_proposed',
      actor: 'learner',
      startsAt: proposed,
    });
    expect(received()).toEqual([['arjun@example.test', 'New time proposed: Web Pentesting']]);
    expect(mailTo(w.sharkEmail).text).toContain(
      `Asha Rao proposes to move the session of Web Pentesting from ${KOLKATA} to Fri, 4 Dec 2026, 18:00 – 19:00 India Standard Time.`,
    );

    smtp.received.length = 0;
    await notify({ bookingId: w.sessionId, kind: 'reschedule_declined', actor: 'shark', startsAt: proposed });
    expect(received()).toEqual([['asha@example.test', 'New time declined: Web Pentesting']]);
    expect(mailTo(w.learnerEmail).text).toContain(
      `The time you proposed, Fri, 4 Dec 2026, 13:30 – 14:30 Central European Standard Time, was declined. The session of Web Pentesting stays on ${BERLIN}.`,
    );

    // The session moves (as the state machine does it), and both sides get the new time and calendar entry.
    smtp.received.length = 0;
    const { db } = await testDatabase();
    await db
      .update(courseBookings)
      .set({
        startsAt: proposed,
        endsAt: new Date(proposed.getTime() + HOUR),
        blockedUntil: new Date(proposed.getTime() + HOUR),
      })
      .where(eq(courseBookings.id, w.sessionId));
    await db
      .insert(bookingEvents)
      .values({ bookingId: w.sessionId, kind: 'reschedule_accepted', actor: 'shark', startsAt: proposed });
    await notify({ bookingId: w.sessionId, kind: 'reschedule_accepted', actor: 'shark', startsAt: proposed });
    const newKolkata = 'Fri, 4 Dec 2026, 18:00 – 19:00 India Standard Time';
    const newBerlin = 'Fri, 4 Dec 2026, 13:30 – 14:30 Central European Standard Time';
    expect(received()).toEqual([
      ['arjun@example.test', `Session moved: Web Pentesting is now on ${newKolkata}`],
      ['asha@example.test', `Session moved: Web Pentesting is now on ${newBerlin}`],
    ]);
    for (const [email, when] of [
      [w.sharkEmail, newKolkata],
      [w.learnerEmail, newBerlin],
    ]) {
      const mail = mailTo(email);
      expectSessionMail(mail, w, when);
      const ics = calendarOf(mail);
      expect(ics.value('uid')).toBe(`session-${w.sessionId}@localhost`);
      expect(ics.value('sequence')).toBe(1);
      expect(ics.time('dtstart')).toBe('2026-12-04T12:30:00.000Z');
    }
  });

  it('a no-show report tells the other side with the note; an admin cancellation tells both', async () => {
    const w = await world();
    await notify({ bookingId: w.sessionId, kind: 'no_show', actor: 'shark', reason: 'Waited 20 minutes.' });
    expect(received()).toEqual([['asha@example.test', `No-show reported: Web Pentesting on ${BERLIN}`]]);
    expect(mailTo(w.learnerEmail).text).toContain('Arjun Mehta reported that you did not come');
    expect(mailTo(w.learnerEmail).text).toContain('> Waited 20 minutes.');

    smtp.received.length = 0;
    await notify({ bookingId: w.sessionId, kind: 'cancelled', actor: 'admin', reason: 'Reported abuse.' });
    expect(received().map(([to]) => to)).toEqual(['arjun@example.test', 'asha@example.test']);
    expect(mailTo(w.sharkEmail).text).toContain('The Shark Security team cancelled the session');
  });

  it("a learner without a zone reads the shark's; a learner who deleted the account is not mailed", async () => {
    const w = await world({ learnerTimeZone: null });
    await notify({ bookingId: w.sessionId, kind: 'confirmed', actor: 'shark' });
    expectSessionMail(mailTo(w.learnerEmail), w, KOLKATA);

    smtp.received.length = 0;
    const { db } = await testDatabase();
    await db.update(courseBookings).set({ userId: null }).where(eq(courseBookings.id, w.sessionId));
    await notify({ bookingId: w.sessionId, kind: 'expired', actor: 'system' });
    expect(received().map(([to]) => to)).toEqual(['arjun@example.test']);
  });
});

describe("the sessions' clock (the per-minute job)", () => {
  const statusOf = async (id: string) => {
    const { db } = await testDatabase();
    const [row] = await db.select().from(courseBookings).where(eq(courseBookings.id, id));
    return row;
  };
  const eventsOf = async (id: string) => {
    const { db } = await testDatabase();
    return db
      .select({ kind: bookingEvents.kind, actor: bookingEvents.actor, at: bookingEvents.at })
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, id))
      .orderBy(asc(bookingEvents.at));
  };

  it('expires a request left unanswered past its answer-by time and tells both sides, once', async () => {
    const requestedAt = new Date(START.getTime() - 72 * HOUR);
    const w = await world({ status: 'requested', settledAt: requestedAt });
    const answerBy = new Date(requestedAt.getTime() + 24 * HOUR);

    at(new Date(answerBy.getTime() - MINUTE));
    await tick();
    expect((await statusOf(w.sessionId)).status).toBe('requested');
    expect(smtp.received).toEqual([]);

    at(answerBy);
    await tick();
    await tick();
    expect((await statusOf(w.sessionId)).status).toBe('expired');
    expect((await eventsOf(w.sessionId)).at(-1)).toEqual({ kind: 'expired', actor: 'system', at: answerBy });
    expect(received()).toEqual([
      ['arjun@example.test', `Session request expired: Web Pentesting on ${KOLKATA}`],
      ['asha@example.test', `Session request expired: Web Pentesting on ${BERLIN}`],
    ]);
    expect(mailTo(w.learnerEmail).text).toContain(
      'Arjun Mehta did not answer your request for Web Pentesting on',
    );
    expectSessionMail(mailTo(w.sharkEmail), w, KOLKATA);
  });

  it('completes a confirmed session once its end has passed, telling nobody', async () => {
    const w = await world({ hours: 2 });
    at(new Date(START.getTime() + 2 * HOUR - MINUTE));
    await tick();
    expect((await statusOf(w.sessionId)).status).toBe('confirmed');

    const end = new Date(START.getTime() + 2 * HOUR);
    at(end);
    await tick();
    expect((await statusOf(w.sessionId)).status).toBe('completed');
    expect((await eventsOf(w.sessionId)).at(-1)).toEqual({ kind: 'completed', actor: 'system', at: end });
    expect(smtp.received).toEqual([]);
  });

  it('reminds both sides 24 h and 1 h before, each once however often the job runs', async () => {
    const w = await world({ meetingLink: 'https://meet.jit.si/asha-arjun' });
    at(new Date(START.getTime() - 24 * HOUR - MINUTE));
    await tick();
    expect(smtp.received).toEqual([]);

    at(new Date(START.getTime() - 24 * HOUR));
    await tick();
    at(new Date(START.getTime() - 20 * HOUR));
    await tick();
    expect(received()).toEqual([
      ['arjun@example.test', 'Reminder: Web Pentesting starts in 24 hours'],
      ['asha@example.test', 'Reminder: Web Pentesting starts in 24 hours'],
    ]);
    expectSessionMail(mailTo(w.sharkEmail), w, KOLKATA);
    expectSessionMail(mailTo(w.learnerEmail), w, BERLIN);
    expect(mailTo(w.learnerEmail).text).toContain('Join it here: https://meet.jit.si/asha-arjun');

    smtp.received.length = 0;
    at(new Date(START.getTime() - HOUR + MINUTE));
    await tick();
    await tick();
    expect(received()).toEqual([
      ['arjun@example.test', 'Reminder: Web Pentesting starts in 1 hour'],
      ['asha@example.test', 'Reminder: Web Pentesting starts in 1 hour'],
    ]);
    const row = await statusOf(w.sessionId);
    expect(row.reminded24hAt).toEqual(new Date(START.getTime() - 24 * HOUR));
    expect(row.reminded1hAt).toEqual(new Date(START.getTime() - HOUR + MINUTE));

    smtp.received.length = 0;
    at(new Date(START.getTime() - 5 * MINUTE));
    await tick();
    expect(smtp.received).toEqual([]);
  });

  it('sends no reminder for a cancelled session, nor for a requested one', async () => {
    const w = await world({ status: 'cancelled' });
    at(new Date(START.getTime() - 24 * HOUR));
    await tick();
    at(new Date(START.getTime() - HOUR));
    await tick();
    expect(smtp.received).toEqual([]);
    expect((await statusOf(w.sessionId)).reminded24hAt).toBeNull();

    // A request the shark has not accepted yet is not reminded either.
    const { db } = await testDatabase();
    await db
      .update(courseBookings)
      .set({ status: 'requested', answerBy: START })
      .where(eq(courseBookings.id, w.sessionId));
    at(new Date(START.getTime() - HOUR + MINUTE));
    await tick();
    expect(smtp.received).toEqual([]);
    expect((await statusOf(w.sessionId)).status).toBe('requested');
  });

  it('after a move, a reminder whose moment passed is not sent late, and none goes twice', async () => {
    const w = await world();
    at(new Date(START.getTime() - 24 * HOUR));
    await tick();
    expect(smtp.received).toHaveLength(2);
    smtp.received.length = 0;

    // 23 h before, the session moves 20 h earlier (3 h from now); the move clears the reminders.
    const movedAt = new Date(START.getTime() - 23 * HOUR);
    const newStart = new Date(START.getTime() - 20 * HOUR);
    at(movedAt);
    const { db } = await testDatabase();
    await db
      .update(courseBookings)
      .set({
        startsAt: newStart,
        endsAt: new Date(newStart.getTime() + HOUR),
        blockedUntil: new Date(newStart.getTime() + HOUR),
        reminded24hAt: null,
        reminded1hAt: null,
      })
      .where(eq(courseBookings.id, w.sessionId));
    await db
      .insert(bookingEvents)
      .values({ bookingId: w.sessionId, kind: 'reschedule_accepted', actor: 'shark', at: movedAt });
    await tick();
    at(new Date(movedAt.getTime() + 30 * MINUTE));
    await tick();
    expect(smtp.received).toEqual([]);

    at(new Date(newStart.getTime() - HOUR));
    await tick();
    await tick();
    expect(received()).toEqual([
      ['arjun@example.test', 'Reminder: Web Pentesting starts in 1 hour'],
      ['asha@example.test', 'Reminder: Web Pentesting starts in 1 hour'],
    ]);
    expect(mailTo(w.learnerEmail).text).toContain(
      'Wed, 2 Dec 2026, 17:30 – 18:30 Central European Standard Time',
    );
  });

  it('a confirmation inside the 24 h window gets only the 1 h reminder', async () => {
    await world({ settledAt: new Date(START.getTime() - 10 * HOUR) });
    at(new Date(START.getTime() - 9 * HOUR));
    await tick();
    expect(smtp.received).toEqual([]);
    at(new Date(START.getTime() - HOUR));
    await tick();
    expect(received().map(([, subject]) => subject)).toEqual([
      'Reminder: Web Pentesting starts in 1 hour',
      'Reminder: Web Pentesting starts in 1 hour',
    ]);
  });

  it('mails a burst of 5 messages as one mail to the other side once the burst is 10 minutes old', async () => {
    const w = await world();
    const { db } = await testDatabase();
    const t0 = new Date(START.getTime() - 48 * HOUR);
    await db.insert(bookingMessages).values(
      [0, 1, 2, 3, 4].map((i) => ({
        bookingId: w.sessionId,
        author: 'learner' as const,
        body: `Question ${i + 1}: about the lab box`,
        createdAt: new Date(t0.getTime() + i * MINUTE),
      })),
    );
    at(new Date(t0.getTime() + 9 * MINUTE));
    await tick();
    expect(smtp.received).toEqual([]);

    at(new Date(t0.getTime() + 10 * MINUTE));
    await tick();
    await tick();
    expect(received()).toEqual([['arjun@example.test', '5 new messages from Asha Rao: Web Pentesting']]);
    const mail = mailTo(w.sharkEmail);
    expect(mail.text).toMatch(/^5 new messages from Asha Rao\n/);
    expectSessionMail(mail, w, KOLKATA);
    const text = mail.text ?? '';
    for (let i = 1; i <= 5; i++) expect(text).toContain(`> Question ${i}: about the lab box`);
    expect(text.indexOf('Question 1')).toBeLessThan(text.indexOf('Question 5'));
    expect(text).toContain('> Tue, 1 Dec 2026, 18:00 India Standard Time');
    const unmailed = await db
      .select()
      .from(bookingMessages)
      .where(and(eq(bookingMessages.bookingId, w.sessionId)));
    expect(unmailed.every((m) => m.notifiedAt?.getTime() === t0.getTime() + 10 * MINUTE)).toBe(true);

    // The shark's answer goes to the learner, in the learner's zone.
    smtp.received.length = 0;
    await db.insert(bookingMessages).values({
      bookingId: w.sessionId,
      author: 'shark',
      body: 'Send me your nmap output.',
      createdAt: new Date(t0.getTime() + 12 * MINUTE),
    });
    at(new Date(t0.getTime() + 22 * MINUTE));
    await tick();
    expect(received()).toEqual([['asha@example.test', 'New message from Arjun Mehta: Web Pentesting']]);
    expect(mailTo(w.learnerEmail).text).toContain('> Send me your nmap output.');
    expect(mailTo(w.learnerEmail).text).toContain('Central European Standard Time');
  });

  it('two servers ticking at once send each reminder once', async () => {
    const w = await world();
    at(new Date(START.getTime() - 24 * HOUR));
    await Promise.all([app.jobs.handlers.sessions(tickJob()), app.jobs.handlers.sessions(tickJob())]);
    await app.jobs.runAll();
    expect(received()).toEqual([
      ['arjun@example.test', 'Reminder: Web Pentesting starts in 24 hours'],
      ['asha@example.test', 'Reminder: Web Pentesting starts in 24 hours'],
    ]);
    expect((await statusOf(w.sessionId)).reminded24hAt).not.toBeNull();
  });
});

describe('the calendar file', () => {
  it('is a valid iCalendar entry of the session: tentative while requested, cancelled once cancelled', () => {
    const session = {
      id: '00000000-0000-4000-8000-000000000001',
      status: 'requested' as const,
      startsAt: START.toISOString(),
      endsAt: new Date(START.getTime() + 2 * HOUR).toISOString(),
      meetingLink: 'https://zoom.us/j/123',
      course: { title: 'Cloud Security' },
      shark: { name: 'Nisha Rao' },
      learner: { name: 'Ravi Kumar' },
      events: [{ kind: 'requested' as const }],
    };
    const link = 'https://sharksecurity.in/sessions/00000000-0000-4000-8000-000000000001';
    const requested = parseCalendar(sessionCalendar(session, link));
    expect(requested.value('status')).toBe('TENTATIVE');
    expect(requested.value('uid')).toBe('session-00000000-0000-4000-8000-000000000001@sharksecurity.in');
    // The meeting link shows from confirmation on.
    expect(requested.value('location')).toBeNull();
    expect(String(requested.value('description'))).not.toContain('zoom.us');
    expect(requested.time('dtend')).toBe('2026-12-03T14:30:00.000Z');

    const moved = parseCalendar(
      sessionCalendar(
        {
          ...session,
          status: 'cancelled',
          events: [
            { kind: 'requested' },
            { kind: 'confirmed' },
            { kind: 'reschedule_accepted' },
            { kind: 'reschedule_accepted' },
            { kind: 'cancelled' },
          ],
        },
        link,
      ),
    );
    expect(moved.value('status')).toBe('CANCELLED');
    expect(moved.value('sequence')).toBe(2);
  });
});

/** A tick as pg-boss hands it to a worker's handler (two workers each holding one). */
function tickJob() {
  return { id: crypto.randomUUID(), name: 'sessions', data: { task: 'tick' as const } } as never;
}
