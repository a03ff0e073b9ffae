// The S3-compatible implementation of Storage (AWS S3, MinIO, R2, ...): one configured bucket holding the
// spec's two buckets as key prefixes, and the private buckets under `private/` (decision 180: a bucket policy
// that makes objects public must name the two public prefixes only). Loaded only when S3_BUCKET is set.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
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

export interface S3StorageOptions {
  bucket: string;
  /** Where browsers load objects from (a CDN or the bucket's public endpoint); unset: proxied by /media. */
  publicUrl?: string;
  client: S3Client;
}

/** The object key inside the one S3 bucket: the spec's bucket name becomes the first path segment. */
export const s3ObjectKey = (bucket: Bucket, key: string) => {
  assertSafeKey(key);
  return isPrivateBucket(bucket) ? `private/${bucket}/${key}` : `${bucket}/${key}`;
};

export function createS3Storage(opts: S3StorageOptions): Storage {
  const { client } = opts;
  return {
    async put(bucket, key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: s3ObjectKey(bucket, key),
          Body: body,
          ContentType: contentType,
          CacheControl: isPrivateBucket(bucket) ? 'private, no-store' : 'public, max-age=3600',
        }),
      );
    },
    async get(bucket, key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: opts.bucket, Key: s3ObjectKey(bucket, key) }),
        );
        if (!res.Body) return null;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: contentTypeOf(key) };
      } catch (err) {
        if (
          err instanceof NoSuchKey ||
          (err as { name?: string }).name === 'NotFound' ||
          (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
        )
          return null;
        throw err;
      }
    },
    async remove(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: s3ObjectKey(bucket, key) }));
    },
    publicUrl: s3PublicUrl(opts.publicUrl),
  };
}

export function createS3Client(config: Config): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
        }
      : {}),
  });
}
