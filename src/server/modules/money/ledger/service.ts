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

/** Where a payee's payouts stand, in paise: on its way (created or sent, not yet paid) and paid out so far. */
export interface PayoutFigures {
  onTheWayPaise: number;
  paidOutPaise: number;
}

/** A payee's four figures, every one from the ledger (decision 208). */
export type PayeeFigures = PayeeOwed & PayoutFigures;

const payoutFiguresOf = (row: { inFlight: number; paidOut: number } | undefined): PayoutFigures => ({
  // The in-flight accounts are payables (credits): on its way to the payee as a positive amount.
  onTheWayPaise: 0 - (row?.inFlight ?? 0),
  paidOutPaise: row?.paidOut ?? 0,
});

/**
 * Where these payees' payouts stand, by payee ("shark:<id>"), from the ledger alone (decision 208): every
 * posting of a payout names it, and its creation took the money from the payee's available account, so the
 * company's in-flight accounts (payouts_payable, payouts_in_transit) are split per payee by payout; what a
 * payee's payouts took out of its balances in all is what was paid out. A payee without payouts is absent.
 */
async function payoutFiguresByPayee(db: DbOrTx, payees: Payee[], before?: Date) {
  const rows = await repo.payoutFiguresOf(db, payees, before);
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, payoutFiguresOf(r)]));
}

/** A payee's payouts on their way and paid out, in paise, from the ledger: its tiles' last two figures. */
export async function payeePayoutFigures(db: DbOrTx, payee: Payee): Promise<PayoutFigures> {
  const [row] = await repo.payoutFiguresOf(db, [payee]);
  return payoutFiguresOf(row);
}

/** A payee's pending, available, on its way and paid out, in paise: every figure its tiles show. */
export async function payeeFigures(db: DbOrTx, payee: Payee): Promise<PayeeFigures> {
  const [balance, payouts] = await Promise.all([payeeBalance(db, payee), payeePayoutFigures(db, payee)]);
  return { ...balance, ...payouts };
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
/** The kind of a refund's first posting: the payee's part (and the fee and tax) taken back from the payment. */
const REFUND_REQUESTED = 'refund_requested';

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

/** What a statement counts as owed to a payee: its two payables and its payouts on their way. */
export type PayeeStatementBalance = PayeeOwed & { onTheWayPaise: number };

/** One ledger transaction of a payee's statement, seen from the payee. */
export interface PayeeStatementLine {
  id: string;
  at: Date;
  kind: string;
  memo: string;
  bookingId: string | null;
  /** The memo of the capture of the payment it belongs to (the session), if any. */
  paymentMemo: string | null;
  /** A reversal's original: its kind and memo (null for any other transaction). */
  reverses: { kind: string; memo: string } | null;
  /**
   * What it added to (positive) or took from (negative) the payee's pending and available balances and its
   * payouts on their way (a payout's postings, split per payee by the payout they name).
   */
  pendingPaise: number;
  availablePaise: number;
  onTheWayPaise: number;
  /** What it paid out to the payee (a payout's payment), or took back from what was (its reversal). */
  paidOutPaise: number;
  /** The platform's fee and the tax on it in the same transaction: positive when charged, negative when given back. */
  feePaise: number;
  feeTaxPaise: number;
}

const owedOf = (rows: Array<{ kind: string; balance: number }>): PayeeOwed => {
  const owed = (kind: LedgerAccountKind) =>
    0 - rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.balance, 0);
  return { pendingPaise: owed('payee_pending'), availablePaise: owed('payee_available') };
};

const IN_FLIGHT: readonly string[] = ['payouts_payable', 'payouts_in_transit'];

/**
 * A payee's statement over [from, to) from the ledger alone: the balances at `from`, every transaction that
 * touched one of its accounts or belongs to one of its payouts (whatever its kind: postings by any module appear
 * by their own kind and memo), and the balances at `to`. Three queries.
 */
