// The ledger holds by itself (issue 23): the database refuses a transaction that does not sum to zero, and any
// change or removal of what was written; a retried event posts nothing more; balances read what was posted.
import { beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ledgerEntries, ledgerTransactions } from '#server/db/schema.ts';
import { resetDb, testDatabase } from '#server/test/app.ts';
import { payeeBalance, post, trialBalance } from './service';

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
