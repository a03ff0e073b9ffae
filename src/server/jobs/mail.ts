// Job `mail`: delivers one mail of the delivery log (the mail module renders and sends it).
import type { JobHandler } from './queue';
import type { JobContext } from './context';
import { createMailDelivery } from '#server/modules/platform/mail/service.ts';

export function mailHandler(ctx: JobContext): JobHandler<'mail'> {
  const deliver = createMailDelivery(ctx);
  return (job) => deliver(job);
}
