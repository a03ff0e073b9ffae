// A shark's other calendars (issue 26): adding, listing and removing their secret addresses, and the job that
// reads them from a local calendar server (the tests' loopback setting), conditionally, within its limits.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { calendarBusy, outbox } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { courseBookings } from '#server/db/schema.ts';
import {
  calendar,
  feed,
  LONDON_VTIMEZONE,
  startIcalServer,
  type IcalServer,
} from '#server/test/ical-server.ts';
import { setClock } from '#server/time.ts';
import { HOSTILE_RULE_MSG } from './expand';

let app: FastifyInstance;
let strict: FastifyInstance;
let server: IcalServer;
const NOW = new Date('2026-11-23T00:30:00Z');
let clock = NOW;

const WEEKLY = calendar(
  'BEGIN:VEVENT',
  'UID:standup',
  'DTSTAMP:20261101T000000Z',
  'SUMMARY:Secret client call',
  'DTSTART;TZID=Asia/Kolkata:20261124T100000',
  'DTEND;TZID=Asia/Kolkata:20261124T110000',
  'RRULE:FREQ=WEEKLY;COUNT=2',
  'END:VEVENT',
);

beforeAll(async () => {
  server = await startIcalServer();
  app = await createTestApp({
    RATE_LIMIT_SCALE: '100',
    CALENDAR_FETCH_ALLOW_LOOPBACK: 'true',
    CALENDAR_FETCH_TIMEOUT_MS: '400',
    CALENDAR_FETCH_MAX_BYTES: '4096',
    CALENDAR_EXPAND_BUDGET_MS: '1000',
  });
  strict = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(async () => {
  setClock();
  await Promise.all([app.close(), strict.close()]);
  await server.close();
});
beforeEach(async () => {
  clock = NOW;
  setClock(() => clock);
  await resetDb();
  server.requests.length = 0;
  server.set('/weekly.ics', feed(WEEKLY));
  server.set('/slow.ics', () => {}); // never answers
  server.set('/huge.ics', (_req, res) => res.writeHead(200).end(`${WEEKLY}${' '.repeat(10_000)}`));
  server.set('/gone.ics', (_req, res) => res.writeHead(404).end());
});

async function shark() {
  const { db } = await testDatabase();
  const row = await createShark(db, { name: 'Maya Cole' });
  return { db, shark: row, cookie: await sessionCookie(db, row.userId) };
}
const add = (a: FastifyInstance, cookie: string, url: unknown) =>
  a.inject({ method: 'POST', url: '/api/workspace/calendar-sources', headers: { cookie }, payload: { url } });
const list = async (cookie: string) =>
  (
    await app.inject({ method: 'GET', url: '/api/workspace/calendar-sources', headers: { cookie } })
  ).json() as Array<{
    id: string;
    address: string;
    lastSuccessAt: string | null;
    lastError: string | null;
    failingSince: string | null;
  }>;
const tick = async () => {
  await app.jobs.enqueue(app.db, 'calendar-imports', { task: 'tick' });
  await app.jobs.runAll();
};
const busyOf = (db: Awaited<ReturnType<typeof testDatabase>>['db'], sourceId: string) =>
  db
    .select({ startsAt: calendarBusy.startsAt, endsAt: calendarBusy.endsAt })
    .from(calendarBusy)
    .where(eq(calendarBusy.sourceId, sourceId))
    .orderBy(calendarBusy.startsAt)
    .then((rows) => rows.map((r) => [r.startsAt.toISOString(), r.endsAt.toISOString()]));

describe('a shark adds the calendars it keeps elsewhere', () => {
  it('reads an address at once, shows it masked, and keeps only when it is busy', async () => {
    const { db, cookie } = await shark();
    const res = await add(
      app,
      cookie,
      `${server.origin.replace('http', 'webcal')}/calendar/ical/s3cr3t/basic.ics`,
    );
    // webcal:// is taken as https (as calendar apps do): the tests' server speaks plain http, so reading it fails.
    expect(res.statusCode).toBe(201);
    const created = await add(app, cookie, `${server.origin}/weekly.ics`);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('Calendar added: we are reading its busy times now.');
    expect(created.json().source.address).toBe(server.origin.replace('http://', '') + '/…');
    await app.jobs.runAll();
    const sources = await list(cookie);
    expect(sources.map((s) => s.address)).toEqual([
      `${server.origin.replace('http://', '')}/…/basic.ics`,
      `${server.origin.replace('http://', '')}/…`,
    ]);
    // The secret address never comes back in full.
    expect(JSON.stringify(sources)).not.toContain('s3cr3t');
    const weekly = sources[1]!;
    expect(weekly.lastSuccessAt).toBe(NOW.toISOString());
    expect(weekly.lastError).toBeNull();
    expect(await busyOf(db, weekly.id)).toEqual([
      ['2026-11-24T04:30:00.000Z', '2026-11-24T05:30:00.000Z'],
      ['2026-12-01T04:30:00.000Z', '2026-12-01T05:30:00.000Z'],
    ]);
    // The webcal one (https to a plain-http server) failed, and says so.
    expect(sources[0]!.lastError).toMatch(/^The calendar could not be reached/);
    // No title is kept anywhere.
    const rows = await db.select().from(calendarBusy);
    expect(JSON.stringify(rows)).not.toContain('Secret client call');
  });

  it('names the field of a bad address, and refuses a sixth calendar and a second copy of one', async () => {
    const { cookie } = await shark();
    for (const [url, message] of [
      ['', "Paste your calendar's secret address in iCal format"],
      [
        'ftp://calendar.example.com/a.ics',
        'Use the secret address in iCal format: it starts with https:// or webcal://',
      ],
      ['not an address', 'Use the secret address in iCal format: it starts with https:// or webcal://'],
    ]) {
      const res = await add(app, cookie, url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ url: message });
    }
    for (let i = 1; i <= 5; i++)
      expect((await add(app, cookie, `https://calendar.example.com/${i}/basic.ics`)).statusCode).toBe(201);
    const sixth = await add(app, cookie, 'https://calendar.example.com/6/basic.ics');
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.fields).toEqual({
      url: 'You can add up to 5 calendars. Remove one to add another.',
    });
    const [first] = await list(cookie);
    await app.inject({
      method: 'DELETE',
      url: `/api/workspace/calendar-sources/${first!.id}`,
      headers: { cookie },
    });
    const again = await add(app, cookie, 'https://calendar.example.com/2/basic.ics');
    expect(again.json().error.fields).toEqual({ url: 'This calendar is already added' });
  });

  it('refuses http:// and private or loopback addresses where the tests setting is off', async () => {
    const { cookie } = await shark();
    const res = await add(strict, cookie, `${server.origin}/weekly.ics`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      url: 'Use the secret address in iCal format: it starts with https:// or webcal://',
    });
    for (const url of [
      'https://10.0.0.1/x.ics',
      'webcal://169.254.169.254/latest',
      'https://127.0.0.1/x.ics',
    ]) {
      const refused = await add(strict, cookie, url);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({
        url: 'This address is not on the public internet: use the address your calendar gives',
      });
    }
  });

  it('lets only the shark itself see and remove its calendars', async () => {
    const { db, cookie } = await shark();
    const id = (await add(app, cookie, 'https://calendar.example.com/a/basic.ics')).json().source
      .id as string;
    const other = await shark();
    expect(await list(other.cookie)).toEqual([]);
    const del = (c: string) =>
      app.inject({ method: 'DELETE', url: `/api/workspace/calendar-sources/${id}`, headers: { cookie: c } });
    expect((await del(other.cookie)).statusCode).toBe(404);
    const learner = await createAccount(db, { roles: ['user'] });
    const learnerCookie = await sessionCookie(db, learner.id);
    expect((await del(learnerCookie)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/workspace/calendar-sources',
          headers: { cookie: learnerCookie },
        })
      ).statusCode,
    ).toBe(403);
    const admin = await createAccount(db, { roles: ['admin'] });
    expect((await del(await sessionCookie(db, admin.id))).statusCode).toBe(403);
    const removed = await del(cookie);
    expect(removed.json().message).toBe('Calendar removed: its busy times no longer block your free slots.');
    expect(await list(cookie)).toEqual([]);
  });
});

