// Proposals (issue 27): a freelancer's offer on a client request, its milestones, the client's shortlist and
// choice, and the thread between them. Schemas and texts, once, for the forms and the server.
import { z } from 'zod';
import { requestCardSchema } from './client-requests';

export const PROPOSAL_STATUSES = ['submitted', 'shortlisted', 'accepted', 'not_chosen', 'withdrawn'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  submitted: 'Submitted',
  shortlisted: 'Shortlisted',
  accepted: 'Accepted',
  not_chosen: 'Not chosen',
  withdrawn: 'Withdrawn',
};

export const PROPOSAL_MSG = {
  priceRequired: 'Enter your price in rupees',
  priceWhole: 'Enter whole rupees (at least ₹1, at most ₹1,00,00,000)',
  daysRequired: 'Enter the number of days',
  daysRange: 'Enter between 1 and 365 days',
  approachRequired: 'Describe your approach',
  approachTooLong: 'The approach is too long (4000 characters at most)',
  milestonesRequired: 'Add at least one milestone',
  milestonesTooMany: 'Add 10 milestones at most',
  milestoneTitleRequired: 'Name the milestone',
  milestoneTitleTooLong: 'The milestone name is too long (120 characters at most)',
  milestoneAmountRequired: 'Enter the milestone amount in rupees',
  milestonesSum: (sum: number, price: number) =>
    `The milestones add up to ₹${sum.toLocaleString('en-IN')}, not the price of ₹${price.toLocaleString('en-IN')}`,
  notFound: 'Proposal not found',
  requestNotOpen: 'This request is not open for proposals.',
  duplicate: 'You have already sent a proposal for this request. Edit it instead.',
  ownRequest: 'You cannot propose on your own request.',
  ndaFirst: 'Accept the NDA to see the scope before you propose.',
  sent: 'Your proposal was sent to the client.',
  updated: 'Your proposal was updated.',
  notEditable: 'A proposal can be changed only until the client shortlists it.',
  withdrawn: 'Your proposal was withdrawn.',
  notWithdrawable: 'This proposal can no longer be withdrawn.',
  shortlisted: 'The proposal is shortlisted: you can now message the freelancer.',
  notShortlistable: 'Only a submitted proposal can be shortlisted.',
  accepted: 'You accepted this proposal. The request is awarded and the other freelancers are told.',
  notAcceptable: 'Only a submitted or shortlisted proposal on an open request can be accepted.',
  messageRequired: 'Write a message',
  messageTooLong: 'The message is too long (2000 characters at most)',
  messagesClosed: 'Messages open once the client shortlists the proposal.',
  messageSent: 'Message sent.',
} as const;

const wholeRupees = (required: string) =>
  z
    .number({ error: required })
    .int(PROPOSAL_MSG.priceWhole)
    .min(1, PROPOSAL_MSG.priceWhole)
    .max(10_000_000, PROPOSAL_MSG.priceWhole);

export const milestoneSchema = z.object({
  title: z
    .string({ error: PROPOSAL_MSG.milestoneTitleRequired })
    .trim()
    .min(1, PROPOSAL_MSG.milestoneTitleRequired)
    .max(120, PROPOSAL_MSG.milestoneTitleTooLong),
  amount: wholeRupees(PROPOSAL_MSG.milestoneAmountRequired),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const proposalInputSchema = z
  .object({
    price: wholeRupees(PROPOSAL_MSG.priceRequired),
    days: z
      .number({ error: PROPOSAL_MSG.daysRequired })
      .int(PROPOSAL_MSG.daysRange)
      .min(1, PROPOSAL_MSG.daysRange)
      .max(365, PROPOSAL_MSG.daysRange),
    approach: z
      .string({ error: PROPOSAL_MSG.approachRequired })
      .trim()
      .min(1, PROPOSAL_MSG.approachRequired)
      .max(4000, PROPOSAL_MSG.approachTooLong),
    milestones: z
      .array(milestoneSchema, { error: PROPOSAL_MSG.milestonesRequired })
      .min(1, PROPOSAL_MSG.milestonesRequired)
      .max(10, PROPOSAL_MSG.milestonesTooMany),
  })
  .superRefine((p, ctx) => {
    const sum = p.milestones.reduce((s, m) => s + m.amount, 0);
    if (sum !== p.price)
      ctx.addIssue({
        code: 'custom',
        message: PROPOSAL_MSG.milestonesSum(sum, p.price),
        path: ['milestones'],
      });
  });
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalData = z.output<typeof proposalInputSchema>;

export const proposalMessageInputSchema = z.object({
  body: z
    .string({ error: PROPOSAL_MSG.messageRequired })
    .trim()
    .min(1, PROPOSAL_MSG.messageRequired)
    .max(2000, PROPOSAL_MSG.messageTooLong),
});

/** A freelancer's own proposal. */
export const ownProposalSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  price: z.number(),
  days: z.number(),
  approach: z.string(),
  milestones: z.array(milestoneSchema),
  status: z.enum(PROPOSAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnProposal = z.infer<typeof ownProposalSchema>;

/** What the client compares about a proposal's freelancer (null where not known yet). */
export const freelancerCardSchema = z.object({
  freelancerId: z.uuid(),
  name: z.string(),
  headline: z.string(),
  verifiedCredentials: z.number().nullable(),
  rating: z.number().nullable(),
  reviewCount: z.number(),
});
export type FreelancerCard = z.infer<typeof freelancerCardSchema>;

/** A proposal as the request's client compares it. */
export const clientProposalSchema = ownProposalSchema.extend({ freelancer: freelancerCardSchema });
export type ClientProposal = z.infer<typeof clientProposalSchema>;

/** /freelancer/client-requests: matching open requests, invitations, and the freelancer's own proposals. */
export const freelancerAreaSchema = z.object({
  services: z.array(z.string()),
  matching: z.array(requestCardSchema),
  invitations: z.array(requestCardSchema),
  proposals: z.array(ownProposalSchema.extend({ request: requestCardSchema })),
});
export type FreelancerArea = z.infer<typeof freelancerAreaSchema>;

export const proposalMessageSchema = z.object({
  id: z.uuid(),
  authorName: z.string(),
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
});
export type ProposalMessage = z.infer<typeof proposalMessageSchema>;
