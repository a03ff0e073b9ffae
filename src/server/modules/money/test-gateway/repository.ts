// All SQL of the built-in test gateway: its orders, payments and refunds, each kept as the JSON body Razorpay's API
// would answer with (test_gateway_objects). A payment's parent is its order, a refund's its payment. Route's
// linked accounts have none; a product configuration's and a transfer's parent is its account.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { testGatewayObjects } from '#server/db/schema.ts';

export type GatewayEntity = (typeof testGatewayObjects.$inferSelect)['entity'];
export type Body = Record<string, unknown>;

export async function insertObject(
  db: DbOrTx,
  row: { id: string; entity: GatewayEntity; parentId: string | null; body: Body },
): Promise<void> {
  await db.insert(testGatewayObjects).values(row);
}

/** One object of this entity, locked until the transaction ends: its changes are made one at a time. */
export async function lockObject(db: DbOrTx, entity: GatewayEntity, id: string): Promise<Body | null> {
  const [row] = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(and(eq(testGatewayObjects.id, id), eq(testGatewayObjects.entity, entity)))
    .for('update');
  return row?.body ?? null;
}

export async function getObject(db: DbOrTx, entity: GatewayEntity, id: string): Promise<Body | null> {
  const [row] = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(and(eq(testGatewayObjects.id, id), eq(testGatewayObjects.entity, entity)));
  return row?.body ?? null;
}

export async function updateBody(db: DbOrTx, id: string, body: Body): Promise<void> {
  await db.update(testGatewayObjects).set({ body }).where(eq(testGatewayObjects.id, id));
}

/** The payments of an order (or refunds of a payment), oldest first. */
export async function listChildren(db: DbOrTx, entity: GatewayEntity, parentId: string): Promise<Body[]> {
  const rows = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(and(eq(testGatewayObjects.parentId, parentId), eq(testGatewayObjects.entity, entity)))
    .orderBy(asc(testGatewayObjects.createdAt), asc(sql`${testGatewayObjects.body}->'created_at'`));
  return rows.map((r) => r.body);
}

/**
 * A page of the objects of this entity created from `from` to `to` (unix seconds, both included, by the body's
 * created_at), newest first as Razorpay lists them.
 */
export async function listCreatedBetween(
  db: DbOrTx,
  entity: GatewayEntity,
  range: { from: number; to: number; count: number; skip: number },
): Promise<Body[]> {
  const createdAt = sql`(${testGatewayObjects.body}->>'created_at')::bigint`;
  const rows = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(
      and(eq(testGatewayObjects.entity, entity), sql`${createdAt} BETWEEN ${range.from} AND ${range.to}`),
    )
    .orderBy(desc(createdAt), desc(testGatewayObjects.createdAt), desc(testGatewayObjects.id))
    .limit(range.count)
    .offset(range.skip);
  return rows.map((r) => r.body);
}

/** The refund a request with this X-Refund-Idempotency key made, if any (the key is kept in its private part). */
export async function findRefundByIdempotencyKey(db: DbOrTx, key: string): Promise<Body | null> {
  const [row] = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(
      and(
        eq(testGatewayObjects.entity, 'refund'),
        sql`${testGatewayObjects.body}->'_private'->>'idempotency_key' = ${key}`,
      ),
    );
  return row?.body ?? null;
}

/** Holds one X-Refund-Idempotency key until the transaction ends, so two requests with it run one at a time. */
export async function lockIdempotencyKey(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`test-gateway-refund:${key}`}))`);
}

// ---- Route (decision 147) ----------------------------------------------------------------------------------

/** The linked account created with this email, if any: Razorpay takes an email for one account only. */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<Body | null> {
  const [row] = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(
      and(
        eq(testGatewayObjects.entity, 'account'),
        sql`lower(${testGatewayObjects.body}->>'email') = lower(${email})`,
      ),
    );
  return row?.body ?? null;
}

/** The transfer a request with this X-Transfer-Idempotency key made, if any (kept in its private part). */
export async function findTransferByIdempotencyKey(db: DbOrTx, key: string): Promise<Body | null> {
  const [row] = await db
    .select({ body: testGatewayObjects.body })
    .from(testGatewayObjects)
    .where(
      and(
        eq(testGatewayObjects.entity, 'transfer'),
        sql`${testGatewayObjects.body}->'_private'->>'idempotency_key' = ${key}`,
      ),
    );
  return row?.body ?? null;
}

/** Holds a lock named by this text until the transaction ends, so two requests about it run one at a time. */
export async function lockName(db: DbOrTx, name: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`test-gateway-route:${name}`}))`);
}
