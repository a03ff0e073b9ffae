// The paged session lists of issue 17: GET /api/me/sessions(/overview) for a learner, GET /api/workspace/sessions
// and the dashboard's preview for a shark (or an admin acting for it). Pages come in each group's order with
// the group's total; a session moves from Upcoming to Past when its start passes on the server's clock.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { SESSION_LIST_MSG } from '#shared/session-lists.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { courseBookings } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
let clock = new Date('2026-11-23T00:00:00Z');
beforeEach(async () => {
  await resetDb();
  clock = new Date('2026-11-23T00:00:00Z');
  setClock(() => clock);
});
afterEach(() => setClock());

/** 2026-11-23 plus `days`, as a preferred date (one session a day, so the shark's calendar never overlaps). */
const day = (days: number) => new Date(Date.UTC(2026, 10, 23 + days)).toISOString().slice(0, 10);

/**
 * A shark with one course and a learner with: 25 confirmed sessions ahead (days 1..25), 23 completed ones
 * behind (days -1..-23), one request ahead (day 30) and one confirmed session with a time the shark proposed
 * (day 31, the learner's to answer).
 */
async function world() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Paging Shark' });
  const course = await createCourse(db, shark.id, { title: 'Paged Course', pricePaise: 100_000 });
  const learner = await createAccount(db, { roles: ['user'] });
  for (let i = 1; i <= 25; i++)
    await createBooking(db, { courseId: course.id, userId: learner.id, preferredDate: day(i) });
  for (let i = 1; i <= 23; i++)
    await createBooking(db, {
      courseId: course.id,
      userId: learner.id,
      preferredDate: day(-i),
      status: 'completed',
    });
  const request = await createBooking(db, {
    courseId: course.id,
    userId: learner.id,
    preferredDate: day(30),
    status: 'requested',
  });
  const proposed = await createBooking(db, {
    courseId: course.id,
    userId: learner.id,
    preferredDate: day(31),
  });
  const proposedStart = new Date(proposed.startsAt.getTime() + 3600_000);
  await db
    .update(courseBookings)
    .set({
      proposedBy: 'shark',
      proposedStartsAt: proposedStart,
      proposedEndsAt: new Date(proposedStart.getTime() + 3600_000),
    })
    .where(eq(courseBookings.id, proposed.id));
  return {
    shark,
    course,
    learner,
    request,
    proposed,
    learnerCookie: await sessionCookie(db, learner.id),
    sharkCookie: await sessionCookie(db, shark.userId!),
  };
}

