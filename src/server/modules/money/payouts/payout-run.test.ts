// Payouts (issue 24, decision 137): the run pays each shark's available balance once a period (a shark without
// payout details is skipped and told, a balance below the minimum waits); the admin's bank file marks the batch
// sent; each payout is marked paid with its UTR or failed with a reason; every step is a ledger transaction
// and a mail; refusals have their messages; a refund after a payout leaves a negative balance repaid first.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { PAYOUT_RUN_MSG } from '#shared/payouts.ts';
import type { Db } from '#server/db/client.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, creditAvailable, sessionCookie } from '#server/test/fixtures.ts';
import { setClock } from '#server/time.ts';
import { payeeBalance, post, trialBalance } from '#server/modules/money/ledger/service.ts';
import { payoutPeriod, runPayouts, type PayoutRunContext } from './service';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
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

const BANK = {
  method: 'bank',
  holderName: 'Arjun Mehta',
  accountNumber: '001234567890',
  accountNumberConfirm: '001234567890',
  ifsc: 'HDFC0001234',
  pan: 'ABCPE1234F',
};

async function sharkWith(name: string, email: string, details: object | null) {
  const account = await createAccount(db, { roles: ['shark'], email, name });
  const shark = await createShark(db, { userId: account.id, name });
  const cookie = await sessionCookie(db, account.id);
  if (details) {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/workspace/payout-details',
      headers: { cookie },
      payload: details,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...shark, cookie, email };
}

async function adminCookie() {
  const admin = await createAccount(db, { roles: ['admin'] });
  return sessionCookie(db, admin.id);
}

const outbox = async (to: string) =>
  (
    (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
      template: string;
      subject: string;
      text: string;
    }[]
  ).filter((m) => m.template.startsWith('payout-update') || m.template === 'payout-details-missing');

const run = (cookie: string) =>
  app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers: { cookie } });
