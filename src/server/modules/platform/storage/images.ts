// Uploaded images: only JPEG, PNG and WebP, at most 5 MB, decoded and re-encoded by sharp so that what we
// store is pixels we produced (no EXIF/GPS, no polyglot payload, no script), under a name the server chose.
import { ERROR_CODE } from '#shared/error-codes.ts';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '#shared/constants.ts';
import { IMAGE_MSG } from '#shared/storage.ts';
import { HttpError } from '#server/http/errors.ts';

export type ImageFormat = 'jpeg' | 'png' | 'webp';
const IMAGE_EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

export interface ProcessedImage {
  body: Buffer;
  format: ImageFormat;
  ext: string;
  contentType: string;
}

/** 400 "Image upload failed. <reason>", with the reason under the form field it belongs to. */
export const imageRejected = (field: string, reason: string) =>
  new HttpError(400, `${IMAGE_MSG.uploadFailed} ${reason}`, ERROR_CODE.imageRejected, { [field]: reason });

/** The format the bytes really are, from their signature; the name and the declared type are not trusted. */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  return null;
}

/**
 * A client's file name is never used for storage, but one that tries to climb out of a folder or hides
 * a second extension is refused outright: it is a sign of an attack, not of a photo.
 */
export function isAcceptableFileName(name: string | undefined) {
  if (!name) return true;
  if (name.length > 255 || /[/\\\0]/.test(name) || name.includes('..')) return false;
  return /^[^.]+(\.(jpe?g|png|webp))?$/i.test(name);
}

const MAX_PIXELS = 40_000_000;

/**
 * Validates and re-encodes an uploaded image. Throws the 400 to send on any problem; writes nothing.
 * `maxSide` bounds the stored size (a profile photo need not be 6000 px wide).
 */
export async function processImage(
  input: { body: Buffer; fileName?: string; truncated?: boolean },
  opts: { field: string; maxSide: number },
): Promise<ProcessedImage> {
  if (input.truncated || input.body.length > MAX_IMAGE_BYTES)
    throw imageRejected(opts.field, IMAGE_MSG.tooLarge);
  if (input.body.length === 0) throw imageRejected(opts.field, IMAGE_MSG.missing);
  if (!isAcceptableFileName(input.fileName)) throw imageRejected(opts.field, IMAGE_MSG.badName);
  const format = sniffImageFormat(input.body);
  if (!format) throw imageRejected(opts.field, IMAGE_MSG.notImage);

  let body: Buffer;
  try {
    const image = sharp(input.body, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (meta.format !== format) throw imageRejected(opts.field, IMAGE_MSG.notImage);
    // rotate() applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
    const pipeline = image
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: 'inside', withoutEnlargement: true });
    body = await (
      format === 'jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : format === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 })
    ).toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const message = err instanceof Error ? err.message : '';
    throw imageRejected(
      opts.field,
      /pixel limit/i.test(message) ? IMAGE_MSG.tooManyPixels : IMAGE_MSG.unreadable,
    );
  }
  return { body, format, ext: IMAGE_EXTENSIONS[format], contentType: IMAGE_CONTENT_TYPES[format] };
}
