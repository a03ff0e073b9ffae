// Uploaded documents (engagement reports and evidence): PDF or ZIP only, at most 25 MB, enforced while
// streaming. The bytes decide what a file is; a name or a declared type that says otherwise is refused
// (decision 180). Unlike images, documents are stored as sent: they are only ever served as attachments.
import type { FastifyRequest } from 'fastify';
import { ERROR_CODE } from '#shared/error-codes.ts';
import {
  ENGAGEMENT_FILE_MSG as MSG,
  MAX_ENGAGEMENT_FILE_BYTES,
  type EngagementFileKind,
} from '#shared/engagement-files.ts';
import { HttpError } from '#server/http/errors.ts';

/** 400 "File upload failed. <reason>", with the reason under the form field it belongs to. */
export const fileRejected = (field: string, reason: string) =>
  new HttpError(400, `${MSG.uploadFailed} ${reason}`, ERROR_CODE.fileRejected, { [field]: reason });

export interface CheckedDocument {
  body: Buffer;
  kind: EngagementFileKind;
  contentType: string;
  /** The client's name made safe to show and to send back in a Content-Disposition header. */
  name: string;
}

const CONTENT_TYPES: Record<EngagementFileKind, string> = { pdf: 'application/pdf', zip: 'application/zip' };
/** What browsers and tools declare for each kind; anything else declared is a claim we refuse. */
const DECLARED: Record<EngagementFileKind, string[]> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  zip: ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'multipart/x-zip'],
};
const NEUTRAL_TYPES = ['', 'application/octet-stream', 'binary/octet-stream'];

/** The kind the bytes really are, from their signature. */
export function sniffDocumentKind(buf: Buffer): EngagementFileKind | null {
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  // A local file header, or the end record of an empty archive.
  if (buf.length >= 4 && buf[0] === 0x50 && buf[1] === 0x4b) {
    const sig = (buf[2] << 8) | buf[3];
    if (sig === 0x0304 || sig === 0x0506) return 'zip';
  }
  return null;
}

/**
 * A name to show and to send back: no folders, no control or quoting characters, at most 120 characters, and
 * the extension of what the file really is. Null when nothing usable is left.
 */
export function safeDocumentName(raw: string, kind: EngagementFileKind): string | null {
  const base = raw.normalize('NFC').replace(/^.*[/\\]/, '');
  const stem = base
    .replace(/\.(pdf|zip)$/i, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[.\s_]+/, '')
    .replace(/\s+/g, ' ')
    .slice(0, 110)
    .trim();
  return stem ? `${stem}.${kind}` : null;
}

/** Checks a read upload. Throws the 400 to send on any problem; writes nothing. */
export function checkDocument(
  input: { body: Buffer; fileName: string; mimetype: string; truncated: boolean },
  field: string,
): CheckedDocument {
  if (input.truncated || input.body.length > MAX_ENGAGEMENT_FILE_BYTES)
    throw fileRejected(field, MSG.tooLarge);
  if (input.body.length === 0) throw fileRejected(field, MSG.missing);
  const name = input.fileName;
  if (!name || name.length > 255 || /[/\\\0]/.test(name) || name.includes('..'))
    throw fileRejected(field, MSG.badName);
  const claimed = /\.pdf$/i.test(name) ? 'pdf' : /\.zip$/i.test(name) ? 'zip' : null;
  const kind = sniffDocumentKind(input.body);
  if (!claimed) throw fileRejected(field, kind ? MSG.badName : MSG.notAllowed);
  const declared = input.mimetype.toLowerCase().split(';')[0].trim();
  const declaredOk = NEUTRAL_TYPES.includes(declared) || DECLARED[claimed].includes(declared);
  if (kind !== claimed || !declaredOk) throw fileRejected(field, MSG.mismatch);
  const safe = safeDocumentName(name, kind);
  if (!safe) throw fileRejected(field, MSG.badName);
  return { body: input.body, kind, contentType: CONTENT_TYPES[kind], name: safe };
}

/** Reads the one document file of a multipart request into memory, at most 25 MB, enforced while streaming. */
export async function readDocumentUpload(req: FastifyRequest, field: string): Promise<CheckedDocument> {
  if (!req.isMultipart()) throw fileRejected(field, MSG.missing);
  let file;
  try {
    file = await req.file({
      limits: { fileSize: MAX_ENGAGEMENT_FILE_BYTES, files: 1 },
      // See the name the client sent (busboy would cut `../../x.pdf` to `x.pdf`), to refuse it.
      preservePath: true,
    });
  } catch (err) {
    throw fileRejected(field, tooLarge(err) ? MSG.tooLarge : MSG.unreadable);
  }
  if (!file) throw fileRejected(field, MSG.missing);
  let body;
  try {
    body = await file.toBuffer();
  } catch (err) {
    throw fileRejected(field, tooLarge(err) ? MSG.tooLarge : MSG.unreadable);
  }
  return checkDocument(
    { body, fileName: file.filename, mimetype: file.mimetype, truncated: file.file.truncated },
    field,
  );
}

const tooLarge = (err: unknown) => {
  const code = (err as { code?: string }).code ?? '';
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT';
};

/**
 * The Content-Disposition of a download: always an attachment, an ASCII fallback name and the UTF-8 one
 * (RFC 6266), so a browser neither renders the file in our origin nor trusts a name it was not given.
 */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
