// All SQL of the ledger (issue 23, decision 132): accounts found or made, transactions and entries appended.
// The database keeps it honest: a transaction's entries sum to zero at commit, and nothing is ever updated.
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { alias } from 'drizzle-orm/pg-core';
import { freelancers, ledgerAccounts, ledgerEntries, ledgerTransactions, sharks } from '#server/db/schema.ts';
import type { LedgerAccountKind, PayeeKind } from '#shared/ledger.ts';

export interface AccountKey {
  kind: LedgerAccountKind;
  payeeKind: PayeeKind | null;
  payeeId: string | null;
}

/** One account by its key, through the unique key's index (a company account's payee columns are null). */
const isAccount = (k: AccountKey) =>
  and(
    eq(ledgerAccounts.kind, k.kind),
    k.payeeKind === null ? isNull(ledgerAccounts.payeeKind) : eq(ledgerAccounts.payeeKind, k.payeeKind),
    k.payeeId === null ? isNull(ledgerAccounts.payeeId) : eq(ledgerAccounts.payeeId, k.payeeId),
  );

/**
 * The ids of these accounts, made on first use (two writers at once: ON CONFLICT keeps one row). Only these
 * accounts are read: reading every account of their kinds cost each posting 10,000 rows at 10,000 payees (the
 * payout batch in `npm run bench`).
 */
export async function accountIds(db: DbOrTx, keys: AccountKey[]): Promise<number[]> {
  await db.insert(ledgerAccounts).values(keys).onConflictDoNothing();
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      payeeKind: ledgerAccounts.payeeKind,
      payeeId: ledgerAccounts.payeeId,
    })
    .from(ledgerAccounts)
    .where(or(...keys.map(isAccount)));
  return keys.map((k) => {
    const row = rows.find((r) => r.kind === k.kind && r.payeeKind === k.payeeKind && r.payeeId === k.payeeId);
    if (!row) throw new Error(`ledger account ${k.kind} was not made`);
    return row.id;
  });
}

export interface NewTransaction {
  idempotencyKey: string;
  kind: string;
  memo: string;
  paymentId?: string | null;
  refundId?: string | null;
  bookingId?: string | null;
  payoutId?: string | null;
  reference?: string | null;
  /** A reversal names the transaction it mirrors (decision 208). */
  reversesId?: string | null;
  at?: Date;
}

/** The new transaction's id, or null when one with this key is already there (a retried event). */
export async function insertTransaction(db: DbOrTx, t: NewTransaction): Promise<string | null> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values(t)
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  return row?.id ?? null;
}

/** Whether a transaction with this idempotency key was posted. */
export async function hasTransaction(db: DbOrTx, idempotencyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))
    .limit(1);
  return row !== undefined;
}

/** A transaction by its id or its idempotency key, with what a reversal copies from it. */
export async function findTransaction(db: DbOrTx, by: { id: string } | { key: string }) {
  const [row] = await db
    .select({
      id: ledgerTransactions.id,
      key: ledgerTransactions.idempotencyKey,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      paymentId: ledgerTransactions.paymentId,
      refundId: ledgerTransactions.refundId,
      bookingId: ledgerTransactions.bookingId,
      payoutId: ledgerTransactions.payoutId,
      reversesId: ledgerTransactions.reversesId,
      at: ledgerTransactions.at,
    })
    .from(ledgerTransactions)
    .where('id' in by ? eq(ledgerTransactions.id, by.id) : eq(ledgerTransactions.idempotencyKey, by.key));
  return row ?? null;
}

/** The reversal of a transaction, if it has one (at most one: the unique index on reverses_id). */
export async function findReversalOf(db: DbOrTx, transactionId: string) {
  const [row] = await db
    .select({ id: ledgerTransactions.id, key: ledgerTransactions.idempotencyKey })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reversesId, transactionId));
  return row ?? null;
}

/** A transaction's entries: each account and amount (debits positive). */
export async function transactionEntries(db: DbOrTx, transactionId: string) {
  return db
    .select({ accountId: ledgerEntries.accountId, amountPaise: ledgerEntries.amountPaise })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(asc(ledgerEntries.id));
}

