// Test helpers for uploads: real image bytes made by sharp, a multipart body as a browser sends it, and
// a listing of every file under the local storage root (to prove a refused upload wrote nothing).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export async function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  opts: { width?: number; height?: number; exif?: boolean } = {},
) {
  let img = sharp({
    create: { width: opts.width ?? 24, height: opts.height ?? 16, channels: 3, background: '#0891b2' },
  });
  if (opts.exif)
    img = img.withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'GPS 12.97N 77.59E' } });
  return format === 'png'
    ? img.png().toBuffer()
    : format === 'jpeg'
      ? img.jpeg().toBuffer()
      : img.webp().toBuffer();
}

export function multipart(field: string, fileName: string, contentType: string, body: Buffer) {
  const boundary = `----sharks${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function listFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}
