// Engagement files (issue 27, decision 180): the reports and evidence of an engagement, PDF or ZIP, kept in a
// private bucket. Its two parties upload while it is active; they and admins list and download them; anyone
// else is told the engagement does not exist. Each upload is a change on the engagement's timeline.
import { randomUUID } from 'node:crypto';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import { ENGAGEMENT_FILE_MSG, type EngagementFile } from '#shared/engagement-files.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, fieldError, notFound } from '#server/http/errors.ts';
import type { CheckedDocument } from '#server/modules/platform/storage/documents.ts';
import type { Storage } from '#server/modules/platform/storage/keys.ts';
import { access, asParty, milestoneOf, recordEvent } from '#server/modules/freelance/engagements/service.ts';
import * as repo from './repository';

const BUCKET = 'engagement-files';

export async function listFiles(
  db: DbOrTx,
  auth: AuthContext,
  engagementId: string,
): Promise<EngagementFile[]> {
  await access(db, auth, engagementId);
  const rows = await repo.listFiles(db, engagementId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The files the account uploaded, as metadata (name, type, size, date): its data export, not the bytes. */
export async function exportEngagementFiles(db: DbOrTx, uploaderId: string) {
  return (await repo.listByUploader(db, uploaderId)).map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Who may upload, checked before the body is read: a party of an active engagement, naming (if any) one of
 * its milestones. Admins read but do not add to the work.
 */
export async function checkUploader(
  db: DbOrTx,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string | undefined,
) {
  const { row } = await asParty(db, auth, engagementId);
  if (row.status !== 'active') throw conflict(ENGAGEMENT_MSG.closed);
  if (milestoneId && !(await milestoneOf(db, engagementId, milestoneId)))
    throw fieldError('milestoneId', ENGAGEMENT_FILE_MSG.milestoneNotFound);
}

/**
 * Stores the checked file, then records it and its timeline event in one transaction. The object is written
 * first under a fresh key; if the transaction fails it is removed, so no row ever names a missing file.
 */
export async function upload(
  db: Db,
  storage: Storage,
  auth: AuthContext,
  engagementId: string,
  milestoneId: string | undefined,
  doc: CheckedDocument,
) {
  const key = `engagements/${engagementId}/${randomUUID()}.${doc.kind}`;
  await storage.put(BUCKET, key, doc.body, doc.contentType);
  try {
    return await db.transaction(async (tx) => {
      // Again under the transaction: the engagement may have closed while the file streamed in.
      await checkUploader(tx, auth, engagementId, milestoneId);
      const row = await repo.insertFile(tx, {
        engagementId,
        uploaderId: auth.user.id,
        name: doc.name,
        contentType: doc.contentType,
        sizeBytes: doc.body.length,
        storageKey: key,
        milestoneId: milestoneId ?? null,
      });
      await recordEvent(tx, {
        engagementId,
        actorId: auth.user.id,
        kind: 'file_uploaded',
        milestoneId: milestoneId ?? null,
        note: doc.name,
      });
      return row;
    });
  } catch (err) {
    await storage.remove(BUCKET, key).catch(() => undefined);
    throw err;
  }
}

/** The file's bytes for a party or an admin; 404 for anyone else and for a file of another engagement. */
export async function download(
  db: DbOrTx,
  storage: Storage,
  auth: AuthContext,
  engagementId: string,
  fileId: string,
) {
  await access(db, auth, engagementId);
  const row = await repo.findFile(db, engagementId, fileId);
  const object = row ? await storage.get(BUCKET, row.storageKey) : null;
  if (!row || !object) throw notFound(ENGAGEMENT_FILE_MSG.notFound);
  return { name: row.name, contentType: row.contentType, body: object.body };
}
