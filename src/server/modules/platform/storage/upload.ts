// Reads the one image file of a multipart request into memory (at most 5 MB, enforced while streaming),
// turning every way it can go wrong into "Image upload failed." with the reason.
import type { FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '#shared/constants.ts';
import { imageRejected } from './images';
import { IMAGE_MSG } from '#shared/storage.ts';

export interface RawUpload {
  body: Buffer;
  fileName: string;
  truncated: boolean;
}

export async function readImageUpload(req: FastifyRequest, field: string): Promise<RawUpload> {
  if (!req.isMultipart()) throw imageRejected(field, IMAGE_MSG.missing);
  let file;
  try {
    // preservePath: see the name the client sent (busboy would cut `../../x.png` to `x.png`), to refuse it.
    file = await req.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 }, preservePath: true });
  } catch (err) {
    throw imageRejected(field, tooLarge(err) ? IMAGE_MSG.tooLarge : IMAGE_MSG.unreadable);
  }
  if (!file) throw imageRejected(field, IMAGE_MSG.missing);
  try {
    const body = await file.toBuffer();
    return { body, fileName: file.filename, truncated: file.file.truncated };
  } catch (err) {
    if (tooLarge(err)) throw imageRejected(field, IMAGE_MSG.tooLarge);
    throw imageRejected(field, IMAGE_MSG.unreadable);
  }
}

const tooLarge = (err: unknown) => {
  const code = (err as { code?: string }).code ?? '';
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT';
};