const get = async (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const starts = (items: { startsAt: string }[]) => items.map((s) => s.startsAt);
const sortedAsc = (xs: string[]) => [...xs].sort();

describe("GET /api/me/sessions: a learner's groups, a page at a time", () => {
  it('pages Upcoming soonest first with its total, and the last page holds the rest', async () => {
    const w = await world();
    const first = await get('/api/me/sessions?group=upcoming', w.learnerCookie);
    expect(first.statusCode).toBe(200);
    const p1 = first.json();
    // The request (day 30) is upcoming for the learner; the proposed time (day 31) needs the learner's answer.
    expect(p1).toMatchObject({ group: 'upcoming', page: 1, pageSize: 20, total: 26 });
    expect(p1.items).toHaveLength(20);
    expect(starts(p1.items)).toEqual(sortedAsc(starts(p1.items)));
    expect(
      p1.items.every((s: { upcoming: boolean; needsAction: boolean }) => s.upcoming && !s.needsAction),
    ).toBe(true);
    const p2 = (await get('/api/me/sessions?group=upcoming&page=2', w.learnerCookie)).json();
    expect(p2).toMatchObject({ page: 2, total: 26 });
    expect(p2.items).toHaveLength(6);
    expect(p2.items.at(-1).id).toBe(w.request.id);
    expect(p2.items[0].startsAt > p1.items.at(-1).startsAt).toBe(true);
    const ids = new Set([...p1.items, ...p2.items].map((s: { id: string }) => s.id));
    expect(ids.size).toBe(26);
    const beyond = (await get('/api/me/sessions?group=upcoming&page=3', w.learnerCookie)).json();
    expect(beyond).toMatchObject({ page: 3, total: 26, items: [] });
  });

  it('lists Past most recent first and Needs your action with the time the shark proposed', async () => {
    const w = await world();
    const past = (await get('/api/me/sessions?group=past', w.learnerCookie)).json();
    expect(past.total).toBe(23);
    expect(starts(past.items)).toEqual(sortedAsc(starts(past.items)).reverse());
    expect(past.items[0].preferredDate).toBe(day(-1));
    const needs = (await get('/api/me/sessions?group=needsAction', w.learnerCookie)).json();
    expect(needs).toMatchObject({ total: 1, items: [{ id: w.proposed.id, needsAction: true }] });
  });

  it('moves a session from Upcoming to Past once its start passes on the server clock', async () => {
    const w = await world();
    clock = new Date(Date.parse(`${day(2)}T12:00:00Z`)); // after day 1's and day 2's 10:00 IST starts
    const upcoming = (await get('/api/me/sessions?group=upcoming', w.learnerCookie)).json();
    const past = (await get('/api/me/sessions?group=past', w.learnerCookie)).json();
    expect(upcoming.total).toBe(24);
    expect(upcoming.items[0].preferredDate).toBe(day(3));
    expect(past.total).toBe(25);
    expect(past.items.map((s: { preferredDate: string }) => s.preferredDate).slice(0, 2)).toEqual([
      day(2),
      day(1),
    ]);
  });

  it('gives the dashboard its numbers and three sessions per group', async () => {
    const w = await world();
    const res = await get('/api/me/sessions/overview', w.learnerCookie);
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      upcomingSessions: 26, // confirmed and ahead, the proposed one included (the spec's metric)
      completedSessions: 23,
      bookedOrHeld: 50,
      spentPaise: 5_000_000,
      total: 50,
    });
    expect(o.groups.needsAction.total).toBe(1);
    expect(o.groups.upcoming).toMatchObject({ total: 26 });
    expect(o.groups.upcoming.items).toHaveLength(3);
    expect(o.groups.upcoming.items[0].preferredDate).toBe(day(1));
    expect(o.groups.past.items.map((s: { preferredDate: string }) => s.preferredDate)).toEqual([
      day(-1),
      day(-2),
      day(-3),
    ]);
  });

  it("shows only the caller's own sessions and refuses a visitor and a bad group or page", async () => {
    const w = await world();
    const { db } = await testDatabase();
    const other = await createAccount(db, { roles: ['user'] });
    const otherCookie = await sessionCookie(db, other.id);
    const mine = (await get('/api/me/sessions?group=upcoming', otherCookie)).json();
    expect(mine).toMatchObject({ total: 0, items: [] });
    const overview = (await get('/api/me/sessions/overview', otherCookie)).json();
    expect(overview).toMatchObject({
      total: 0,
      spentPaise: 0,
      groups: { upcoming: { total: 0, items: [] } },
    });
    expect((await get('/api/me/sessions?group=upcoming')).statusCode).toBe(401);
    const badGroup = await get('/api/me/sessions?group=all', w.learnerCookie);
    expect(badGroup.statusCode).toBe(400);
    expect(JSON.stringify(badGroup.json())).toContain(SESSION_LIST_MSG.unknownGroup);
    const badPage = await get('/api/me/sessions?group=past&page=0', w.learnerCookie);
    expect(badPage.statusCode).toBe(400);
    expect(JSON.stringify(badPage.json())).toContain(SESSION_LIST_MSG.badPage);
  });
});

