// What every storage backend shares: the buckets, safe object keys, content types and public URLs.
// Its own file so the S3 backend (loaded lazily by service.ts) and the local one need not import each other.
/** The spec's two buckets, served to anyone under /media. */
export const PUBLIC_BUCKETS = ['avatars', 'course-images'] as const;
/**
 * Private buckets (decision 180): never under /media, stored apart from the public ones, read only by a
 * module's own authorised endpoint (engagement files: its parties and admins).
 */
export const PRIVATE_BUCKETS = ['engagement-files'] as const;
export type PublicBucket = (typeof PUBLIC_BUCKETS)[number];
export type PrivateBucket = (typeof PRIVATE_BUCKETS)[number];
export type Bucket = PublicBucket | PrivateBucket;
/** A bucket /media may serve: only the public ones. */
export const isPublicBucket = (v: string): v is PublicBucket =>
  (PUBLIC_BUCKETS as readonly string[]).includes(v);
export const isPrivateBucket = (v: string): v is PrivateBucket =>
  (PRIVATE_BUCKETS as readonly string[]).includes(v);

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

export interface Storage {
  put(bucket: Bucket, key: string, body: Buffer, contentType: string): Promise<void>;
  get(bucket: Bucket, key: string): Promise<StoredObject | null>;
  remove(bucket: Bucket, key: string): Promise<void>;
  /** The URL the browser loads the object from (public buckets only). */
  publicUrl(bucket: PublicBucket, key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
export const isSafeKey = (key: string) =>
  SAFE_KEY.test(key) && !key.includes('..') && !key.includes('//') && key.length <= 512;

/** Keys are chosen by the server; this refuses anything that could leave the bucket folder all the same. */
export function assertSafeKey(key: string) {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};
export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * The key of an object from the public URL stored on a row (photo_url, image), or null when the URL is not
 * one of ours (seed data, an external link). A `?v=` cache-busting suffix is ignored.
 */
export function keyFromPublicUrl(
  storage: Storage,
  bucket: PublicBucket,
  url: string | null | undefined,
): string | null {
  if (!url) return null;
  const prefix = storage.publicUrl(bucket, '');
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length).split(/[?#]/)[0];
  return isSafeKey(key) ? key : null;
}

export const s3PublicUrl = (publicUrl: string | undefined) => {
  const base = publicUrl?.replace(/\/$/, '');
  return (bucket: PublicBucket, key: string) =>
    base ? `${base}/${bucket}/${key}` : `/media/${bucket}/${key}`;
};