/**
 * A reversal's transaction, or null when its key was posted before or its original has a reversal already (any
 * unique key: the idempotency key's, or the partial one on reverses_id, which two reversals at once meet).
 */
export async function insertReversalTransaction(db: DbOrTx, t: NewTransaction): Promise<string | null> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values(t)
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  return row?.id ?? null;
}

export async function insertEntries(
  db: DbOrTx,
  transactionId: string,
  entries: Array<{ accountId: number; amountPaise: number }>,
): Promise<void> {
  await db.insert(ledgerEntries).values(entries.map((e) => ({ transactionId, ...e })));
}

/** Each account's balance (debits positive), optionally of one payee only. */
export async function balances(db: DbOrTx, payee?: { kind: PayeeKind; id: string }) {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      payeeKind: ledgerAccounts.payeeKind,
      payeeId: ledgerAccounts.payeeId,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(
      // The kinds too, so the account key's index finds the payee's two accounts instead of a scan of them all.
      payee
        ? and(
            inArray(ledgerAccounts.kind, ['payee_pending', 'payee_available']),
            eq(ledgerAccounts.payeeKind, payee.kind),
            eq(ledgerAccounts.payeeId, payee.id),
          )
        : undefined,
    )
    .groupBy(ledgerAccounts.id);
  return rows.map((r) => ({ ...r, balance: Number(r.balance) }));
}

