// Follows (the heart) and "Notify Me" for reviews.
import { z } from 'zod';
import { sharkSchema } from './sharks';

export const followStateSchema = z.object({ sharkId: z.uuid(), following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

/** GET /api/me/follows: the ids light the hearts; the sharks fill Liked Sharks (newest follow first). */
export const myFollowsSchema = z.object({ sharkIds: z.array(z.uuid()), sharks: z.array(sharkSchema) });
export type MyFollows = z.infer<typeof myFollowsSchema>;

export const NOTIFY_MSG = {
  saved: "Thanks! We'll email you when reviews open for this shark.",
  already: "You're already on the list: we'll email you when reviews open for this shark.",
} as const;

export const notifyResultSchema = z.object({ message: z.string(), alreadyRequested: z.boolean() });
export type NotifyResult = z.infer<typeof notifyResultSchema>;
