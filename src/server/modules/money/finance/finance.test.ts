// The company's finance console (issue 24, decisions 141-142): admins search payments and refunds, read what
// each shark is owed and the trial balance, refund an amount of a payment by hand, and export the ledger and the
// month's documents. Paid through the built-in test gateway over HTTP; after each test the ledger balances.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { asc, eq } from 'drizzle-orm';
import { courses, ledgerEntries, ledgerTransactions, moneyDocuments, payments } from '#server/db/schema.ts';
import { now, setClock } from '#server/time.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { bookAndPay } from '#server/test/payments.ts';
import { payeeBalance, trialBalance } from '#server/modules/money/ledger/service.ts';
import { ADMIN_MSG } from '#shared/admin.ts';
import { COMMON_MSG } from '#shared/common.ts';
import {
  FINANCE_MSG,
  type FinancePaymentPage,
  type FinanceRefundPage,
  type PayeeBalancePage,
  type TrialBalance,
} from '#shared/finance.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { LEDGER_CSV_HEADER, REGISTER_CSV_HEADER, csvRecord } from './service';

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
afterEach(async () => {
  expect((await trialBalance((await testDatabase()).db)).totalPaise).toBe(0);
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
  const priya = await createAccount(db, { roles: ['user'], name: 'Priya Raman' });
  const kiran = await createAccount(db, { roles: ['user'], name: 'Kiran Rao' });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    db,
    a,
    b,
    priyaEmail: priya.email,
    kiranEmail: kiran.email,
    priyaCookie: await sessionCookie(db, priya.id),
    kiranCookie: await sessionCookie(db, kiran.id),
    adminCookie: await sessionCookie(db, admin.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const get = (cookie: string | null, url: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (cookie: string | null, url: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

const pay = (cookie: string, courseId: string, startsAt: string, who: { name: string; email: string }) =>
  bookAndPay(app, cookie, {
    courseId,
    hours: 2,
    startsAt,
    ...who,
    phone: '+91 98765 43210',
    requestId: randomUUID(),
  });

const PRIYA = { name: 'Priya Raman', email: 'priya@example.com' };
const KIRAN = { name: 'Kiran Rao', email: 'kiran@example.com' };

/** Priya pays Arjun, then Kiran pays Neha: two captured payments of ₹3,000 each. */
async function twoPayments(w: World) {
  const first = await pay(w.priyaCookie, w.a.course.id, slot(2), PRIYA);
  clock += 60_000;
  const second = await pay(w.kiranCookie, w.b.course.id, slot(3), KIRAN);
  return { first, second };
}

const paymentsPage = async (w: World, query = '') => {
  const res = await get(w.adminCookie, `/api/admin/finance/payments${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FinancePaymentPage;
};

const refundOf = (w: World, paymentId: string, payload: Record<string, unknown>) =>
  post(w.adminCookie, `/api/admin/finance/payments/${paymentId}/refund`, payload);

/** The CSV's records, parsed by RFC 4180 (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  expect(field).toBe('');
  return rows;
}

/** India's date of a real instant (the ledger dates its transactions by the database's clock). */
const indiaDate = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

describe('who may use the finance console', () => {
  it('answers admins, refuses learners and sharks (403) and visitors (401)', async () => {
    const w = await setup();
    const { first } = await twoPayments(w);
    const [p] = await w.db.select().from(payments).where(eq(payments.bookingId, first));
    const reads = [
      '/api/admin/finance/payments',
      '/api/admin/finance/refunds',
      '/api/admin/finance/balances',
      '/api/admin/finance/trial-balance',
      '/api/admin/finance/exports/ledger.csv?from=2026-11-01&to=2026-11-30',
      '/api/admin/finance/exports/documents.csv?month=2026-11',
      '/api/admin/finance/exports/documents.zip?month=2026-11',
    ];
    for (const url of reads) {
      expect((await get(null, url)).statusCode, url).toBe(401);
      expect((await get(w.priyaCookie, url)).statusCode, url).toBe(403);
      expect((await get(w.a.cookie, url)).statusCode, url).toBe(403);
      expect((await get(w.adminCookie, url)).statusCode, url).toBe(200);
    }
    const refund = `/api/admin/finance/payments/${p.id}/refund`;
    const body = { amountPaise: 10_000, reason: 'Goodwill' };
    expect((await post(null, refund, body)).statusCode).toBe(401);
    expect((await post(w.priyaCookie, refund, body)).statusCode).toBe(403);
    expect((await post(w.a.cookie, refund, body)).statusCode).toBe(403);
    // Nothing was refunded by the refused callers.
    expect((await paymentsPage(w)).items.every((i) => i.refund === null)).toBe(true);
  });
});

describe('GET /api/admin/finance/payments', () => {
  it('lists every payment newest first with its money, and finds one by learner, shark or id', async () => {
    const w = await setup();
    const { first, second } = await twoPayments(w);
    const page = await paymentsPage(w);
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(page.items.map((i) => i.bookingId)).toEqual([second, first]);
    const p = page.items[1];
    expect(p).toMatchObject({
      bookingId: first,
      status: 'captured',
      learnerName: 'Priya Raman',
      // The account's own address, not the contact typed in the booking form (issue 38).
      learnerEmail: w.priyaEmail,
      sharkId: w.a.shark.id,
      sharkName: 'Arjun Mehta',
      amountPaise: 300_000,
      feePaise: 30_000,
      feeTaxPaise: 5_400,
      provider: 'test',
      refund: null,
      refundablePaise: 300_000,
      duplicateOf: null,
    });
    expect(p.receiptUrl).toMatch(/^\/api\/payments\/documents\/[0-9a-f-]{36}\.pdf$/);

    const only = async (q: string) =>
      (await paymentsPage(w, `?q=${encodeURIComponent(q)}`)).items.map((i) => i.bookingId);
    expect(await only('priya')).toEqual([first]);
    expect(await only(w.kiranEmail.toUpperCase())).toEqual([second]);
    expect(await only('neha')).toEqual([second]);
    expect(await only(first)).toEqual([first]);
    expect(await only(p.id)).toEqual([first]);
    expect(await only(p.providerPaymentId!)).toEqual([first]);
    expect(await only('%')).toEqual([]);
    // A page past the end still tells the total.
    expect(await paymentsPage(w, '?page=2')).toMatchObject({ items: [], total: 2, page: 2 });
  });

  it('refuses a search of more than 200 characters and a page that is not a whole number from 1', async () => {
    const w = await setup();
    const long = await get(w.adminCookie, `/api/admin/finance/payments?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ q: FINANCE_MSG.searchTooLong });
    const zero = await get(w.adminCookie, '/api/admin/finance/payments?page=0');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toEqual({ page: ADMIN_MSG.pageInvalid });
  });
});

describe('POST /api/admin/finance/payments/:id/refund', () => {
  it('refunds an amount through the refund path: the ledger split, the credit note, the audit log', async () => {
    const w = await setup();
    const { first } = await twoPayments(w);
    const [p] = await w.db.select().from(payments).where(eq(payments.bookingId, first));

    const res = await refundOf(w, p.id, {
      amountPaise: 50_050,
      reason: 'The video call dropped for 20 minutes',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message:
        'Refund of ₹500.50 recorded: it is on its way to the learner, who gets a credit note once the provider confirms it.',
      paymentId: p.id,
    });

    // The ledger: each part of the payment gives back its share of ₹500.50 (fee ₹50.05, GST ₹9.01, the shark
    // ₹441.44), owed to the learner until the provider sends it.
    const posted = await w.db
      .select({ amount: ledgerEntries.amountPaise })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.idempotencyKey, `refund:${res.json().refundId}:requested`));
    expect(posted.map((e) => e.amount).sort((x, y) => x - y)).toEqual([-50_050, 901, 5_005, 44_144]);
    expect(await payeeBalance(w.db, { kind: 'shark', id: w.a.shark.id })).toEqual({
      pendingPaise: 264_600 - 44_144,
      availablePaise: 0,
    });

    const pending = (await get(w.adminCookie, '/api/admin/finance/refunds')).json() as FinanceRefundPage;
    expect(pending.items).toEqual([
      expect.objectContaining({
        paymentId: p.id,
        bookingId: first,
        learnerName: 'Priya Raman',
        sharkName: 'Arjun Mehta',
        reason: 'admin_refund',
        note: 'The video call dropped for 20 minutes',
        amountPaise: 50_050,
        percent: null,
        status: 'pending',
        creditNoteNumber: null,
      }),
    ]);
    await app.jobs.runAll();
    const processed = (await get(w.adminCookie, '/api/admin/finance/refunds?status=processed')).json();
    expect(processed.items).toEqual([
      expect.objectContaining({ status: 'processed', creditNoteNumber: 'CN/26-27/000001' }),
    ]);
    // The learner sees it on the session, without a percentage, and gets its mail.
    const session = (await get(w.priyaCookie, `/api/sessions/${first}`)).json();
    expect(session.payment.refund).toMatchObject({ status: 'processed', amountPaise: 50_050, percent: null });

    const audit = (await get(w.adminCookie, '/api/admin/audit-log')).json();
    expect(audit.items[0]).toMatchObject({
      action: 'payment.refund',
      targetType: 'payment',
      targetId: p.id,
      reason: 'The video call dropped for 20 minutes',
      details: { amountPaise: 50_050, bookingId: first },
    });

    // A payment is refunded once: the console says so and offers nothing more.
    const listed = (await paymentsPage(w, `?q=${first}`)).items[0];
    expect(listed).toMatchObject({
      refundablePaise: 0,
      refund: { status: 'processed', amountPaise: 50_050 },
    });
    const again = await refundOf(w, p.id, { amountPaise: 10_000, reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This payment has a refund already, and a payment is refunded once: see its refund in the Refunds list.',
    );
  });

  it('refuses a zero, negative, malformed or too precise amount, one over the balance, and no reason', async () => {
    const w = await setup();
    const { first } = await twoPayments(w);
    const [p] = await w.db.select().from(payments).where(eq(payments.bookingId, first));
    const refused = async (payload: Record<string, unknown>, field: string, message: string) => {
      const res = await refundOf(w, p.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields?.[field], JSON.stringify(payload)).toBe(message);
    };
    const reason = 'Goodwill';
    // The API takes whole paise (decision 210); the console's form reads the rupees typed (manualRefundFormSchema).
    await refused({ amountPaise: 0, reason }, 'amountPaise', 'The amount to refund must be more than ₹0');
    await refused(
      { amountPaise: -10_000, reason },
      'amountPaise',
      'The amount to refund must be more than ₹0',
    );
    await refused({ amountPaise: -1, reason }, 'amountPaise', 'The amount to refund must be more than ₹0');
    await refused(
      { amountPaise: 'ten', reason },
      'amountPaise',
      'Enter the amount in rupees, like 500 or 499.50',
    );
    await refused(
      { amountPaise: '500', reason },
      'amountPaise',
      'Enter the amount in rupees, like 500 or 499.50',
    );
    await refused({ reason }, 'amountPaise', 'Enter the amount to refund, in rupees');
    await refused(
      { amountPaise: 1000.5, reason },
      'amountPaise',
      'Use at most two decimals: the smallest amount is one paisa (0.01)',
    );
    await refused({ amountPaise: 10_000 }, 'reason', 'Please give a reason');
    await refused({ amountPaise: 10_000, reason: '   ' }, 'reason', 'Please give a reason');
    await refused(
      { amountPaise: 300_001, reason },
      'amountPaise',
      "The amount is more than this payment's refundable balance of ₹3,000",
    );
    // Nothing was refunded, and nothing audited.
    expect((await get(w.adminCookie, '/api/admin/finance/refunds')).json().total).toBe(0);
    expect((await get(w.adminCookie, '/api/admin/audit-log')).json().total).toBe(0);
    // The whole balance is fine.
    const all = await refundOf(w, p.id, { amountPaise: 300_000, reason });
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json().message).toMatch(/^Refund of ₹3,000 recorded/);
  });

  it('refuses a payment that was never captured (409) and one that does not exist (404)', async () => {
    const w = await setup();
    const booked = await app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: w.priyaCookie },
      payload: {
        courseId: w.a.course.id,
        hours: 1,
        startsAt: slot(4),
        ...PRIYA,
        phone: '+91 98765 43210',
        requestId: randomUUID(),
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const [open] = await w.db.select().from(payments);
    expect(open.status).toBe('created');
    const res = await refundOf(w, open.id, { amountPaise: 10_000, reason: 'Goodwill' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      message: 'Only a captured payment can be refunded; this one is open (not paid).',
      fields: { paymentId: 'Only a captured payment can be refunded; this one is open (not paid).' },
    });
    const missing = await refundOf(w, randomUUID(), { amountPaise: 10_000, reason: 'Goodwill' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This payment does not exist.');
  });
});

describe('refunds, balances and the trial balance', () => {
  it('lists a failed refund to send again, and finds refunds by learner and state', async () => {
    const w = await setup();
    const { first, second } = await twoPayments(w);
    await app.inject({ method: 'POST', url: '/api/test-gateway/control', payload: { refunds: 'fail' } });
    const declined = await post(w.a.cookie, `/api/sessions/${first}/decline`, { reason: 'Away that week' });
    expect(declined.statusCode, declined.body).toBe(200);
    await app.jobs.runAll();
    const failed = (await get(w.adminCookie, '/api/admin/finance/refunds?status=failed&q=priya')).json();
    expect(failed.items).toEqual([
      expect.objectContaining({ bookingId: first, reason: 'declined', percent: 100, status: 'failed' }),
    ]);
    expect(failed.items[0].lastError).toBeTruthy();
    expect((await get(w.adminCookie, '/api/admin/finance/refunds?q=kiran')).json().total).toBe(0);
    const badStatus = await get(w.adminCookie, '/api/admin/finance/refunds?status=lost');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields).toEqual({ status: FINANCE_MSG.refundStatusInvalid });

    await app.inject({ method: 'POST', url: '/api/test-gateway/control', payload: { refunds: 'process' } });
    const retried = await post(w.adminCookie, `/api/admin/refunds/${failed.items[0].id}/retry`);
    expect(retried.json()).toEqual({ message: PAYMENT_MSG.refundRetried });
    await app.jobs.runAll();
    expect((await get(w.adminCookie, '/api/admin/finance/refunds?status=processed')).json().total).toBe(1);
    expect(second).toBeTruthy();
  });

  it("shows each shark's pending and available balance, and its payouts, searchable by name", async () => {
    const w = await setup();
    await twoPayments(w);
    const res = await get(w.adminCookie, '/api/admin/finance/balances');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as PayeeBalancePage;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(page.items).toEqual([
      {
        payeeKind: 'shark',
        payeeId: w.a.shark.id,
        name: 'Arjun Mehta',
        pendingPaise: 264_600,
        availablePaise: 0,
        onTheWayPaise: 0,
        paidOutPaise: 0,
      },
      {
        payeeKind: 'shark',
        payeeId: w.b.shark.id,
        name: 'Neha Kapoor',
        pendingPaise: 264_600,
        availablePaise: 0,
        onTheWayPaise: 0,
        paidOutPaise: 0,
      },
    ]);
    const neha = (await get(w.adminCookie, '/api/admin/finance/balances?q=NEHA')).json() as PayeeBalancePage;
    expect(neha.items.map((i) => i.name)).toEqual(['Neha Kapoor']);
    expect((await get(w.adminCookie, '/api/admin/finance/balances?q=nobody')).json()).toMatchObject({
      items: [],
      total: 0,
    });
  });

  it('shows the trial balance: each account and a total of zero', async () => {
    const w = await setup();
    const empty = (await get(w.adminCookie, '/api/admin/finance/trial-balance')).json() as TrialBalance;
    expect(empty).toEqual({ accounts: [], totalPaise: 0 });
    await twoPayments(w);
    const tb = (await get(w.adminCookie, '/api/admin/finance/trial-balance')).json() as TrialBalance;
    expect(tb.totalPaise).toBe(0);
    const line = (kind: string) => tb.accounts.find((a) => a.kind === kind);
    expect(line('provider_clearing')).toEqual({
      kind: 'provider_clearing',
      payeeKind: null,
      accounts: 1,
      balancePaise: 600_000,
    });
    expect(line('platform_fee_revenue')?.balancePaise).toBe(-60_000);
    expect(line('tax_payable')?.balancePaise).toBe(-10_800);
    expect(line('payee_pending')).toEqual({
      kind: 'payee_pending',
      payeeKind: 'shark',
      accounts: 2,
      balancePaise: -529_200,
    });
    expect(tb.accounts.reduce((s, a) => s + a.balancePaise, 0)).toBe(0);
  });
});

