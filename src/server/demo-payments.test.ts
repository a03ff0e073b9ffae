// The demo's sessions are paid through the test provider's own path, ledger included (issue 23, decision 134):
// after the demo seed and payDemoSessions, every session of a paid course has a captured payment with a
// numbered receipt, the ledger balances, the demo shark's balances are its sessions' nets, and the demo learner
// has one session the shark cancelled, refunded in full with a credit note. Nobody is mailed, and paying again
// (or the gateway's webhooks arriving) pays nothing twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { sharks, users } from '#server/db/schema.ts';
import { createTestApp, PRODUCTION_PAYMENT_KEYS, resetDb, testDatabase } from '#server/test/app.ts';
import { sessionCookie } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf.ts';
import { DEMO_ACCOUNTS, payDemoSessions, seedDemo } from '#server/seed.ts';
import { payeeBalance, trialBalance } from '#server/modules/money/ledger/service.ts';
import type { Enrollments } from '#shared/workspace.ts';
import type { SessionDetail } from '#shared/sessions.ts';
import type { MyBooking } from '#shared/bookings.ts';

let app: FastifyInstance;
let sessions: string[];
let paid: { paid: number; refunded: number };
let withRazorpayKeys: { paid: number; refunded: number; ledgerAccounts: number };

beforeAll(async () => {
  app = await createTestApp();
  await resetDb();
  const { db } = await testDatabase();
  sessions = (await seedDemo(db))!;
  // The same demo on a server with Razorpay's keys first: nothing may be paid there.
  const live = await createTestApp({ ...PRODUCTION_PAYMENT_KEYS });
  try {
    const result = await payDemoSessions(live, sessions);
    withRazorpayKeys = { ...result, ledgerAccounts: (await trialBalance(db)).accounts.length };
  } finally {
    await live.close();
  }
  paid = await payDemoSessions(app, sessions);
}, 120_000);
afterAll(() => app.close());

