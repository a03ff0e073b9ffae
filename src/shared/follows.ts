// Follows: the heart on a shark's card and profile, and the learner's Liked Sharks (its texts: follows-texts.ts).
import { z } from 'zod';
import { sharkSchema } from './catalogue';

export const followStateSchema = z.object({ sharkId: z.uuid(), following: z.boolean() });
export type FollowState = z.infer<typeof followStateSchema>;

/** GET /api/me/follows: the ids light the hearts; the sharks fill Liked Sharks (newest follow first). */
export const myFollowsSchema = z.object({ sharkIds: z.array(z.uuid()), sharks: z.array(sharkSchema) });
export type MyFollows = z.infer<typeof myFollowsSchema>;
