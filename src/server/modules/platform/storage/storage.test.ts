import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test/app.ts';
import { isAcceptableFileName, sniffImageFormat } from './images';
import { createLocalStorage, createStorage } from './service';
import { keyFromPublicUrl } from './keys';
import { createS3Storage, s3ObjectKey } from './s3';
import { listFiles, makeImage } from '#server/test/uploads.ts';
import { testConfig } from '#server/test/app.ts';

describe('local storage', () => {
  it('puts, gets, removes and names objects under <root>/<bucket>/<key>', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    const storage = createLocalStorage(root);
    const png = await makeImage('png');
    await storage.put('avatars', 'sharks/u1/profile.png', png, 'image/png');
    expect(await readFile(path.join(root, 'avatars/sharks/u1/profile.png'))).toEqual(png);
    expect(await listFiles(root)).toEqual(['avatars/sharks/u1/profile.png']);
    expect(await storage.get('avatars', 'sharks/u1/profile.png')).toEqual({
      body: png,
      contentType: 'image/png',
    });
    expect(storage.publicUrl('avatars', 'sharks/u1/profile.png')).toBe(
      '/media/avatars/sharks/u1/profile.png',
    );
    await storage.remove('avatars', 'sharks/u1/profile.png');
    expect(await storage.get('avatars', 'sharks/u1/profile.png')).toBeNull();
    await storage.remove('avatars', 'sharks/u1/profile.png'); // removing twice is fine
  });

  it('refuses keys that could leave the bucket folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    const storage = createLocalStorage(root);
    for (const key of ['../x.png', 'a/../../x.png', '/etc/passwd', 'a//b.png', '.hidden', 'a\\b.png']) {
      await expect(storage.put('avatars', key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(
        /unsafe storage key/,
      );
      expect(await storage.get('avatars', key), key).toBeNull();
    }
    expect(await listFiles(root)).toEqual([]);
    expect(await listFiles(path.dirname(root))).not.toContain('x.png');
  });

  it('finds the key back from a stored public URL, ignoring the version suffix and foreign URLs', () => {
    const storage = createLocalStorage('/tmp/unused');
    expect(keyFromPublicUrl(storage, 'avatars', '/media/avatars/sharks/u1/profile.png?v=123')).toBe(
      'sharks/u1/profile.png',
    );
    expect(keyFromPublicUrl(storage, 'course-images', '/media/avatars/sharks/u1/profile.png')).toBeNull();
    expect(keyFromPublicUrl(storage, 'avatars', 'https://images.example.com/a.png')).toBeNull();
    expect(keyFromPublicUrl(storage, 'avatars', '/media/avatars/../secrets')).toBeNull();
    expect(keyFromPublicUrl(storage, 'avatars', null)).toBeNull();
  });
});

