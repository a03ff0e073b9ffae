// Engagements (issue 27, decision 169): the work hired through an accepted proposal. Its states, the rules of
// engagement the client acknowledges, the milestones' states, and the texts, once, for the page and the server.
import { z } from 'zod';
import { assetSchema } from './client-requests';
import { consoleListQuerySchema, consolePageSchema } from './console-page';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './payments';
import { SECURITY_SERVICES } from './security-services';
import { paiseSchema } from './money-schemas';
import { MESSAGE_FROM, messageBodySchema } from './conversations';

export const ENGAGEMENT_STATUSES = ['active', 'completed', 'cancelled'] as const;
export type EngagementStatus = (typeof ENGAGEMENT_STATUSES)[number];
export const ENGAGEMENT_STATUS_LABELS: Record<EngagementStatus, string> = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const MILESTONE_STATUSES = [
  'awaiting_funding',
  'funded',
  'delivered',
  'changes_requested',
  'approved',
  'disputed',
  'refunded',
] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];
export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  awaiting_funding: 'Awaiting funding',
  funded: 'Funded: work in progress',
  delivered: 'Delivered: awaiting approval',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  disputed: 'Disputed',
  refunded: 'Refunded',
};

/** The rules-of-engagement acknowledgement a client makes before any work starts: fixed text, stored as made. */
export const ROE_TERMS =
  'I own these assets or am authorised to have them tested, and I allow the freelancer to test them within the ' +
  'scope and testing window of this engagement.';

export const ENGAGEMENT_MSG = {
  notFound: 'Engagement not found',
  roeRequired: 'Tick the box to confirm you own the assets or are authorised to have them tested',
  roeAcknowledged: 'Rules of engagement acknowledged. The freelancer may start once a milestone is funded.',
  roeAlready: 'The rules of engagement were already acknowledged.',
  roeFirst:
    'The client must acknowledge the rules of engagement before any milestone is funded or delivered.',
  messageRequired: 'Write a message',
  messageTooLong: 'The message is too long (2000 characters at most)',
  messageSent: 'Message sent.',
  closed: 'This engagement is no longer active.',
} as const;

/** What the timeline says of each kind of change. */
export const ENGAGEMENT_EVENT_KINDS = [
  'created',
  'roe_acknowledged',
  'milestone_funded',
  'milestone_delivered',
  'milestone_changes_requested',
  'milestone_approved',
  'milestone_auto_approved',
  'milestone_disputed',
  'milestone_released',
  'milestone_refunded',
  'file_uploaded',
  'completed',
  'reviewed',
] as const;
export type EngagementEventKind = (typeof ENGAGEMENT_EVENT_KINDS)[number];
export const ENGAGEMENT_EVENT_LABELS: Record<EngagementEventKind, string> = {
  created: 'Engagement started from the accepted proposal',
  roe_acknowledged: 'Rules of engagement acknowledged by the client',
  milestone_funded: 'Milestone funded',
  milestone_delivered: 'Milestone delivered',
  milestone_changes_requested: 'Changes requested',
  milestone_approved: 'Milestone approved',
  milestone_auto_approved: 'Milestone approved automatically after 14 days without an answer',
  milestone_disputed: 'Milestone disputed',
  milestone_released: 'Dispute settled: milestone released to the freelancer',
  milestone_refunded: 'Dispute settled: milestone refunded to the client',
  file_uploaded: 'File uploaded',
  completed: 'Engagement completed',
  reviewed: 'Client reviewed the freelancer',
};

export const roeInputSchema = z.object({
  acknowledge: z.literal(true, { error: ENGAGEMENT_MSG.roeRequired }),
});

export const engagementMessageInputSchema = messageBodySchema('engagement', {
  required: ENGAGEMENT_MSG.messageRequired,
  tooLong: ENGAGEMENT_MSG.messageTooLong,
});

/** Who moves a milestone: its two parties, an admin, or the clock (14 days without an answer). */
export type MilestoneActor = 'client' | 'freelancer' | 'admin' | 'clock';
export const MILESTONE_MOVE_NAMES = [
  'fund',
  'deliver',
  'approve',
  'request_changes',
  'dispute',
  'release',
  'refund',
  'auto_approve',
] as const;
export type MilestoneMove = (typeof MILESTONE_MOVE_NAMES)[number];

/** The one table of a milestone's allowed moves: from which states, by whom, to which state (decision 177). */
export const MILESTONE_MOVES: Record<
  MilestoneMove,
  { from: readonly MilestoneStatus[]; by: readonly MilestoneActor[]; to: MilestoneStatus }
