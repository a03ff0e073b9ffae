// The first screen of data and the code chunks written into public pages: the same data the API answers,
// under the keys the web app reads, never able to break out of its block, and nothing for pages that fail.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { FIRST_PAINT_ELEMENT_ID, type FirstPaintEntry } from '#shared/catalogue-keys.ts';
import { resetDb, testConfig, testDatabase } from '#server/test/app.ts';
import { createCourse, createShark } from '#server/test/fixtures.ts';
import { chunkUrls, PAGE_MODULES } from './service';

const TEMPLATE =
  '<!doctype html><html><head><title>Shark Security</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_client-1.js'] },
  '_client-1.js': { file: 'assets/client-1.js' },
  '_schemas-1.js': { file: 'assets/schemas-1.js', imports: ['_client-1.js'] },
  'pages/public/shark-profile-page.tsx': {
    file: 'assets/shark-profile-page-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_schemas-1.js', '_client-1.js'],
    css: ['assets/profile-1.css'],
  },
  'pages/public/sharks-page.tsx': {
    file: 'assets/sharks-page-1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_client-1.js'],
  },
};

let web: FastifyInstance;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sharks-web-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  web = await buildApp({
    config: testConfig({ WEB_DIST: dist }),
    database: await testDatabase(),
    serveWeb: true,
    logger: false,
  });
  await web.ready();
});
afterAll(() => web.close());
beforeEach(resetDb);

/** The entries of the page's data block, or null when it has none. */
function dataBlock(html: string): FirstPaintEntry[] | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? (JSON.parse(match[1]) as FirstPaintEntry[]) : null;
}

describe('first paint of public pages', () => {
  it("writes a profile's shark and courses exactly as the API answers them, and preloads its photo", async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, {
      name: 'Asha Rao',
      photoUrl: '/media/avatars/sharks/asha/profile.webp',
    });
    await createCourse(db, shark.id, { title: 'Cloud IAM', pricePaise: 200_000 });
    const html = (await web.inject({ method: 'GET', url: `/sharks/${shark.id}` })).body;

    const apiShark = (await web.inject({ method: 'GET', url: `/api/sharks/${shark.id}` })).json();
    const apiCourses = (await web.inject({ method: 'GET', url: `/api/sharks/${shark.id}/courses` })).json();
    expect(dataBlock(html)).toEqual([
      { key: ['sharks', 'detail', shark.id], data: apiShark },
      { key: ['sharks', 'detail', shark.id, 'courses'], data: apiCourses },
    ]);
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/avatars/sharks/asha/profile.webp" />',
    );
  });

  it("preloads the page's own chunks and their imports once each, not the entry index.html already loads", async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const html = (await web.inject({ method: 'GET', url: `/sharks/${shark.id}` })).body;
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map(
      (m) => m[1],
    );
    expect(preloads).toEqual(['/assets/shark-profile-page-1.js', '/assets/schemas-1.js']);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/profile-1.css" />');
    expect(chunkUrls(MANIFEST, 'pages/public/home-page.tsx')).toEqual({ js: [], css: [] });
  });

  it("writes the list's first page under the filters in the URL, as /api/sharks answers it", async () => {
    const { db } = await testDatabase();
    await createShark(db, { name: 'Cloud One', bio: 'cloud hardening', specialization: 'cloud_security' });
    await createShark(db, { name: 'Forensic Two', bio: 'disk forensics', specialization: 'forensics' });
    const html = (await web.inject({ method: 'GET', url: '/sharks?search=%20cloud%20&sort=experience' }))
      .body;
    const api = (await web.inject({ method: 'GET', url: '/api/sharks?search=cloud&sort=experience' })).json();
    expect(api.items.map((s: { name: string }) => s.name)).toEqual(['Cloud One']);
    expect(dataBlock(html)).toEqual([
      {
        key: ['sharks', 'list', { search: 'cloud', specialization: '', sort: 'experience', verified: false }],
        data: api,
        infinite: true,
      },
    ]);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/sharks-page-1.js" />');
  });

  it('writes no data for a list URL the API would refuse, nor for a shark that is not found', async () => {
    const { db } = await testDatabase();
    expect(dataBlock((await web.inject({ method: 'GET', url: '/sharks?sort=cheapest' })).body)).toBeNull();
    const draft = await createShark(db, { published: false });
    const missing = await web.inject({ method: 'GET', url: `/sharks/${draft.id}` });
    expect(missing.statusCode).toBe(404);
    expect(dataBlock(missing.body)).toBeNull();
    expect(dataBlock((await web.inject({ method: 'GET', url: '/user/dashboard' })).body)).toBeNull();
  });

  it('keeps stored markup inside the data block: a bio cannot close the script and run its own', async () => {
    const { db } = await testDatabase();
    const bio = '</script><script>alert(1)</script> \u2028 <!-- <b>bold</b>';
    const shark = await createShark(db, { name: 'Eve </script>', bio });
    const html = (await web.inject({ method: 'GET', url: `/sharks/${shark.id}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html.match(/<\/script>/g)).toHaveLength(2); // the module script's and the data block's own
    expect((dataBlock(html)![0].data as { bio: string }).bio).toBe(bio);
  });

  it('names page modules that exist and that the router loads', () => {
    const router = readFileSync(path.resolve('src/web/app/router.tsx'), 'utf8');
    for (const { module } of PAGE_MODULES) {
      expect(existsSync(path.resolve('src/web', module)), module).toBe(true);
      expect(router, module).toContain(`import('#web/${module}')`);
    }
  });
});
