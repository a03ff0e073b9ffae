import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import { ENGAGEMENT_FILE_MSG, MAX_ENGAGEMENT_FILE_BYTES } from '#shared/engagement-files.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createEngagement } from '#server/test/marketplace.ts';
import { listFiles as filesOnDisk, multipart } from '#server/test/uploads.ts';
import { engagementFiles, engagements } from '#server/db/schema.ts';
import {
  attachmentDisposition,
  safeDocumentName,
  sniffDocumentKind,
} from '#server/modules/platform/storage/documents.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
const privateRoot = () => path.resolve(app.config.DATA_DIR, 'private');
/** The stored objects of one engagement (the storage folder outlives resetDb). */
const storedOf = async (engagementId: string) =>
  (await filesOnDisk(privateRoot())).filter((f) => f.includes(engagementId));
const publicRoot = () => path.resolve(app.config.DATA_DIR, 'storage');

async function hired() {
  const { db } = await testDatabase();
  return { db, ...(await createEngagement(app, db)) };
}

const uploadAs = (id: string, cookie: string, name: string, type: string, body: Buffer, query = '') => {
  const form = multipart('file', name, type, body);
  return app.inject({
    method: 'POST',
    url: `/api/engagements/${id}/files${query}`,
    headers: { ...form.headers, cookie },
    payload: form.payload,
  });
};
const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('uploading a report or evidence', () => {
  it('stores a PDF privately, lists it for both parties and admins, and records it on the timeline', async () => {
    const h = await hired();
    const res = await uploadAs(h.engagementId, h.freelancer.cookie, 'Report v1.pdf', 'application/pdf', PDF);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: ENGAGEMENT_FILE_MSG.uploaded,
      file: { name: 'Report v1.pdf' },
    });

    expect(await filesOnDisk(publicRoot())).toEqual([]);
    const stored = await storedOf(h.engagementId);
    expect(stored).toEqual([
      expect.stringMatching(/^engagement-files\/engagements\/[0-9a-f-]+\/[0-9a-f-]+\.pdf$/),
    ]);

    const admin = await createAccount(h.db, { roles: ['admin'] });
    for (const cookie of [h.client.cookie, h.freelancer.cookie, await sessionCookie(h.db, admin.id)]) {
      const list = await get(`/api/engagements/${h.engagementId}/files`, cookie);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([
        expect.objectContaining({
          name: 'Report v1.pdf',
          contentType: 'application/pdf',
          sizeBytes: PDF.length,
          uploaderName: 'Kabir Shah',
          milestoneId: null,
        }),
      ]);
    }
    const engagement = (await get(`/api/engagements/${h.engagementId}`, h.client.cookie)).json();
    expect(engagement.events.at(-1)).toMatchObject({
      kind: 'file_uploaded',
      actorName: 'Kabir Shah',
      note: 'Report v1.pdf',
    });
  });

  it('links a file to one of the engagement’s milestones, and refuses a milestone of another', async () => {
    const h = await hired();
    const other = await createEngagement(app, h.db, { clientName: 'Ravi Iyer', freelancerName: 'Meera Das' });
    const mine = (await get(`/api/engagements/${h.engagementId}`, h.client.cookie)).json().milestones[0];
    const theirs = (await get(`/api/engagements/${other.engagementId}`, other.client.cookie)).json()
      .milestones[0];
    const ok = await uploadAs(
      h.engagementId,
      h.client.cookie,
      'evidence.zip',
      'application/zip',
      ZIP,
      `?milestoneId=${mine.id}`,
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const list = (await get(`/api/engagements/${h.engagementId}/files`, h.client.cookie)).json();
    expect(list[0]).toMatchObject({ milestoneId: mine.id, milestoneTitle: 'Testing and report' });
    const events = (await get(`/api/engagements/${h.engagementId}`, h.client.cookie)).json().events;
    expect(events.at(-1)).toMatchObject({ kind: 'file_uploaded', milestoneTitle: 'Testing and report' });

    const refused = await uploadAs(
      h.engagementId,
      h.client.cookie,
      'e.zip',
      'application/zip',
      ZIP,
      `?milestoneId=${theirs.id}`,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ milestoneId: ENGAGEMENT_FILE_MSG.milestoneNotFound });
    expect(await h.db.select().from(engagementFiles)).toHaveLength(1);
  });

  it('refuses a file that is not what it claims to be, and changes nothing', async () => {
    const h = await hired();
    const cases: [string, string, Buffer, string][] = [
      ['report.pdf', 'application/pdf', ZIP, ENGAGEMENT_FILE_MSG.mismatch],
      ['archive.zip', 'application/zip', PDF, ENGAGEMENT_FILE_MSG.mismatch],
      [
        'report.pdf',
        'application/pdf',
        Buffer.from('<html><script>alert(1)</script>'),
        ENGAGEMENT_FILE_MSG.mismatch,
      ],
      ['report.pdf', 'text/html', PDF, ENGAGEMENT_FILE_MSG.mismatch],
      ['shell.php', 'application/pdf', PDF, ENGAGEMENT_FILE_MSG.badName],
      ['notes.txt', 'text/plain', Buffer.from('hello'), ENGAGEMENT_FILE_MSG.notAllowed],
      ['../../etc/report.pdf', 'application/pdf', PDF, ENGAGEMENT_FILE_MSG.badName],
      ['empty.pdf', 'application/pdf', Buffer.alloc(0), ENGAGEMENT_FILE_MSG.missing],
    ];
    for (const [name, type, body, reason] of cases) {
      const res = await uploadAs(h.engagementId, h.freelancer.cookie, name, type, body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error, name).toMatchObject({
        code: 'file_rejected',
        message: `${ENGAGEMENT_FILE_MSG.uploadFailed} ${reason}`,
        fields: { file: reason },
      });
    }
    expect(await h.db.select().from(engagementFiles)).toEqual([]);
    expect(await storedOf(h.engagementId)).toEqual([]);
  });

  it('refuses a file over 25 MB while it streams, and changes nothing', async () => {
    const h = await hired();
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_ENGAGEMENT_FILE_BYTES + 1 - PDF.length, 0x20)]);
    const res = await uploadAs(h.engagementId, h.client.cookie, 'big.pdf', 'application/pdf', big);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      `${ENGAGEMENT_FILE_MSG.uploadFailed} ${ENGAGEMENT_FILE_MSG.tooLarge}`,
    );
    const exact = Buffer.concat([PDF, Buffer.alloc(MAX_ENGAGEMENT_FILE_BYTES - PDF.length, 0x20)]);
    const ok = await uploadAs(h.engagementId, h.client.cookie, 'exact.pdf', 'application/pdf', exact);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await h.db.select().from(engagementFiles)).toHaveLength(1);
  });

  it('is 404 to a stranger, refused to an admin (who only reads), and 409 once the engagement is over', async () => {
    const h = await hired();
    const stranger = await createAccount(h.db, { roles: ['user'] });
    const admin = await createAccount(h.db, { roles: ['admin'] });
    for (const id of [stranger.id, admin.id]) {
      const res = await uploadAs(
        h.engagementId,
        await sessionCookie(h.db, id),
        'r.pdf',
        'application/pdf',
        PDF,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(ENGAGEMENT_MSG.notFound);
    }
    expect((await uploadAs(h.engagementId, '', 'r.pdf', 'application/pdf', PDF)).statusCode).toBe(401);
    await h.db.update(engagements).set({ status: 'completed' }).where(eq(engagements.id, h.engagementId));
    const closed = await uploadAs(h.engagementId, h.client.cookie, 'r.pdf', 'application/pdf', PDF);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.message).toBe(ENGAGEMENT_MSG.closed);
    expect(await h.db.select().from(engagementFiles)).toEqual([]);
    expect(await storedOf(h.engagementId)).toEqual([]);
  });
});

