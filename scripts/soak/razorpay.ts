// The soak's payment provider: a small HTTP server on 127.0.0.1 that answers the Razorpay API calls the app's
// adapter makes (modules/money/payments/gateway.ts) with Razorpay's documented bodies and error bodies, keeps what it
// took (orders, payments, refunds), and sends signed webhooks to the app servers as Razorpay does, retried until
// one answers 200. The app runs with Razorpay's three keys and RAZORPAY_API_URL pointed here, so the soak
// exercises the production adapter, signature checks and webhook route, not the built-in test gateway.
// Its checkout (`pay`) is what Razorpay Checkout does in the browser: a captured (or failed) payment and the
// signed callback the learner's page posts to /checkout/confirm.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface EmulatorKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

interface Order {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}
interface Payment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  method: string;
  captured: boolean;
  email: string;
  contact: string;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  amount_refunded: number;
  created_at: number;
}
interface Refund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  status: 'pending' | 'processed';
  speed_processed: string;
  notes: Record<string, string>;
  created_at: number;
}

const razorpayId = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').slice(0, 14)}`;
const unix = () => Math.floor(Date.now() / 1000);

export interface Emulator {
  url: string;
  orders: Map<string, Order>;
  payments: Map<string, Payment>;
  refunds: Map<string, Refund>;
  /** Webhooks sent and answered 200, waiting or being retried, and the attempts refused or unanswered. */
  webhooks: { delivered: number; pending: number; failedAttempts: number };
  /** Razorpay Checkout: the learner pays (or the bank refuses) the order; the callback the page posts. */
  pay(
    orderId: string,
    outcome: 'success' | 'failure',
  ): {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  } | null;
  close(): Promise<void>;
}

