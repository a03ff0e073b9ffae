// A shark's monthly papers (issue 24, decisions 143-144), read as the shark reads them: the text of the PDFs.
// November 2026 in India: three sessions paid through the test gateway (one held, one pending, one declined and
// refunded), a payout and an adjustment of a kind this module does not know posted to the ledger; then the
// statement, the fee invoice (issued once, the same on every download), and who may have them.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { courses, feeInvoices, sharks } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { pdfInfo, pdfText } from '#server/test/pdf.ts';
import { tickSessions } from '#server/modules/sessions/sessions/service.ts';
import { post as postToLedger, trialBalance } from '#server/modules/money/ledger/service.ts';
import { STATEMENT_MSG, STATEMENT_TEXT, type StatementMonths } from '#shared/statements.ts';

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

async function sharkWithCourse(
  db: Awaited<ReturnType<typeof testDatabase>>['db'],
  name: string,
  email: string,
) {
  const account = await createAccount(db, { roles: ['shark'], name, email });
  const shark = await createShark(db, { name, published: true, userId: account.id });
  // Joined in September: the earnings page offers September to this month.
  await db
    .update(sharks)
    .set({ createdAt: new Date('2026-09-10T10:00:00+05:30') })
    .where(eq(sharks.id, shark.id));
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { title: 'Web App Hacking', pricePaise: 150_000 });
  await db.update(courses).set({ cancellationHours: 24 }).where(eq(courses.id, course.id));
  return { shark, course, userId: account.id, cookie: await sessionCookie(db, account.id) };
}

