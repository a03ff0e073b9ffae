// A shark's earnings (issue 24): GET /api/workspace/earnings answers the ledger's balance and one line per paid
// session, every amount read from the ledger (decision 208). Paid through the built-in test gateway over HTTP,
// like the payments tests; a held session (pending through its no-show window, then available), a pending and a
// refunded one. The Per course totals count held sessions only, net, and equal the course's lines; an admin's
// correction (a reversal) moves the tiles, the lines, the Per course total and the statement together.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { courses } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  sessionCookie,
  openEveryDayInIndia,
} from '#server/test/fixtures.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { tickSessions } from '#server/modules/sessions/sessions/service.ts';
import { payeeBalance, trialBalance } from '#server/modules/money/ledger/service.ts';
import { EARNINGS_PAGE_SIZE, type Earnings } from '#shared/earnings.ts';
import { FINANCE_MSG } from '#shared/finance.ts';
import type { CourseTotals } from '#shared/workspace.ts';
import type { AuditPage } from '#shared/admin.ts';
import { pdfText } from '#server/test/pdf.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100', COMPANY_GSTIN: '29ABCDE1234F1Z5' });
});
afterAll(() => {
  setClock();
  return app.close();
});
// Monday 2026-11-23, 06:00 in India.
const NOW = new Date('2026-11-23T00:30:00Z');
let clock = NOW.getTime();
beforeEach(async () => {
  clock = NOW.getTime();
  setClock(() => new Date(clock));
  await resetDb();
  await app.inject({
    method: 'POST',
    url: '/api/test-gateway/control',
    payload: { refunds: 'process', orders: 'up' },
  });
});

/** 18:30 in India, `days` after Monday 2026-11-23. */
const slot = (days: number) => new Date(Date.parse(`2026-11-${23 + days}T18:30:00+05:30`)).toISOString();

async function sharkWithCourse(db: Awaited<ReturnType<typeof testDatabase>>['db'], name: string) {
  const account = await createAccount(db, { roles: ['shark'], name });
  const shark = await createShark(db, { name, published: true, userId: account.id });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  await db.update(courses).set({ cancellationHours: 24 }).where(eq(courses.id, course.id));
  return { shark, course, cookie: await sessionCookie(db, account.id) };
}

async function setup() {
  const { db } = await testDatabase();
  const a = await sharkWithCourse(db, 'Arjun Mehta');
  const b = await sharkWithCourse(db, 'Neha Kapoor');
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    db,
    a,
    b,
    learnerCookie: await sessionCookie(db, learner.id),
    adminCookie: await sessionCookie(db, admin.id),
  };
}

