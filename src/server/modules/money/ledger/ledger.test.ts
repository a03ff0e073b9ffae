// The ledger holds by itself (issue 23): the database refuses a transaction that does not sum to zero, and any
// change or removal of what was written; a retried event posts nothing more; balances read what was posted. A
// payee's every figure is read from it (decision 208): payouts on their way and paid out from the payouts'
// postings as the payouts module writes them, earnings lines and per-course sums from a payment's postings, and
// a correction posted as a reversal moves them all.
import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ledgerEntries, ledgerTransactions } from '#server/db/schema.ts';
import { resetDb, testDatabase } from '#server/test/app.ts';
import {
  payeeFigures,
  payeeNetByGroup,
  payeeStatement,
  post,
  payeeBalance,
  reverse,
  ReversalRefused,
  trialBalance,
  type Posting,
} from './service';

let db: Db;
beforeEach(async () => {
  db = (await testDatabase()).db;
  await resetDb();
});

/** The database's own message of a refused statement (Drizzle wraps it: the driver's error is its cause). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: { message: string; cause?: { message?: string } }) => e.cause?.message ?? e.message,
  );

const shark = { kind: 'shark' as const, id: randomUUID() };

describe('the ledger', () => {
  it('posts a balanced transaction once per key, and balances read it', async () => {
    const capture = {
      key: 'payment:1:captured',
      kind: 'payment_captured',
      memo: 'Session paid',
      lines: [
        ['provider_clearing', 150_000],
        [{ payee: shark, part: 'pending' }, -132_300],
        ['platform_fee_revenue', -15_000],
        ['tax_payable', -2_700],
      ] as const,
    };
    expect(await db.transaction((tx) => post(tx, { ...capture, lines: [...capture.lines] }))).toBe(true);
    // The same event again (a replayed webhook): nothing more is written.
    expect(await db.transaction((tx) => post(tx, { ...capture, lines: [...capture.lines] }))).toBe(false);
    expect(await payeeBalance(db, shark)).toEqual({ pendingPaise: 132_300, availablePaise: 0 });
    await db.transaction((tx) =>
      post(tx, {
        key: 'session:1:held',
        kind: 'share_released',
        memo: 'Session held',
        lines: [
          [{ payee: shark, part: 'pending' }, 132_300],
          [{ payee: shark, part: 'available' }, -132_300],
        ],
      }),
    );
    expect(await payeeBalance(db, shark)).toEqual({ pendingPaise: 0, availablePaise: 132_300 });
    const trial = await trialBalance(db);
    expect(trial.totalPaise).toBe(0);
    expect(await db.$count(ledgerTransactions)).toBe(2);
  });

  it('refuses an unbalanced posting in the code, and in the database when the code is bypassed', async () => {
    await expect(
      db.transaction((tx) =>
        post(tx, {
          key: 'bad',
          kind: 'x',
          memo: 'x',
          lines: [
            ['provider_clearing', 100],
            ['tax_payable', -99],
          ],
        }),
      ),
    ).rejects.toThrow('does not balance');
    // Straight SQL, one leg only: the deferred trigger refuses it at commit.
    await expect(
      db.transaction(async (tx) => {
        await post(tx, {
          key: 'ok',
          kind: 'x',
          memo: 'x',
          lines: [
            ['provider_clearing', 100],
            ['tax_payable', -100],
          ],
        });
        const [t] = await tx.select({ id: ledgerTransactions.id }).from(ledgerTransactions);
        const [e] = await tx.select({ accountId: ledgerEntries.accountId }).from(ledgerEntries);
        await tx
          .insert(ledgerEntries)
          .values({ transactionId: t.id, accountId: e.accountId, amountPaise: 5 });
      }),
    ).rejects.toSatisfy((e: { cause?: { message?: string } }) =>
      /does not balance/.test(e.cause?.message ?? String(e)),
    );
    expect(await db.$count(ledgerTransactions)).toBe(0);
  });

  it('refuses any update or delete of entries and transactions', async () => {
    await db.transaction((tx) =>
      post(tx, {
        key: 'k',
        kind: 'x',
        memo: 'x',
        lines: [
          ['provider_clearing', 100],
          ['tax_payable', -100],
        ],
      }),
    );
    expect(await refusal(db.execute(sql`UPDATE ledger_entries SET amount_paise = amount_paise * 2`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db.execute(sql`DELETE FROM ledger_entries`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`UPDATE ledger_transactions SET memo = 'changed'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(db.execute(sql`DELETE FROM ledger_transactions`))).toMatch(/append-only/);
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });
});

/** The postings of a payout as modules/payouts writes them (decision 137): each names its payout. */
const payoutStep = (payee: { kind: 'shark' | 'freelancer'; id: string }, payoutId: string, amount: number) =>
  ({
    created: {
      key: `payout:${payoutId}:created`,
      kind: 'payout_created',
      memo: 'Payout 2026-W48 to UPI ar••••@okaxis',
      payoutId,
      lines: [
        [{ payee, part: 'available' }, amount],
        ['payouts_payable', -amount],
      ],
    },
    sent: {
      key: `payout:${payoutId}:sent`,
      kind: 'payout_sent',
      memo: 'Payout 2026-W48 sent',
      payoutId,
      lines: [
        ['payouts_payable', amount],
        ['payouts_in_transit', -amount],
      ],
    },
    paid: {
      key: `payout:${payoutId}:paid`,
      kind: 'payout_paid',
      memo: 'Payout 2026-W48 paid (HDFCN5202611260001)',
      payoutId,
      reference: 'HDFCN5202611260001',
      lines: [
        ['payouts_in_transit', amount],
        ['provider_clearing', -amount],
      ],
    },
    failedWhileSent: {
      key: `payout:${payoutId}:failed`,
      kind: 'payout_failed',
      memo: 'Payout 2026-W48 failed: account closed',
      payoutId,
      lines: [
        ['payouts_in_transit', amount],
        [{ payee, part: 'available' }, -amount],
      ],
    },
  }) satisfies Record<string, Posting>;

