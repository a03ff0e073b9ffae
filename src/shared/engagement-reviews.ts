// The client's review of the freelancer (issue 27, decision 182): once the engagement is completed, one per
// engagement, a rating and a text under the shark reviews' rules and messages, shown as verified on the
// freelancer's public profile and counted in the directory's rating.
import { z } from 'zod';
import { numberInput } from './fields';
import { REVIEW_MSG, REVIEW_RULES } from './reviews';

export const ENGAGEMENT_REVIEW_MSG = {
  ratingRequired: REVIEW_MSG.ratingRequired,
  bodyTooShort: REVIEW_MSG.bodyTooShort,
  bodyTooLong: REVIEW_MSG.bodyTooLong,
  clientOnly: 'Only the client reviews the freelancer.',
  notCompleted: 'The engagement can be reviewed once it is completed: every milestone approved or refunded.',
  alreadyReviewed: 'You have already reviewed this engagement.',
  created: REVIEW_MSG.created,
  verified: 'Verified engagement',
  title: 'Review the freelancer',
  heading: 'Reviews from clients',
} as const;

const rating = z.preprocess(
  numberInput,
  z
    .number({ error: ENGAGEMENT_REVIEW_MSG.ratingRequired })
    .int(ENGAGEMENT_REVIEW_MSG.ratingRequired)
    .min(1, ENGAGEMENT_REVIEW_MSG.ratingRequired)
    .max(5, ENGAGEMENT_REVIEW_MSG.ratingRequired),
);

/** POST /api/engagements/:id/review. */
export const engagementReviewInputSchema = z.object({
  rating,
  body: z
    .string({ error: ENGAGEMENT_REVIEW_MSG.bodyTooShort })
    .trim()
    .min(REVIEW_RULES.minLength, ENGAGEMENT_REVIEW_MSG.bodyTooShort)
    .max(REVIEW_RULES.maxLength, ENGAGEMENT_REVIEW_MSG.bodyTooLong),
});
export type EngagementReviewInput = z.input<typeof engagementReviewInputSchema>;

/** A review as the engagement page and the freelancer's profile show it. */
export const engagementReviewSchema = z.object({
  rating: z.number().int(),
  body: z.string(),
  clientName: z.string(),
  createdAt: z.string(),
});
export type EngagementReview = z.infer<typeof engagementReviewSchema>;
