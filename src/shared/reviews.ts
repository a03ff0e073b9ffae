// Reviews you can trust (issue 14, decision 007): only the learner of a completed session reviews it, once,
// with an overall rating and a rubric; the shark replies once; anyone signed in reports; admins hide. Until a
// shark has a review, "Notify Me" asks to be told when the first one is published.
import { z } from 'zod';
import { UNRATED_LABEL } from './constants';
import { numberInput } from './fields';
import { consoleListQuerySchema, consolePageSchema, pageField } from './console-page';

export const REVIEW_RULES = {
  /** A completed session can be reviewed for this many days after it ended. */
  windowDays: 30,
  /** A review can be edited for this many days after it was written. */
  editableDays: 7,
  minLength: 20,
  maxLength: 2000,
  replyMaxLength: 2000,
  reasonMinLength: 5,
  reasonMaxLength: 500,
  pageSize: 10,
} as const;

/** The rubric, in the order every screen shows it. */
export const REVIEW_RUBRIC = ['knowledge', 'preparation', 'clarity'] as const;
export type ReviewRubricKey = (typeof REVIEW_RUBRIC)[number];
export const REVIEW_RUBRIC_LABEL: Record<ReviewRubricKey, string> = {
  knowledge: 'Knowledge',
  preparation: 'Preparation',
  clarity: 'Clarity',
};

export const REVIEW_MSG = {
  saved: "Thanks! We'll email you when this shark's first review is published.",
  already: "You're already on the list: we'll email you when this shark's first review is published.",
  noReviews: 'No reviews yet. Reviews come only from learners who completed a session with this shark.',
  verified: 'Verified session',
  newShark: UNRATED_LABEL,
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  rubricRequired: (label: string) => `Rate ${label.toLowerCase()} from 1 to 5 stars`,
  bodyTooShort: `Please write at least ${REVIEW_RULES.minLength} characters`,
  bodyTooLong: `Keep the review under ${REVIEW_RULES.maxLength.toLocaleString('en-US')} characters`,
  replyRequired: 'Write a reply first',
  replyTooLong: `Keep the reply under ${REVIEW_RULES.replyMaxLength.toLocaleString('en-US')} characters`,
  reasonRequired: `Please give a reason (at least ${REVIEW_RULES.reasonMinLength} characters)`,
  reasonTooLong: `Keep the reason under ${REVIEW_RULES.reasonMaxLength} characters`,
  sessionNotFound: 'Session not found.',
  reviewNotFound: 'Review not found.',
  notCompleted: 'Only a completed session can be reviewed.',
  windowClosed: `Reviews can be written until ${REVIEW_RULES.windowDays} days after the session; this one's window has closed.`,
  alreadyReviewed: 'You have already reviewed this session. You can edit your review instead.',
  noReview: 'You have not reviewed this session yet.',
  editClosed: `A review can be edited for ${REVIEW_RULES.editableDays} days after it was written; this one can no longer change.`,
  hiddenNoEdit: 'This review was hidden by our team and can no longer be edited.',
  alreadyReplied: 'You have already replied to this review.',
  created: 'Thank you! Your review is published.',
  updated: 'Your review is updated.',
  /** Above a published review, with what to do next (issue 25). */
  thanks: (sharkName: string) => `Thank you for reviewing your session with ${sharkName}`,
  nextStep:
    'Your review helps other learners choose. Keep the momentum: book your next session, or follow to hear about new courses.',
  replied: 'Your reply is published under the review.',
  reported: 'Thanks: our team will look at this review.',
  alreadyReported: 'You have already reported this review: our team will look at it.',
  ownReview: 'You cannot report your own review.',
  hidden: 'Review hidden. The learner has been told.',
  unhidden: 'Review published again. The learner has been told.',
  alreadyHidden: 'This review is already hidden.',
  notHidden: 'This review is not hidden.',
} as const;

/** 1 to 5 stars, as a number or its decimal text; true, '0x4' and '' are refused, never coerced (issue 21, finding 12). */
const star = (message: string) =>
  z.preprocess(numberInput, z.number({ error: message }).int(message).min(1, message).max(5, message));