describe('the calendar job', () => {
  it('asks again with the ETag every few minutes, and a 304 keeps the busy times', async () => {
    const { db, cookie } = await shark();
    const id = (await add(app, cookie, `${server.origin}/weekly.ics`)).json().source.id as string;
    await app.jobs.runAll();
    expect(await busyOf(db, id)).toHaveLength(2);
    // Not due yet: nothing is fetched.
    clock = new Date(NOW.getTime() + 5 * 60_000);
    await tick();
    expect(server.requests.filter((r) => r.path === '/weekly.ics')).toHaveLength(1);
    clock = new Date(NOW.getTime() + 11 * 60_000);
    await tick();
    const asked = server.requests.filter((r) => r.path === '/weekly.ics');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.ifNoneMatch).toBe('"v1"');
    expect(await busyOf(db, id)).toHaveLength(2);
    expect((await list(cookie))[0]!.lastSuccessAt).toBe(clock.toISOString());
  });

  it('reads over HTTP a weekly meeting with an exception and an edited instance, a London meeting across the clocks’ change, an all-day and a transparent event', async () => {
    const { db, shark: row, cookie } = await shark();
    await openEveryDayInIndia(db, row.id);
    const vevent = (...lines: string[]) => [
      'BEGIN:VEVENT',
      'DTSTAMP:20270301T000000Z',
      'SUMMARY:Private title',
      ...lines,
      'END:VEVENT',
    ];
    server.set(
      '/mixed.ics',
      feed(
        calendar(
          ...LONDON_VTIMEZONE,
          // Tuesdays 10:00-11:00 India time, four times; not on 30 March; 6 April moved to 15:00-16:00.
          ...vevent(
            'UID:weekly',
            'DTSTART;TZID=Asia/Kolkata:20270323T100000',
            'DTEND;TZID=Asia/Kolkata:20270323T110000',
            'RRULE:FREQ=WEEKLY;COUNT=4',
            'EXDATE;TZID=Asia/Kolkata:20270330T100000',
          ),
          ...vevent(
            'UID:weekly',
            'RECURRENCE-ID;TZID=Asia/Kolkata:20270406T100000',
            'DTSTART;TZID=Asia/Kolkata:20270406T150000',
            'DTEND;TZID=Asia/Kolkata:20270406T160000',
          ),
          // Mondays 09:00-10:00 London time: GMT, then BST.
          ...vevent(
            'UID:london',
            'DTSTART;TZID=Europe/London:20270322T090000',
            'DTEND;TZID=Europe/London:20270322T100000',
            'RRULE:FREQ=WEEKLY;COUNT=2',
          ),
          // An all-day event: the shark's whole Thursday in India.
          ...vevent('UID:all-day', 'DTSTART;VALUE=DATE:20270325', 'DTEND;VALUE=DATE:20270326'),
          // A transparent (free) event blocks nothing.
          ...vevent('UID:free', 'TRANSP:TRANSPARENT', 'DTSTART:20270326T063000Z', 'DTEND:20270326T073000Z'),
        ),
      ),
    );
    const id = (await add(app, cookie, `${server.origin}/mixed.ics`)).json().source.id as string;
    // Read on Monday 22 March 2027: the clocks go forward in London on Sunday 28 March.
    clock = new Date('2027-03-22T00:30:00Z');
    await app.jobs.runAll();
    expect(await busyOf(db, id)).toEqual([
      ['2027-03-22T09:00:00.000Z', '2027-03-22T10:00:00.000Z'],
      ['2027-03-23T04:30:00.000Z', '2027-03-23T05:30:00.000Z'],
      ['2027-03-24T18:30:00.000Z', '2027-03-25T18:30:00.000Z'],
      ['2027-03-29T08:00:00.000Z', '2027-03-29T09:00:00.000Z'],
      ['2027-04-06T09:30:00.000Z', '2027-04-06T10:30:00.000Z'],
      ['2027-04-13T04:30:00.000Z', '2027-04-13T05:30:00.000Z'],
    ]);
    // The titles are not kept anywhere the shark's busy times are.
    expect(JSON.stringify(await db.select().from(calendarBusy))).not.toContain('Private title');
    clock = NOW;
    expect((await list(cookie))[0]).toMatchObject({
      lastError: null,
      lastSuccessAt: '2027-03-22T00:30:00.000Z',
    });
  });

  it('records a feed that times out or is too large without holding up the others', async () => {
    const { db, cookie } = await shark();
    for (const path of ['/slow.ics', '/huge.ics', '/weekly.ics'])
      expect((await add(app, cookie, `${server.origin}${path}`)).statusCode).toBe(201);
    await app.jobs.runAll();
    const [slow, huge, weekly] = await list(cookie);
    expect(slow!.lastError).toBe('The calendar did not answer in time.');
    expect(slow!.failingSince).toBe(NOW.toISOString());
    expect(slow!.lastSuccessAt).toBeNull();
    expect(huge!.lastError).toBe('The calendar is too large to read (larger than 4 KB).');
    expect(weekly!.lastError).toBeNull();
    expect(await busyOf(db, weekly!.id)).toHaveLength(2);
  });

  it('mails the shark once after a day of failures, and keeps the busy times it read last', async () => {
    const { db, shark: row, cookie } = await shark();
    const id = (await add(app, cookie, `${server.origin}/weekly.ics`)).json().source.id as string;
    await app.jobs.runAll();
    server.set('/weekly.ics', (_req, res) => res.writeHead(404).end());
    const mails = async () =>
      (await db.select().from(outbox)).filter((m) => m.template === 'calendar-source-failing');
    for (const minutes of [15, 60 * 12, 60 * 23]) {
      clock = new Date(NOW.getTime() + minutes * 60_000);
      await tick();
    }
    expect(await mails()).toEqual([]);
    const [failing] = await list(cookie);
    expect(failing!.lastError).toBe(
      'The address no longer works (HTTP 404): the calendar may have a new secret address.',
    );
    expect(failing!.failingSince).toBe(new Date(NOW.getTime() + 15 * 60_000).toISOString());
    expect(failing!.lastSuccessAt).toBe(NOW.toISOString());
    expect(await busyOf(db, id)).toHaveLength(2);
    for (const minutes of [60 * 24 + 30, 60 * 25]) {
      clock = new Date(NOW.getTime() + minutes * 60_000);
      await tick();
    }
    const sent = await mails();
    expect(sent).toHaveLength(1);
    const { users } = await import('#server/db/schema.ts');
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    expect(sent[0]!.toAddress).toBe(owner!.email);
    expect(sent[0]!.subject).toBe(
      `Your calendar ${server.origin.replace('http://', '')}/… could not be read since Mon, 23 Nov 2026, 06:15 (Asia/Kolkata)`,
    );
  });
});

