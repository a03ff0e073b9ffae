// Which shark a workspace request acts on: a shark acts on its own sharks row (found by user_id); an admin
// acts for the shark named by ?sharkId= (required). Every workspace and owner-course endpoint starts here.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages';
import { PROFILE_MSG } from '../../../shared/schemas/workspace';
import type { DbOrTx } from '../../db/client';
import { sharks } from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../http/errors';
import { authOf } from '../../plugins/auth';

export type SharkRow = typeof sharks.$inferSelect;

export interface SharkScope {
  /** The shark account's user id (storage paths use it), also when an admin acts. */
  userId: string;
  /** Null only for a shark account that has never saved its profile. */
  shark: SharkRow | null;
  byAdmin: boolean;
}

export async function resolveScope(db: DbOrTx, req: FastifyRequest, sharkId: string | undefined): Promise<SharkScope> {
  const auth = authOf(req);
  const isAdmin = auth.roles.includes('admin');
  const isShark = auth.roles.includes('shark');
  if (isShark && (!sharkId || !isAdmin)) {
    const [own] = await db.select().from(sharks).where(eq(sharks.userId, auth.user.id));
    // A shark naming another shark's id is refused, never silently redirected to its own row.
    if (sharkId && own?.id !== sharkId) throw forbidden(MSG.forbidden);
    return { userId: auth.user.id, shark: own ?? null, byAdmin: false };
  }
  if (!isAdmin) throw forbidden(MSG.forbidden);
  if (!sharkId) throw fieldError('sharkId', PROFILE_MSG.sharkIdRequired);
  const [row] = await db.select().from(sharks).where(eq(sharks.id, sharkId));
  if (!row) throw notFound(MSG.sharkNotFound);
  return { userId: row.userId, shark: row, byAdmin: true };
}
