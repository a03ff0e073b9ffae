// Reviews. Until they open, a learner asks to be told ("Notify Me") when a shark's reviews open.
import { z } from 'zod';

export const REVIEW_MSG = {
  saved: "Thanks! We'll email you when reviews open for this shark.",
  already: "You're already on the list: we'll email you when reviews open for this shark.",
} as const;

export const notifyResultSchema = z.object({ message: z.string(), alreadyRequested: z.boolean() });
export type NotifyResult = z.infer<typeof notifyResultSchema>;
