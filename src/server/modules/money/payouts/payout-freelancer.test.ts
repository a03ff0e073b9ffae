// Payouts to freelancers (issue 27): a freelancer saves its payout details on its own account, and the payout
// run pays its available milestone money exactly as a shark's (ledger steps, mails, the admin's batch).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { createFreelancer } from '#server/test/marketplace.ts';
import { setClock } from '#server/time.ts';
import { payeeBalance, post, trialBalance } from '#server/modules/money/ledger/service.ts';

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

const UPI = { method: 'upi', upiId: 'kabir.shah@okaxis', pan: 'ABCPE1234F' };

/** An approved milestone's net, as the ledger holds it: available to the freelancer's profile row. */
async function creditFreelancer(payeeId: string, paise: number) {
  await db.transaction((tx) =>
    post(tx, {
      key: `test:${randomUUID()}`,
      kind: 'milestone_released',
      memo: 'Milestone approved (test)',
      lines: [
        ['provider_clearing', paise],
        [{ payee: { kind: 'freelancer', id: payeeId }, part: 'available' }, -paise],
      ],
    }),
  );
}

const details = (cookie: string, payload?: object) =>
  app.inject({
    method: payload ? 'PUT' : 'GET',
    url: '/api/freelancer/payout-details',
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });

const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as {
    template: string;
    text: string;
  }[];

describe('a freelancer paid out', () => {
  it('saves its payout details, and the run pays its available balance like a shark', async () => {
    const kabir = await createFreelancer(db);
    const saved = await details(kabir.cookie, UPI);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      details: { method: 'upi', upiMasked: expect.stringContaining('@okaxis') },
    });
    await creditFreelancer(kabir.profileId, 900_000);

    const admin = await createAccount(db, { roles: ['admin'] });
    const adminCookie = await sessionCookie(db, admin.id);
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: { cookie: adminCookie },
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ created: 1 });

    const mine = await app.inject({
      method: 'GET',
      url: '/api/freelancer/payouts',
      headers: { cookie: kabir.cookie },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      total: 1,
      onTheWayPaise: 900_000,
      items: [{ amountPaise: 900_000, status: 'created' }],
    });
    expect((await payeeBalance(db, { kind: 'freelancer', id: kabir.profileId })).availablePaise).toBe(0);

    // The admin's batch names the freelancer; marking it paid takes it out of "on the way".
    const batch = await app.inject({
      method: 'GET',
      url: '/api/admin/payouts?q=Kabir',
      headers: { cookie: adminCookie },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const [row] = batch.json().items as { id: string; payeeName: string }[];
    expect(row.payeeName).toBe('Kabir Shah');
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/payouts/${row.id}/paid`,
      headers: { cookie: adminCookie },
      payload: { utr: 'UTR000123456789' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await app.inject({
      method: 'GET',
      url: '/api/freelancer/payouts',
      headers: { cookie: kabir.cookie },
    });
    expect(after.json()).toMatchObject({ paidOutPaise: 900_000, onTheWayPaise: 0 });

    // The admin's Balances names the freelancer by its profile (never "Unknown payee"), searchable by that name,
    // with its payouts read from the ledger (decision 208); its own earnings tiles say the same.
    const balances = await app.inject({
      method: 'GET',
      url: '/api/admin/finance/balances?q=kabir',
      headers: { cookie: adminCookie },
    });
    expect(balances.statusCode, balances.body).toBe(200);
    expect(balances.json().items).toEqual([
      {
        payeeKind: 'freelancer',
        payeeId: kabir.profileId,
        name: 'Kabir Shah',
        pendingPaise: 0,
        availablePaise: 0,
        onTheWayPaise: 0,
        paidOutPaise: 900_000,
      },
    ]);
    const earnings = await app.inject({
      method: 'GET',
      url: '/api/freelancer/earnings',
      headers: { cookie: kabir.cookie },
    });
    expect(earnings.statusCode, earnings.body).toBe(200);
    expect(earnings.json().balance).toEqual({
      pendingPaise: 0,
      availablePaise: 0,
      paidOutPaise: 900_000,
      onTheWayPaise: 0,
    });
    // The ledger export names it too.
    const csv = await app.inject({
      method: 'GET',
      url: '/api/admin/finance/exports/ledger.csv?from=2026-11-01&to=2026-11-30',
      headers: { cookie: adminCookie },
    });
    expect(csv.body).toContain(`Kabir Shah (freelancer ${kabir.profileId})`);

    // The mails lead to the freelancer's earnings page; a change of details to its payout details section.
    const mails = await outbox(kabir.email);
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(['payout-details-changed', 'payout-update']),
    );
    for (const m of mails.filter((x) => x.template === 'payout-update'))
      expect(m.text).toMatch(/http:\/\/localhost:3000\/freelancer\/earnings(?!#)/);
    expect(mails.find((m) => m.template === 'payout-details-changed')?.text).toContain(
      'http://localhost:3000/freelancer/earnings#payout-details',
    );
    expect(mails.map((m) => m.text).join()).not.toContain('/freelancer/dashboard');
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it('holds the payout of a freelancer without payout details and mails a link to its payout details section', async () => {
    const kabir = await createFreelancer(db);
    await creditFreelancer(kabir.profileId, 900_000);
    const admin = await createAccount(db, { roles: ['admin'] });
    const run = await app.inject({
      method: 'POST',
      url: '/api/admin/payouts/run',
      headers: { cookie: await sessionCookie(db, admin.id) },
    });
    expect(run.statusCode, run.body).toBe(200);
    const [held] = await outbox(kabir.email);
    expect(held.template).toBe('payout-details-missing');
    expect(held.text).toContain('http://localhost:3000/freelancer/earnings#payout-details');
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it("keeps a freelancer's details its own: another freelancer reads its own, a shark is refused", async () => {
    const kabir = await createFreelancer(db);
    expect((await details(kabir.cookie, UPI)).statusCode).toBe(200);
    const other = await createFreelancer(db, { name: 'Meera Iyer' });
    expect((await details(other.cookie)).json()).toEqual({ details: null });
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/freelancer/payouts', headers: { cookie: other.cookie } })
      ).json(),
    ).toMatchObject({ total: 0 });

    const sharkAccount = await createAccount(db, { roles: ['shark'] });
    await createShark(db, { userId: sharkAccount.id, name: 'Arjun Mehta' });
    const sharkCookie = await sessionCookie(db, sharkAccount.id);
    expect((await details(sharkCookie)).statusCode).toBe(403);
    expect((await details(sharkCookie, UPI)).statusCode).toBe(403);
    // And a freelancer does not reach a shark's money scope.
    const shark = await app.inject({
      method: 'GET',
      url: '/api/workspace/payout-details',
      headers: { cookie: kabir.cookie },
    });
    expect(shark.statusCode).toBe(403);
  });
});
