// Which shark a workspace request acts on: a shark acts on its own sharks row (found by user_id); an admin
// acts for the shark named by ?sharkId= (required). Every workspace and owner-course endpoint starts here,
// so the workspace and courses modules share it instead of one reaching into the other.
import { WORKSPACE_MSG } from '#shared/workspace.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import type { DbOrTx } from '#server/db/client.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import { fieldError, forbidden, notFound } from '#server/http/errors.ts';
import { findSharkById, findSharkByUserId, type SharkRow } from './repository';

export interface SharkScope {
  /** The shark account's user id (storage paths use it), also when an admin acts. */
  userId: string;
  /** Null only for a shark account that has never saved its profile. */
  shark: SharkRow | null;
  byAdmin: boolean;
}

export async function resolveScope(
  db: DbOrTx,
  auth: AuthContext,
  sharkId: string | undefined,
  opts: { otherSharkNotFound?: boolean } = {},
): Promise<SharkScope> {
  const isAdmin = auth.roles.includes('admin');
  const isShark = auth.roles.includes('shark');
  if (isShark && (!sharkId || !isAdmin)) {
    const own = await findSharkByUserId(db, auth.user.id);
    // A shark naming another shark's id is refused, never silently redirected to its own row.
    if (sharkId && own?.id !== sharkId)
      throw opts.otherSharkNotFound ? notFound(COMMON_MSG.notFound) : forbidden(COMMON_MSG.forbidden);
    return { userId: auth.user.id, shark: own, byAdmin: false };
  }
  if (!isAdmin) throw forbidden(COMMON_MSG.forbidden);
  if (!sharkId) throw fieldError('sharkId', WORKSPACE_MSG.sharkIdRequired);
  const row = await findSharkById(db, sharkId);
  if (!row) throw notFound(CATALOGUE_MSG.sharkNotFound);
  return { userId: row.userId, shark: row, byAdmin: true };
}

/**
 * The scope of a shark's money (earnings, payouts, statements, payout details; issue 24): as resolveScope, but
 * another shark's id is answered 404, so a shark cannot even tell whose money exists.
 */
export const resolveMoneyScope = (db: DbOrTx, auth: AuthContext, sharkId: string | undefined) =>
  resolveScope(db, auth, sharkId, { otherSharkNotFound: true });
