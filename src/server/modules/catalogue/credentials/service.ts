// Verified credentials (decision 032): the shark adds and removes its own (through the workspace scope), a
// freelancer its own (decision 154); an admin verifies or rejects each with a reason, mailed and audited in one
// transaction; the public sees only the verified ones of a published shark or freelancer, an expired one marked
// as such.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { z } from 'zod';
import {
  type AdminCredentialPage,
  type Credential,
  type CredentialStatus,
  type PublicCredential,
  type credentialInputSchema,
  type credentialReviewSchema,
} from '#shared/credentials.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { WORKSPACE_MSG } from '#shared/workspace.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now, todayIn } from '#server/time.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import { isPublishedShark } from '#server/modules/catalogue/listings/service.ts';
import * as repo from './repository';

type Row = Awaited<ReturnType<typeof repo.listForOwner>>[number];
const toCredential = (r: Row): Credential => ({
  ...r,
  verifiedAt: r.verifiedAt ? r.verifiedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** The owner a workspace scope acts for: its shark, or null for a shark without a profile row yet. */
export const sharkOwner = (scope: SharkScope): repo.CredentialOwner | null =>
  scope.shark ? { kind: 'shark', id: scope.shark.id } : null;

/** The owner a freelancer account acts for: its freelancer row, or null before the profile is saved once. */
export async function freelancerOwner(db: DbOrTx, userId: string): Promise<repo.CredentialOwner | null> {
  const id = await repo.freelancerIdOfUser(db, userId);
  return id ? { kind: 'freelancer', id } : null;
}

export async function listOwnCredentials(
  db: DbOrTx,
  owner: repo.CredentialOwner | null,
): Promise<Credential[]> {
  if (!owner) return [];
  return (await repo.listForOwner(db, owner)).map(toCredential);
}

export async function addCredential(
  db: DbOrTx,
  owner: repo.CredentialOwner | null,
  input: z.output<typeof credentialInputSchema>,
): Promise<Credential> {
  // A shark or freelancer without a profile row has no credentials yet.
  if (!owner) throw conflict(WORKSPACE_MSG.profileFirst, ERROR_CODE.noProfile);
  const row = await repo.insertCredential(db, {
    sharkId: owner.kind === 'shark' ? owner.id : null,
    freelancerId: owner.kind === 'freelancer' ? owner.id : null,
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

export async function removeCredential(
  db: DbOrTx,
  owner: repo.CredentialOwner | null,
  id: string,
): Promise<void> {
  if (!owner || !(await repo.deleteForOwner(db, owner, id))) throw notFound(CREDENTIAL_MSG.notFound);
}

/** A page of the console's verification queue for one status; `q` searches the credential and its owner. */
export async function reviewQueuePage(
  db: DbOrTx,
  filter: { status: CredentialStatus; q: string },
  page: number,
): Promise<AdminCredentialPage> {
  const { rows, total } = await repo.pageByStatus(
    db,
    filter,
    CONSOLE_PAGE_SIZE,
    (page - 1) * CONSOLE_PAGE_SIZE,
  );
  return {
    items: rows.map((r) => ({ ...toCredential(r), ownerName: r.ownerName, ownerKind: r.ownerKind })),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
    total,
  };
}

/** An admin's decision on a credential: the row, the audit entry and the owner's mail are one transaction. */
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
    const freelancer = cred.ownerKind === 'freelancer';
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
      details: {
        name: cred.name,
        url: cred.url,
        ...(cred.sharkId ? { sharkId: cred.sharkId } : { freelancerId: cred.freelancerId }),
        was: cred.status,
      },
    });
    await ctx.mailer.enqueue(tx, {
      to: cred.ownerEmail,
      template: 'credential-reviewed',
      data: {
        credential: cred.name,
        verified: review.verified,
        reason: review.verified ? null : reason,
        link: `${ctx.appOrigin}${freelancer ? paths.freelancer.editProfile : paths.shark.credentials}`,
      },
    });
    if (freelancer)
      return review.verified ? CREDENTIAL_MSG.verifiedFreelancer : CREDENTIAL_MSG.rejectedFreelancer;
    return review.verified ? CREDENTIAL_MSG.verified : CREDENTIAL_MSG.rejected;
  });
}

export async function publicCredentials(
  db: DbOrTx,
  sharkId: string,
  timeZone: string,
): Promise<PublicCredential[] | null> {
  // An unknown or unpublished shark is a 404, as for its profile, courses and reviews (issue 38, finding 12).
  if (!(await isPublishedShark(db, sharkId))) return null;
  const today = todayIn(timeZone);
  const rows = await repo.listVerifiedOfPublishedShark(db, sharkId);
  return rows.map((r) => ({
    ...r,
    expired: r.expiresOn !== null && r.expiresOn < today,
    verifiedAt: (r.verifiedAt ?? new Date(0)).toISOString(),
  }));
}

/** The verified credentials of a freelancer whose profile the caller found public. */
export async function publicFreelancerCredentials(
  db: DbOrTx,
  freelancerId: string,
  timeZone: string,
): Promise<Omit<PublicCredential, 'expiresOn'>[]> {
  const today = todayIn(timeZone);
  const rows = await repo.listVerifiedOfFreelancer(db, freelancerId);
  return rows.map(({ expiresOn, ...r }) => ({
    ...r,
    expired: expiresOn !== null && expiresOn < today,
    verifiedAt: (r.verifiedAt ?? new Date(0)).toISOString(),
  }));
}