> = {
  fund: { from: ['awaiting_funding'], by: ['client'], to: 'funded' },
  deliver: { from: ['funded', 'changes_requested'], by: ['freelancer'], to: 'delivered' },
  approve: { from: ['delivered'], by: ['client'], to: 'approved' },
  request_changes: { from: ['delivered'], by: ['client'], to: 'changes_requested' },
  dispute: {
    from: ['funded', 'delivered', 'changes_requested'],
    by: ['client', 'freelancer'],
    to: 'disputed',
  },
  release: { from: ['disputed'], by: ['admin'], to: 'approved' },
  refund: { from: ['disputed'], by: ['admin'], to: 'refunded' },
  auto_approve: { from: ['delivered'], by: ['clock'], to: 'approved' },
};

/** What the viewer may do with a milestone in this state (the page offers only these; the server checks more). */
export function milestoneActions(status: MilestoneStatus, side: MilestoneActor): MilestoneMove[] {
  return MILESTONE_MOVE_NAMES.filter(
    (m) =>
      m !== 'auto_approve' &&
      MILESTONE_MOVES[m].from.includes(status) &&
      MILESTONE_MOVES[m].by.includes(side),
  );
}

export const engagementMilestoneSchema = z.object({
  id: z.uuid(),
  position: z.number(),
  title: z.string(),
  /** As the proposal's. */
  amountPaise: paiseSchema,
  status: z.enum(MILESTONE_STATUSES),
  fundedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  changesNote: z.string().nullable(),
  /** When a delivered milestone is approved without an answer. */
  autoApproveAt: z.string().nullable(),
  disputeNote: z.string().nullable(),
  /** What the viewer may do now, from the table of moves (funding also needs the order and the rules). */
  actions: z.array(z.enum(MILESTONE_MOVE_NAMES)),
});
export type EngagementMilestone = z.infer<typeof engagementMilestoneSchema>;

export const engagementEventSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ENGAGEMENT_EVENT_KINDS),
  actorName: z.string().nullable(),
  milestoneTitle: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type EngagementEvent = z.infer<typeof engagementEventSchema>;

export const engagementMessageSchema = z.object({
  id: z.uuid(),
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  /** The thread begins with the proposal's messages (decision 212): where this one was written. */
  from: z.enum(MESSAGE_FROM),
});
export type EngagementMessage = z.infer<typeof engagementMessageSchema>;

export const engagementSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  proposalId: z.uuid(),
  title: z.string(),
  service: z.enum(SECURITY_SERVICES),
  description: z.string(),
  assets: z.array(assetSchema),
  windowFrom: z.string(),
  windowTo: z.string(),
  pricePaise: paiseSchema,
  days: z.number(),
  status: z.enum(ENGAGEMENT_STATUSES),
  client: z.object({ id: z.uuid(), name: z.string() }),
  freelancer: z.object({ id: z.uuid(), name: z.string() }),
  /** Who is looking: the page offers only what this side may do. */
  viewer: z.enum(['client', 'freelancer', 'admin']),
  roe: z.object({ terms: z.string(), acknowledgedAt: z.string(), acknowledgedBy: z.string() }).nullable(),
  milestones: z.array(engagementMilestoneSchema),
  messages: z.array(engagementMessageSchema),
  events: z.array(engagementEventSchema),
  createdAt: z.string(),
});
export type Engagement = z.infer<typeof engagementSchema>;

/** An engagement in a list (the freelancer's dashboard, the client's request page). */
export const engagementCardSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  proposalId: z.uuid(),
  role: z.enum(['client', 'freelancer']),
  title: z.string(),
  status: z.enum(ENGAGEMENT_STATUSES),
  pricePaise: paiseSchema,
  counterpartName: z.string(),
  milestonesApproved: z.number(),
  milestonesTotal: z.number(),
  createdAt: z.string(),
});
export type EngagementCard = z.infer<typeof engagementCardSchema>;

// ---- Milestone payments (issue 27, decisions 176-179) -----------------------------------------------------

/** A delivered milestone left unanswered this long is approved automatically. */
export const AUTO_APPROVE_DAYS = 14;

export const MILESTONE_MSG = {
  notFound: 'Milestone not found',
  clientOnly: 'Only the client funds, approves or asks for changes on a milestone.',
  freelancerOnly: 'Only the freelancer marks a milestone delivered.',
  inOrder: 'Fund the milestones in order: the earlier milestone is not funded yet.',
  notAwaitingFunding: 'This milestone is already funded.',
  notFunded: 'Only a funded milestone (or one with changes requested) can be marked delivered.',
  notDelivered: 'Only a delivered milestone can be approved or sent back for changes.',
  notDisputable: 'Only a funded or delivered milestone can be disputed.',
  notDisputed: 'This milestone is not disputed.',
  funded: 'Payment received. The milestone is funded and the freelancer can start.',
  checkoutClosed: 'The checkout was closed. Nothing was charged; you can fund the milestone again.',
  checkoutFailed: 'The payment did not go through. Nothing was charged; you can try again.',
  delivered: 'Milestone marked delivered. The client has 14 days to approve it or ask for changes.',
  approved: "Milestone approved. Its share is now the freelancer's.",
  changesRequested: 'Changes requested. The freelancer will deliver again.',
  disputed: 'Dispute opened. Our team will rule on it.',
  released: 'Dispute ruled: the milestone is released to the freelancer.',
  refunded: 'Dispute ruled: the milestone is refunded to the client.',
  noteTooLong: 'The note is too long (2000 characters at most)',
  changesNoteRequired: 'Say what needs to change',
  disputeReasonRequired: 'Give the reason for the dispute',
  rulingReasonRequired: 'Give the reason for the ruling',
  outcomeRequired: 'Choose release or refund',
} as const;

