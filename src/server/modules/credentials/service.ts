// Verified credentials (decision 032): the shark adds and removes its own (through the workspace scope); an
// admin verifies or rejects each with a reason, mailed and audited in one transaction; the public sees only
// the verified ones of a published shark, an expired one marked as such.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { z } from 'zod';
import {
  type AdminCredential,
  type Credential,
  type CredentialStatus,
  type PublicCredential,
  type credentialInputSchema,
  type credentialReviewSchema,
} from '#shared/credentials.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { WORKSPACE_MSG } from '#shared/workspace.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now, todayIn } from '#server/time.ts';
import { recordAudit } from '#server/modules/audit/service.ts';
import type { MailContext } from '#server/modules/mail/service.ts';
import type { SharkScope } from '#server/modules/shark-scope/service.ts';
import * as repo from './repository';

type Row = Awaited<ReturnType<typeof repo.listForShark>>[number];
const toCredential = (r: Row): Credential => ({
  ...r,
  verifiedAt: r.verifiedAt ? r.verifiedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** The shark row the workspace acts on; a shark without a profile row has no credentials yet. */
function sharkOf(scope: SharkScope): string {
  if (!scope.shark) throw conflict(WORKSPACE_MSG.profileFirst, ERROR_CODE.noProfile);
  return scope.shark.id;
}

export async function listOwnCredentials(db: DbOrTx, scope: SharkScope): Promise<Credential[]> {
  if (!scope.shark) return [];
  return (await repo.listForShark(db, scope.shark.id)).map(toCredential);
}

export async function addCredential(
  db: DbOrTx,
  scope: SharkScope,
  input: z.output<typeof credentialInputSchema>,
): Promise<Credential> {
  const row = await repo.insertCredential(db, {
    sharkId: sharkOf(scope),
    kind: input.kind,
    name: input.name,
    issuer: input.issuer || null,
    credentialId: input.credentialId || null,
    url: input.url,
    issuedOn: input.issuedOn || null,
    expiresOn: input.expiresOn || null,
  });
  return toCredential(row);
}

export async function removeCredential(db: DbOrTx, scope: SharkScope, id: string): Promise<void> {
  if (!scope.shark || !(await repo.deleteForShark(db, scope.shark.id, id)))
    throw notFound(CREDENTIAL_MSG.notFound);
}

export async function listForReview(db: DbOrTx, status: CredentialStatus): Promise<AdminCredential[]> {
  return (await repo.listByStatus(db, status)).map((r) => ({ ...toCredential(r), sharkName: r.sharkName }));
}

/** An admin's decision on a credential: the row, the audit entry and the shark's mail are one transaction. */
export async function reviewCredential(
  db: Db,
  ctx: MailContext,
  actorId: string,
  id: string,
  review: z.output<typeof credentialReviewSchema>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const cred = await repo.lockCredential(tx, id);
    if (!cred) throw notFound(CREDENTIAL_MSG.notFound);
    const reason = review.reason || null;
    await repo.setReview(tx, id, {
      status: review.verified ? 'verified' : 'rejected',
      reason: review.verified ? null : reason,
      verifiedAt: review.verified ? now() : null,
    });
    await recordAudit(tx, {
      actorId,
      action: review.verified ? 'credential.verify' : 'credential.reject',
      targetType: 'credential',
      targetId: id,
      reason,
      details: { name: cred.name, url: cred.url, sharkId: cred.sharkId, was: cred.status },
    });
    await ctx.mailer.enqueue(tx, {
      to: cred.ownerEmail,
      template: 'credential-reviewed',
      data: {
        credential: cred.name,
        verified: review.verified,
        reason: review.verified ? null : reason,
        link: `${ctx.appOrigin}${paths.shark.credentials}`,
      },
    });
    return review.verified ? CREDENTIAL_MSG.verified : CREDENTIAL_MSG.rejected;
  });
}

export async function publicCredentials(
  db: DbOrTx,
  sharkId: string,
  timeZone: string,
): Promise<PublicCredential[]> {
  const today = todayIn(timeZone);
  const rows = await repo.listVerifiedOfPublishedShark(db, sharkId);
  return rows.map((r) => ({
    ...r,
    expired: r.expiresOn !== null && r.expiresOn < today,
    verifiedAt: (r.verifiedAt ?? new Date(0)).toISOString(),
  }));
}
