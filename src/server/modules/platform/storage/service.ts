// Stores uploaded files in the spec's two buckets and the private ones. One interface, two implementations:
// local disk under DATA_DIR/storage (public) and DATA_DIR/private (private; default) and S3-compatible (when
// S3_BUCKET is set).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import {
  assertSafeKey,
  contentTypeOf,
  isPrivateBucket,
  isSafeKey,
  s3PublicUrl,
  type Bucket,
  type Storage,
} from './keys';

/**
 * Public buckets live under `root`, private ones under `privateRoot` (a sibling folder by default), so that
 * nothing that ever serves `root` as static files could reach a private file (decision 180).
 */
export function createLocalStorage(root: string, privateRoot = `${root}-private`): Storage {
  const fileOf = (bucket: Bucket, key: string) => {
    assertSafeKey(key);
    return path.join(isPrivateBucket(bucket) ? privateRoot : root, bucket, key);
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
/**
 * The configured storage. The AWS SDK is loaded on first use only, so a server on local disk never pays
 * for it (start-up time, memory).
 */
export function createStorage(config: Config): Storage {
  const bucket = config.S3_BUCKET;
  if (!bucket)
    return createLocalStorage(
      path.resolve(config.DATA_DIR, 'storage'),
      path.resolve(config.DATA_DIR, 'private'),
    );
  let loaded: Promise<Storage> | null = null;
  const s3 = () =>
    (loaded ??= import('./s3').then((m) =>
      m.createS3Storage({ bucket, publicUrl: config.S3_PUBLIC_URL, client: m.createS3Client(config) }),
    ));
  return {
    put: async (b, key, body, contentType) => (await s3()).put(b, key, body, contentType),
    get: async (b, key) => (await s3()).get(b, key),
    remove: async (b, key) => (await s3()).remove(b, key),
    publicUrl: s3PublicUrl(config.S3_PUBLIC_URL),
  };
}

// What other modules use of uploads and images comes through here, the module's one door.