const accountOf = async (email: string) => {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: row.id, cookie: await sessionCookie(db, row.id) };
};
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const demoShark = async () => {
  const account = await accountOf(DEMO_ACCOUNTS.shark.email);
  const { db } = await testDatabase();
  const [shark] = await db.select({ id: sharks.id }).from(sharks).where(eq(sharks.userId, account.id));
  return { ...account, sharkId: shark.id };
};
/** What the shark earns of a session: the price less the 10% platform fee (no GSTIN: no GST on it). */
const netPaise = (paise: number) => paise - Math.round(paise / 10);
const outbox = async () => (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json() as unknown[];

describe('the demo paid through the test gateway', () => {
  it('pays every demo session, refunds one, and keeps the whole ledger balanced', async () => {
    expect(sessions.length).toBeGreaterThan(100);
    expect(paid).toEqual({ paid: sessions.length, refunded: 1 });
    expect((await trialBalance((await testDatabase()).db)).totalPaise).toBe(0);
  });

  it("gives the demo shark its sessions' nets: held ones available, booked ones pending", async () => {
    const shark = await demoShark();
    const res = await get(shark.cookie, '/api/workspace/enrollments');
    expect(res.statusCode).toBe(200);
    const bookings = (res.json() as Enrollments).courses.flatMap((c) => c.students);
    const sum = (status: string) =>
      bookings.filter((b) => b.status === status).reduce((s, b) => s + netPaise(b.totalPricePaise), 0);
    expect(sum('completed')).toBeGreaterThan(0);
    expect(sum('confirmed')).toBeGreaterThan(0);
    expect(await payeeBalance((await testDatabase()).db, { kind: 'shark', id: shark.sharkId })).toEqual({
      availablePaise: sum('completed'),
      pendingPaise: sum('confirmed'),
    });
  });

  it('shows the demo learner a paid session with its receipt, and the one the shark cancelled refunded in full with a credit note', async () => {
    const learner = await accountOf(DEMO_ACCOUNTS.learner.email);
    const own: SessionDetail[] = [];
    for (const { id } of (await get(learner.cookie, '/api/me/bookings')).json() as MyBooking[])
      own.push((await get(learner.cookie, `/api/sessions/${id}`)).json() as SessionDetail);
    expect(own.length).toBeGreaterThan(1);
    for (const s of own) {
      expect(s.payment?.status).toBe('captured');
      expect(s.payment?.amountPaise).toBe(s.totalPricePaise);
      expect(s.payment?.receiptNumber).toMatch(/^R\/\d{2}-\d{2}\/\d{6}$/);
    }
    const refunded = own.filter((s) => s.payment?.refund);
    expect(refunded).toHaveLength(1);
    const [cancelled] = refunded;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.shark.name).toBe(DEMO_ACCOUNTS.shark.name);
    expect(cancelled.events.map((e) => `${e.kind} by ${e.actor}`)).toEqual([
      'requested by learner',
      'confirmed by shark',
      'cancelled by shark',
    ]);
    const refund = cancelled.payment!.refund!;
    expect(refund).toMatchObject({
      status: 'processed',
      reason: 'shark_cancelled',
      percent: 100,
      amountPaise: cancelled.payment!.amountPaise,
    });
    expect(refund.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);
    // The documents are real: drawn on download, with their numbers and amounts.
    const note = await get(learner.cookie, refund.creditNoteUrl!);
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(note.rawPayload)).toContain(refund.creditNoteNumber);
    const receipt = await get(learner.cookie, cancelled.payment!.receiptUrl!);
    expect(await pdfText(receipt.rawPayload)).toContain(cancelled.payment!.receiptNumber);
  });

  it("pays nothing twice: again, or once the gateway's webhooks and the refund's jobs have run; and mails nobody", async () => {
    const { db } = await testDatabase();
    const before = await payeeBalance(db, { kind: 'shark', id: (await demoShark()).sharkId });
    expect(await payDemoSessions(app, sessions)).toEqual({ paid: 0, refunded: 0 });
    // The gateway's payment.captured and order.paid for each payment, the refund's job and its webhook.
    expect(await app.jobs.runAll({ timeoutMs: 120_000 })).toBeGreaterThan(sessions.length);
    expect(await payeeBalance(db, { kind: 'shark', id: (await demoShark()).sharkId })).toEqual(before);
    expect((await trialBalance(db)).totalPaise).toBe(0);
    expect(await outbox()).toEqual([]);
  }, 120_000);

  it('pays nothing with Razorpay keys: the demo is paid only in test mode', () => {
    expect(withRazorpayKeys).toEqual({ paid: 0, refunded: 0, ledgerAccounts: 0 });
  });
});

describe("the demo's freelance side", () => {
  it('gives the demo learner an open request with two proposals to compare, one from the demo freelancer', async () => {
    const learner = await accountOf(DEMO_ACCOUNTS.learner.email);
    const mine = (await get(learner.cookie, '/api/requests')).json() as Array<{
      id: string;
      title: string;
      status: string;
      proposalCount: number;
    }>;
    const request = mine.find((r) => r.title === 'Penetration test of our claims portal before launch');
    expect(request).toMatchObject({ status: 'open', proposalCount: 2 });
    const proposals = (await get(learner.cookie, `/api/requests/${request!.id}/proposals`)).json() as Array<{
      pricePaise: number;
      freelancer: { name: string };
    }>;
    expect(proposals.map((p) => [p.freelancer.name, p.pricePaise]).sort()).toEqual([
      ['Aditi Kulkarni', 9_500_000],
      [DEMO_ACCOUNTS.freelancer.name, 12_000_000],
    ]);
    // The admin console's Client requests tab lists it.
    const admin = await accountOf(DEMO_ACCOUNTS.admin.email);
    const rows = (await get(admin.cookie, '/api/admin/client-requests')).json().items as Array<{
      title: string;
      clientName: string;
    }>;
    expect(rows.map((r) => [r.title, r.clientName])).toContainEqual([
      'Penetration test of our claims portal before launch',
      DEMO_ACCOUNTS.learner.name,
    ]);
  });
});
