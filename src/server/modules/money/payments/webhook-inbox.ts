// Where the test gateway's webhooks are handed to the payments module (decision 133). Razorpay POSTs its webhooks
// to /api/payments/webhooks/razorpay; the test gateway sends the same signed bodies as jobs, and each job calls the
// one receiver registered here: the payments module's receiveWebhook, the function behind that route, so both
// go through the same signature check and handling. Tests may register a receiver of their own (and restore).
import type { JobContext } from '#server/jobs/context.ts';

/** A webhook as it arrived: the raw body exactly as signed, and its two headers. */
export interface WebhookDelivery {
  rawBody: string;
  /** x-razorpay-signature */
  signature: string | undefined;
  /** x-razorpay-event-id */
  eventId: string | undefined;
}

/** The receiver's HTTP answer: 200 taken (or a replay), 400 refused (a bad signature or body). */
export interface WebhookAnswer {
  status: 200 | 400;
  message: string;
}

export type WebhookReceiver = (ctx: JobContext, input: WebhookDelivery) => Promise<WebhookAnswer>;

let receiver: WebhookReceiver | null = null;

/** Registers the receiver; the function returned puts the previous one back. */
export function onWebhook(fn: WebhookReceiver): () => void {
  const previous = receiver;
  receiver = fn;
  return () => {
    receiver = previous;
  };
}

/** Hands one webhook to the receiver. Without one it throws, so the delivering job is retried later. */
export async function deliverWebhook(ctx: JobContext, input: WebhookDelivery): Promise<WebhookAnswer> {
  if (!receiver)
    throw new Error('No payment webhook receiver is registered yet; the delivery will be retried.');
  return receiver(ctx, input);
}