const batch = (cookie: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/payouts${query}`, headers: { cookie } });
const mark = (cookie: string, id: string, what: 'paid' | 'failed', payload: object) =>
  app.inject({ method: 'POST', url: `/api/admin/payouts/${id}/${what}`, headers: { cookie }, payload });
const available = async (sharkId: string) =>
  (await payeeBalance(db, { kind: 'shark', id: sharkId })).availablePaise;

describe('the payout period', () => {
  it('is the ISO week or the month of the run in the company zone', () => {
    // Sunday 29 Nov 20:00 UTC is Monday 30 Nov 01:30 in India: week 49 there.
    expect(payoutPeriod(new Date('2026-11-29T20:00:00Z'), 'weekly', 'Asia/Kolkata')).toBe('2026-W49');
    expect(payoutPeriod(new Date('2026-11-29T20:00:00Z'), 'weekly', 'UTC')).toBe('2026-W48');
    expect(payoutPeriod(new Date('2026-12-31T19:00:00Z'), 'monthly', 'Asia/Kolkata')).toBe('2027-01');
    expect(payoutPeriod(new Date('2027-01-01T10:00:00Z'), 'weekly', 'Asia/Kolkata')).toBe('2026-W53');
  });
});

describe('the payout run', () => {
  it('pays each shark with details once, skips and tells one without, and leaves a small balance to wait', async () => {
    const arjun = await sharkWith('Arjun Mehta', 'arjun@example.test', BANK);
    const nisha = await sharkWith('Nisha Rao', 'nisha@example.test', null);
    const small = await sharkWith('Small Balance', 'small@example.test', BANK);
    await credit(arjun.id, 120_000);
    await credit(nisha.id, 80_000);
    await credit(small.id, 30_000);
    const admin = await adminCookie();

    const first = await run(admin);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      period: '2026-W48',
      created: 1,
      skipped: 1,
      belowMinimum: 0,
      alreadyPaid: 0,
    });
    // The small balance is not even listed: below ₹500 it waits for a later run.
    expect(await available(arjun.id)).toBe(0);
    expect(await available(nisha.id)).toBe(80_000);
    expect(await available(small.id)).toBe(30_000);

    const list = (await batch(admin)).json() as { items: Array<Record<string, unknown>>; periods: string[] };
    expect(list.periods).toEqual(['2026-W48']);
    const byName = Object.fromEntries(list.items.map((p) => [p.payeeName, p]));
    expect(byName['Arjun Mehta']).toMatchObject({
      amountPaise: 120_000,
      status: 'created',
      provider: 'manual',
      destination: 'bank account •••• 7890 at HDFC0001234',
      period: '2026-W48',
    });
    expect(byName['Nisha Rao']).toMatchObject({ status: 'skipped', amountPaise: 80_000 });

    expect((await outbox('arjun@example.test')).map((m) => m.subject)).toEqual([
      'Your payout of ₹1,200 is on its way',
    ]);
    const [missing] = await outbox('nisha@example.test');
    expect(missing.subject).toBe('Add your payout details to be paid');
    expect(missing.text).toContain(
      'You have ₹800 available to be paid out, but no UPI id or bank account to send it to. Add one, with your PAN, and the next payout sends it. Your balance waits until then.',
    );

    // The same period again, and two runs at once: nobody is paid or told twice.
    const [again, twin] = await Promise.all([run(admin), run(admin)]);
    for (const r of [again, twin]) expect(r.json()).toMatchObject({ created: 0, skipped: 1 });
    expect(((await batch(admin)).json() as { total: number }).total).toBe(2);
    expect(await outbox('nisha@example.test')).toHaveLength(1);
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it('a run killed mid-batch and run again pays the rest, and nobody twice', async () => {
    const sharks = [];
    for (const n of [1, 2, 3]) {
      const s = await sharkWith(`Shark ${n}`, `shark${n}@example.test`, BANK);
      await credit(s.id, 100_000 * n);
      sharks.push(s);
    }
    const ctx = (): PayoutRunContext => ({
      mailer: app.mailer,
      appOrigin: app.config.appOrigin,
      key: app.config.payoutDetailsKey,
      schedule: 'weekly',
      minimumPaise: 50_000,
      provider: 'manual',
      zone: 'Asia/Kolkata',
      jobs: app.jobs,
      gateway: app.payments.gateway,
    });
    // The process dies while paying the second payee: its transaction rolls back, the first stays paid.
    let mails = 0;
    const dying = {
      ...ctx(),
      mailer: {
        ...app.mailer,
        enqueue: (...args: Parameters<typeof app.mailer.enqueue>) => {
          if (++mails === 2) throw new Error('killed mid-batch');
          return app.mailer.enqueue(...args);
        },
      },
    };
    await expect(runPayouts(db, dying)).rejects.toThrow('killed mid-batch');
    const paidFirst = (await Promise.all(sharks.map((s) => available(s.id)))).filter((a) => a === 0);
    expect(paidFirst).toHaveLength(1);
    // Run again: the other two are paid, the first is not paid again.
    expect(await runPayouts(db, ctx())).toMatchObject({ created: 2 });
    expect(await Promise.all(sharks.map((s) => available(s.id)))).toEqual([0, 0, 0]);
    const admin = await adminCookie();
    const list = (await batch(admin)).json() as { items: Array<{ amountPaise: number }> };
    expect(list.items.map((p) => p.amountPaise).sort()).toEqual([100_000, 200_000, 300_000]);
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it('a shark who adds details later is paid by the next run of the period', async () => {
    const nisha = await sharkWith('Nisha Rao', 'nisha@example.test', null);
    await credit(nisha.id, 80_000);
    const admin = await adminCookie();
    expect((await run(admin)).json()).toMatchObject({ created: 0, skipped: 1 });
    await app.inject({
      method: 'PUT',
      url: '/api/workspace/payout-details',
      headers: { cookie: nisha.cookie },
      payload: { method: 'upi', upiId: 'nisha.rao@okaxis', pan: 'ABCPN1234F' },
    });
    expect((await run(admin)).json()).toMatchObject({ created: 1, skipped: 0 });
    expect(await available(nisha.id)).toBe(0);
  });
});

describe('a manual payout, from the bank file to paid or failed', () => {
  async function onePayout() {
    const arjun = await sharkWith('Arjun Mehta', 'arjun@example.test', BANK);
    await credit(arjun.id, 120_000);
    const admin = await adminCookie();
    await run(admin);
    const [payout] = ((await batch(admin)).json() as { items: Array<{ id: string }> }).items;
    return { arjun, admin, id: payout.id };
  }

  it('the bank file lists the payout with the account in full and marks it sent; a UTR marks it paid', async () => {
    const { arjun, admin, id } = await onePayout();
    const file = await app.inject({
      method: 'GET',
      url: '/api/admin/payouts/bank-file?period=2026-W48',
      headers: { cookie: admin },
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="payouts-2026-W48.csv"');
    expect(file.body.split('\r\n')).toEqual([
      'Payout id,Beneficiary name,Account number,IFSC,UPI id,Amount (INR),Narration',
      `${id},Arjun Mehta,001234567890,HDFC0001234,,1200.00,Shark Security payout 2026-W48`,
      '',
    ]);
    expect(((await batch(admin)).json() as { items: Array<{ status: string }> }).items[0].status).toBe(
      'sent',
    );

    const bad = await mark(admin, id, 'paid', { utr: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ utr: PAYOUT_RUN_MSG.utrInvalid });
    const paid = await mark(admin, id, 'paid', { utr: 'hdfcn5 2026 1126 0001' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      message: 'Payout marked paid. The payee was told.',
      payout: { status: 'paid', reference: 'HDFCN5202611260001', amountPaise: 120_000 },
    });
    const twice = await mark(admin, id, 'paid', { utr: 'HDFCN5202611260002' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This payout is already marked paid.');
    const failAfter = await mark(admin, id, 'failed', { reason: 'Returned' });
    expect(failAfter.json().error.message).toBe('This payout is already marked paid.');

    // One mail a step (the outbox lists the newest first).
    expect((await outbox('arjun@example.test')).map((m) => m.subject).sort()).toEqual([
      'Your payout of ₹1,200 is on its way',
      'Your payout of ₹1,200 was paid',
      'Your payout of ₹1,200 was sent',
    ]);
    const earnings = await app.inject({
      method: 'GET',
      url: '/api/workspace/earnings',
      headers: { cookie: arjun.cookie },
    });
    expect(earnings.json().balance).toMatchObject({
      availablePaise: 0,
      paidOutPaise: 120_000,
      onTheWayPaise: 0,
    });
    const payouts = await app.inject({
      method: 'GET',
      url: '/api/workspace/payouts',
      headers: { cookie: arjun.cookie },
    });
    expect(payouts.json()).toMatchObject({
      total: 1,
      paidOutPaise: 120_000,
      items: [{ id, status: 'paid', reference: 'HDFCN5202611260001', provider: 'manual' }],
    });
    const trial = await trialBalance(db);
    expect(trial.totalPaise).toBe(0);
    const balanceOf = (kind: string) => trial.accounts.find((a) => a.kind === kind)?.balance ?? 0;
    expect(balanceOf('payouts_payable')).toBe(0);
    expect(balanceOf('payouts_in_transit')).toBe(0);
  });

  it('one UTR cannot pay two payouts', async () => {
    const { admin, id } = await onePayout();
    const other = await sharkWith('Nisha Rao', 'nisha@example.test', BANK);
    await credit(other.id, 60_000);
    setClock(() => new Date('2026-12-01T06:00:00Z'));
    await run(admin);
    const second = ((await batch(admin, '?period=2026-W49')).json() as { items: Array<{ id: string }> })
      .items[0];
    expect((await mark(admin, id, 'paid', { utr: 'HDFCN5202611260001' })).statusCode).toBe(200);
    const dup = await mark(admin, second.id, 'paid', { utr: 'HDFCN520261126 0001' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('This UTR is already recorded on another payout');
  });

  it('a failed payout gives the money back, tells the shark why, cannot be paid, and the next run retries', async () => {
    const { arjun, admin, id } = await onePayout();
    const empty = await mark(admin, id, 'failed', { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ reason: 'Say why the payout failed; the payee reads it' });
    const failed = await mark(admin, id, 'failed', { reason: 'The bank returned it: account closed.' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json().message).toBe(
      'Payout marked failed. Its money is back in the balance and the payee was told why.',
    );
    expect(await available(arjun.id)).toBe(120_000);
    const [last] = await outbox('arjun@example.test');
    expect(last.subject).toBe('Your payout of ₹1,200 failed');
    expect(last.text).toContain('The bank returned it: account closed.');
    const late = await mark(admin, id, 'paid', { utr: 'HDFCN520261126 0001' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This payout failed and its money went back to the balance; it cannot be marked paid.',
    );
    expect((await mark(admin, id, 'failed', { reason: 'again' })).json().error.message).toBe(
      'This payout already failed.',
    );
    // The same period's next run makes a new payout of the returned money.
    expect((await run(admin)).json()).toMatchObject({ created: 1 });
    expect(await available(arjun.id)).toBe(0);
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it('a refund after a payout leaves a negative balance, which the next earnings repay first', async () => {
    const { arjun, admin, id } = await onePayout();
    await mark(admin, id, 'paid', { utr: 'HDFCN520261126 0001' });
    // A refund of a paid-out session takes the shark's part from the available balance.
    await db.transaction((tx) =>
      post(tx, {
        key: 'test:refund-after-payout',
        kind: 'refund_requested',
        memo: 'Refund (test)',
        lines: [
          [{ payee: { kind: 'shark', id: arjun.id }, part: 'available' }, 40_000],
          ['refunds_payable', -40_000],
        ],
      }),
    );
    const earnings = await app.inject({
      method: 'GET',
      url: '/api/workspace/earnings',
      headers: { cookie: arjun.cookie },
    });
    expect(earnings.json().balance.availablePaise).toBe(-40_000);
    setClock(() => new Date('2026-12-01T06:00:00Z'));
    await credit(arjun.id, 70_000);
    // ₹700 earned, ₹400 owed: ₹300 is left, below the minimum, so nothing is paid this week.
    expect((await run(admin)).json()).toMatchObject({ created: 0, period: '2026-W49' });
    await credit(arjun.id, 50_000);
    expect((await run(admin)).json()).toMatchObject({ created: 1 });
    const week = (
      (await batch(admin, '?period=2026-W49')).json() as { items: Array<{ amountPaise: number }> }
    ).items;
    expect(week.map((p) => p.amountPaise)).toEqual([80_000]);
    // Settle the test's refund so the ledger's books close.
    await db.transaction((tx) =>
      post(tx, {
        key: 'test:refund-sent',
        kind: 'refund_processed',
        memo: 'Refund sent (test)',
        lines: [
          ['refunds_payable', 40_000],
          ['provider_clearing', -40_000],
        ],
      }),
    );
  });
});

describe('who may run and mark payouts', () => {
  it('refuses learners, sharks and visitors; only the payee sees its payouts', async () => {
    const arjun = await sharkWith('Arjun Mehta', 'arjun@example.test', BANK);
    const learner = await sessionCookie(db, (await createAccount(db, { roles: ['user'] })).id);
    const some = randomUUID();
    for (const [cookie, status] of [
      [learner, 403],
      [arjun.cookie, 403],
      [null, 401],
    ] as const) {
      const headers = cookie ? { cookie } : {};
      expect((await app.inject({ method: 'POST', url: '/api/admin/payouts/run', headers })).statusCode).toBe(
        status,
      );
      expect((await app.inject({ method: 'GET', url: '/api/admin/payouts', headers })).statusCode).toBe(
        status,
      );
      expect(
        (await app.inject({ method: 'GET', url: '/api/admin/payouts/bank-file?period=2026-W48', headers }))
          .statusCode,
      ).toBe(status);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/admin/payouts/${some}/paid`,
            headers,
            payload: { utr: 'HDFCN520261126 0001' },
          })
        ).statusCode,
      ).toBe(status);
    }
    expect(
      (await app.inject({ method: 'GET', url: '/api/workspace/payouts', headers: { cookie: learner } }))
        .statusCode,
    ).toBe(403);
    const admin = await adminCookie();
    const missing = await mark(admin, some, 'paid', { utr: 'HDFCN520261126 0001' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('No such payout.');
  });
});