describe("GET /api/workspace/sessions and the dashboard's preview: a shark's groups", () => {
  it("pages the shark's groups: the open request needs its answer, the proposed time is upcoming", async () => {
    const w = await world();
    const needs = (await get('/api/workspace/sessions?group=needsAction', w.sharkCookie)).json();
    expect(needs).toMatchObject({
      total: 1,
      items: [{ id: w.request.id, needsAction: true, courseTitle: 'Paged Course' }],
    });
    const up1 = (await get('/api/workspace/sessions?group=upcoming', w.sharkCookie)).json();
    expect(up1).toMatchObject({ total: 26, pageSize: 20 });
    expect(up1.items).toHaveLength(20);
    expect(starts(up1.items)).toEqual(sortedAsc(starts(up1.items)));
    // The learner's name, not its email or phone: those are on the session page once confirmed (issue 43).
    expect(up1.items[0]).toMatchObject({ name: 'Learner', courseId: w.course.id });
    expect(up1.items[0]).not.toHaveProperty('email');
    expect(up1.items[0]).not.toHaveProperty('phone');
    const up2 = (await get('/api/workspace/sessions?group=upcoming&page=2', w.sharkCookie)).json();
    expect(up2.items).toHaveLength(6);
    expect(up2.items.at(-1).id).toBe(w.proposed.id);
    const past = (await get('/api/workspace/sessions?group=past&page=2', w.sharkCookie)).json();
    expect(past).toMatchObject({ total: 23 });
    expect(past.items.map((s: { preferredDate: string }) => s.preferredDate)).toEqual([
      day(-21),
      day(-22),
      day(-23),
    ]);
  });

  it('answers the dashboard with each group total and its first three sessions', async () => {
    const w = await world();
    const d = (await get('/api/workspace/dashboard', w.sharkCookie)).json();
    expect(d.sessions.needsAction).toMatchObject({ total: 1, items: [{ id: w.request.id }] });
    expect(d.sessions.upcoming.total).toBe(26);
    expect(d.sessions.upcoming.items.map((s: { preferredDate: string }) => s.preferredDate)).toEqual([
      day(1),
      day(2),
      day(3),
    ]);
    expect(d.sessions.past).toMatchObject({ total: 23 });
    expect(d.sessions.past.items).toHaveLength(3);
    expect(d).toMatchObject({ upcomingSessions: 26, completedSessions: 23 });
  });

  it('lists declined, expired and cancelled sessions under Cancelled, never Past, even ahead (issue 43)', async () => {
    const w = await world();
    const { db } = await testDatabase();
    const closed = [];
    for (const [days, status] of [
      [40, 'cancelled'],
      [41, 'declined'],
      [42, 'expired'],
      [-30, 'cancelled'],
    ] as const) {
      const row = await createBooking(db, {
        courseId: w.course.id,
        userId: w.learner.id,
        preferredDate: day(days),
        status: 'cancelled',
      });
      await db.update(courseBookings).set({ status }).where(eq(courseBookings.id, row.id));
      closed.push(row);
    }
    const ids = (items: { id: string }[]) => items.map((s) => s.id);
    const newestFirst = [closed[2].id, closed[1].id, closed[0].id, closed[3].id];
    for (const [base, cookie] of [
      ['/api/me/sessions', w.learnerCookie],
      ['/api/workspace/sessions', w.sharkCookie],
    ] as const) {
      const cancelled = (await get(`${base}?group=cancelled`, cookie)).json();
      expect(cancelled).toMatchObject({ group: 'cancelled', total: 4 });
      expect(ids(cancelled.items)).toEqual(newestFirst);
      const past = (await get(`${base}?group=past&page=2`, cookie)).json();
      expect(past.total).toBe(23);
      expect((await get(`${base}?group=upcoming`, cookie)).json().total).toBe(26);
      for (const page of [1, 2])
        expect(
          ids((await get(`${base}?group=past&page=${page}`, cookie)).json().items).filter((id) =>
            newestFirst.includes(id),
          ),
        ).toEqual([]);
    }
    const o = (await get('/api/me/sessions/overview', w.learnerCookie)).json();
    expect(o.groups.cancelled.total).toBe(4);
    expect(ids(o.groups.cancelled.items)).toEqual(newestFirst.slice(0, 3));
    expect(o.groups.past.total).toBe(23);
    const d = (await get('/api/workspace/dashboard', w.sharkCookie)).json();
    expect(d.sessions.cancelled.total).toBe(4);
    expect(ids(d.sessions.cancelled.items)).toEqual(newestFirst.slice(0, 3));
    expect(d.sessions.past.total).toBe(23);
    expect(d.sessions.cancelled.items[0]).not.toHaveProperty('email');
  });

  it("answers each course's totals without its bookings", async () => {
    const w = await world();
    const res = (await get('/api/workspace/enrollments/courses', w.sharkCookie)).json();
    expect(res).toEqual({
      sharkName: 'Paging Shark',
      courses: [
        {
          courseId: w.course.id,
          title: 'Paged Course',
          courseCode: w.course.courseCode,
          bookingCount: 50,
          // Held: the 23 completed. Booked without a payment (old data only), they earned nothing in the ledger.
          heldCount: 23,
          heldNetPaise: 0,
        },
      ],
    });
  });

  it('refuses another shark and a learner, and lets an admin act for the shark', async () => {
    const w = await world();
    const { db } = await testDatabase();
    const other = await createShark(db, { name: 'Other Shark' });
    const otherCookie = await sessionCookie(db, other.userId!);
    const admin = await createAccount(db, { roles: ['admin'] });
    const adminCookie = await sessionCookie(db, admin.id);
    const url = `/api/workspace/sessions?group=upcoming&sharkId=${w.shark.id}`;
    expect((await get(url, otherCookie)).statusCode).toBe(403);
    expect((await get(url, w.learnerCookie)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    // The other shark's own list is its own (empty), never shark A's.
    expect((await get('/api/workspace/sessions?group=upcoming', otherCookie)).json()).toMatchObject({
      total: 0,
      items: [],
    });
    const asAdmin = await get(url, adminCookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ total: 26 });
    const courses = await get(`/api/workspace/enrollments/courses?sharkId=${w.shark.id}`, adminCookie);
    expect(courses.json().courses[0].bookingCount).toBe(50);
    expect(
      (await get(`/api/workspace/enrollments/courses?sharkId=${w.shark.id}`, otherCookie)).statusCode,
    ).toBe(403);
  });
});