describe('downloading a file', () => {
  it('serves it to the parties and admins as an attachment with a safe name, never sniffed or cached', async () => {
    const h = await hired();
    const up = await uploadAs(
      h.engagementId,
      h.freelancer.cookie,
      'Rapport “final”.pdf',
      'application/pdf',
      PDF,
    );
    const fileId = up.json().file.id as string;
    const admin = await createAccount(h.db, { roles: ['admin'] });
    for (const cookie of [h.client.cookie, h.freelancer.cookie, await sessionCookie(h.db, admin.id)]) {
      const res = await get(`/api/engagements/${h.engagementId}/files/${fileId}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PDF);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Rapport _final_.pdf"; filename*=UTF-8''Rapport%20_final_.pdf`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('is 404 for a stranger, for another engagement’s file, and never under /media', async () => {
    const h = await hired();
    const other = await createEngagement(app, h.db, { clientName: 'Ravi Iyer', freelancerName: 'Meera Das' });
    const up = await uploadAs(h.engagementId, h.client.cookie, 'report.pdf', 'application/pdf', PDF);
    const fileId = up.json().file.id as string;
    const stranger = await sessionCookie(h.db, (await createAccount(h.db, { roles: ['user'] })).id);
    expect((await get(`/api/engagements/${h.engagementId}/files/${fileId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/api/engagements/${h.engagementId}/files`, stranger)).statusCode).toBe(404);
    // The other engagement's client names its own engagement with this file's id.
    expect(
      (await get(`/api/engagements/${other.engagementId}/files/${fileId}`, other.client.cookie)).statusCode,
    ).toBe(404);
    expect((await get(`/api/engagements/${h.engagementId}/files/${fileId}`)).statusCode).toBe(401);
    const [row] = await h.db.select().from(engagementFiles);
    for (const url of [
      `/media/engagement-files/${row.storageKey}`,
      `/media/avatars/../engagement-files/${row.storageKey}`,
      `/media/private/engagement-files/${row.storageKey}`,
    ])
      expect((await get(url, h.client.cookie)).statusCode, url).toBe(404);
  });
});

describe('document checks', () => {
  it('reads the kind from the bytes', () => {
    expect(sniffDocumentKind(PDF)).toBe('pdf');
    expect(sniffDocumentKind(ZIP)).toBe('zip');
    expect(sniffDocumentKind(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe('zip');
    expect(sniffDocumentKind(Buffer.from('PK'))).toBeNull();
    expect(sniffDocumentKind(Buffer.from('%PD'))).toBeNull();
  });

  it('makes names safe to show and to send back', () => {
    expect(safeDocumentName('Report v1.PDF', 'pdf')).toBe('Report v1.pdf');
    expect(safeDocumentName('a"b;c\r\nd.pdf', 'pdf')).toBe('a_b_c_d.pdf');
    expect(safeDocumentName('.hidden.zip', 'zip')).toBe('hidden.zip');
    expect(safeDocumentName('"".pdf', 'pdf')).toBeNull();
    expect(safeDocumentName(`${'x'.repeat(300)}.pdf`, 'pdf')).toHaveLength(114);
    expect(attachmentDisposition('rapport (v2).pdf')).toBe(
      `attachment; filename="rapport (v2).pdf"; filename*=UTF-8''rapport%20%28v2%29.pdf`,
    );
  });
});