/** The sum of every entry ever written: zero in a ledger that balances. */
export async function entriesTotal(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)` })
    .from(ledgerEntries);
  return Number(row.total);
}

/**
 * Every payee whose available payable holds at least `minPaise` (owed to them: the credit balance, negated),
 * in one aggregate over the payee_available accounts: the payout run's list.
 */
export async function payeesAvailableAtLeast(db: DbOrTx, minPaise: number) {
  const owed = sql<string>`0 - coalesce(sum(${ledgerEntries.amountPaise}), 0)`;
  const rows = await db
    .select({ payeeKind: ledgerAccounts.payeeKind, payeeId: ledgerAccounts.payeeId, owed })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.kind, 'payee_available'))
    .groupBy(ledgerAccounts.id)
    .having(sql`0 - coalesce(sum(${ledgerEntries.amountPaise}), 0) >= ${minPaise}`)
    .orderBy(ledgerAccounts.id);
  return rows.map((r) => ({ kind: r.payeeKind!, id: r.payeeId!, availablePaise: Number(r.owed) }));
}

/** What these bookings' transactions left on one account of a payee (debits positive), in one query. */
export async function bookingsBalance(
  db: DbOrTx,
  account: AccountKey,
  bookingIds: string[],
): Promise<number> {
  if (bookingIds.length === 0) return 0;
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerTransactions.bookingId, bookingIds),
        eq(ledgerAccounts.kind, account.kind),
        account.payeeKind === null
          ? isNull(ledgerAccounts.payeeKind)
          : eq(ledgerAccounts.payeeKind, account.payeeKind),
        account.payeeId === null
          ? isNull(ledgerAccounts.payeeId)
          : eq(ledgerAccounts.payeeId, account.payeeId),
      ),
    );
  return Number(row.balance);
}

/**
 * What the ledger's captures of these payments took into the provider's clearing account, by payment id (a
 * payment without a capture posting is absent).
 */
export async function capturedAmounts(db: DbOrTx, kind: string, paymentIds: string[]) {
  if (paymentIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({
      paymentId: ledgerTransactions.paymentId,
      amount: sql<string>`sum(${ledgerEntries.amountPaise})::text`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.kind, kind),
        inArray(ledgerTransactions.paymentId, paymentIds),
        eq(ledgerAccounts.kind, 'provider_clearing'),
      ),
    )
    .groupBy(ledgerTransactions.paymentId);
  return new Map(rows.flatMap((r) => (r.paymentId ? [[r.paymentId, Number(r.amount)] as const] : [])));
}

/**
 * Transactions of this kind that share their payout, or their reference with another payout's, where one of
 * them was posted in [from, to): each with its payout, reference and time, oldest first.
 */
export async function repeatedPayoutPostings(db: DbOrTx, kind: string, range: { from: Date; to: Date }) {
  const t = ledgerTransactions;
  const recent = and(eq(t.kind, kind), gte(t.at, range.from), lt(t.at, range.to));
  const samePayout = db
    .select({ payoutId: t.payoutId })
    .from(t)
    .where(and(eq(t.kind, kind), isNotNull(t.payoutId)))
    .groupBy(t.payoutId)
    .having(sql`count(*) > 1`);
  const sameReference = db
    .select({ reference: t.reference })
    .from(t)
    .where(and(eq(t.kind, kind), isNotNull(t.reference)))
    .groupBy(t.reference)
    .having(sql`count(DISTINCT ${t.payoutId}) > 1`);
  const recentPayouts = db.select({ payoutId: t.payoutId }).from(t).where(recent);
  const recentReferences = db.select({ reference: t.reference }).from(t).where(recent);
  return db
    .select({ id: t.id, payoutId: t.payoutId, reference: t.reference, at: t.at })
    .from(t)
    .where(
      and(
        eq(t.kind, kind),
        sql`((${t.payoutId} IN ${samePayout} AND ${t.payoutId} IN ${recentPayouts})
          OR (${t.reference} IN ${sameReference} AND ${t.reference} IN ${recentReferences}))`,
      ),
    )
    .orderBy(t.at, t.seq);
}

const ofPayee = (payee: { kind: PayeeKind; id: string }) =>
  and(eq(ledgerAccounts.payeeKind, payee.kind), eq(ledgerAccounts.payeeId, payee.id));

type PayeeKey = { kind: PayeeKind; id: string };

/** The company's accounts a payout's money sits in from its creation to its payment (decision 137). */
const IN_FLIGHT = ['payouts_payable', 'payouts_in_transit'] as const;

/**
 * Which payee each payout belongs to, by the ledger alone (decision 208): every posting of a payout names it
 * (`payout_id`), and its creation takes the money from that payee's available account. A payout's other steps
 * (sent, paid) touch only the company's accounts; they are the payee's through their payout.
 */
function payoutsOfPayees(db: DbOrTx, payees: PayeeKey[]) {
  return db.$with('payee_payouts').as(
    db
      .selectDistinct({
        payoutId: ledgerTransactions.payoutId,
        payeeKind: ledgerAccounts.payeeKind,
        payeeId: ledgerAccounts.payeeId,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(or(...payees.map(ofPayee)), isNotNull(ledgerTransactions.payoutId))),
  );
}

/**
 * For each of these payees with a payout: what its payouts hold in the company's in-flight accounts (debits
 * positive: a credit is money on its way to the payee), and what they took out of its balances in all (the
 * in-flight accounts and its own, over every posting of its payouts: a payout created and then paid took its
 * amount out; one created and then failed, nothing), from the postings before `before` if given. One query.
 */
export async function payoutFiguresOf(db: DbOrTx, payees: PayeeKey[], before?: Date) {
  if (payees.length === 0) return [];
  const pp = payoutsOfPayees(db, payees);
  const inFlight = inArray(ledgerAccounts.kind, [...IN_FLIGHT]);
  const own = and(eq(ledgerAccounts.payeeKind, pp.payeeKind), eq(ledgerAccounts.payeeId, pp.payeeId));
  const rows = await db
    .with(pp)
    .select({
      payeeKind: pp.payeeKind,
      payeeId: pp.payeeId,
      inFlight: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${inFlight}), 0)`,
      paidOut: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${or(inFlight, own)}), 0)`,
    })
    .from(pp)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.payoutId, pp.payoutId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(before ? lt(ledgerTransactions.at, before) : undefined)
    .groupBy(pp.payeeKind, pp.payeeId);
  return rows.map((r) => ({
    kind: r.payeeKind!,
    id: r.payeeId!,
    inFlight: Number(r.inFlight),
    paidOut: Number(r.paidOut),
  }));
}

/** The ledger's kind of a transaction, or of the one it reverses: a reversal counts against its original's kind. */
const reversed = alias(ledgerTransactions, 'reversed');
const effectiveKind = sql<string>`coalesce(${reversed.kind}, ${ledgerTransactions.kind})`;

/**
 * One page of a payee's paid sessions or milestones, the most recently paid first: the captures that credited
 * it, a payment's later captures of the same booking left out (a duplicate payment, refunded in full at once:
 * it nets to nothing), and how many there are (a window count).
 */
export async function payeeCapturePage(
  db: DbOrTx,
  payee: PayeeKey,
  kind: string,
  page: { limit: number; offset: number },
) {
  const t = ledgerTransactions;
  const earlier = alias(ledgerTransactions, 'earlier');
  const credited = db
    .selectDistinct({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(ofPayee(payee));
  const rows = await db
    .select({
      paymentId: t.paymentId,
      bookingId: t.bookingId,
      memo: t.memo,
      at: t.at,
      total: sql<string>`count(*) over ()`,
    })
    .from(t)
    .where(
      and(
        eq(t.kind, kind),
        isNotNull(t.paymentId),
        inArray(t.id, credited),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(and(eq(earlier.kind, kind), eq(earlier.bookingId, t.bookingId), lt(earlier.seq, t.seq))),
        ),
      ),
    )
    .orderBy(desc(t.at), desc(t.seq))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r, paymentId: r.paymentId!, total: Number(r.total) }));
}

/**
 * What every posting of these payments did, per payment, seen from the payee: the price, fee and tax its capture
 * took (less any reversal of it), the payee's part taken back by refunds, how many refunds stand, and what the
 * payee is owed of it now on pending and available (debits positive, as stored). One query.
 */
export async function paymentFigures(
  db: DbOrTx,
  payee: PayeeKey,
  kinds: { captured: string; refund: string },
  paymentIds: string[],
) {
  if (paymentIds.length === 0) return [];
  const t = ledgerTransactions;
  const own = ofPayee(payee);
  const of = (kind: string, cond: SQL | undefined) =>
    sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${effectiveKind} = ${kind} AND ${cond}), 0)`;
  const rows = await db
    .select({
      paymentId: t.paymentId,
      clearing: of(kinds.captured, eq(ledgerAccounts.kind, 'provider_clearing')),
      fee: of(kinds.captured, eq(ledgerAccounts.kind, 'platform_fee_revenue')),
      feeTax: of(kinds.captured, eq(ledgerAccounts.kind, 'tax_payable')),
      refunded: of(kinds.refund, own),
      refunds: sql<string>`count(DISTINCT ${t.id}) FILTER (WHERE ${effectiveKind} = ${kinds.refund} AND ${t.reversesId} IS NULL)
        - count(DISTINCT ${t.id}) FILTER (WHERE ${effectiveKind} = ${kinds.refund} AND ${t.reversesId} IS NOT NULL)`,
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${own} AND ${eq(ledgerAccounts.kind, 'payee_pending')}), 0)`,
      available: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${own} AND ${eq(ledgerAccounts.kind, 'payee_available')}), 0)`,
    })
    .from(t)
    .leftJoin(reversed, eq(reversed.id, t.reversesId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, t.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(inArray(t.paymentId, paymentIds))
    .groupBy(t.paymentId);
  return rows.map((r) => ({
    paymentId: r.paymentId!,
    clearing: Number(r.clearing),
    fee: Number(r.fee),
    feeTax: Number(r.feeTax),
    refunded: Number(r.refunded),
    refunds: Number(r.refunds),
    pending: Number(r.pending),
    available: Number(r.available),
  }));
}

/**
 * What a payee's pending and available accounts hold from the postings of each group's bookings (debits
 * positive, as stored), per group: the bookings come with their group (a course) as one JSON parameter, so a
 * shark with thousands of sessions is still one statement.
 */
export async function payeeBookingGroups(
  db: DbOrTx,
  payee: PayeeKey,
  members: Array<{ bookingId: string; group: string }>,
) {
  if (members.length === 0) return [];
  const json = JSON.stringify(members.map((m) => ({ booking_id: m.bookingId, grp: m.group })));
  const g = sql`jsonb_to_recordset(${json}::jsonb) AS g(booking_id uuid, grp text)`;
  const rows = await db
    .select({
      group: sql<string>`g.grp`,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`,
    })
    .from(ledgerTransactions)
    .innerJoin(g, sql`g.booking_id = ${ledgerTransactions.bookingId}`)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(ofPayee(payee), inArray(ledgerAccounts.kind, ['payee_pending', 'payee_available'])))
    .groupBy(sql`g.grp`);
  return rows.map((r) => ({ group: r.group, balance: Number(r.balance) }));
}

/** A payee's accounts' balances by kind (debits positive), from the transactions before `before`. */
export async function payeeBalancesBefore(db: DbOrTx, payee: { kind: PayeeKind; id: string }, before: Date) {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(ofPayee(payee), lt(ledgerTransactions.at, before)))
    .groupBy(ledgerAccounts.kind);
  return rows.map((r) => ({ kind: r.kind, balance: Number(r.balance) }));
}

/**
 * Every entry of the transactions posted in [from, to) that touched one of a payee's accounts or belong to one of
 * its payouts, the company's accounts of those transactions too (a capture's fee and tax, a payout's in-flight
 * accounts), in the order they were posted: one query.
 */
export async function payeeTransactionEntries(
  db: DbOrTx,
  payee: { kind: PayeeKind; id: string },
  from: Date,
  to: Date,
) {
  const touched = db
    .selectDistinct({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(ofPayee(payee));
  // A payout's steps that touch only the company's accounts (sent, paid) are the payee's through their payout.
  const pp = payoutsOfPayees(db, [payee]);
  const payoutSteps = db
    .with(pp)
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(pp, eq(pp.payoutId, ledgerTransactions.payoutId));
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      at: ledgerTransactions.at,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      bookingId: ledgerTransactions.bookingId,
      payoutId: ledgerTransactions.payoutId,
      /** What a reversal reverses: its kind and memo. */
      reversesKind: reversed.kind,
      reversesMemo: reversed.memo,
      // The memo of the payment's capture (the session it paid for): what a refund of that payment was about.
      paymentMemo: sql<string | null>`(SELECT c.memo FROM ledger_transactions c
        WHERE c.payment_id = ${ledgerTransactions.paymentId} AND c.kind = 'payment_captured' LIMIT 1)`,
      accountKind: ledgerAccounts.kind,
      payeeKind: ledgerAccounts.payeeKind,
      payeeId: ledgerAccounts.payeeId,
      entryId: ledgerEntries.id,
      amountPaise: ledgerEntries.amountPaise,
    })
    .from(ledgerTransactions)
    .leftJoin(reversed, eq(reversed.id, ledgerTransactions.reversesId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        or(inArray(ledgerTransactions.id, touched), inArray(ledgerTransactions.id, payoutSteps)),
        gte(ledgerTransactions.at, from),
        lt(ledgerTransactions.at, to),
      ),
    )
    // In the order they were posted (entries' ids grow with each insert): same-instant events keep theirs.
    .orderBy(asc(ledgerTransactions.at), asc(ledgerEntries.id));
  return rows.map((r) => ({ ...r, amountPaise: Number(r.amountPaise) }));
}

/**
 * The platform's fee and the tax on it in the transactions that touched a payee's accounts in [from, to), per
 * calendar month in `timeZone` ("2026-11"): credits of those accounts, so positive when charged.
 */
export async function payeeFeesByMonth(
  db: DbOrTx,
  payee: { kind: PayeeKind; id: string },
  range: { from: Date; to: Date; timeZone: string },
) {
  const touched = db
    .selectDistinct({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(ofPayee(payee));
  const month = sql<string>`to_char(${ledgerTransactions.at} AT TIME ZONE ${range.timeZone}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      feePaise: sql<string>`0 - coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${eq(ledgerAccounts.kind, 'platform_fee_revenue')}), 0)`,
      feeTaxPaise: sql<string>`0 - coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${eq(ledgerAccounts.kind, 'tax_payable')}), 0)`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerTransactions.id, touched),
        gte(ledgerTransactions.at, range.from),
        lt(ledgerTransactions.at, range.to),
        inArray(ledgerAccounts.kind, ['platform_fee_revenue', 'tax_payable']),
      ),
    )
    // The month is the select list's first column (one bound zone, not a second copy of the expression).
    .groupBy(sql`1`);
  return rows.map((r) => ({
    month: r.month,
    feePaise: Number(r.feePaise),
    feeTaxPaise: Number(r.feeTaxPaise),
  }));
}

// ---- The finance console (issue 24, decision 142) ------------------------------------------------------------

/**
 * A payee's name: a shark's by its row, a freelancer's by its profile row (decision 181), whichever the account's
 * payee kind joins. Read beside the ledger's payee ids so the console can search and sort by it.
 */
const payeeName = sql<string>`coalesce(${sharks.name}, ${freelancers.name}, '')`;
const sharkNameJoin = and(eq(ledgerAccounts.payeeKind, 'shark'), eq(sharks.id, ledgerAccounts.payeeId));
const freelancerNameJoin = and(
  eq(ledgerAccounts.payeeKind, 'freelancer'),
  eq(freelancers.id, ledgerAccounts.payeeId),
);

/**
 * One page of payees with their pending and available balances (debits positive, as stored), by name, and the
 * count of all that match (a window over the grouped rows).
 */
export async function listPayeeBalances(db: DbOrTx, q: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select({
      payeeKind: ledgerAccounts.payeeKind,
      payeeId: ledgerAccounts.payeeId,
      name: payeeName,
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${ledgerAccounts.kind} = 'payee_pending'), 0)`,
      available: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}) FILTER (WHERE ${ledgerAccounts.kind} = 'payee_available'), 0)`,
      total: sql<string>`count(*) over ()`,
    })
    .from(ledgerAccounts)
    .leftJoin(sharks, sharkNameJoin)
    .leftJoin(freelancers, freelancerNameJoin)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(and(isNotNull(ledgerAccounts.payeeId), q ? ilike(payeeName, containsPattern(q)) : undefined))
    .groupBy(ledgerAccounts.payeeKind, ledgerAccounts.payeeId, sharks.name, freelancers.name)
    .orderBy(asc(payeeName), asc(ledgerAccounts.payeeId))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    payeeKind: r.payeeKind!,
    payeeId: r.payeeId!,
    name: r.name,
    pending: Number(r.pending),
    available: Number(r.available),
    total: Number(r.total),
  }));
}

