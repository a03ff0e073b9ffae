// All SQL of the ledger (issue 23, decision 132): accounts found or made, transactions and entries appended.
// The database keeps it honest: a transaction's entries sum to zero at commit, and nothing is ever updated.
import { and, asc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, sharks } from '#server/db/schema.ts';
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

/** Which of these bookings have a transaction of this kind (e.g. share_released), in one query. */
export async function bookingsWithTransaction(
  db: DbOrTx,
  kind: string,
  bookingIds: string[],
): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ bookingId: ledgerTransactions.bookingId })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), inArray(ledgerTransactions.bookingId, bookingIds)));
  return rows.flatMap((r) => (r.bookingId ? [r.bookingId] : []));
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
 * Every entry of the transactions posted in [from, to) that touched one of a payee's accounts, the company's
 * accounts of those transactions too (a capture's fee and tax), in the order they were posted: one query.
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
  const rows = await db
    .select({
      id: ledgerTransactions.id,
      at: ledgerTransactions.at,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      bookingId: ledgerTransactions.bookingId,
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
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerTransactions.id, touched),
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
 * A payee's name: a shark's, by its row (freelancers join here when they are paid). Read beside the ledger's
 * payee ids so the console can search and sort by it.
 */
const payeeName = sql<string>`coalesce(${sharks.name}, '')`;
const payeeNameJoin = and(eq(ledgerAccounts.payeeKind, 'shark'), eq(sharks.id, ledgerAccounts.payeeId));

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
    .leftJoin(sharks, payeeNameJoin)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(and(isNotNull(ledgerAccounts.payeeId), q ? ilike(payeeName, containsPattern(q)) : undefined))
    .groupBy(ledgerAccounts.payeeKind, ledgerAccounts.payeeId, sharks.name)
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
    .leftJoin(sharks, payeeNameJoin)
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
      payeeName: sharks.name,
      amountPaise: ledgerEntries.amountPaise,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .leftJoin(sharks, payeeNameJoin)
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