export async function payeeStatement(db: DbOrTx, payee: Payee, from: Date, to: Date) {
  const [before, payoutsBefore, entries] = await Promise.all([
    repo.payeeBalancesBefore(db, payee, from),
    payoutFiguresByPayee(db, [payee], from),
    repo.payeeTransactionEntries(db, payee, from, to),
  ]);
  const opening: PayeeStatementBalance = {
    ...owedOf(before),
    onTheWayPaise: payoutsBefore.get(`${payee.kind}:${payee.id}`)?.onTheWayPaise ?? 0,
  };
  const byId = new Map<string, PayeeStatementLine & { payout: boolean }>();
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
        reverses: e.reversesKind === null ? null : { kind: e.reversesKind, memo: e.reversesMemo ?? '' },
        pendingPaise: 0,
        availablePaise: 0,
        onTheWayPaise: 0,
        paidOutPaise: 0,
        feePaise: 0,
        feeTaxPaise: 0,
        payout: e.payoutId !== null,
      };
      byId.set(e.id, line);
    }
    const mine = e.payeeKind === payee.kind && e.payeeId === payee.id;
    if (mine && e.accountKind === 'payee_pending') line.pendingPaise -= e.amountPaise;
    else if (mine && e.accountKind === 'payee_available') line.availablePaise -= e.amountPaise;
    else if (line.payout && IN_FLIGHT.includes(e.accountKind)) line.onTheWayPaise -= e.amountPaise;
    else if (e.accountKind === 'platform_fee_revenue') line.feePaise -= e.amountPaise;
    else if (e.accountKind === 'tax_payable') line.feeTaxPaise -= e.amountPaise;
  }
  // A Map keeps the order of first sight: the order the entries came in, which is the order of posting.
  const lines: PayeeStatementLine[] = [...byId.values()].map(({ payout, ...l }) => ({
    ...l,
    // What a payout's posting took out of everything the payee is owed went to the payee: it was paid out.
    paidOutPaise: payout ? 0 - (l.pendingPaise + l.availablePaise + l.onTheWayPaise) : 0,
  }));
  const sum = (f: (l: PayeeStatementLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  const closing: PayeeStatementBalance = {
    pendingPaise: opening.pendingPaise + sum((l) => l.pendingPaise),
    availablePaise: opening.availablePaise + sum((l) => l.availablePaise),
    onTheWayPaise: opening.onTheWayPaise + sum((l) => l.onTheWayPaise),
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

// ---- A payee's earnings, line by line (decision 208) ------------------------------------------------------

/** Where a paid session's or milestone's money sits for its payee, by the ledger. */
export type EarningLineState = 'pending' | 'available' | 'refunded';

/** One paid session (or milestone) as its payee's earnings show it, every amount from the ledger. */
export interface PayeeEarningLine {
  paymentId: string;
  bookingId: string | null;
  /** The memo of its capture (what was paid for). */
  memo: string;
  paidAt: Date;
  /** What the payer paid, the platform's fee and the tax on it (their capture, less any reversal of it). */
  pricePaise: number;
  feePaise: number;
  feeTaxPaise: number;
  /** The payee's part taken back by refunds. */
  refundedPaise: number;
  /** What the payee keeps of it now: its pending and available parts (a correction moves them too). */
  netPaise: number;
  state: EarningLineState;
}

/**
 * One page of a payee's earnings lines, the most recently paid first, read from the ledger alone: one line per
 * capture that credited the payee (a duplicate payment of one booking, refunded in full at once, has none: it
 * nets to nothing), and each line's figures from every posting of its payment, reversals included. Two queries.
 */
export async function payeeEarningLines(
  db: DbOrTx,
  payee: Payee,
  page: { limit: number; offset: number },
): Promise<{ total: number; lines: PayeeEarningLine[] }> {
  const captures = await repo.payeeCapturePage(db, payee, PAYMENT_CAPTURED, page);
  const total =
    captures.length > 0
      ? captures[0].total
      : page.offset > 0
        ? ((await repo.payeeCapturePage(db, payee, PAYMENT_CAPTURED, { limit: 1, offset: 0 }))[0]?.total ?? 0)
        : 0;
  const figures = new Map(
    (
      await repo.paymentFigures(
        db,
        payee,
        { captured: PAYMENT_CAPTURED, refund: REFUND_REQUESTED },
        captures.map((c) => c.paymentId),
      )
    ).map((f) => [f.paymentId, f]),
  );
  const lines = captures.map((c): PayeeEarningLine => {
    const f = figures.get(c.paymentId)!;
    // Owed to the payee: the payables' credits, as positive amounts.
    const pending = 0 - f.pending;
    const available = 0 - f.available;
    return {
      paymentId: c.paymentId,
      bookingId: c.bookingId,
      memo: c.memo,
      paidAt: c.at,
      pricePaise: f.clearing,
      feePaise: 0 - f.fee,
      feeTaxPaise: 0 - f.feeTax,
      refundedPaise: f.refunded,
      netPaise: pending + available,
      state: f.refunds > 0 ? 'refunded' : pending === 0 && available !== 0 ? 'available' : 'pending',
    };
  });
  return { total, lines };
}

/**
 * What a payee keeps of each group of its bookings (e.g. a course's held sessions), in paise, from the ledger:
 * every posting of those bookings on its pending and available accounts (their captures, refunds and any
 * reversal), added up per group by the database. A group whose bookings have no posting is absent.
 */
export async function payeeNetByGroup(
  db: DbOrTx,
  payee: Payee,
  members: Array<{ bookingId: string; group: string }>,
): Promise<Map<string, number>> {
  const rows = await repo.payeeBookingGroups(db, payee, members);
  return new Map(rows.map((r) => [r.group, 0 - r.balance]));
}

// ---- Corrections: a reversal (decision 208) ---------------------------------------------------------------

/** The kind of a reversal: the mirror of one transaction, named by its `reverses_id`. */
const REVERSAL = 'reversal';
const reversalKey = (transactionId: string) => `reversal:${transactionId}`;

/** Why a transaction cannot be reversed: there is none by that id or key, or it is itself a reversal. */
export class ReversalRefused extends Error {
  constructor(readonly reason: 'not_found' | 'is_reversal') {
    super(reason === 'not_found' ? 'no such ledger transaction' : 'a reversal is not reversed');
  }
}

/** A posted transaction by its idempotency key (the key the ledger's export prints), or null. */
export async function findPosting(db: DbOrTx, key: string) {
  const row = await repo.findTransaction(db, { key });
  return row && { id: row.id, key: row.key, kind: row.kind, memo: row.memo, reversesId: row.reversesId };
}

/**
 * Posts the mirror of a transaction, in the caller's database transaction: every entry negated, on the same
 * accounts, linked to it by `reverses_id` and carrying its payment, refund, booking and payout, so whatever
 * reads the original (a payee's tiles, its earnings lines, its statement) reads the correction with it. A
 * transaction is reversed once: a second reversal, by this key or any other, posts nothing (the unique index
 * on `reverses_id`) and answers the first one's id. A reversal is never reversed: post a new correction.
 */
export async function reverse(
  tx: DbOrTx,
  transactionId: string,
  opts: { memo: string; key?: string; at?: Date },
): Promise<{ posted: boolean; reversalId: string | null }> {
  const original = await repo.findTransaction(tx, { id: transactionId });
  if (!original) throw new ReversalRefused('not_found');
  if (original.reversesId !== null) throw new ReversalRefused('is_reversal');
  const id = await repo.insertReversalTransaction(tx, {
    idempotencyKey: opts.key ?? reversalKey(original.id),
    kind: REVERSAL,
    memo: opts.memo,
    paymentId: original.paymentId,
    refundId: original.refundId,
    bookingId: original.bookingId,
    payoutId: original.payoutId,
    reversesId: original.id,
    at: opts.at ?? now(),
  });
  if (!id) return { posted: false, reversalId: (await repo.findReversalOf(tx, original.id))?.id ?? null };
  const entries = await repo.transactionEntries(tx, original.id);
  await repo.insertEntries(
    tx,
    id,
    entries.map((e) => ({ accountId: e.accountId, amountPaise: 0 - e.amountPaise })),
  );
  return { posted: true, reversalId: id };
}

// ---- The finance console (issue 24, decision 142) ------------------------------------------------------------

/**
 * One page of what each payee (a shark or a freelancer, named by its own row) is owed, by name: pending and
 * available as amounts owed to them (a negative available balance is what the payee owes back, after a refund
 * that came once its share was paid out), with its payouts on their way and paid out. Two queries a page.
 */
export async function payeeBalancePage(db: DbOrTx, q: string, page: { limit: number; offset: number }) {
  const rows = await repo.listPayeeBalances(db, q, page);
  const total = rows.length > 0 ? rows[0].total : page.offset > 0 ? await repo.countPayees(db, q) : 0;
  const payouts = await payoutFiguresByPayee(
    db,
    rows.map((r) => ({ kind: r.payeeKind, id: r.payeeId })),
  );
  return {
    total,
    items: rows.map((r) => ({
      payeeKind: r.payeeKind,
      payeeId: r.payeeId,
      name: r.name,
      pendingPaise: 0 - r.pending,
      availablePaise: 0 - r.available,
      ...payoutFiguresOf(undefined),
      ...payouts.get(`${r.payeeKind}:${r.payeeId}`),
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
