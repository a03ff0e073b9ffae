// The payment-webhook job (issue 23; one dispatcher since issue 39): one stored provider event applied. Captures
// from payment.captured and order.paid (in either order, any number of times) go through the one checkout's
// settleCapture like the callback, routed to the product the payment pays for; a refund's end settles it; a
// failed attempt is noted (the payer may retry in the same checkout); a payout's transfer is the payouts
// module's, handed over by the composition root. A paid payment never moves back. A capture is checked against
// the payment it names before anything takes effect: one of another amount, currency or order delivers nothing
// and is an exception for the admins (issue 38).
import type { Db } from '#server/db/client.ts';
import type { GatewayTransfer } from './gateway';
import { settleCapture, type CaptureCheck, type Products } from './checkout';
import {
  applyRefundEvent,
  findPaymentByOrder,
  markWebhookProcessed,
  notePaymentFailure,
  reportedCapture,
  webhookEvent,
  type PaymentsContext,
} from './service';

/** What the job is given by the composition root: every product, the capture check, the payouts' transfers. */
export interface WebhookWiring {
  products: Products;
  captureChecked: CaptureCheck;
  applyTransfer(db: Db, transfer: GatewayTransfer): Promise<unknown>;
}

export async function applyPaymentWebhook(
  ctx: PaymentsContext & { db: Db },
  wiring: WebhookWiring,
  eventId: string,
): Promise<void> {
  const stored = await webhookEvent(ctx.db, eventId);
  if (!stored || stored.processed) return;
  const { event, payload } = stored.event;
  const payment = payload.payment?.entity;
  if ((event === 'payment.captured' || event === 'order.paid') && payment && payment.status === 'captured') {
    // order.paid names the order twice (its payment's and its own): either may be ours.
    const order = payload.order?.entity;
    const ours =
      (await findPaymentByOrder(ctx.db, payment.order_id)) ??
      (order ? await findPaymentByOrder(ctx.db, order.id) : null);
    // Not what was ordered delivers nothing (an exception now); a provider payment of no order of ours is the
    // nightly reconciliation's to find, from the provider's own list.
    if (ours && (await wiring.captureChecked(ctx.db, ours, reportedCapture(payment, order))))
      await settleCapture(ctx.db, ctx, wiring.products[ours.purpose], ours.id, {
        providerPaymentId: payment.id,
        providerFeePaise: payment.fee,
      });
  } else if (event === 'payment.failed' && payment) {
    await notePaymentFailure(ctx.db, payment.order_id, payment.error_description ?? 'failed');
  } else if ((event === 'refund.processed' || event === 'refund.failed') && payload.refund) {
    const refund = payload.refund.entity;
    await ctx.db.transaction((tx) => applyRefundEvent(tx, ctx, refund));
  } else if ((event === 'transfer.processed' || event === 'transfer.failed') && payload.transfer) {
    // A payout's Route transfer (decision 147): the payouts module moves the payout it names.
    await wiring.applyTransfer(ctx.db, payload.transfer.entity);
  }
  await markWebhookProcessed(ctx.db, eventId);
}