/** How many payees match (a page past the end still answers the total). */
export async function countPayees(db: DbOrTx, q: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<string>`count(DISTINCT (${ledgerAccounts.payeeKind}, ${ledgerAccounts.payeeId}))`,
    })
    .from(ledgerAccounts)
    .leftJoin(sharks, sharkNameJoin)
    .leftJoin(freelancers, freelancerNameJoin)
    .where(and(isNotNull(ledgerAccounts.payeeId), q ? ilike(payeeName, containsPattern(q)) : undefined));
  return Number(row.n);
}

/**
 * The trial balance in one statement: each company account's balance, and the payees' accounts added up per
 * kind of account and of payee, with how many accounts each line holds. One snapshot, so the lines add up.
 */
export async function balancesByKind(db: DbOrTx) {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      payeeKind: ledgerAccounts.payeeKind,
      accounts: sql<string>`count(DISTINCT ${ledgerAccounts.id})`,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountPaise}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.kind, ledgerAccounts.payeeKind)
    .orderBy(asc(ledgerAccounts.kind), asc(ledgerAccounts.payeeKind));
  return rows.map((r) => ({ ...r, accounts: Number(r.accounts), balance: Number(r.balance) }));
}

/**
 * The ledger's entries of transactions dated in [from, to), in the order they were written, `limit` after the
 * entry `afterId`: the export reads a range of any size in steady pages (a keyset on the entry's id).
 */
export async function listEntriesBetween(
  db: DbOrTx,
  range: { from: Date; to: Date },
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: ledgerEntries.id,
      at: ledgerTransactions.at,
      key: ledgerTransactions.idempotencyKey,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      account: ledgerAccounts.kind,
      payeeKind: ledgerAccounts.payeeKind,
      payeeId: ledgerAccounts.payeeId,
      payeeName: sql<string | null>`coalesce(${sharks.name}, ${freelancers.name})`,
      amountPaise: ledgerEntries.amountPaise,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(sharks, sharkNameJoin)
    .leftJoin(freelancers, freelancerNameJoin)
    .where(
      and(
        gt(ledgerEntries.id, afterId),
        gte(ledgerTransactions.at, range.from),
        lt(ledgerTransactions.at, range.to),
      ),
    )
    .orderBy(asc(ledgerEntries.id))
    .limit(limit);
}