const postAll = (...postings: Posting[]) =>
  db.transaction(async (tx) => {
    for (const p of postings) await post(tx, p);
  });

/** A held session's share, available to the payee (as the tests' creditAvailable posts it). */
const credit = (payee: { kind: 'shark' | 'freelancer'; id: string }, paise: number) =>
  postAll({
    key: `test:${randomUUID()}`,
    kind: 'share_released',
    memo: 'Session held (test)',
    lines: [
      ['provider_clearing', paise],
      [{ payee, part: 'available' }, -paise],
    ],
  });

describe("a payee's payouts, read from the ledger (decision 208)", () => {
  it('splits the company in-flight accounts per payee by payout: on its way, then paid out', async () => {
    const other = { kind: 'freelancer' as const, id: randomUUID() };
    await credit(shark, 200_000);
    await credit(other, 50_000);
    const mine = payoutStep(shark, randomUUID(), 200_000);
    const theirs = payoutStep(other, randomUUID(), 50_000);

    await postAll(mine.created, theirs.created);
    expect(await payeeFigures(db, shark)).toEqual({
      pendingPaise: 0,
      availablePaise: 0,
      onTheWayPaise: 200_000,
      paidOutPaise: 0,
    });
    await postAll(mine.sent, theirs.sent, theirs.paid);
    expect(await payeeFigures(db, shark)).toMatchObject({ onTheWayPaise: 200_000, paidOutPaise: 0 });
    expect(await payeeFigures(db, other)).toMatchObject({ onTheWayPaise: 0, paidOutPaise: 50_000 });
    await postAll(mine.paid);
    expect(await payeeFigures(db, shark)).toEqual({
      pendingPaise: 0,
      availablePaise: 0,
      onTheWayPaise: 0,
      paidOutPaise: 200_000,
    });

    // A second payout fails once sent: its money is back in available, nothing more was paid out.
    await credit(shark, 70_000);
    const failed = payoutStep(shark, randomUUID(), 70_000);
    await postAll(failed.created, failed.sent, failed.failedWhileSent);
    expect(await payeeFigures(db, shark)).toEqual({
      pendingPaise: 0,
      availablePaise: 70_000,
      onTheWayPaise: 0,
      paidOutPaise: 200_000,
    });
    // Its statement shows each step of its own payouts (none of the other payee's), in the same three places.
    const statement = await payeeStatement(db, shark, new Date(0), new Date(Date.now() + 86_400_000));
    expect(
      statement.lines
        .filter((l) => l.kind.startsWith('payout'))
        .map((l) => [l.kind, l.availablePaise, l.onTheWayPaise, l.paidOutPaise]),
    ).toEqual([
      ['payout_created', -200_000, 200_000, 0],
      ['payout_sent', 0, 0, 0],
      ['payout_paid', 0, -200_000, 200_000],
      ['payout_created', -70_000, 70_000, 0],
      ['payout_sent', 0, 0, 0],
      ['payout_failed', 70_000, -70_000, 0],
    ]);
    expect(statement.closing).toEqual({ pendingPaise: 0, availablePaise: 70_000, onTheWayPaise: 0 });
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });
});