const note = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(2000, MILESTONE_MSG.noteTooLong);

export const milestoneDeliverSchema = z.object({
  note: z.string().trim().max(2000, MILESTONE_MSG.noteTooLong).optional(),
});
export const milestoneChangesSchema = z.object({ note: note(MILESTONE_MSG.changesNoteRequired) });
export const milestoneDisputeSchema = z.object({ reason: note(MILESTONE_MSG.disputeReasonRequired) });
export const DISPUTE_OUTCOMES = ['release', 'refund'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const disputeRulingSchema = z.object({
  outcome: z.enum(DISPUTE_OUTCOMES, { error: MILESTONE_MSG.outcomeRequired }),
  reason: note(MILESTONE_MSG.rulingReasonRequired),
});

/** A milestone's checkout: what the page opens the provider's window with (amounts in paise). */
export const milestoneCheckoutSchema = z.object({
  paymentId: z.uuid(),
  provider: z.enum(PAYMENT_PROVIDERS),
  keyId: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  feePaise: z.number().int(),
  feeTaxPaise: z.number().int(),
  currency: z.literal('INR'),
  description: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
});
export type MilestoneCheckout = z.infer<typeof milestoneCheckoutSchema>;

/** GET /api/freelancer/earnings: the freelancer's balance from the ledger and a line per paid milestone. */
export const freelancerEarningsSchema = z.object({
  balance: z.object({
    pendingPaise: z.number().int(),
    availablePaise: z.number().int(),
    paidOutPaise: z.number().int(),
    onTheWayPaise: z.number().int(),
  }),
  lines: z.array(
    z.object({
      milestoneId: z.uuid(),
      engagementId: z.uuid(),
      engagementTitle: z.string(),
      milestoneTitle: z.string(),
      paidAt: z.string(),
      amountPaise: z.number().int(),
      feePaise: z.number().int(),
      feeTaxPaise: z.number().int(),
      refundedPaise: z.number().int(),
      netPaise: z.number().int(),
      state: z.enum(['pending', 'available', 'refunded']),
      /** Where the milestone's work stands (funded, delivered, disputed, ...), beside where its money sits. */
      milestoneStatus: z.enum(MILESTONE_STATUSES),
      /**
       * A delivered milestone's pending share: when the client's 14 days to answer end and it is approved
       * without an answer (unless approved sooner, or changes or a dispute come first). Null otherwise.
       */
      availableFrom: z.string().nullable(),
    }),
  ),
});
export type FreelancerEarnings = z.infer<typeof freelancerEarningsSchema>;

/** A disputed milestone in the admin console's list. */
export const disputeSchema = z.object({
  milestoneId: z.uuid(),
  engagementId: z.uuid(),
  engagementTitle: z.string(),
  milestoneTitle: z.string(),
  amountPaise: paiseSchema,
  clientName: z.string(),
  freelancerName: z.string(),
  reason: z.string(),
  openedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;
export const disputePageSchema = z.object({
  items: z.array(disputeSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type DisputePage = z.infer<typeof disputePageSchema>;

/** The admin console's Engagements list (decision 194): searched and paged on the server, filtered by state. */
export const ADMIN_ENGAGEMENT_MSG = {
  statusInvalid: 'Choose an engagement state: active, completed or cancelled',
} as const;
export const adminEngagementsQuerySchema = consoleListQuerySchema.extend({
  status: z.enum(ENGAGEMENT_STATUSES, { error: ADMIN_ENGAGEMENT_MSG.statusInvalid }).optional(),
});
export type AdminEngagementsQuery = z.input<typeof adminEngagementsQuerySchema>;

/** One row of the console's Engagements list: the work, its two parties and its milestones' progress. */
export const adminEngagementRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  service: z.enum(SECURITY_SERVICES),
  status: z.enum(ENGAGEMENT_STATUSES),
  pricePaise: paiseSchema,
  createdAt: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  freelancerName: z.string(),
  freelancerEmail: z.string(),
  milestones: z.number().int(),
  approved: z.number().int(),
  disputed: z.number().int(),
});
export type AdminEngagementRow = z.infer<typeof adminEngagementRowSchema>;
export const adminEngagementPageSchema = consolePageSchema(adminEngagementRowSchema);
export type AdminEngagementPage = z.infer<typeof adminEngagementPageSchema>;
