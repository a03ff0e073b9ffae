// Stores uploaded files in the spec's two buckets. One interface, two implementations:
// local disk under DATA_DIR/storage (default) and S3-compatible (when S3_BUCKET is set).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../config';

export const BUCKETS = ['avatars', 'course-images'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const isBucket = (v: string): v is Bucket => (BUCKETS as readonly string[]).includes(v);

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  remove(bucket: Bucket, key: string): Promise<void>;
  /** The URL the browser loads the object from. */
  publicUrl(bucket: Bucket, key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//') && key.length <= 512;

/** Keys are chosen by the server; this refuses anything that could leave the bucket folder all the same. */
export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const contentTypeOf = (key: string) => CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * The key of an object from the public URL stored on a row (photo_url, image), or null when the URL is not
 * one of ours (seed data, an external link). A `?v=` cache-busting suffix is ignored.
 */
export function keyFromPublicUrl(storage: Storage, bucket: Bucket, url: string | null | undefined): string | null {
  if (!url) return null;
  const prefix = storage.publicUrl(bucket, '');
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length).split(/[?#]/)[0];
  return isSafeKey(key) ? key : null;
}

export function createLocalStorage(root: string): Storage {
  const fileOf = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  return {
    async put(bucket, key, body) {
      const file = fileOf(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside, then rename: a reader never sees half a file, and a failed write leaves no partial one.
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, body);
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(bucket, key) {
      if (!isSafeKey(key)) return null;
      try {
        const body = await readFile(fileOf(bucket, key));
        return { body, contentType: contentTypeOf(key) };
      } catch {
        return null;
      }
    },
    async remove(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
    publicUrl(bucket, key) {
      return `/media/${bucket}/${key}`;
    },
  };
}

/** Public URLs of S3 objects: under S3_PUBLIC_URL (a CDN or the bucket's public endpoint), else proxied by /media. */
export const s3PublicUrl = (publicUrl: string | undefined) => {
  const base = publicUrl?.replace(/\/$/, '');
  return (bucket: Bucket, key: string) => (base ? `${base}/${bucket}/${key}` : `/media/${bucket}/${key}`);
};

/**
 * The configured storage. The AWS SDK is loaded on first use only, so a server on local disk never pays
 * for it (start-up time, memory).
 */
export function createStorage(config: Config): Storage {
  const bucket = config.S3_BUCKET;
  if (!bucket) return createLocalStorage(path.resolve(config.DATA_DIR, 'storage'));
  let loaded: Promise<Storage> | null = null;
  const s3 = () => (loaded ??= import('./s3').then((m) => m.createS3Storage({ bucket, publicUrl: config.S3_PUBLIC_URL, client: m.createS3Client(config) })));
  return {
    put: async (b, key, body, contentType) => (await s3()).put(b, key, body, contentType),
    get: async (b, key) => (await s3()).get(b, key),
    remove: async (b, key) => (await s3()).remove(b, key),
    publicUrl: s3PublicUrl(config.S3_PUBLIC_URL),
  };
}
