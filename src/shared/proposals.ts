// Proposals (issue 27): a freelancer's offer on a client request, its milestones, the client's shortlist and
// choice, and the thread between them. Schemas and texts, once, for the forms and the server.
import { z } from 'zod';
import { requestCardSchema } from './client-requests';
import { formatPaise } from './money';
import { paiseField, paiseSchema, rupeesInput, type MoneyRules } from './money-schemas';
import { messageBodySchema } from './conversations';

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
  /** Both in paise. */
  milestonesSum: (sumPaise: number, pricePaise: number) =>
    `The milestones add up to ${formatPaise(sumPaise)}, not the price of ${formatPaise(pricePaise)}`,
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

/** A price or a milestone's amount: whole rupees from ₹1 to ₹1,00,00,000, in paise. */
const wholeRupees = (required: string): MoneyRules => ({
  required,
  invalid: PROPOSAL_MSG.priceWhole,
  whole: PROPOSAL_MSG.priceWhole,
  min: { paise: 100, message: PROPOSAL_MSG.priceWhole },
  max: { paise: 1_000_000_000, message: PROPOSAL_MSG.priceWhole },
});
const PRICE_RULES = wholeRupees(PROPOSAL_MSG.priceRequired);
const MILESTONE_RULES = wholeRupees(PROPOSAL_MSG.milestoneAmountRequired);

const milestoneTitle = z
  .string({ error: PROPOSAL_MSG.milestoneTitleRequired })
  .trim()
  .min(1, PROPOSAL_MSG.milestoneTitleRequired)
  .max(120, PROPOSAL_MSG.milestoneTitleTooLong);

/** A milestone of a proposal as sent, its amount in paise. */
const milestoneSchema = z.object({ title: milestoneTitle, amountPaise: paiseField(MILESTONE_RULES) });
/** A milestone as stored in the proposal's milestones and answered. */
const milestoneViewSchema = z.object({ title: z.string(), amountPaise: paiseSchema });
export type Milestone = z.infer<typeof milestoneViewSchema>;

const milestonesOf = <T extends z.ZodType>(milestone: T) =>
  z
    .array(milestone, { error: PROPOSAL_MSG.milestonesRequired })
    .min(1, PROPOSAL_MSG.milestonesRequired)
    .max(10, PROPOSAL_MSG.milestonesTooMany);

/** The milestones' amounts add up to the price. */
const sumsToPrice = (
  p: { pricePaise: number; milestones: { amountPaise: number }[] },
  ctx: z.RefinementCtx,
) => {
  const sum = p.milestones.reduce((s, m) => s + m.amountPaise, 0);
  if (sum !== p.pricePaise)
    ctx.addIssue({
      code: 'custom',
      message: PROPOSAL_MSG.milestonesSum(sum, p.pricePaise),
      path: ['milestones'],
    });
};

/** The proposal's fields but its price and the milestones' amounts, which the API takes in paise. */
const proposalFields = {
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
};

/** POST and PUT of a proposal: the price and the milestones' amounts in paise. */
export const proposalInputSchema = z
  .object({
    pricePaise: paiseField(PRICE_RULES),
    ...proposalFields,
    milestones: milestonesOf(milestoneSchema),
  })
  .superRefine(sumsToPrice);
export type ProposalInput = z.input<typeof proposalInputSchema>;
export type ProposalData = z.output<typeof proposalInputSchema>;

/** The proposal form: the price and the milestones' amounts typed in whole rupees, sent in paise. */
export const proposalFormSchema = z
  .object({
    price: rupeesInput(PRICE_RULES),
    ...proposalFields,
    milestones: milestonesOf(z.object({ title: milestoneTitle, amount: rupeesInput(MILESTONE_RULES) })),
  })
  .transform(({ price, milestones, ...p }): ProposalData => ({
    ...p,
    pricePaise: price,
    milestones: milestones.map((m) => ({ title: m.title, amountPaise: m.amount })),
  }))
  .superRefine(sumsToPrice);
export type ProposalFormInput = Omit<ProposalInput, 'pricePaise' | 'milestones'> & {
  price: string;
  milestones: { title: string; amount: string }[];
};

export const proposalMessageInputSchema = messageBodySchema('proposal', {
  required: PROPOSAL_MSG.messageRequired,
  tooLong: PROPOSAL_MSG.messageTooLong,
});

/** A freelancer's own proposal. */
export const ownProposalSchema = z.object({
  id: z.uuid(),
  requestId: z.uuid(),
  pricePaise: paiseSchema,
  days: z.number(),
  approach: z.string(),
  milestones: z.array(milestoneViewSchema),
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