describe('exports for the accountant', () => {
  it('writes the ledger of a date range as CSV, one row per entry, by RFC 4180', async () => {
    const w = await setup();
    const { first } = await twoPayments(w);
    const [p] = await w.db.select().from(payments).where(eq(payments.bookingId, first));
    // The ledger dates its transactions by the app's clock (the test's): the range holds that day in India.
    const today = now().getTime();
    const from = indiaDate(new Date(today - 86_400_000));
    const to = indiaDate(new Date(today + 86_400_000));
    const res = await get(w.adminCookie, `/api/admin/finance/exports/ledger.csv?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ledger-${from}-to-${to}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([...LEDGER_CSV_HEADER]);
    // Each capture: the money at the provider, the shark's share, the fee and its GST.
    expect(rows).toHaveLength(8);
    const capture = rows.filter((r) => r[1] === `payment:${p.id}:captured`);
    expect(capture.map((r) => [r[2], r[4], r[5], r[6], r[7]])).toEqual(
      expect.arrayContaining([
        ['payment_captured', 'Provider clearing', '', '3000.00', ''],
        ['payment_captured', 'Payees: pending', `Arjun Mehta (shark ${w.a.shark.id})`, '', '2646.00'],
        ['payment_captured', 'Platform fee revenue', '', '', '300.00'],
        ['payment_captured', 'GST payable', '', '', '54.00'],
      ]),
    );
    expect(capture[0][0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(capture[0][3]).toBe(p.description);
    // Debits and credits add up to the same.
    const sum = (col: number) => rows.reduce((s, r) => s + Math.round(Number(r[col] || 0) * 100), 0);
    expect(sum(6)).toBe(sum(7));

    // A range before anything was posted has the header only.
    const before = await get(
      w.adminCookie,
      '/api/admin/finance/exports/ledger.csv?from=2020-01-01&to=2020-01-31',
    );
    expect(parseCsv(before.body.slice(1))).toEqual([[...LEDGER_CSV_HEADER]]);
  });

  it('refuses a missing, malformed or reversed date range, naming the field', async () => {
    const w = await setup();
    const bad = async (query: string, fields: Record<string, string>) => {
      const res = await get(w.adminCookie, `/api/admin/finance/exports/ledger.csv${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toEqual(fields);
    };
    await bad('?to=2026-11-30', { from: 'Choose the first day of the export' });
    await bad('?from=2026-11-01', { to: 'Choose the last day of the export' });
    await bad('?from=2026-02-30&to=2026-03-01', { from: 'Use a date like 2026-11-22' });
    await bad('?from=2026-11-30&to=2026-11-01', { to: 'The last day must be on or after the first day' });
    const month = await get(w.adminCookie, '/api/admin/finance/exports/documents.csv?month=2026-13');
    expect(month.statusCode).toBe(400);
    expect(month.json().error.fields).toEqual({ month: 'Use a month like 2026-11' });
  });

  it('refuses a month or day outside 2000-2099 with a 400 naming the field, before any header (issue 38, finding 5)', async () => {
    const w = await setup();
    const exports = '/api/admin/finance/exports';
    const cases: [string, Record<string, string>][] = [
      // The three reproductions: a 500, and two 200s whose stream was cut.
      [`${exports}/documents.zip?month=0000-01`, { month: FINANCE_MSG.monthOutOfRange }],
      [`${exports}/documents.csv?month=0000-01`, { month: FINANCE_MSG.monthOutOfRange }],
      [`${exports}/ledger.csv?from=0001-01-01&to=2026-11-30`, { from: FINANCE_MSG.dateOutOfRange }],
      // Just outside the years the books cover, at either end.
      [`${exports}/documents.csv?month=1999-12`, { month: FINANCE_MSG.monthOutOfRange }],
      [`${exports}/documents.zip?month=2100-01`, { month: FINANCE_MSG.monthOutOfRange }],
      [`${exports}/ledger.csv?from=1999-12-31&to=2000-01-31`, { from: FINANCE_MSG.dateOutOfRange }],
      [`${exports}/ledger.csv?from=2026-11-01&to=9999-12-31`, { to: FINANCE_MSG.dateOutOfRange }],
    ];
    for (const [url, fields] of cases) {
      const res = await get(w.adminCookie, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-disposition'], url).toBeUndefined();
      expect(res.json().error, url).toEqual({
        code: 'validation',
        message: Object.values(fields)[0],
        fields,
      });
    }
    expect(FINANCE_MSG.monthOutOfRange).toBe('Choose a month from 2000-01 to 2099-12');
    expect(FINANCE_MSG.dateOutOfRange).toBe('Choose a day from 2000-01-01 to 2099-12-31');

    // The first and last months and days of the range are whole, empty exports.
    const first = await get(w.adminCookie, `${exports}/documents.csv?month=2000-01`);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(`\uFEFF${csvRecord(REGISTER_CSV_HEADER)}`);
    const last = await get(w.adminCookie, `${exports}/documents.zip?month=2099-12`);
    expect(last.statusCode).toBe(200);
    expect(unzipSync(new Uint8Array(last.rawPayload))).toEqual({});
    const all = await get(w.adminCookie, `${exports}/ledger.csv?from=2000-01-01&to=2099-12-31`);
    expect(all.statusCode).toBe(200);
    expect(parseCsv(all.body.slice(1))).toEqual([[...LEDGER_CSV_HEADER]]);
  });

  it('answers a failure on the first page of an export as an error, never as a 200 cut short (issue 38, finding 5)', async () => {
    const w = await setup();
    await twoPayments(w);
    await app.jobs.runAll();
    const [first] = await w.db.select().from(moneyDocuments).orderBy(asc(moneyDocuments.issuedAt));
    // A document whose frozen fields cannot be read (no taxes, no lines): its register row and its PDF both throw.
    await w.db.update(moneyDocuments).set({ data: {} }).where(eq(moneyDocuments.id, first.id));
    for (const file of ['documents.csv', 'documents.zip']) {
      const res = await get(w.adminCookie, `/api/admin/finance/exports/${file}?month=2026-11`);
      expect(res.statusCode, file).toBe(500);
      expect(res.headers['content-disposition'], file).toBeUndefined();
      expect(res.json(), file).toEqual({ error: { code: 'server_error', message: COMMON_MSG.serverError } });
    }
  });

  it("writes the month's invoices and credit notes as a CSV register and a ZIP of their PDFs", async () => {
    const w = await setup();
    const { first } = await twoPayments(w);
    const [p] = await w.db.select().from(payments).where(eq(payments.bookingId, first));
    clock += 60_000;
    expect((await refundOf(w, p.id, { amountPaise: 100_000, reason: 'Goodwill' })).statusCode).toBe(201);
    await app.jobs.runAll();

    const csv = await get(w.adminCookie, '/api/admin/finance/exports/documents.csv?month=2026-11');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="documents-2026-11.csv"');
    const [header, ...rows] = parseCsv(csv.body.slice(1));
    expect(header).toEqual([...REGISTER_CSV_HEADER]);
    expect(rows.map((r) => [r[0], r[1], r[3], r[5], r[14]])).toEqual([
      ['INV/26-27/000001', 'Tax invoice', 'Priya Raman', '', '3000.00'],
      ['INV/26-27/000002', 'Tax invoice', 'Kiran Rao', '', '3000.00'],
      ['CN/26-27/000001', 'Credit note', 'Priya Raman', 'INV/26-27/000001', '1000.00'],
    ]);
    // Fee ₹300, its GST ₹54 split CGST/SGST in the company's state, ₹2,646 collected for the shark.
    expect(rows[0].slice(8, 14)).toEqual(['300.00', '2646.00', '300.00', '27.00', '27.00', '0.00']);
    expect((await get(w.adminCookie, '/api/admin/finance/exports/documents.csv?month=2026-10')).body).toBe(
      `\uFEFF${csvRecord(REGISTER_CSV_HEADER)}`,
    );

    const zip = await get(w.adminCookie, '/api/admin/finance/exports/documents.zip?month=2026-11');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toEqual([
      'tax-invoice-INV-26-27-000001.pdf',
      'tax-invoice-INV-26-27-000002.pdf',
      'credit-note-CN-26-27-000001.pdf',
    ]);
    for (const pdf of Object.values(files)) expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
  });

  it('quotes fields by RFC 4180 and defuses text a spreadsheet would run', () => {
    expect(csvRecord(['plain', 'a,b', 'say "hi"', 'two\nlines', null, 12])).toBe(
      'plain,"a,b","say ""hi""","two\nlines",,12\r\n',
    );
    expect(csvRecord(['=HYPERLINK("x")', '+1', '-2', '@a'])).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@a\r\n`);
  });
});