describe('a reversal (decision 208)', () => {
  const capture = (paymentId: string, bookingId: string): Posting => ({
    key: `payment:${paymentId}:captured`,
    kind: 'payment_captured',
    memo: 'Web App Hacking: 2 h',
    paymentId: null,
    bookingId,
    lines: [
      ['provider_clearing', 300_000],
      [{ payee: shark, part: 'pending' }, -264_600],
      ['platform_fee_revenue', -30_000],
      ['tax_payable', -5_400],
    ],
  });

  it('posts the mirror of a transaction once, linked to it, and refuses to reverse a reversal', async () => {
    const bookingId = randomUUID();
    await postAll(capture('p1', bookingId));
    const [original] = await db.select().from(ledgerTransactions);
    const first = await db.transaction((tx) =>
      reverse(tx, original.id, { memo: 'Posted to the wrong shark' }),
    );
    expect(first.posted).toBe(true);
    // Every entry negated, on the same accounts; the booking carried over; the original named.
    const [reversal] = await db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.reversesId} IS NOT NULL`);
    expect(reversal).toMatchObject({
      id: first.reversalId,
      kind: 'reversal',
      memo: 'Posted to the wrong shark',
      idempotencyKey: `reversal:${original.id}`,
      reversesId: original.id,
      bookingId,
    });
    const entries = async (id: string) =>
      (
        await db
          .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amountPaise })
          .from(ledgerEntries)
          .where(sql`${ledgerEntries.transactionId} = ${id}`)
      ).sort((a, b) => a.accountId - b.accountId);
    expect(await entries(reversal.id)).toEqual(
      (await entries(original.id)).map((e) => ({ ...e, amount: -e.amount })),
    );
    expect(await payeeBalance(db, shark)).toEqual({ pendingPaise: 0, availablePaise: 0 });

    // Again, by the same key or another: nothing more is posted, and the first reversal is named.
    const again = await db.transaction((tx) => reverse(tx, original.id, { memo: 'Again' }));
    const otherKey = await db.transaction((tx) =>
      reverse(tx, original.id, { memo: 'Again', key: 'correction:42' }),
    );
    expect(again).toEqual({ posted: false, reversalId: first.reversalId });
    expect(otherKey).toEqual({ posted: false, reversalId: first.reversalId });
    // Two at once: one reversal (the unique index on reverses_id); the other posts nothing.
    await postAll(capture('p2', randomUUID()));
    const [second] = await db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.idempotencyKey} = 'payment:p2:captured'`);
    const both = await Promise.all(
      ['correction:a', 'correction:b'].map((key) =>
        db.transaction((tx) => reverse(tx, second.id, { memo: 'Twice at once', key })),
      ),
    );
    expect(both.filter((r) => r.posted)).toHaveLength(1);
    // A reversal is not reversed; nor is a transaction that does not exist.
    await expect(
      db.transaction((tx) => reverse(tx, first.reversalId!, { memo: 'Undo the undo' })),
    ).rejects.toSatisfy((e) => e instanceof ReversalRefused && e.reason === 'is_reversal');
    await expect(db.transaction((tx) => reverse(tx, randomUUID(), { memo: 'Nothing' }))).rejects.toSatisfy(
      (e) => e instanceof ReversalRefused && e.reason === 'not_found',
    );
    expect(await db.$count(ledgerTransactions)).toBe(4);
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });

  it("moves a payee's balances, per-course sums and statement with it", async () => {
    // (The earnings lines, one per capture of a payment row, are read through the API in earnings.test.ts.)
    const heldBooking = randomUUID();
    const declinedBooking = randomUUID();
    await postAll(capture('held', heldBooking), capture('declined', declinedBooking));
    const released = {
      key: `booking:${heldBooking}:share_released`,
      kind: 'share_released',
      memo: 'Session held: Web App Hacking: 2 h',
      bookingId: heldBooking,
      lines: [
        [{ payee: shark, part: 'pending' }, 264_600],
        [{ payee: shark, part: 'available' }, -264_600],
      ],
    } satisfies Posting;
    const refund = {
      key: `refund:${declinedBooking}:requested`,
      kind: 'refund_requested',
      memo: 'Shark declined (100%)',
      bookingId: declinedBooking,
      lines: [
        [{ payee: shark, part: 'pending' }, 264_600],
        ['platform_fee_revenue', 30_000],
        ['tax_payable', 5_400],
        ['refunds_payable', -300_000],
      ],
    } satisfies Posting;
    await postAll(released, refund);
    expect(await payeeFigures(db, shark)).toMatchObject({ pendingPaise: 0, availablePaise: 264_600 });
    const course = (bookingId: string) => ({ bookingId, group: 'web-app-hacking' });
    expect(await payeeNetByGroup(db, shark, [course(heldBooking)])).toEqual(
      new Map([['web-app-hacking', 264_600]]),
    );

    // The release was wrong (a no-show came to light): reversed, the share is pending again.
    const [release] = await db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.kind} = 'share_released'`);
    await db.transaction((tx) => reverse(tx, release.id, { memo: 'Released before the no-show report' }));
    expect(await payeeFigures(db, shark)).toMatchObject({ pendingPaise: 264_600, availablePaise: 0 });
    const statement = await payeeStatement(db, shark, new Date(0), new Date(Date.now() + 86_400_000));
    expect(statement.closing).toEqual({ pendingPaise: 264_600, availablePaise: 0, onTheWayPaise: 0 });
    expect(statement.lines.at(-1)).toMatchObject({
      kind: 'reversal',
      memo: 'Released before the no-show report',
      reverses: { kind: 'share_released', memo: 'Session held: Web App Hacking: 2 h' },
      pendingPaise: 264_600,
      availablePaise: -264_600,
    });
    expect((await trialBalance(db)).totalPaise).toBe(0);
  });
});