/** POST and PUT /api/sessions/:id/review: the learner's review of a completed session. */
export const reviewInputSchema = z.object({
  rating: star(REVIEW_MSG.ratingRequired),
  knowledge: star(REVIEW_MSG.rubricRequired(REVIEW_RUBRIC_LABEL.knowledge)),
  preparation: star(REVIEW_MSG.rubricRequired(REVIEW_RUBRIC_LABEL.preparation)),
  clarity: star(REVIEW_MSG.rubricRequired(REVIEW_RUBRIC_LABEL.clarity)),
  body: z
    .string({ error: REVIEW_MSG.bodyTooShort })
    .trim()
    .min(REVIEW_RULES.minLength, REVIEW_MSG.bodyTooShort)
    .max(REVIEW_RULES.maxLength, REVIEW_MSG.bodyTooLong),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

/** POST /api/reviews/:id/reply: the shark's one public reply. */
export const reviewReplySchema = z.object({
  body: z
    .string({ error: REVIEW_MSG.replyRequired })
    .trim()
    .min(1, REVIEW_MSG.replyRequired)
    .max(REVIEW_RULES.replyMaxLength, REVIEW_MSG.replyTooLong),
});
export type ReviewReplyInput = z.input<typeof reviewReplySchema>;

/** POST /api/reviews/:id/reports, and an admin's hide/unhide: a reason. */
export const reviewReasonSchema = z.object({
  reason: z
    .string({ error: REVIEW_MSG.reasonRequired })
    .trim()
    .min(REVIEW_RULES.reasonMinLength, REVIEW_MSG.reasonRequired)
    .max(REVIEW_RULES.reasonMaxLength, REVIEW_MSG.reasonTooLong),
});
export type ReviewReasonInput = z.input<typeof reviewReasonSchema>;

export const reviewPageQuerySchema = z.object({ page: pageField });

const reply = z.object({ body: z.string(), at: z.string() }).nullable();

/** A published review as everyone sees it: the learner's first name and initial, never the email. */
export const publicReviewSchema = z.object({
  id: z.uuid(),
  authorName: z.string(),
  courseTitle: z.string(),
  /** The month of the session, YYYY-MM. */
  sessionMonth: z.string(),
  rating: z.number().int(),
  knowledge: z.number().int(),
  preparation: z.number().int(),
  clarity: z.number().int(),
  body: z.string(),
  createdAt: z.string(),
  /** Set when the learner edited it after writing. */
  editedAt: z.string().nullable(),
  /** Every review comes from a completed session, so always true; sent so clients need not assume it. */
  verified: z.boolean(),
  reply,
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

export const reviewSummarySchema = z.object({
  /** Null while the shark has no published review. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many published reviews gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  distribution: z.array(z.number().int()).length(5),
  /** Averages of the rubric, null while unrated. */
  rubric: z.object({
    knowledge: z.number().nullable(),
    preparation: z.number().nullable(),
    clarity: z.number().nullable(),
  }),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** GET /api/sharks/:id/reviews?page= : newest first. */
export const reviewPageSchema = z.object({
  summary: reviewSummarySchema,
  items: z.array(publicReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** The learner's own review, with what they may still do. */
export const ownReviewSchema = publicReviewSchema.extend({
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  editableUntil: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** GET /api/sessions/:id/review: the session as the review form needs it, and the review if written. */
export const sessionReviewStateSchema = z.object({
  session: z.object({
    id: z.uuid(),
    courseTitle: z.string(),
    sharkId: z.uuid(),
    sharkName: z.string(),
    startsAt: z.string(),
    status: z.string(),
  }),
  /** Until when a review can be written (30 days after the session). */
  reviewableUntil: z.string(),
  canCreate: z.boolean(),
  canEdit: z.boolean(),
  /** Why the form is closed, when it is. */
  closedReason: z.string().nullable(),
  review: ownReviewSchema.nullable(),
});
export type SessionReviewState = z.infer<typeof sessionReviewStateSchema>;

export const reviewSavedSchema = z.object({ message: z.string(), state: sessionReviewStateSchema });
export type ReviewSaved = z.infer<typeof reviewSavedSchema>;

/** The shark's workspace list: every review of theirs, hidden ones too (marked). */
export const workspaceReviewSchema = publicReviewSchema.extend({
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
});
export type WorkspaceReview = z.infer<typeof workspaceReviewSchema>;
export const workspaceReviewPageSchema = z.object({
  summary: reviewSummarySchema,
  items: z.array(workspaceReviewSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type WorkspaceReviewPage = z.infer<typeof workspaceReviewPageSchema>;

export const reviewReplyResultSchema = z.object({ message: z.string(), review: workspaceReviewSchema });
export type ReviewReplyResult = z.infer<typeof reviewReplyResultSchema>;

export const reportResultSchema = z.object({ message: z.string(), alreadyReported: z.boolean() });
export type ReportResult = z.infer<typeof reportResultSchema>;

/** The admin console's reported reviews: each with its open reports, hidden ones kept with their reason. */
export const reportedReviewSchema = workspaceReviewSchema.extend({
  sharkId: z.uuid(),
  sharkName: z.string(),
  reports: z.array(z.object({ reason: z.string(), at: z.string() })),
  openReports: z.number().int(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
/** GET /api/admin/reviews?q=&page=: `q` searches the review's text, the shark and the learner by name. */
export const reportedReviewsQuerySchema = consoleListQuerySchema;
export const reportedReviewPageSchema = consolePageSchema(reportedReviewSchema);
export type ReportedReviewPage = z.infer<typeof reportedReviewPageSchema>;

export const notifyResultSchema = z.object({ message: z.string(), alreadyRequested: z.boolean() });
export type NotifyResult = z.infer<typeof notifyResultSchema>;

/** "Priya S.": the first name and the initial of the last word, never the email or the full surname. */
export function reviewerName(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words[0].includes('@')) return 'Former learner';
  if (words.length === 1) return words[0];
  return `${words[0]} ${words[words.length - 1][0].toUpperCase()}.`;
}

/** One decimal, as ratings are shown ("4.8"). */
export const ratingText = (value: number) => value.toFixed(1);
