// Jobs of the built-in test gateway (test mode, decision 133): `test-gateway-webhook` delivers one signed webhook
// to the payments module's receiver, as Razorpay's POST would, then sends the ones that follow it; a refusal fails
// the job, so it is retried with backoff as Razorpay retries. `test-gateway-refund` settles a pending refund, which sends its own webhook job.
import { deliverWebhook, onWebhook } from '#server/modules/money/payments/webhook-inbox.ts';
import { receiveWebhook } from '#server/modules/money/payments/service.ts';
import { settleRefund } from '#server/modules/money/test-gateway/service.ts';
import type { JobContext } from './context';
import type { JobHandler } from './queue';

// The receiver behind POST /api/payments/webhooks/razorpay, the same one in every process that works these jobs
// (the app and `npm run worker`): the test gateway's webhooks pass its signature check and handling too.
onWebhook((ctx, input) => receiveWebhook({ ...ctx.payments, db: ctx.db }, input));

export function testGatewayWebhookHandler(ctx: JobContext): JobHandler<'test-gateway-webhook'> {
  return async (job) => {
    const { eventId, rawBody, signature, then = [] } = job.data;
    const answer = await deliverWebhook(ctx, { eventId, rawBody, signature });
    if (answer.status !== 200)
      throw new Error(`the webhook ${eventId} was refused with ${answer.status}: ${answer.message}`);
    // The next one only now: jobs of one batch come back in no fixed order, this keeps the webhooks' own. Were
    // this enqueue to fail, the retry delivers this webhook again (the receiver knows its event id) and goes on.
    const [next, ...rest] = then;
    if (next) await ctx.jobs.enqueue(ctx.db, 'test-gateway-webhook', { ...next, then: rest });
  };
}

export function testGatewayRefundHandler(ctx: JobContext): JobHandler<'test-gateway-refund'> {
  return async (job) => {
    const settled = await settleRefund(ctx.db, ctx.jobs, job.data.refundId, job.data.status);
    if (!settled) ctx.log.warn({ refundId: job.data.refundId }, 'test gateway: no such refund to settle');
  };
}
