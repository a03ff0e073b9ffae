// Payouts through Razorpay Route (decisions 137, 147), against the built-in test gateway, which answers with
// Razorpay's bodies: the run makes the payout, its send job makes the shark's linked account once and one
// transfer under the payout's id; a processed transfer marks it paid with the transfer's id, a failed one gives
// the money back with Razorpay's reason; the transfer's webhook changes nothing more; a UPI payee stays manual.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { payoutDetails } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, creditAvailable, sessionCookie } from '#server/test/fixtures.ts';
import { setClock } from '#server/time.ts';
import { payeeBalance, trialBalance } from '#server/modules/money/ledger/service.ts';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100', PAYOUT_PROVIDER: 'razorpay_route' });
  db = (await testDatabase()).db;
});
afterAll(async () => {
  setClock();
  await app.close();
});
beforeEach(async () => {
  setClock(() => new Date('2026-11-26T06:00:00Z'));
  await resetDb();
});

const credit = (sharkId: string, paise: number) => creditAvailable(db, sharkId, paise);

const bank = (account: string) => ({
  method: 'bank',
  holderName: 'Arjun Mehta',
  accountNumber: account,
  accountNumberConfirm: account,
  ifsc: 'HDFC0001234',
  pan: 'ABCPE1234F',
});

async function sharkWith(email: string, details: object) {
  const account = await createAccount(db, { roles: ['shark'], email, name: 'Arjun Mehta' });
  const shark = await createShark(db, { userId: account.id, name: 'Arjun Mehta' });
  const cookie = await sessionCookie(db, account.id);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/workspace/payout-details',
    headers: { cookie },
    payload: details,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...shark, cookie };
}

async function runAndSend() {
  const admin = await sessionCookie(db, (await createAccount(db, { roles: ['admin'] })).id);
  const run = await app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie: admin } });
  expect(run.statusCode, run.body).toBe(200);
  // The send job, the transfer's webhook and its payment-webhook job, the mails.
  await app.jobs.runAll();
  const list = await app.inject({ method: 'GET', url: '/api/admin/payouts', headers: { cookie: admin } });
  return { admin, items: (list.json() as { items: Array<Record<string, unknown>> }).items };
}

const subjects = async (to: string) =>
  (
    (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
      subject: string;
      text: string;
    }[]
  ).map((m) => m.subject);

describe('a payout through Razorpay Route', () => {
  it('makes the linked account once and one transfer, and is paid with the transfer id', async () => {
    const shark = await sharkWith('arjun@example.test', bank('001234567890'));
    await credit(shark.id, 150_000);
    const { items } = await runAndSend();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ provider: 'razorpay_route', status: 'paid', amountPaise: 150_000 });
    expect(String(items[0].reference)).toMatch(/^trf_/);
    const [details] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, shark.userId));
    expect(details.routeAccountId).toMatch(/^acc_/);
    expect(await subjects('arjun@example.test')).toEqual(
      expect.arrayContaining([
        'Your payout of ₹1,500 is on its way',
        'Your payout of ₹1,500 was sent',
        'Your payout of ₹1,500 was paid',
      ]),
    );
    // The next period reuses the linked account.
    await credit(shark.id, 60_000);
    setClock(() => new Date('2026-12-01T06:00:00Z'));
    const next = await runAndSend();
    const [again] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, shark.userId));
    expect(again.routeAccountId).toBe(details.routeAccountId);
    // The batch shows the latest period: this week's payout, paid too.
    expect(next.items).toHaveLength(1);
    expect(next.items[0]).toMatchObject({ period: '2026-W49', status: 'paid', amountPaise: 60_000 });
    expect((await payeeBalance(db, { kind: 'shark', id: shark.id })).availablePaise).toBe(0);
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it("a refused transfer fails the payout with Razorpay's reason and gives the money back", async () => {
    // The test gateway fails every transfer to a settlement account ending in 0000 (decision 147).
    const shark = await sharkWith('arjun@example.test', bank('001234560000'));
    await credit(shark.id, 150_000);
    const { items } = await runAndSend();
    expect(items[0]).toMatchObject({
      provider: 'razorpay_route',
      status: 'failed',
      failureReason: 'Beneficiary bank account is invalid',
    });
    expect((await payeeBalance(db, { kind: 'shark', id: shark.id })).availablePaise).toBe(150_000);
    expect(await subjects('arjun@example.test')).toContain('Your payout of ₹1,500 failed');
    // Route payouts are Razorpay's to settle: the admin cannot mark one.
    const admin = await sessionCookie(db, (await createAccount(db, { roles: ['admin'] })).id);
    const mark = await app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${String(items[0].id)}/paid`,
      headers: { cookie: admin },
      payload: { utr: 'HDFCN5202611260001' },
    });
    expect(mark.statusCode).toBe(409);
    expect(mark.json().error.message).toBe(
      'This payout goes through Razorpay Route; its state comes from Razorpay.',
    );
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it('pays a UPI payee through the manual batch: Route settles to bank accounts only', async () => {
    const shark = await sharkWith('nisha@example.test', {
      method: 'upi',
      upiId: 'nisha@okaxis',
      pan: 'ABCPN1234F',
    });
    await credit(shark.id, 90_000);
    const { items } = await runAndSend();
    expect(items[0]).toMatchObject({
      provider: 'manual',
      status: 'created',
      destination: 'UPI ni••••@okaxis',
    });
  });
});
