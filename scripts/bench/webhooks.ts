// Webhooks under load (issue 23): the payment provider's POSTs to /api/payments/webhooks/razorpay, each a signed
// raw body with its own event id, as fast as the server answers. The route checks the signature, stores the
// event once and writes its job in one transaction, then answers 200; applying it is a job (not measured here).
// After the run, SQL counts the events stored against the 200s received (a replay stores nothing: none extra).
import { createHmac, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { TEST_GATEWAY } from '#server/modules/money/test-gateway/service.ts';

export interface WebhookResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The run's prefix of event ids, to count what was stored. */
  run: string;
}

/** A payment.failed event of an order nobody has: stored and applied as a no-op, like a stranger's event. */
function signedEvent(run: string) {
  const eventId = `evt_${run}_${randomUUID().replace(/-/g, '')}`;
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_bench',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
          entity: 'payment',
          amount: 100_000,
          currency: 'INR',
          status: 'failed',
          order_id: `order_bench${run}`,
          error_description: 'Payment failed',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
  const signature = createHmac('sha256', TEST_GATEWAY.webhookSecret).update(body).digest('hex');
  return { eventId, body, signature };
}

export async function runWebhooks(
  base: string,
  seconds: number,
  connections: number,
): Promise<WebhookResult> {
  const run = randomUUID().slice(0, 8);
  const result = await autocannon({
    url: `${base}/api/payments/webhooks/razorpay`,
    method: 'POST',
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const e = signedEvent(run);
          return {
            ...req,
            method: 'POST',
            body: e.body,
            headers: {
              'content-type': 'application/json',
              'x-razorpay-signature': e.signature,
              'x-razorpay-event-id': e.eventId,
            },
          };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    run,
  };
}

/** The events of this run that were stored: one per 200. */
export async function countStoredEvents(db: Db, run: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM payment_webhook_events WHERE event_id LIKE ${`evt_${run}_%`}`,
  );
  return Number(row.n);
}
