// The ledger (issue 23, decision 132): the only place money is counted. Every money event posts one balanced
// transaction, in the same database transaction as the change it belongs to, under an idempotency key so a
// retried event (a replayed webhook, a job run twice) posts nothing more. Amounts are integer paise; a debit
// is positive, a credit negative.
import type { DbOrTx } from '#server/db/client.ts';
import { LEDGER_ACCOUNT_KINDS, type LedgerAccountKind, type PayeeKind } from '#shared/ledger.ts';
import * as repo from './repository';

export type CompanyAccount = Exclude<LedgerAccountKind, 'payee_pending' | 'payee_available'>;
export interface Payee {
  kind: PayeeKind;
  id: string;
}

/** One account of a posting: a company account, or a payee's pending or available payable. */
export type Account = CompanyAccount | { payee: Payee; part: 'pending' | 'available' };

export interface Posting {
  /** Unique per money event: "payment:<id>:captured", "refund:<id>:processed"... */
  key: string;
  kind: string;
  memo: string;
  paymentId?: string | null;
  refundId?: string | null;
  bookingId?: string | null;
  at?: Date;
  /** Debits positive, credits negative; they must sum to zero (the database checks again at commit). */
  lines: ReadonlyArray<readonly [Account, number]>;
}

const keyOf = (a: Account): repo.AccountKey =>
  typeof a === 'string'
    ? { kind: a, payeeKind: null, payeeId: null }
    : {
        kind: a.part === 'pending' ? 'payee_pending' : 'payee_available',
        payeeKind: a.payee.kind,
        payeeId: a.payee.id,
      };

/**
 * Posts one transaction in the caller's database transaction. True when posted, false when this key was
 * posted before (nothing is written again). Zero lines are left out; lines of one account are added up.
 */
export async function post(tx: DbOrTx, p: Posting): Promise<boolean> {
  const lines = p.lines.filter(([, amount]) => amount !== 0);
  for (const [, amount] of lines)
    if (!Number.isSafeInteger(amount)) throw new Error(`ledger amounts are whole paise: ${amount}`);
  const sum = lines.reduce((s, [, amount]) => s + amount, 0);
  if (sum !== 0) throw new Error(`ledger posting ${p.key} does not balance (${sum})`);
  if (lines.length === 0) return false;
  const id = await repo.insertTransaction(tx, {
    idempotencyKey: p.key,
    kind: p.kind,
    memo: p.memo,
    paymentId: p.paymentId ?? null,
    refundId: p.refundId ?? null,
    bookingId: p.bookingId ?? null,
    at: p.at,
  });
  if (!id) return false;
  const ids = await repo.accountIds(
    tx,
    lines.map(([a]) => keyOf(a)),
  );
  const byAccount = new Map<number, number>();
  lines.forEach(([, amount], i) => byAccount.set(ids[i], (byAccount.get(ids[i]) ?? 0) + amount));
  const entries = [...byAccount]
    .filter(([, a]) => a !== 0)
    .map(([accountId, amountPaise]) => ({ accountId, amountPaise }));
  await repo.insertEntries(tx, id, entries);
  return true;
}

/** Whether the money event of this key was posted (its transaction is in the ledger). */
export const isPosted = (db: DbOrTx, key: string) => repo.hasTransaction(db, key);

/** What the company owes a payee: pending (sessions not yet held) and available (held), in paise. */
export async function payeeBalance(db: DbOrTx, payee: Payee) {
  const rows = await repo.balances(db, payee);
  // Payables are credits (negative balances): owed to the payee as positive amounts.
  const owed = (kind: LedgerAccountKind) => 0 - (rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { pendingPaise: owed('payee_pending'), availablePaise: owed('payee_available') };
}

/** Which of these bookings have a posting of this kind ("share_released": the session was held). */
export async function bookingsPosted(db: DbOrTx, kind: string, bookingIds: string[]): Promise<Set<string>> {
  return new Set(await repo.bookingsWithTransaction(db, kind, [...new Set(bookingIds)]));
}

/**
 * The trial balance: every account's balance and their total, which is zero in a ledger that balances (the
 * tests check it after their runs; the admin's finance view shows it).
 */
export async function trialBalance(db: DbOrTx) {
  const [accounts, total] = await Promise.all([repo.balances(db), repo.entriesTotal(db)]);
  return { accounts, totalPaise: total };
}

// ---- The finance console (issue 24, decision 142) ------------------------------------------------------------

/**
 * One page of what each payee is owed, by name: pending and available as amounts owed to them (a negative
 * available balance is what the payee owes back, after a refund that came once its share was paid out).
 */
export async function payeeBalancePage(db: DbOrTx, q: string, page: { limit: number; offset: number }) {
  const rows = await repo.listPayeeBalances(db, q, page);
  const total = rows.length > 0 ? rows[0].total : page.offset > 0 ? await repo.countPayees(db, q) : 0;
  return {
    total,
    items: rows.map((r) => ({
      payeeKind: r.payeeKind,
      payeeId: r.payeeId,
      name: r.name,
      pendingPaise: 0 - r.pending,
      availablePaise: 0 - r.available,
    })),
  };
}

/** The trial balance as the console shows it: company accounts, payees' accounts added up per kind, the total. */
export async function trialBalanceByKind(db: DbOrTx) {
  // The company's accounts in the vocabulary's order (assets, revenue, what is owed), then the payees'.
  const order = (kind: LedgerAccountKind) => LEDGER_ACCOUNT_KINDS.indexOf(kind);
  const rows = (await repo.balancesByKind(db)).sort(
    (a, b) => order(a.kind) - order(b.kind) || (a.payeeKind ?? '').localeCompare(b.payeeKind ?? ''),
  );
  return {
    accounts: rows.map((r) => ({
      kind: r.kind,
      payeeKind: r.payeeKind,
      accounts: r.accounts,
      balancePaise: r.balance,
    })),
    totalPaise: rows.reduce((sum, r) => sum + r.balance, 0),
  };
}

export type LedgerEntryRow = Awaited<ReturnType<typeof repo.listEntriesBetween>>[number];

/** The entries of a date range, `pageSize` at a time: a range of any size is never held in memory at once. */
export async function* ledgerEntriesBetween(
  db: DbOrTx,
  range: { from: Date; to: Date },
  pageSize = 1000,
): AsyncGenerator<LedgerEntryRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await repo.listEntriesBetween(db, range, afterId, pageSize);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1].id;
  }
}