describe('S3-compatible storage', () => {
  /** An S3 client whose HTTP layer records requests instead of sending them: the real SDK builds each request. */
  function recordingClient() {
    const requests: { method: string; hostname: string; path: string; headers: Record<string, string> }[] =
      [];
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://minio.local:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      requestHandler: {
        handle: async (req: {
          method: string;
          hostname: string;
          path: string;
          headers: Record<string, string>;
        }) => {
          requests.push({ method: req.method, hostname: req.hostname, path: req.path, headers: req.headers });
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'image/png' },
              body: Readable.from([Buffer.from('PNGDATA')]),
            },
          };
        },
      } as never,
    });
    return { client, requests };
  }

  it('maps the spec bucket and key to one object key in the configured bucket', async () => {
    const { client, requests } = recordingClient();
    const storage = createS3Storage({ bucket: 'sharks-media', client });
    await storage.put('course-images', 'courses/u1/1700000000000_ab12.webp', Buffer.from('x'), 'image/webp');
    const got = await storage.get('avatars', 'sharks/u1/profile.png');
    await storage.remove('avatars', 'sharks/u1/profile.png');
    expect(requests.map((r) => `${r.method} ${r.hostname} ${r.path}`)).toEqual([
      'PUT minio.local /sharks-media/course-images/courses/u1/1700000000000_ab12.webp',
      'GET minio.local /sharks-media/avatars/sharks/u1/profile.png',
      'DELETE minio.local /sharks-media/avatars/sharks/u1/profile.png',
    ]);
    expect(requests[0].headers['content-type']).toBe('image/webp');
    expect(requests[0].headers['cache-control']).toBe('public, max-age=3600');
    expect(got).toEqual({ body: Buffer.from('PNGDATA'), contentType: 'image/png' });
  });

  it('serves through /media unless a public URL is configured, and refuses unsafe keys before any request', async () => {
    const { client, requests } = recordingClient();
    expect(createS3Storage({ bucket: 'b', client }).publicUrl('avatars', 'sharks/u/profile.png')).toBe(
      '/media/avatars/sharks/u/profile.png',
    );
    const cdn = createS3Storage({ bucket: 'b', client, publicUrl: 'https://cdn.example.com/media/' });
    expect(cdn.publicUrl('avatars', 'sharks/u/profile.png')).toBe(
      'https://cdn.example.com/media/avatars/sharks/u/profile.png',
    );
    expect(
      keyFromPublicUrl(cdn, 'avatars', 'https://cdn.example.com/media/avatars/sharks/u/profile.png?v=1'),
    ).toBe('sharks/u/profile.png');
    expect(() => s3ObjectKey('avatars', '../other-bucket/x.png')).toThrow(/unsafe/);
    await expect(cdn.put('avatars', '../x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
    expect(requests).toEqual([]);
  });

  it('is chosen when S3_BUCKET is set, local disk otherwise', () => {
    const s3 = createStorage(
      testConfig({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://minio.local:9000',
        S3_PUBLIC_URL: 'https://cdn.example.com',
      }),
    );
    expect(s3.publicUrl('avatars', 'k.png')).toBe('https://cdn.example.com/avatars/k.png');
    expect(createStorage(testConfig()).publicUrl('avatars', 'k.png')).toBe('/media/avatars/k.png');
  });
});

describe('image checks', () => {
  it('knows JPEG, PNG and WebP by their bytes, not their name', async () => {
    expect(sniffImageFormat(await makeImage('png'))).toBe('png');
    expect(sniffImageFormat(await makeImage('jpeg'))).toBe('jpeg');
    expect(sniffImageFormat(await makeImage('webp'))).toBe('webp');
    expect(sniffImageFormat(Buffer.from('<?php system($_GET["c"]); ?>'))).toBeNull();
    expect(
      sniffImageFormat(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    ).toBeNull();
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
  });

  it('refuses file names that climb folders or hide a second extension', () => {
    for (const ok of ['photo.png', 'My Photo (1).JPG', 'x.webp', 'noext', undefined])
      expect(isAcceptableFileName(ok), String(ok)).toBe(true);
    for (const bad of [
      '../../x.png',
      '..\\x.png',
      'a/b.png',
      'shell.php.png',
      'x.png.php',
      'x.svg',
      'x\0.png',
    ])
      expect(isAcceptableFileName(bad), bad).toBe(false);
  });
});

describe('GET /media/:bucket/*', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('serves a stored image with its content type, an hour of cache and nosniff', async () => {
    const webp = await makeImage('webp');
    await app.storage.put('course-images', 'courses/u1/1_ab.webp', webp, 'image/webp');
    const res = await app.inject({ method: 'GET', url: '/media/course-images/courses/u1/1_ab.webp?v=2' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(webp);
  });

  it('answers 404 for an unknown bucket, a missing object or a path that climbs out', async () => {
    await app.storage.put('avatars', 'sharks/u1/profile.png', await makeImage('png'), 'image/png');
    for (const url of [
      '/media/secrets/sharks/u1/profile.png',
      '/media/avatars/sharks/u1/missing.png',
      '/media/avatars/sharks/u1/../../../package.json',
      '/media/avatars/%2e%2e/%2e%2e/package.json',
      '/media/avatars/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});
