// One conversation (issue 39, item 5; decision 212): the threads of a session, a proposal and an engagement are
// one kind of thing. The rule for a message's body, the longest message of each kind, and where a message of an
// engagement's thread was written (an engagement's thread begins with the proposal's it came from).
import { z } from 'zod';

/** What a thread belongs to: each kind keeps its table (booking_messages, proposal_messages, engagement_messages). */
export type ThreadKind = 'session' | 'proposal' | 'engagement';

/** The side a session's message is written from (a session's SESSION_SIDES); the other kinds have none. */
export type AuthorSide = 'learner' | 'shark';

/** The longest message of each kind of thread, in characters (a session's is also its column's check). */
const MESSAGE_MAX_LENGTH: Record<ThreadKind, number> = {
  session: 4000,
  proposal: 2000,
  engagement: 2000,
};

/** A message's body as it is sent: trimmed, not empty, no longer than its thread allows; each kind's own words. */
export const messageBodySchema = (kind: ThreadKind, texts: { required: string; tooLong: string }) =>
  z.object({
    body: z
      .string({ error: texts.required })
      .trim()
      .min(1, texts.required)
      .max(MESSAGE_MAX_LENGTH[kind], texts.tooLong),
  });

/** Where a message in an engagement's thread was written: on the proposal it came from, or on the engagement. */
export const MESSAGE_FROM = ['proposal', 'engagement'] as const;
export type MessageFrom = (typeof MESSAGE_FROM)[number];