describe('busy times from other calendars and the free slots', () => {
  const slotsOn = async (sharkId: string, date: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/sharks/${sharkId}/slots?hours=1&from=${date}&to=${date}` })
    ).json().days[0].starts as string[];

  it('takes the slots an imported event overlaps out of the public free slots, and leaves a booked session alone', async () => {
    const { db, shark: row, cookie } = await shark();
    await openEveryDayInIndia(db, row.id);
    const course = await createCourse(db, row.id);
    const learner = await createAccount(db, { roles: ['user'] });
    // A session booked here on Wednesday 25 Nov, 10:00-11:00 India time, before the shark adds its calendar.
    const session = await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: '2026-11-25',
      preferredTime: '10:00',
    });
    const before = await slotsOn(row.id, '2026-11-24');
    expect(before).toContain('2026-11-24T04:00:00.000Z');
    expect(before).toContain('2026-11-24T04:30:00.000Z');
    expect(before).toContain('2026-11-24T05:00:00.000Z');

    // The other calendar: busy Tuesdays (and so Wednesday's session time too) 10:00-11:00 India time.
    server.set(
      '/clash.ics',
      feed(
        calendar(
          'BEGIN:VEVENT',
          'UID:tue',
          'DTSTAMP:20261101T000000Z',
          'DTSTART;TZID=Asia/Kolkata:20261124T100000',
          'DTEND;TZID=Asia/Kolkata:20261124T110000',
          'END:VEVENT',
          'BEGIN:VEVENT',
          'UID:wed',
          'DTSTAMP:20261101T000000Z',
          'DTSTART;TZID=Asia/Kolkata:20261125T100000',
          'DTEND;TZID=Asia/Kolkata:20261125T110000',
          'END:VEVENT',
        ),
      ),
    );
    expect((await add(app, cookie, `${server.origin}/clash.ics`)).statusCode).toBe(201);
    await app.jobs.runAll();

    const after = await slotsOn(row.id, '2026-11-24');
    // 09:30, 10:00 and 10:30 would meet the 10:00-11:00 event; 09:00 and 11:00 are still free.
    expect(after).toContain('2026-11-24T03:30:00.000Z');
    expect(after).not.toContain('2026-11-24T04:00:00.000Z');
    expect(after).not.toContain('2026-11-24T04:30:00.000Z');
    expect(after).not.toContain('2026-11-24T05:00:00.000Z');
    expect(after).toContain('2026-11-24T05:30:00.000Z');
    expect(after).toHaveLength(before.length - 3);

    // A learner asking for a blocked time is told it is taken.
    const learnerCookie = await sessionCookie(db, learner.id);
    const ask = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: learnerCookie },
      payload: {
        courseId: course.id,
        hours: 1,
        startsAt: '2026-11-24T04:30:00.000Z',
        name: 'Priya Raman',
        email: 'priya@example.com',
        phone: '+91 98765 43210',
        requestId: crypto.randomUUID(),
      },
    });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error.message).toBe(
      'This time was just booked by someone else. Please pick another slot.',
    );

    // The session booked here stays as it was, and the shark's preview shows the busy times, without titles.
    const [kept] = await db.select().from(courseBookings).where(eq(courseBookings.id, session.id));
    expect(kept!.status).toBe('confirmed');
    expect(kept!.startsAt.toISOString()).toBe('2026-11-25T04:30:00.000Z');
    const view = (
      await app.inject({ method: 'GET', url: '/api/workspace/availability', headers: { cookie } })
    ).json();
    expect(view.imported).toEqual([
      { startsAt: '2026-11-24T04:30:00.000Z', endsAt: '2026-11-24T05:30:00.000Z' },
      { startsAt: '2026-11-25T04:30:00.000Z', endsAt: '2026-11-25T05:30:00.000Z' },
    ]);

    // Removing the calendar gives the slots back at once.
    const [source] = await list(cookie);
    await app.inject({
      method: 'DELETE',
      url: `/api/workspace/calendar-sources/${source!.id}`,
      headers: { cookie },
    });
    expect(await slotsOn(row.id, '2026-11-24')).toEqual(before);
  });
});

// Issue 38: a feed that would hang ical.js, or take seconds to walk, never stops the server. Each is served from
// the local calendar server; /api/health keeps answering within a second while the job reads it, and the
// calendar is marked failing with its reason, not retried at once.
describe('a hostile calendar', () => {
  const hostile = (rule: string, dtstart = '20260101T100000Z') =>
    feed(
      calendar(
        'BEGIN:VEVENT',
        'UID:hostile',
        'DTSTAMP:20261101T000000Z',
        `DTSTART:${dtstart}`,
        `DTEND:${dtstart.replace('T10', 'T11')}`,
        `RRULE:${rule}`,
        'END:VEVENT',
      ),
    );

  it.each([
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30', undefined, HOSTILE_RULE_MSG.neverMatches],
    ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;UNTIL=20300101T000000Z', undefined, HOSTILE_RULE_MSG.neverMatches],
    ['FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30', undefined, HOSTILE_RULE_MSG.subDaily],
    ['FREQ=SECONDLY;COUNT=1000000000', undefined, HOSTILE_RULE_MSG.subDaily],
    // Nothing wrong but its length: 190,000 daily steps from 1500 take seconds; the thread is stopped at 1 s.
    [
      'FREQ=DAILY;COUNT=1000000000',
      '15000101T100000Z',
      'The calendar took too long to read (over 1 seconds).',
    ],
  ])('RRULE:%s leaves the server answering and the calendar failing', async (rule, dtstart, message) => {
    const { cookie } = await shark();
    server.set('/hostile.ics', hostile(rule, dtstart));
    expect((await add(app, cookie, `${server.origin}/hostile.ics`)).statusCode).toBe(201);
    let reading = true;
    let slowest = 0;
    let answers = 0;
    const poll = (async () => {
      while (reading) {
        const asked = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        expect(res.statusCode).toBe(200);
        slowest = Math.max(slowest, performance.now() - asked);
        answers += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await app.jobs.runAll();
    reading = false;
    await poll;
    expect(answers).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(1000);
    const [source] = await list(cookie);
    expect(source!.lastError).toBe(message);
    expect(source!.failingSince).toBe(NOW.toISOString());
    // Recorded as the feed's fault: the job ended, nothing is left to retry at once.
    const jobs = await app.jobs.boss.findJobs('calendar-imports');
    expect(jobs.map((j) => [j.state, j.retryCount])).toEqual([['completed', 0]]);
  });
});
