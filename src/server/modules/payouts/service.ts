// Payout details (issue 24, decision 136): where a payee's earnings go. Owns `payout_details`. The account holder
// alone saves them (an admin acting for a shark sees them masked and is refused a change); each save seals the
// UPI id, the account number and the PAN, and is audited and mailed to the holder in its own transaction.
import {
  PAYOUT_MSG,
  maskLast4,
  maskUpi,
  type PayoutDetails,
  type PayoutDetailsValues,
} from '#shared/payouts.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import { forbidden } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { MailContext } from '#server/modules/mail/service.ts';
import type { SharkScope } from '#server/modules/shark-scope/service.ts';
import * as repo from './repository';
import { seal } from './sealed';

export interface PayoutsContext extends MailContext {
  /** PAYOUT_DETAILS_KEY (config.payoutDetailsKey). */
  key: Buffer;
}

const last4 = (s: string) => s.slice(-4);

function toView(row: repo.PayoutDetailsRow): NonNullable<PayoutDetails['details']> {
  return {
    method: row.method,
    upiMasked: row.upiMasked,
    holderName: row.holderName,
    accountLast4: row.accountLast4,
    ifsc: row.ifsc,
    panLast4: row.panLast4,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The masked details of the account the workspace acts on (its shark, or the shark an admin picked). */
export async function readPayoutDetails(db: DbOrTx, scope: SharkScope): Promise<PayoutDetails> {
  const row = await repo.findForUser(db, scope.userId);
  return { details: row ? toView(row) : null };
}

/** Where payouts go, masked, as the mail and the audit log name it. */
function destinationOf(row: repo.PayoutDetailsRow): string {
  return row.method === 'upi'
    ? `UPI ${row.upiMasked}`
    : `bank account ${maskLast4(row.accountLast4 ?? '')} at ${row.ifsc}`;
}

/**
 * Saves the caller's own payout details. Refused (403) to anyone but the account holder: an admin acting for a
 * shark cannot change where the shark's money goes.
 */
export async function savePayoutDetails(
  db: Db,
  ctx: PayoutsContext,
  auth: AuthContext,
  scope: SharkScope,
  input: PayoutDetailsValues,
): Promise<PayoutDetails> {
  if (scope.userId !== auth.user.id) throw forbidden(PAYOUT_MSG.ownerOnly);
  const userId = auth.user.id;
  const sealed = (plain: string, column: 'upi_id' | 'account_number' | 'pan') =>
    seal(ctx.key, plain, { userId, column });
  return db.transaction(async (tx) => {
    const before = await repo.lockForUser(tx, userId);
    const common = {
      userId,
      method: input.method,
      panSealed: sealed(input.pan, 'pan'),
      panLast4: last4(input.pan),
      updatedAt: now(),
    };
    const row = await repo.upsert(
      tx,
      input.method === 'upi'
        ? {
            ...common,
            upiIdSealed: sealed(input.upiId, 'upi_id'),
            upiMasked: maskUpi(input.upiId),
            holderName: null,
            accountNumberSealed: null,
            accountLast4: null,
            ifsc: null,
          }
        : {
            ...common,
            upiIdSealed: null,
            upiMasked: null,
            holderName: input.holderName,
            accountNumberSealed: sealed(input.accountNumber, 'account_number'),
            accountLast4: last4(input.accountNumber),
            ifsc: input.ifsc,
          },
    );
    // Masked forms only: the audit log and the mail are read by more people and systems than this table.
    await recordAudit(tx, {
      actorId: userId,
      action: 'payout_details.change',
      targetType: 'user',
      targetId: userId,
      details: {
        method: row.method,
        destination: destinationOf(row),
        was: before ? destinationOf(before) : null,
      },
    });
    await ctx.mailer.enqueue(tx, {
      to: auth.user.email,
      template: 'payout-details-changed',
      data: {
        first: before === null,
        destination: destinationOf(row),
        pan: maskLast4(row.panLast4),
        link: `${ctx.appOrigin}${paths.shark.payouts}`,
      },
    });
    return { details: toView(row) };
  });
}
