// One handler per job kind, built on the app's services.
import { accountLinkHandler } from './account-link';
import type { JobContext } from './context';
import type { JobHandlers } from './queue';
import { mailHandler } from './mail';
import { maintenanceHandler } from './maintenance';
import { sessionsHandler } from './sessions';
import { reviewInvitationsHandler } from './review-invitations';
import { testGatewayRefundHandler, testGatewayWebhookHandler } from './test-gateway';
import { payoutsHandler } from './payouts';
import { reconciliationHandler } from './reconciliation';
import { calendarImportsHandler } from './calendar-imports';
import { engagementsHandler } from './engagements';
import { checkoutsHandler, paymentMailHandler, paymentWebhookHandler, refundHandler } from './payments';

export function jobHandlers(ctx: JobContext): JobHandlers {
  return {
    mail: mailHandler(ctx),
    maintenance: maintenanceHandler(ctx),
    'account-link': accountLinkHandler(ctx),
    sessions: sessionsHandler(ctx),
    'review-invitations': reviewInvitationsHandler(ctx),
    'test-gateway-webhook': testGatewayWebhookHandler(ctx),
    'test-gateway-refund': testGatewayRefundHandler(ctx),
    'payment-webhook': paymentWebhookHandler(ctx),
    refund: refundHandler(ctx),
    checkouts: checkoutsHandler(ctx),
    'payment-mail': paymentMailHandler(ctx),
    payouts: payoutsHandler(ctx),
    reconciliation: reconciliationHandler(ctx),
    'calendar-imports': calendarImportsHandler(ctx),
    engagements: engagementsHandler(ctx),
  };
}