async function setup() {
  const { db } = await testDatabase();
  const a = await sharkWithCourse(db, 'Arjun Mehta', 'arjun@example.com');
  const b = await sharkWithCourse(db, 'Neha Kapoor', 'neha@example.com');
  const learner = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    db,
    a,
    b,
    learnerId: learner.id,
    adminId: admin.id,
    learnerCookie: await sessionCookie(db, learner.id),
    adminCookie: await sessionCookie(db, admin.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

/** Everyone signs in again: a session idle for a week has ended (the clock moved past it). */
async function signInAgain(w: World) {
  w.a.cookie = await sessionCookie(w.db, w.a.userId);
  w.b.cookie = await sessionCookie(w.db, w.b.userId);
  w.learnerCookie = await sessionCookie(w.db, w.learnerId);
  w.adminCookie = await sessionCookie(w.db, w.adminId);
}

const get = (cookie: string | null, url: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (cookie: string, url: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: { cookie }, payload });

const paid = (w: World, startsAt: string) =>
  bookAndPay(app, w.learnerCookie, {
    courseId: w.a.course.id,
    hours: 2,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });

/** November for shark A: three ₹3,000 sessions paid, one held, one declined (refunded in full), a payout. */
async function november(w: World) {
  const held = await paid(w, slot(1));
  clock += 60_000;
  const pending = await paid(w, slot(5));
  clock += 60_000;
  const refunded = await paid(w, slot(3));
  await post(w.a.cookie, `/api/sessions/${held}/accept`);
  await post(w.a.cookie, `/api/sessions/${pending}/accept`);
  expect(
    (await post(w.a.cookie, `/api/sessions/${refunded}/decline`, { reason: 'Away that week' })).statusCode,
  ).toBe(200);
  clock = Date.parse(slot(1)) + 3 * 3_600_000;
  await tickSessions({ ...app.payments, db: app.db, log: app.log });
  // Past its 48-hour no-show window (decision 140): the held session's share becomes available.
  clock = Date.parse(slot(1)) + 51 * 3_600_000;
  await tickSessions({ ...app.payments, db: app.db, log: app.log });
  await app.jobs.runAll();
  // What the payouts post (modules/payouts): the statement names them by kind; an unknown kind by its memo.
  const payee = { payee: { kind: 'shark' as const, id: w.a.shark.id }, part: 'available' as const };
  await w.db.transaction(async (tx) => {
    await postToLedger(tx, {
      key: `test:payout:${w.a.shark.id}`,
      kind: 'payout_created',
      memo: 'Weekly payout to UPI ar••••@okaxis',
      at: new Date('2026-11-27T10:00:00+05:30'),
      lines: [
        [payee, 100_000],
        ['provider_clearing', -100_000],
      ],
    });
    await postToLedger(tx, {
      key: `test:goodwill:${w.a.shark.id}`,
      kind: 'goodwill_credit',
      memo: 'Goodwill credit for a dropped call',
      at: new Date('2026-11-28T10:00:00+05:30'),
      lines: [
        [payee, -5_000],
        ['provider_clearing', 5_000],
      ],
    });
  });
}

const pdfOf = async (res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  // Lines as a reader follows them: the wrapping of a long line is not what is asserted.
  return (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
};

describe('the monthly statement', () => {
  it("prints the month's opening balance, every ledger transaction, the summary and the closing balance", async () => {
    const w = await setup();
    await november(w);
    clock = Date.parse('2026-12-02T09:00:00+05:30');
    await signInAgain(w);

    const res = await get(w.a.cookie, '/api/workspace/earnings/statements/2026-11.pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-11.pdf"');
    expect(res.headers['cache-control']).toContain('no-store');
    const text = await pdfOf(res);
    expect((await pdfInfo(res.rawPayload)).title).toBe('Statement November 2026');
    expect(text).toContain('STATEMENT');
    expect(text).toContain('Period November 2026');
    expect(text).toContain('Time zone Asia/Kolkata');
    expect(text).toContain('Issued 2 Dec 2026');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('PAYEE Arjun Mehta arjun@example.com');
    // The balances at the start and end of the month (pending, available, on its way).
    expect(text).toContain('Opening balance ₹0.00 ₹0.00 ₹0.00');
    expect(text).toContain('Closing balance ₹2,646.00 ₹1,696.00 ₹0.00');
    // The summary: ₹9,000 paid, the fee and its tax kept, the refund, the payout and the credit.
    expect(text).toContain('Sessions paid (3) +₹9,000.00');
    expect(text).toContain('Platform fees −₹900.00');
    expect(text).toContain('Tax on platform fees −₹162.00');
    expect(text).toContain('Your share of sessions paid ₹7,938.00');
    expect(text).toContain('Refunds (1) −₹2,646.00');
    expect(text).toContain('Paid out −₹1,000.00');
    expect(text).toContain('Other changes +₹50.00');
    // Every transaction, oldest first, with its change to pending and available.
    expect(text).toContain('Date Description Pending Available On its way');
    expect(text).toContain('1 Nov 2026 Opening balance ₹0.00 ₹0.00');
    const captured = 'Price ₹3,000.00 · fee ₹300.00 · tax on fee ₹54.00';
    expect(text.split(captured).length - 1).toBe(3);
    expect(text).toMatch(
      /23 Nov 2026 Session paid Web App Hacking: 2 h with Arjun Mehta, [^₹]+₹3,000\.00 · fee ₹300\.00 · tax on fee ₹54\.00 \+₹2,646\.00 —/,
    );
    // In the order they were posted: the third payment, then its refund when the shark declined.
    expect(text).toMatch(
      /Thu, 26 Nov 2026, 18:30 – 20:30 [^₹]+₹3,000\.00[^₹]+₹300\.00[^₹]+₹54\.00 \+₹2,646\.00 — — 23 Nov 2026 Refund/,
    );
    expect(text).toMatch(/23 Nov 2026 Refund Web App Hacking: 2 h with Arjun Mehta, [^₹]+ −₹2,646\.00 —/);
    // Released when its 48-hour no-show window ended (decision 140).
    expect(text).toMatch(/26 Nov 2026 Session held Web App Hacking: 2 h[^₹]+−₹2,646\.00 \+₹2,646\.00/);
    expect(text).toContain('27 Nov 2026 Payout created Weekly payout to UPI ar••••@okaxis — −₹1,000.00 —');
    expect(text).toContain('28 Nov 2026 Goodwill credit for a dropped call — +₹50.00 —');
    expect(text).toContain('30 Nov 2026 Closing balance ₹2,646.00 ₹1,696.00 ₹0.00');
    expect(text).toContain(STATEMENT_TEXT.balanceNote);
    expect((await trialBalance(w.db)).totalPaise).toBe(0);

    // December so far: November's closing balance opens it, and nothing happened yet.
    const december = await pdfOf(await get(w.a.cookie, '/api/workspace/earnings/statements/2026-12.pdf'));
    expect(december).toContain('Opening balance ₹2,646.00 ₹1,696.00 ₹0.00');
    expect(december).toContain(STATEMENT_TEXT.noTransactions);
    expect(december).toContain('Sessions paid (0) —');
  });

  it('refuses a month written wrong or not begun, naming the field', async () => {
    const w = await setup();
    for (const month of ['2026-13', '26-11', 'November', '2026-1'] as const) {
      const res = await get(w.a.cookie, `/api/workspace/earnings/statements/${month}.pdf`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().error).toMatchObject({
        message: STATEMENT_MSG.badMonth,
        fields: { month: STATEMENT_MSG.badMonth },
      });
    }
    const future = await get(w.a.cookie, '/api/workspace/earnings/fee-invoices/2026-12.pdf');
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ month: 'Choose a month that has begun.' });
  });
});

describe('the monthly fee invoice', () => {
  it('is issued once for an ended month and is the same invoice on every download', async () => {
    const w = await setup();
    await november(w);

    // November is still running: no invoice yet, said word for word.
    const early = await get(w.a.cookie, '/api/workspace/earnings/fee-invoices/2026-11.pdf');
    expect(early.statusCode).toBe(404);
    expect(early.json().error.message).toBe(
      'November 2026 has not ended yet. Its fee invoice is issued once the month is over.',
    );

    clock = Date.parse('2026-12-02T09:00:00+05:30');

    await signInAgain(w);
    const res = await get(w.a.cookie, '/api/workspace/earnings/fee-invoices/2026-11.pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="fee-invoice-FEE-26-27-000001.pdf"',
    );
    const text = await pdfOf(res);
    expect((await pdfInfo(res.rawPayload)).title).toBe('Fee invoice FEE/26-27/000001');
    expect(text).toContain('FEE INVOICE');
    expect(text).toContain('Number FEE/26-27/000001');
    expect(text).toContain('Date 2 Dec 2026');
    expect(text).toContain('Fees of November 2026');
    expect(text).toContain('Shark Security Private Limited');
    expect(text).toContain('State: Karnataka (29)');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('BILLED TO Arjun Mehta arjun@example.com');
    expect(text).toContain('Place of supply Karnataka (29)');
    expect(text).toContain('Reverse charge No');
    // The fees of the three sessions, less the one given back with the refund; GST on them split in-state.
    expect(text).toContain('1 Platform fees on 3 sessions paid in November 2026 998599 ₹900.00');
    expect(text).toContain('2 Less platform fees returned with 1 refund 998599 −₹300.00');
    expect(text).toContain('Taxable value ₹600.00');
    expect(text).toContain('CGST @ 9% ₹54.00');
    expect(text).toContain('SGST @ 9% ₹54.00');
    expect(text).toContain('Total ₹708.00');
    expect(text).toContain(STATEMENT_TEXT.settled);
    expect(text).toContain(STATEMENT_TEXT.gstAlreadyInvoiced);

    // Later, for an admin acting for the shark: the same number, date and amounts, stored once.
    clock = Date.parse('2026-12-02T23:00:00+05:30');
    await signInAgain(w);
    const again = await get(
      w.adminCookie,
      `/api/workspace/earnings/fee-invoices/2026-11.pdf?sharkId=${w.a.shark.id}`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['content-disposition']).toBe(
      'attachment; filename="fee-invoice-FEE-26-27-000001.pdf"',
    );
    const second = await pdfOf(again);
    expect(second).toContain('Number FEE/26-27/000001');
    expect(second).toContain('Date 2 Dec 2026');
    expect(second).toContain('Total ₹708.00');
    const stored = await w.db.select().from(feeInvoices);
    expect(stored).toMatchObject([
      {
        number: 'FEE/26-27/000001',
        month: '2026-11',
        feePaise: 60_000,
        taxPaise: 10_800,
        totalPaise: 70_800,
      },
    ]);

    // A month with no fees has no invoice; nor does another shark's November (its own has no fees).
    const october = await get(w.a.cookie, '/api/workspace/earnings/fee-invoices/2026-10.pdf');
    expect(october.statusCode).toBe(404);
    expect(october.json().error.message).toBe(
      'No platform fees were charged in October 2026, so there is no fee invoice for it.',
    );
    expect((await get(w.b.cookie, '/api/workspace/earnings/fee-invoices/2026-11.pdf')).statusCode).toBe(404);
    expect(await w.db.$count(feeInvoices)).toBe(1);
    // Issued is final: the database refuses any change or removal.
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'accepted',
        (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
      );
    expect(await refusal(w.db.update(feeInvoices).set({ totalPaise: 1, taxPaise: 0, feePaise: 1 }))).toMatch(
      /never changed/,
    );
    expect(await refusal(w.db.delete(feeInvoices))).toMatch(/never changed/);
  });

  it('lists the months since the shark joined with where each invoice stands', async () => {
    const w = await setup();
    await november(w);
    clock = Date.parse('2026-12-02T09:00:00+05:30');
    await signInAgain(w);
    const before = (await get(w.a.cookie, '/api/workspace/earnings/statements')).json() as StatementMonths;
    expect(before.timeZone).toBe('Asia/Kolkata');
    expect(before.months.map((m) => [m.month, m.label, m.feeInvoice.state])).toEqual([
      ['2026-12', 'December 2026', 'month_open'],
      ['2026-11', 'November 2026', 'ready'],
      ['2026-10', 'October 2026', 'no_fees'],
      ['2026-09', 'September 2026', 'no_fees'],
    ]);
    expect(before.months[1]).toEqual({
      month: '2026-11',
      label: 'November 2026',
      statementUrl: '/api/workspace/earnings/statements/2026-11.pdf',
      feeInvoice: { state: 'ready', number: null, url: '/api/workspace/earnings/fee-invoices/2026-11.pdf' },
    });
    await get(w.a.cookie, '/api/workspace/earnings/fee-invoices/2026-11.pdf');
    const forAdmin = await get(w.adminCookie, `/api/workspace/earnings/statements?sharkId=${w.a.shark.id}`);
    const after = forAdmin.json() as StatementMonths;
    expect(after.months[1]).toEqual({
      month: '2026-11',
      label: 'November 2026',
      statementUrl: `/api/workspace/earnings/statements/2026-11.pdf?sharkId=${w.a.shark.id}`,
      feeInvoice: {
        state: 'issued',
        number: 'FEE/26-27/000001',
        url: `/api/workspace/earnings/fee-invoices/2026-11.pdf?sharkId=${w.a.shark.id}`,
      },
    });
  });
});

describe('who may have them', () => {
  it("gives another shark, a learner and a visitor nothing of shark A's", async () => {
    const w = await setup();
    await november(w);
    clock = Date.parse('2026-12-02T09:00:00+05:30');
    await signInAgain(w);
    for (const url of [
      `/api/workspace/earnings/statements/2026-11.pdf?sharkId=${w.a.shark.id}`,
      `/api/workspace/earnings/fee-invoices/2026-11.pdf?sharkId=${w.a.shark.id}`,
      `/api/workspace/earnings/statements?sharkId=${w.a.shark.id}`,
    ]) {
      // Another shark naming A finds nothing (a shark's money is not shown to exist: 404); a learner is refused.
      expect((await get(w.b.cookie, url)).statusCode, url).toBe(404);
      expect((await get(w.learnerCookie, url)).statusCode, url).toBe(403);
      expect((await get(null, url)).statusCode, url).toBe(401);
    }
    // Its own statement holds none of A's money.
    const own = await pdfOf(await get(w.b.cookie, '/api/workspace/earnings/statements/2026-11.pdf'));
    expect(own).toContain('PAYEE Neha Kapoor neha@example.com');
    expect(own).toContain('Closing balance ₹0.00 ₹0.00 ₹0.00');
    expect(own).not.toContain('Arjun');
    // An admin must name the shark.
    const unnamed = await get(w.adminCookie, '/api/workspace/earnings/statements/2026-11.pdf');
    expect(unnamed.statusCode).toBe(400);
    expect(Object.keys(unnamed.json().error.fields)).toEqual(['sharkId']);
    expect(await w.db.$count(feeInvoices)).toBe(0);
  });
});
