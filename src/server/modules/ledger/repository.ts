// All SQL of the ledger (issue 23, decision 132): accounts found or made, transactions and entries appended.
// The database keeps it honest: a transaction's entries sum to zero at commit, and nothing is ever updated.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '#server/db/schema.ts';
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
