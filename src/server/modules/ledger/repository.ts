// All SQL of the ledger (issue 23, decision 132): accounts found or made, transactions and entries appended.
// The database keeps it honest: a transaction's entries sum to zero at commit, and nothing is ever updated.
import { and, asc, eq, gt, gte, ilike, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, sharks } from '#server/db/schema.ts';
import type { LedgerAccountKind, PayeeKind } from '#shared/ledger.ts';

export interface AccountKey {
  kind: LedgerAccountKind;
  payeeKind: PayeeKind | null;
  payeeId: string | null;
}

/** The ids of these accounts, made on first use (two writers at once: ON CONFLICT keeps one row). */
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
    .where(inArray(ledgerAccounts.kind, [...new Set(keys.map((k) => k.kind))]));
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
      payee ? and(eq(ledgerAccounts.payeeKind, payee.kind), eq(ledgerAccounts.payeeId, payee.id)) : undefined,
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