export async function startRazorpayEmulator(opts: {
  port: number;
  keys: EmulatorKeys;
  /** The app servers that can take a webhook now (the load balancer's healthy set). */
  webhookTargets: () => string[];
  /** A refund stays pending this long before it is processed and its webhook sent. */
  refundSettleMs?: number;
}): Promise<Emulator> {
  const { keys } = opts;
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const refundByKey = new Map<string, { refund: Refund; body: string }>();
  const webhooks = { delivered: 0, pending: 0, failedAttempts: 0 };
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;
  const basic = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  /** A signed event to one healthy app server, retried every 2 s (Razorpay retries for a day). */
  function sendWebhook(event: string, payload: Record<string, unknown>) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_soak0000000000',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: unix(),
    });
    const eventId = razorpayId('evt');
    const signature = createHmac('sha256', keys.webhookSecret).update(body).digest('hex');
    webhooks.pending++;
    let turn = 0;
    const attempt = async () => {
      if (closing) return;
      const targets = opts.webhookTargets();
      const target = targets[turn++ % Math.max(1, targets.length)];
      const ok =
        target !== undefined &&
        (await fetch(`${target}/api/payments/webhooks/razorpay`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': signature,
            'x-razorpay-event-id': eventId,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        }).then(
          (r) => r.status === 200,
          () => false,
        ));
      if (ok) {
        webhooks.pending--;
        webhooks.delivered++;
      } else {
        webhooks.failedAttempts++;
        later(2000, () => void attempt());
      }
    };
    void attempt();
  }

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, description: string, field: string | null = null) =>
    send(res, status, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    });
  const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

  function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
    if (req.headers.authorization !== basic) return refuse(res, 401, 'The api key provided is invalid', null);
    const url = new URL(req.url ?? '/', 'http://razorpay');
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const parts = url.pathname.split('/').filter(Boolean);
    // POST /v1/orders
    if (req.method === 'POST' && url.pathname === '/v1/orders') {
      if (!Number.isInteger(body.amount) || (body.amount as number) < 100)
        return refuse(res, 400, 'Order amount less than minimum amount allowed', 'amount');
      if (body.currency !== 'INR') return refuse(res, 400, 'Currency is not supported', 'currency');
      const order: Order = {
        id: razorpayId('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: 'INR',
        receipt: typeof body.receipt === 'string' ? body.receipt : null,
        status: 'created',
        attempts: 0,
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: unix(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    // GET /v1/orders/:id/payments
    if (req.method === 'GET' && parts[1] === 'orders' && parts[3] === 'payments') {
      if (!orders.has(parts[2])) return refuse(res, 400, 'The id provided does not exist', 'id');
      return send(res, 200, collection([...payments.values()].filter((p) => p.order_id === parts[2])));
    }
    // GET /v1/payments?from=&to=&count=&skip=
    if (req.method === 'GET' && url.pathname === '/v1/payments') {
      const from = Number(url.searchParams.get('from') ?? 0);
      const to = Number(url.searchParams.get('to') ?? unix());
      const count = Math.min(100, Number(url.searchParams.get('count') ?? 10));
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const all = [...payments.values()]
        .filter((p) => p.created_at >= from && p.created_at <= to)
        .sort((a, b) => b.created_at - a.created_at);
      return send(res, 200, collection(all.slice(skip, skip + count)));
    }
    // POST /v1/payments/:id/refund (X-Refund-Idempotency)
    if (req.method === 'POST' && parts[1] === 'payments' && parts[3] === 'refund') {
      const key = req.headers['x-refund-idempotency'];
      const p = payments.get(parts[2]);
      if (!p) return refuse(res, 400, 'The id provided does not exist', 'id');
      if (typeof key === 'string') {
        const seen = refundByKey.get(key);
        if (seen && seen.body !== raw)
          return refuse(
            res,
            400,
            'Different request with the same idempotency key has already been processed.',
          );
        if (seen) return send(res, 200, seen.refund);
      }
      const amount = body.amount as number;
      if (p.status !== 'captured' || amount > p.amount - p.amount_refunded)
        return refuse(res, 400, 'The refund amount provided is greater than amount captured', 'amount');
      const refund: Refund = {
        id: razorpayId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: p.id,
        status: 'pending',
        speed_processed: 'normal',
        notes: (body.notes as Record<string, string>) ?? {},
        created_at: unix(),
      };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') refundByKey.set(key, { refund, body: raw });
      p.amount_refunded += amount;
      if (p.amount_refunded === p.amount) p.status = 'refunded';
      later(opts.refundSettleMs ?? 1000, () => {
        refund.status = 'processed';
        sendWebhook('refund.processed', { refund: { entity: refund }, payment: { entity: p } });
      });
      return send(res, 200, refund);
    }
    // GET /v1/payments/:id/refunds/:refundId
    if (req.method === 'GET' && parts[1] === 'payments' && parts[3] === 'refunds' && parts[4]) {
      const r = refunds.get(parts[4]);
      if (!r || r.payment_id !== parts[2]) return refuse(res, 400, 'The id provided does not exist', 'id');
      return send(res, 200, r);
    }
    return refuse(res, 404, 'The requested URL was not found on the server.');
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (e) {
        send(res, 500, { error: { code: 'SERVER_ERROR', description: String(e) } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${opts.port}`,
    orders,
    payments,
    refunds,
    webhooks,
    pay(orderId, outcome) {
      const order = orders.get(orderId);
      if (!order) return null;
      order.attempts++;
      const fee = Math.round(order.amount * 0.0236);
      const p: Payment = {
        id: razorpayId('pay'),
        entity: 'payment',
        amount: order.amount,
        currency: 'INR',
        status: outcome === 'success' ? 'captured' : 'failed',
        order_id: order.id,
        method: 'upi',
        captured: outcome === 'success',
        email: 'learner@soak.test',
        contact: '+919000000000',
        fee: outcome === 'success' ? fee : null,
        tax: outcome === 'success' ? Math.round((fee * 18) / 118) : null,
        error_code: outcome === 'success' ? null : 'BAD_REQUEST_ERROR',
        error_description: outcome === 'success' ? null : 'Payment failed because the bank declined it',
        amount_refunded: 0,
        created_at: unix(),
      };
      payments.set(p.id, p);
      if (outcome === 'failure') {
        order.status = 'attempted';
        sendWebhook('payment.failed', { payment: { entity: p } });
        return null;
      }
      order.status = 'paid';
      order.amount_paid = order.amount;
      order.amount_due = 0;
      sendWebhook('payment.captured', { payment: { entity: p } });
      sendWebhook('order.paid', { payment: { entity: p }, order: { entity: order } });
      return {
        razorpay_payment_id: p.id,
        razorpay_order_id: order.id,
        razorpay_signature: createHmac('sha256', keys.keySecret).update(`${order.id}|${p.id}`).digest('hex'),
      };
    },
    async close() {
      closing = true;
      for (const t of timers) clearTimeout(t);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
