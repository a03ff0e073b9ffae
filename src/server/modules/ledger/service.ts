// The ledger (issue 23, decision 132): the only place money is counted. Every money event posts one balanced
// transaction, in the same database transaction as the change it belongs to, under an idempotency key so a
// retried event (a replayed webhook, a job run twice) posts nothing more. Amounts are integer paise; a debit
// is positive, a credit negative.
import type { DbOrTx } from '#server/db/client.ts';
import { now } from '#server/time.ts';
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
  /** A payout's postings name it, and the reference its money left with (decision 146). */
  payoutId?: string | null;
  reference?: string | null;
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
    payoutId: p.payoutId ?? null,
    reference: p.reference ?? null,
    // The app's clock, as every rule about time reads it (the reconciliation finds a day's postings by it).
    at: p.at ?? now(),
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

/** The payees owed at least `minPaise` on their available balance: whom the payout run pays. */
export const payeesAvailableAtLeast = (db: DbOrTx, minPaise: number) =>
  repo.payeesAvailableAtLeast(db, minPaise);

/**
 * What the company owes a payee on one part (pending or available) for these bookings alone, in paise: e.g. the
 * share of held sessions still inside their no-show window.
 */
export async function payeeBookingsOwed(
  db: DbOrTx,
  payee: Payee,
  part: 'pending' | 'available',
  bookingIds: string[],
): Promise<number> {
  const balance = await repo.bookingsBalance(db, keyOf({ payee, part }), [...new Set(bookingIds)]);
  return 0 - balance;
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

/** The kind of a payment's capture posting (the money in the provider's clearing account). */
export const PAYMENT_CAPTURED = 'payment_captured';

/**
 * The kind of the posting that marks a payout paid (decision 146): keyed `payout:<id>:paid`, with its payoutId
 * and the reference the money left with (UTR, transfer id). The payouts module posts it; the reconciliation
 * reads it.
 */
export const PAYOUT_PAID = 'payout_paid';
export const payoutPaidKey = (payoutId: string) => `payout:${payoutId}:paid`;

/** What the ledger's captures of these payments took in, in paise, by payment id (absent: no capture posted). */
export const capturedAmounts = (db: DbOrTx, paymentIds: string[]) =>
  repo.capturedAmounts(db, PAYMENT_CAPTURED, [...new Set(paymentIds)]);

export interface PayoutPaidTwice {
  /** `payout:<id>` (one payout paid more than once) or `reference:<ref>` (one reference on several payouts). */
  subject: string;
  payoutIds: string[];
  reference: string | null;
  postings: number;
}

/**
 * Payouts marked paid twice, among the payout_paid postings of [from, to): a payout with more than one, and a
 * reference on more than one payout (each with its earlier postings, whenever they were made).
 */
export async function payoutsPaidTwice(
  db: DbOrTx,
  range: { from: Date; to: Date },
): Promise<PayoutPaidTwice[]> {
  const rows = await repo.repeatedPayoutPostings(db, PAYOUT_PAID, range);
  const found = new Map<string, PayoutPaidTwice>();
  const add = (subject: string, payoutId: string | null, reference: string | null) => {
    const f = found.get(subject) ?? { subject, payoutIds: [], reference, postings: 0 };
    f.postings++;
    if (payoutId && !f.payoutIds.includes(payoutId)) f.payoutIds.push(payoutId);
    found.set(subject, f);
  };
  const perPayout = new Map<string, number>();
  const payoutsOfReference = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.payoutId) perPayout.set(r.payoutId, (perPayout.get(r.payoutId) ?? 0) + 1);
    if (r.reference && r.payoutId)
      payoutsOfReference.set(r.reference, (payoutsOfReference.get(r.reference) ?? new Set()).add(r.payoutId));
  }
  for (const r of rows) {
    if (r.payoutId && (perPayout.get(r.payoutId) ?? 0) > 1) add(`payout:${r.payoutId}`, r.payoutId, null);
    if (r.reference && (payoutsOfReference.get(r.reference)?.size ?? 0) > 1)
      add(`reference:${r.reference}`, r.payoutId, r.reference);
  }
  return [...found.values()];
}

/** A payee's two payables, as owed to them (positive when the company owes). */
export interface PayeeOwed {
  pendingPaise: number;
  availablePaise: number;
}

/** One ledger transaction of a payee's statement, seen from the payee. */
export interface PayeeStatementLine {
  id: string;
  at: Date;
  kind: string;
  memo: string;
  bookingId: string | null;
  /** The memo of the capture of the payment it belongs to (the session), if any. */
  paymentMemo: string | null;
  /** What it added to (positive) or took from (negative) the payee's pending and available balances. */
  pendingPaise: number;
  availablePaise: number;
  /** The platform's fee and the tax on it in the same transaction: positive when charged, negative when given back. */
  feePaise: number;
  feeTaxPaise: number;
}

const owedOf = (rows: Array<{ kind: string; balance: number }>): PayeeOwed => {
  const owed = (kind: LedgerAccountKind) =>
    0 - rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.balance, 0);
  return { pendingPaise: owed('payee_pending'), availablePaise: owed('payee_available') };
};

/**
 * A payee's statement over [from, to) from the ledger alone: the balances at `from`, every transaction that
 * touched one of its accounts (whatever its kind: payouts posted by any module appear by their own kind and
 * memo), and the balances at `to`. Two queries.
 */
export async function payeeStatement(db: DbOrTx, payee: Payee, from: Date, to: Date) {
  const [before, entries] = await Promise.all([
    repo.payeeBalancesBefore(db, payee, from),
    repo.payeeTransactionEntries(db, payee, from, to),
  ]);
  const opening = owedOf(before);
  const byId = new Map<string, PayeeStatementLine>();
  for (const e of entries) {
    let line = byId.get(e.id);
    if (!line) {
      line = {
        id: e.id,
        at: e.at,
        kind: e.kind,
        memo: e.memo,
        bookingId: e.bookingId,
        paymentMemo: e.paymentMemo,
        pendingPaise: 0,
        availablePaise: 0,
        feePaise: 0,
        feeTaxPaise: 0,
      };
      byId.set(e.id, line);
    }
    const mine = e.payeeKind === payee.kind && e.payeeId === payee.id;
    if (mine && e.accountKind === 'payee_pending') line.pendingPaise -= e.amountPaise;
    else if (mine && e.accountKind === 'payee_available') line.availablePaise -= e.amountPaise;
    else if (e.accountKind === 'platform_fee_revenue') line.feePaise -= e.amountPaise;
    else if (e.accountKind === 'tax_payable') line.feeTaxPaise -= e.amountPaise;
  }
  // A Map keeps the order of first sight: the order the entries came in, which is the order of posting.
  const lines = [...byId.values()];
  const closing = {
    pendingPaise: opening.pendingPaise + lines.reduce((s, l) => s + l.pendingPaise, 0),
    availablePaise: opening.availablePaise + lines.reduce((s, l) => s + l.availablePaise, 0),
  };
  return { opening, lines, closing };
}

/** The fee and tax charged (less given back) in the transactions of a payee, per month ("2026-11") in a zone. */
export async function payeeFeesByMonth(
  db: DbOrTx,
  payee: Payee,
  range: { from: Date; to: Date; timeZone: string },
) {
  const rows = await repo.payeeFeesByMonth(db, payee, range);
  return new Map(rows.map((r) => [r.month, { feePaise: r.feePaise, feeTaxPaise: r.feeTaxPaise }]));
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
