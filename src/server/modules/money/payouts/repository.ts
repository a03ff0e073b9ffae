// All SQL of payouts (decisions 136, 137): payout details, one row per account replaced whole on each change, and
// the payouts themselves.
import { now } from '#server/time.ts';
import { and, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { freelancers, payoutDetails as p, payouts, sharks, users } from '#server/db/schema.ts';

export type PayoutDetailsRow = typeof p.$inferSelect;
export type NewPayoutDetails = Omit<typeof p.$inferInsert, 'createdAt'> & { updatedAt: Date };

export async function findForUser(db: DbOrTx, userId: string): Promise<PayoutDetailsRow | null> {
  const [row] = await db.select().from(p).where(eq(p.userId, userId));
  return row ?? null;
}

/** The account's row, locked until the transaction ends, so two changes at once are mailed and audited in turn. */
export async function lockForUser(db: DbOrTx, userId: string): Promise<PayoutDetailsRow | null> {
  const [row] = await db.select().from(p).where(eq(p.userId, userId)).for('update');
  return row ?? null;
}

/** Writes the whole row: the other method's columns are cleared. */
export async function upsert(db: DbOrTx, values: NewPayoutDetails): Promise<PayoutDetailsRow> {
  // The key stays as it is; every other column is replaced.
  const { userId: _key, ...set } = values;
  const [row] = await db
    .insert(p)
    .values({ ...values, createdAt: values.updatedAt })
    .onConflictDoUpdate({ target: p.userId, set })
    .returning();
  return row;
}

// ---- Payouts (decision 137) -------------------------------------------------------------------------------

export type PayoutRow = typeof payouts.$inferSelect;
type PayeeKind = PayoutRow['payeeKind'];

/** The payee's name, mail, account and payout details, as the run and the mails need them. */
export interface PayeeContact {
  kind: PayeeKind;
  id: string;
  userId: string;
  name: string;
  email: string;
  details: PayoutDetailsRow | null;
}

/**
 * Sharks are payees by their shark id, freelancers by their profile row's id (decision 181); either way the
 * account and its payout details hang off the user.
 */
export async function payeeContacts(
  db: DbOrTx,
  payees: Array<{ kind: PayeeKind; id: string }>,
): Promise<Map<string, PayeeContact>> {
  const idsOf = (kind: PayeeKind) => payees.filter((x) => x.kind === kind).map((x) => x.id);
  const sharkIds = idsOf('shark');
  const freelancerIds = idsOf('freelancer');
  const out = new Map<string, PayeeContact>();
  if (sharkIds.length > 0) {
    const rows = await db
      .select({ id: sharks.id, userId: users.id, name: sharks.name, email: users.email, details: p })
      .from(sharks)
      .innerJoin(users, eq(users.id, sharks.userId))
      .leftJoin(p, eq(p.userId, users.id))
      .where(inArray(sharks.id, sharkIds));
    for (const r of rows) out.set(`shark:${r.id}`, { kind: 'shark', ...r });
  }
  if (freelancerIds.length > 0) {
    const rows = await db
      .select({
        id: freelancers.id,
        userId: users.id,
        name: freelancers.name,
        email: users.email,
        details: p,
      })
      .from(freelancers)
      .innerJoin(users, eq(users.id, freelancers.userId))
      .leftJoin(p, eq(p.userId, users.id))
      .where(inArray(freelancers.id, freelancerIds));
    for (const r of rows) out.set(`freelancer:${r.id}`, { kind: 'freelancer', ...r });
  }
  return out;
}

/** The payee's name and user, whichever kind it is: a payout joins both and one matches. */
const payeeName = sql<string>`coalesce(${sharks.name}, ${freelancers.name})`;
const payeeUserId = sql`coalesce(${sharks.userId}, ${freelancers.userId})`;
const joinSharkPayee = and(eq(payouts.payeeKind, 'shark'), eq(sharks.id, payouts.payeeId));
const joinFreelancerPayee = and(eq(payouts.payeeKind, 'freelancer'), eq(freelancers.id, payouts.payeeId));

export async function insertPayout(
  db: DbOrTx,
  values: typeof payouts.$inferInsert,
): Promise<PayoutRow | null> {
  // Any of the unique keys: the live payout of this payee and period, or its skip, is already there.
  const [row] = await db.insert(payouts).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findPayout(db: DbOrTx, id: string, lock = false): Promise<PayoutRow | null> {
  const q = db.select().from(payouts).where(eq(payouts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updatePayout(db: DbOrTx, id: string, set: Partial<typeof payouts.$inferInsert>) {
  const [row] = await db
    .update(payouts)
    .set({ ...set, updatedAt: now() })
    .where(eq(payouts.id, id))
    .returning();
  return row;
}

/** The payout that holds this reference, if any (a UTR typed twice). */
export async function findByReference(db: DbOrTx, provider: PayoutRow['provider'], reference: string) {
  const [row] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.provider, provider), eq(payouts.reference, reference)));
  return row ?? null;
}

/** A payee's payouts (skips left out), newest first, a page at a time, with the total in the same query. */
export async function payeePayoutPage(
  db: DbOrTx,
  payee: { kind: PayeeKind; id: string },
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({ row: payouts, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(payouts)
    .where(
      and(eq(payouts.payeeKind, payee.kind), eq(payouts.payeeId, payee.id), ne(payouts.status, 'skipped')),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: rows[0]?.total ?? 0, items: rows.map((r) => r.row) };
}

/** The admin's batch view: payouts of a period and status, searchable by the payee's name or mail. */
export async function adminPayoutPage(
  db: DbOrTx,
  filter: { period?: string; status?: PayoutRow['status']; q?: string },
  page: { limit: number; offset: number },
) {
  const q = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select({
      row: payouts,
      payeeName,
      payeeEmail: users.email,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(payouts)
    .leftJoin(sharks, joinSharkPayee)
    .leftJoin(freelancers, joinFreelancerPayee)
    .innerJoin(users, sql`${users.id} = ${payeeUserId}`)
    .where(
      and(
        filter.period ? eq(payouts.period, filter.period) : undefined,
        filter.status ? eq(payouts.status, filter.status) : undefined,
        q ? or(ilike(payeeName, q), ilike(users.email, q)) : undefined,
      ),
    )
    // What needs the admin first (to send, then to confirm), then failures, the paid, and the skipped.
    .orderBy(
      sql`CASE ${payouts.status} WHEN 'created' THEN 0 WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'paid' THEN 3 ELSE 4 END`,
      payeeName,
      payouts.id,
    )
    .limit(page.limit)
    .offset(page.offset);
  return { total: rows[0]?.total ?? 0, items: rows };
}

export async function payoutPeriods(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ period: payouts.period })
    .from(payouts)
    .orderBy(desc(payouts.period))
    .limit(limit);
  return rows.map((r) => r.period);
}

/** A period's manual payouts still to be sent or confirmed, with the sealed details the bank file needs. */
export async function manualBatch(db: DbOrTx, period: string) {
  return db
    .select({ row: payouts, payeeName, details: p })
    .from(payouts)
    .leftJoin(sharks, joinSharkPayee)
    .leftJoin(freelancers, joinFreelancerPayee)
    .leftJoin(p, sql`${p.userId} = ${payeeUserId}`)
    .where(
      and(
        eq(payouts.period, period),
        eq(payouts.provider, 'manual'),
        inArray(payouts.status, ['created', 'sent']),
      ),
    )
    .orderBy(payeeName, payouts.id);
}

/** Route payouts created but never sent (a send job lost): the run sends them again. */
export async function unsentRoutePayouts(db: DbOrTx, before: Date, limit: number) {
  return db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.provider, 'razorpay_route'),
        eq(payouts.status, 'created'),
        sql`${payouts.createdAt} < ${before}`,
      ),
    )
    .limit(limit);
}

/** The payee's Route linked account, kept as soon as Razorpay names it (a retry must not make a second). */
export async function setRouteAccount(db: DbOrTx, userId: string, routeAccountId: string) {
  await db.update(p).set({ routeAccountId }).where(eq(p.userId, userId));
}
