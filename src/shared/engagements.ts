// Engagements (issue 27, decision 169): the work hired through an accepted proposal. Its states, the rules of
// engagement the client acknowledges, the milestones' states, and the texts, once, for the page and the server.
import { z } from 'zod';
import { assetSchema } from './client-requests';
import { SECURITY_SERVICES } from './security-services';

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

export const engagementMessageInputSchema = z.object({
  body: z
    .string({ error: ENGAGEMENT_MSG.messageRequired })
    .trim()
    .min(1, ENGAGEMENT_MSG.messageRequired)
    .max(2000, ENGAGEMENT_MSG.messageTooLong),
});

export const engagementMilestoneSchema = z.object({
  id: z.uuid(),
  position: z.number(),
  title: z.string(),
  /** Whole rupees, as the proposal's. */
  amount: z.number(),
  status: z.enum(MILESTONE_STATUSES),
  fundedAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  changesNote: z.string().nullable(),
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
  price: z.number(),
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
  price: z.number(),
  counterpartName: z.string(),
  milestonesApproved: z.number(),
  milestonesTotal: z.number(),
  createdAt: z.string(),
});
export type EngagementCard = z.infer<typeof engagementCardSchema>;
