// A shark's earnings (issue 24): the balance in four parts and one line per paid session, a page at a time.
// The server reads every amount from the ledger (decision 208), the sessions' course, start and status from the
// sessions; the page only formats them.
import { z } from 'zod';
import { SESSION_LIST_MSG } from './session-lists';
import { SESSION_STATUSES } from './sessions';
import { sharkScopeQuerySchema } from './workspace';
import { queryNumberInput } from './query-numbers';

/** Lines a page (the session lists' size). */
export const EARNINGS_PAGE_SIZE = 20;

/**
 * Where a session's money sits for the shark: its share not yet released (the session not yet held, or held but
 * still inside its 48-hour no-show window), released to the available balance, or taken back, in whole or in
 * part, by a refund.
 */
export const EARNING_STATES = ['pending', 'available', 'refunded'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

export const EARNING_STATE_LABEL: Record<EarningState, string> = {
  pending: 'Pending',
  available: 'Available',
  refunded: 'Refunded',
};

/** `?page=2` (pages count from 1); an admin names the shark with `sharkId`. */
export const earningsQuerySchema = z
  .object({
    page: z
      .preprocess(
        queryNumberInput,
        z
          .number({ error: SESSION_LIST_MSG.badPage })
          .int({ error: SESSION_LIST_MSG.badPage })
          .min(1, { error: SESSION_LIST_MSG.badPage })
          .max(100_000, { error: SESSION_LIST_MSG.badPage }),
      )
      .default(1),
  })
  .extend(sharkScopeQuerySchema.shape);
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

export const earningLineSchema = z.object({
  bookingId: z.uuid(),
  courseTitle: z.string(),
  learnerName: z.string(),
  startsAt: z.iso.datetime(),
  status: z.enum(SESSION_STATUSES),
  /** What the learner paid. */
  pricePaise: z.number().int(),
  /** The platform's fee, inside the price (decision 131). */
  feePaise: z.number().int(),
  /** GST on the fee (0 without a GSTIN). */
  feeTaxPaise: z.number().int(),
  /** The shark's part taken back by a refund; 0 when none. */
  refundedPaise: z.number().int(),
  /** What the shark keeps: price less fee, tax on it and the refunded part (and any correction of them). */
  netPaise: z.number().int(),
  state: z.enum(EARNING_STATES),
  /**
   * A pending share of a completed session: when its no-show window ends and the share becomes available (unless
   * a no-show is reported by then). Null otherwise.
   */
  availableFrom: z.iso.datetime().nullable(),
});
export type EarningLine = z.infer<typeof earningLineSchema>;

export const earningsSchema = z.object({
  balance: z.object({
    /** Paid sessions not yet held, or held but inside the no-show window: the ledger's payee_pending. */
    pendingPaise: z.number().int(),
    /** Held sessions past their window (or ruled held), not yet paid out: the ledger's payee_available. */
    availablePaise: z.number().int(),
    /** Paid to the shark so far (payouts confirmed paid): the ledger's payout postings (decision 208). */
    paidOutPaise: z.number().int(),
    /**
     * Payouts made and not yet confirmed paid: taken from available, on their way to the shark; the ledger's
     * in-flight payout accounts, split per payee by payout (decision 208).
     */
    onTheWayPaise: z.number().int(),
  }),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /** The paid sessions, the most recently paid first. */
  lines: z.array(earningLineSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** The tiles' one-line explanations, on the page and in its tests. */
export const EARNINGS_TEXT = {
  pending:
    'Your share of paid sessions not yet held, or held but still inside the 48-hour no-show window. It becomes available when the window ends.',
  available: 'Your share of held sessions, waiting for the next payout.',
  paidOut: 'Paid to your payout account so far.',
  /** Under the available tile when it is below zero. */
  owed: 'You owe this: a refund came after its session was paid out. Your next earnings repay it first.',
  onTheWay: (amount: string) => `${amount} more is on its way to your payout account.`,
  /** A pending line of a completed session: when its share becomes available, in the shark's own time. */
  availableFrom: (when: string) => `Available from ${when}`,
  empty: 'No paid sessions yet. When a learner pays for a session, it appears here with your share.',
} as const;

/**
 * A freelancer's earnings page (issue 27): the same three tiles, told in milestones. A milestone's share is
 * pending from funding until the client approves it (or 14 days after delivery without an answer).
 */
export const FREELANCER_EARNINGS_TEXT = {
  pending:
    'Your share of funded milestones not yet approved. It becomes available when the client approves, or 14 days after you deliver without an answer.',
  available: 'Your share of approved milestones, waiting for the next payout.',
  paidOut: EARNINGS_TEXT.paidOut,
  owed: 'You owe this: a refund came after its milestone was paid out. Your next earnings repay it first.',
  empty: 'No paid milestones yet. When a client funds a milestone, it appears here with your share.',
} as const;