const get = (cookie: string | null, url: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

const paid = (w: Awaited<ReturnType<typeof setup>>, startsAt: string) =>
  bookAndPay(app, w.learnerCookie, {
    courseId: w.a.course.id,
    hours: 2,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });

describe('GET /api/workspace/earnings', () => {
  it("answers the ledger's balance and one line per paid session: held, pending and refunded", async () => {
    const w = await setup();
    // Paid a minute apart (the test clock stands still otherwise): the lines' order is the payments'.
    const held = await paid(w, slot(1));
    clock += 60_000;
    const pending = await paid(w, slot(5));
    clock += 60_000;
    const refunded = await paid(w, slot(3));
    await post(w.a.cookie, `/api/sessions/${held}/accept`);
    await post(w.a.cookie, `/api/sessions/${pending}/accept`);
    const declined = await post(w.a.cookie, `/api/sessions/${refunded}/decline`, {
      reason: 'Away that week',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    // Past the first session's end: the clock completes it; its share stays pending through the 48-hour no-show
    // window, and its line says when it becomes available.
    clock = Date.parse(slot(1)) + 3 * 3_600_000;
    await tickSessions({ ...app.payments, db: app.db, log: app.log });
    await app.jobs.runAll();
    const net = 300_000 - 30_000 - 5_400;
    const windowEnds = new Date(Date.parse(slot(1)) + 50 * 3_600_000).toISOString();
    const inWindow = (await get(w.a.cookie, '/api/workspace/earnings')).json() as Earnings;
    expect(inWindow.balance).toEqual({
      pendingPaise: 2 * net,
      availablePaise: 0,
      paidOutPaise: 0,
      onTheWayPaise: 0,
    });
    expect(inWindow.lines.find((l) => l.bookingId === held)).toMatchObject({
      status: 'completed',
      state: 'pending',
      availableFrom: windowEnds,
    });
    // A session not yet held has no such date: it depends on the session.
    expect(inWindow.lines.find((l) => l.bookingId === pending)?.availableFrom).toBeNull();
    // The dashboard's Earnings, the total of completed sessions, counts it already.
    const dashboard = async () => (await get(w.a.cookie, '/api/workspace/dashboard')).json();
    expect(await dashboard()).toMatchObject({ earningsPaise: net, bookedNotHeldPaise: net });

    // At the end of the window the clock releases it.
    clock = Date.parse(windowEnds);
    await tickSessions({ ...app.payments, db: app.db, log: app.log });
    const res = await get(w.a.cookie, '/api/workspace/earnings');
    expect(res.statusCode, res.body).toBe(200);
    const earnings = res.json() as Earnings;
    const ledger = await payeeBalance(w.db, { kind: 'shark', id: w.a.shark.id });
    expect(ledger).toEqual({ pendingPaise: net, availablePaise: net });
    expect(earnings.balance).toEqual({ ...ledger, paidOutPaise: 0, onTheWayPaise: 0 });
    expect(await dashboard()).toMatchObject({ earningsPaise: net, bookedNotHeldPaise: net });
    expect(earnings).toMatchObject({ page: 1, pageSize: EARNINGS_PAGE_SIZE, total: 3 });
    const money = { pricePaise: 300_000, feePaise: 30_000, feeTaxPaise: 5_400 };
    // The most recently paid first.
    expect(earnings.lines).toEqual([
      {
        bookingId: refunded,
        courseTitle: 'Web App Hacking',
        learnerName: 'Priya Raman',
        startsAt: slot(3),
        status: 'declined',
        ...money,
        refundedPaise: net,
        netPaise: 0,
        state: 'refunded',
        availableFrom: null,
      },
      {
        bookingId: pending,
        courseTitle: 'Web App Hacking',
        learnerName: 'Priya Raman',
        startsAt: slot(5),
        status: 'confirmed',
        ...money,
        refundedPaise: 0,
        netPaise: net,
        state: 'pending',
        availableFrom: null,
      },
      {
        bookingId: held,
        courseTitle: 'Web App Hacking',
        learnerName: 'Priya Raman',
        startsAt: slot(1),
        status: 'completed',
        ...money,
        refundedPaise: 0,
        netPaise: net,
        state: 'available',
        availableFrom: null,
      },
    ]);
    // The lines add up to the balance: the pending and the available lines' net.
    const sum = (state: string) =>
      earnings.lines.filter((l) => l.state === state).reduce((s, l) => s + l.netPaise, 0);
    expect(sum('pending')).toBe(earnings.balance.pendingPaise);
    expect(sum('available')).toBe(earnings.balance.availablePaise);

    // An admin acting for the shark sees the same; without ?sharkId= it is asked to choose.
    const forAdmin = await get(w.adminCookie, `/api/workspace/earnings?sharkId=${w.a.shark.id}`);
    expect(forAdmin.statusCode, forAdmin.body).toBe(200);
    expect(forAdmin.json()).toEqual(earnings);
    expect((await get(w.adminCookie, '/api/workspace/earnings')).statusCode).toBe(400);

    // A page past the end still answers the total, with no lines.
    const page2 = (await get(w.a.cookie, '/api/workspace/earnings?page=2')).json() as Earnings;
    expect(page2).toMatchObject({ page: 2, total: 3, lines: [] });
    expect((await get(w.a.cookie, '/api/workspace/earnings?page=0')).statusCode).toBe(400);

    // Another shark sees only its own (nothing), and cannot name shark A; a learner and a visitor are refused.
    const other = await get(w.b.cookie, '/api/workspace/earnings');
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toEqual({
      balance: { pendingPaise: 0, availablePaise: 0, paidOutPaise: 0, onTheWayPaise: 0 },
      page: 1,
      pageSize: EARNINGS_PAGE_SIZE,
      total: 0,
      lines: [],
    });
    expect((await get(w.b.cookie, `/api/workspace/earnings?sharkId=${w.a.shark.id}`)).statusCode).toBe(404);
    expect((await get(w.learnerCookie, '/api/workspace/earnings')).statusCode).toBe(403);
    expect((await get(null, '/api/workspace/earnings')).statusCode).toBe(401);
    expect((await trialBalance(w.db)).totalPaise).toBe(0);
  });

  it('pages the lines twenty at a time', async () => {
    const w = await setup();
    // 21 paid requests, six a day (two hours each, from 09:00).
    for (let i = 0; i < 21; i++) {
      const day = 1 + Math.floor(i / 6);
      const hour = 9 + (i % 6) * 2;
      await paid(
        w,
        new Date(
          Date.parse(`2026-11-${23 + day}T${String(hour).padStart(2, '0')}:00:00+05:30`),
        ).toISOString(),
      );
      clock += 60_000;
    }
    const first = (await get(w.a.cookie, '/api/workspace/earnings')).json() as Earnings;
    const second = (await get(w.a.cookie, '/api/workspace/earnings?page=2')).json() as Earnings;
    expect(first.total).toBe(21);
    expect(first.lines).toHaveLength(20);
    expect(second.lines).toHaveLength(1);
    const ids = new Set([...first.lines, ...second.lines].map((l) => l.bookingId));
    expect(ids.size).toBe(21);
    expect(first.lines.every((l) => l.state === 'pending' && l.status === 'requested')).toBe(true);
  });
});

describe('every figure of the shark from the ledger (decision 208)', () => {
  /** The ledger export's rows (date, key, kind, memo...): what an admin copies a transaction key from. */
  async function ledgerRows(w: Awaited<ReturnType<typeof setup>>) {
    const csv = await get(
      w.adminCookie,
      '/api/admin/finance/exports/ledger.csv?from=2026-11-01&to=2026-11-30',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    // Date and key come first and hold no comma: the memo's quoting does not matter here.
    return csv.body
      .split('\r\n')
      .slice(1)
      .filter(Boolean)
      .map((row) => {
        const [, key, kind] = row.split(',');
        return { key, kind };
      });
  }
  const reverse = (cookie: string, key: string, reason: string) =>
    post(cookie, '/api/admin/finance/reversals', { key, reason });

  it("counts held sessions in Per course, equal to the course's lines, and a correction moves tiles, lines and statement", async () => {
    const w = await setup();
    // Paid a minute apart: held, then declined by the shark, then withdrawn by the learner (refunded in full).
    const held = await paid(w, slot(1));
    clock += 60_000;
    const declined = await paid(w, slot(3));
    clock += 60_000;
    const withdrawn = await paid(w, slot(5));
    await post(w.a.cookie, `/api/sessions/${held}/accept`);
    expect(
      (await post(w.a.cookie, `/api/sessions/${declined}/decline`, { reason: 'Away that week' })).statusCode,
    ).toBe(200);
    const withdrawal = await post(w.learnerCookie, `/api/sessions/${withdrawn}/cancel`, {
      reason: 'Plans changed',
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    clock = Date.parse(slot(1)) + 3 * 3_600_000;
    await tickSessions({ ...app.payments, db: app.db, log: app.log });
    // Past the 48-hour no-show window: the held session's share is available.
    clock = Date.parse(slot(1)) + 51 * 3_600_000;
    await tickSessions({ ...app.payments, db: app.db, log: app.log });
    await app.jobs.runAll();

    const net = 300_000 - 30_000 - 5_400;
    const earnings = async () => (await get(w.a.cookie, '/api/workspace/earnings')).json() as Earnings;
    const perCourse = async () => {
      const res = await get(w.a.cookie, '/api/workspace/enrollments/courses');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as CourseTotals).courses.find((c) => c.courseId === w.a.course.id)!;
    };
    const courseLinesNet = (e: Earnings) =>
      e.lines.filter((l) => l.courseTitle === 'Web App Hacking').reduce((sum, l) => sum + l.netPaise, 0);
    const before = await earnings();
    expect(before.balance).toEqual({
      pendingPaise: 0,
      availablePaise: net,
      paidOutPaise: 0,
      onTheWayPaise: 0,
    });
    expect(before.lines.map((l) => [l.bookingId, l.status, l.state, l.refundedPaise, l.netPaise])).toEqual([
      [withdrawn, 'cancelled', 'refunded', net, 0],
      [declined, 'declined', 'refunded', net, 0],
      [held, 'completed', 'available', 0, net],
    ]);
    // Per course: three bookings, one held; the declined and the refunded ones count nothing; net of the fee.
    const course = await perCourse();
    expect(course).toMatchObject({ bookingCount: 3, heldCount: 1, heldNetPaise: net });
    expect(course.heldNetPaise).toBe(courseLinesNet(before));

    // The admin corrects the held session's money: its release and its capture were posted in error.
    const rows = await ledgerRows(w);
    const releaseKey = rows.find((r) => r.kind === 'share_released')!.key;
    // The first capture in the export is the first session paid: the held one.
    const captureKey = rows.find((r) => r.kind === 'payment_captured')!.key;
    const first = await reverse(w.adminCookie, releaseKey, 'Released before the no-show report was ruled');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ message: FINANCE_MSG.reversalPosted(releaseKey) });
    const afterRelease = await earnings();
    expect(afterRelease.balance).toMatchObject({ pendingPaise: net, availablePaise: 0 });
    expect(afterRelease.lines.find((l) => l.bookingId === held)).toMatchObject({
      state: 'pending',
      netPaise: net,
    });

    expect(
      (await reverse(w.adminCookie, captureKey, 'A goodwill session: charged in error')).statusCode,
    ).toBe(201);
    const after = await earnings();
    expect(after.balance).toEqual({ pendingPaise: 0, availablePaise: 0, paidOutPaise: 0, onTheWayPaise: 0 });
    expect(after.lines.find((l) => l.bookingId === held)).toMatchObject({
      pricePaise: 0,
      feePaise: 0,
      feeTaxPaise: 0,
      refundedPaise: 0,
      netPaise: 0,
      state: 'pending',
    });
    expect(await perCourse()).toMatchObject({ heldCount: 1, heldNetPaise: 0 });
    expect((await perCourse()).heldNetPaise).toBe(courseLinesNet(after));

    // The statement tells it as two corrections, each saying what it reverses, and closes at zero.
    const statement = await get(w.a.cookie, '/api/workspace/earnings/statements/2026-11.pdf');
    expect(statement.statusCode, statement.body).toBe(200);
    const text = (await pdfText(statement.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Date Description Pending Available On its way');
    expect(text).toMatch(
      /Correction Released before the no-show report was ruled Reverses Session held: Web App Hacking[^₹]*\+₹2,646\.00 −₹2,646\.00 —/,
    );
    expect(text).toMatch(
      /Correction A goodwill session: charged in error Reverses Session paid: [^₹]*−₹2,646\.00 — —/,
    );
    expect(text).toContain('Corrections (2) −₹2,646.00');
    expect(text).toContain('Closing balance ₹0.00 ₹0.00 ₹0.00');

    // A posting is reversed once; a reversal is not reversed; a key of nothing is not found; only admins.
    const twice = await reverse(w.adminCookie, releaseKey, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(FINANCE_MSG.postingReversedAlready);
    const reversalKey = (await ledgerRows(w)).find((r) => r.kind === 'reversal')!.key;
    const undo = await reverse(w.adminCookie, reversalKey, 'Undo');
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error.message).toBe(FINANCE_MSG.postingIsReversal);
    const none = await reverse(w.adminCookie, 'payment:nothing:captured', 'No such posting');
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe(FINANCE_MSG.postingNotFound);
    const blank = await reverse(w.adminCookie, ' ', ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toMatchObject({ key: FINANCE_MSG.postingKeyRequired });
    expect((await reverse(w.a.cookie, captureKey, 'Mine')).statusCode).toBe(403);
    expect((await earnings()).balance).toEqual(after.balance);

    // Each correction is in the audit log with the admin's reason.
    const log = (await get(w.adminCookie, '/api/admin/audit-log?q=ledger.reverse')).json() as AuditPage;
    expect(log.items.map((i) => [i.action, i.targetType, i.reason])).toEqual([
      ['ledger.reverse', 'ledger_transaction', 'A goodwill session: charged in error'],
      ['ledger.reverse', 'ledger_transaction', 'Released before the no-show report was ruled'],
    ]);
    expect((await trialBalance(w.db)).totalPaise).toBe(0);
  });
});
