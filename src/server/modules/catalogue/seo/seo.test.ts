import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { createTestApp, resetDb, testConfig, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark } from '#server/test/fixtures.ts';
import { eq } from 'drizzle-orm';
import { freelancers, users } from '#server/db/schema.ts';
import { sitemapPartXml, sitemapXml } from './service';

const ORIGIN = 'https://sharks.example';
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Shark Security</title></head><body><div id="root"></div></body></html>';

let api: FastifyInstance;
let web: FastifyInstance;
beforeAll(async () => {
  api = await createTestApp({ APP_ORIGIN: ORIGIN });
  // The same app serving a (minimal) web build, as `npm start` does.
  const dist = mkdtempSync(path.join(os.tmpdir(), 'sharks-web-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'index-Abc123.js'), 'export {};');
  mkdirSync(path.join(dist, 'images'));
  writeFileSync(path.join(dist, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  web = await buildApp({
    config: testConfig({ APP_ORIGIN: ORIGIN, WEB_DIST: dist }),
    database: await testDatabase(),
    serveWeb: true,
    logger: false,
  });
  await web.ready();
});
afterAll(async () => {
  await api.close();
  await web.close();
});
beforeEach(resetDb);

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('static files', () => {
  it('keeps hashed assets for a year and the brand images for a day, so one page load fetches the logo once', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/index-Abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await web.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });
});

describe('server-written <head>', () => {
  it("writes a shark's name, bio and photo into the profile page's head", async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, {
      name: 'Asha Rao',
      bio: 'Cloud security mentor: AWS, IAM and Kubernetes.',
      photoUrl: '/media/avatars/sharks/asha/profile.webp',
    });
    const res = await web.inject({ method: 'GET', url: `/sharks/${shark.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Asha Rao | Shark Security</title>');
    expect(html).toContain(
      '<meta name="description" content="Cloud security mentor: AWS, IAM and Kubernetes." />',
    );
    expect(html).toContain('<meta property="og:title" content="Asha Rao | Shark Security" />');
    expect(html).toContain(
      `<meta property="og:image" content="${ORIGIN}/media/avatars/sharks/asha/profile.webp" />`,
    );
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/sharks/${shark.id}" />`);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('noindex');
  });

  it('uses the default photo and a fallback description when the shark has none, and escapes HTML', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, {
      name: 'Eve <script>alert(1)</script> & "Co"',
      bio: null,
      photoUrl: null,
    });
    const html = (await web.inject({ method: 'GET', url: `/sharks/${shark.id}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(
      '<title>Eve &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; | Shark Security</title>',
    );
    // A PNG: link previews do not render SVG.
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/images/og-image.png" />`);
    expect(html).toMatch(/<meta name="description" content="[^"]*No bio available\.[^"]*" \/>/);
  });

  it('cuts a long bio to a search-result sized description', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db, { bio: 'word '.repeat(100) });
    const html = (await web.inject({ method: 'GET', url: `/sharks/${shark.id}` })).body;
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1];
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
  });

  it('answers 404 with "Shark not found" and noindex for an unpublished or unknown shark', async () => {
    const { db } = await testDatabase();
    const draft = await createShark(db, { name: 'Draft Shark', published: false });
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await web.inject({ method: 'GET', url: `/sharks/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('<title>Shark not found | Shark Security</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('Draft Shark');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('gives each public page its own title and description, and asks crawlers to skip private pages', async () => {
    const services = (await web.inject({ method: 'GET', url: '/services' })).body;
    expect(services).toContain('<title>Services | Shark Security</title>');
    expect(services).toContain(`<link rel="canonical" href="${ORIGIN}/services" />`);
    const list = (await web.inject({ method: 'GET', url: '/sharks?search=cloud&sort=students' })).body;
    expect(list).toContain('<title>Sharks | Shark Security</title>');
    expect(list).toContain(`<link rel="canonical" href="${ORIGIN}/sharks" />`);
    expect((await web.inject({ method: 'GET', url: '/contact' })).body).toContain('we reply within 24 hours');
    const dashboard = await web.inject({ method: 'GET', url: '/shark/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toContain('<meta name="robots" content="noindex" />');
  });

  it('still answers unknown API paths and missing files with the JSON 404', async () => {
    for (const url of ['/api/nothing-here', '/missing.js']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });
});

describe('robots.txt', () => {
  it('allows the public site, disallows accounts and the API, and names the sitemap', async () => {
    const res = await api.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/api/', '/admin', '/user/', '/shark/', '/freelancer/', '/login'])
      expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain('Disallow: /sharks');
    // Profile photos live under /media/: a shark's page and its link preview show them.
    expect(lines.filter((l) => l.startsWith('Disallow: /media'))).toEqual([]);
    for (const p of ['/terms', '/privacy', '/cookies']) expect(lines).not.toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and every published shark, never an unpublished one', async () => {
    const { db } = await testDatabase();
    const a = await createShark(db, { name: 'Listed A' });
    const b = await createShark(db, { name: 'Listed B' });
    const draft = await createShark(db, { name: 'Draft', published: false });
    const res = await api.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(res.body);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/`,
        `${ORIGIN}/services`,
        `${ORIGIN}/sharks`,
        `${ORIGIN}/contact`,
        `${ORIGIN}/terms`,
        `${ORIGIN}/privacy`,
        `${ORIGIN}/cookies`,
        `${ORIGIN}/sharks/${a.id}`,
        `${ORIGIN}/sharks/${b.id}`,
      ]),
    );
    expect(urls).not.toContain(`${ORIGIN}/sharks/${draft.id}`);
    expect(urls.filter((u) => u.startsWith(`${ORIGIN}/sharks/`))).toHaveLength(2);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
  });

  it('leaves out a shark whose account is suspended', async () => {
    const { db } = await testDatabase();
    const listed = await createShark(db, { name: 'Listed' });
    const suspended = await createShark(db, { name: 'Suspended' });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.userId));
    const urls = locs((await api.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(urls).toContain(`${ORIGIN}/sharks/${listed.id}`);
    expect(urls).not.toContain(`${ORIGIN}/sharks/${suspended.id}`);
    // A big catalogue's index and parts count only the public sharks too: 8 public pages + 1 shark fit in 9.
    expect(await sitemapXml(db, ORIGIN, 9)).toContain('<urlset');
    expect(locs((await sitemapPartXml(db, ORIGIN, 2, 8))!)).toEqual([`${ORIGIN}/sharks/${listed.id}`]);
  });

  it('splits into a sitemap index of parts within the URL limit when the catalogue outgrows one file', async () => {
    const { db } = await testDatabase();
    const ids: string[] = [];
    for (let i = 0; i < 9; i++) ids.push((await createShark(db)).id);
    await createShark(db, { published: false });
    // 8 public pages + 9 sharks = 17 URLs; with a limit of 6 that is 3 parts.
    const index = await sitemapXml(db, ORIGIN, 6);
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual([
      `${ORIGIN}/sitemaps/1.xml`,
      `${ORIGIN}/sitemaps/2.xml`,
      `${ORIGIN}/sitemaps/3.xml`,
    ]);
    const parts = await Promise.all([1, 2, 3].map((p) => sitemapPartXml(db, ORIGIN, p, 6)));
    const all = parts.flatMap((xml) => locs(xml!));
    for (const xml of parts) expect(locs(xml!).length).toBeLessThanOrEqual(6);
    expect(all).toHaveLength(17);
    expect(new Set(all).size).toBe(17);
    expect(all.filter((u) => u.startsWith(`${ORIGIN}/sharks/`)).sort()).toEqual(
      ids.map((id) => `${ORIGIN}/sharks/${id}`).sort(),
    );
    expect(await sitemapPartXml(db, ORIGIN, 4, 6)).toBeNull();
  });

  it('serves sitemap parts over HTTP and 404s past the last one', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const part = await api.inject({ method: 'GET', url: '/sitemaps/1.xml' });
    expect(part.statusCode).toBe(200);
    expect(locs(part.body)).toContain(`${ORIGIN}/sharks/${shark.id}`);
    expect((await api.inject({ method: 'GET', url: '/sitemaps/2.xml' })).statusCode).toBe(404);
    expect((await api.inject({ method: 'GET', url: '/sitemaps/x.xml' })).statusCode).toBe(404);
  });
});

describe('a freelancer profile (issue 27)', () => {
  async function freelancer(name: string, published = true) {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['freelancer'], name });
    const [row] = await db
      .insert(freelancers)
      .values({
        userId: account.id,
        name,
        skills: 'Burp Suite, AWS',
        headline: 'Cloud and web pentester </script><b>',
        services: ['pentesting', 'cloud-security'],
        dayRatePaise: 1_500_000,
        languages: ['English', 'Hindi'],
        portfolioLinks: ['https://github.com/example'],
        published,
      })
      .returning({ id: freelancers.id });
    return row.id;
  }

  it('writes the name, headline, canonical, OpenGraph profile and a JSON-LD Person into the head', async () => {
    const id = await freelancer('Meera Pillai');
    const res = await web.inject({ method: 'GET', url: `/freelancers/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Meera Pillai, security freelancer | Shark Security</title>');
    expect(res.body).toContain(`<link rel="canonical" href="${ORIGIN}/freelancers/${id}" />`);
    expect(res.body).toContain('<meta property="og:type" content="profile" />');
    expect(res.body).toContain('Day rate ₹15,000.');
    expect(res.body).not.toContain('</script><b>');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(res.body)![1];
    expect(JSON.parse(ld)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Meera Pillai',
      jobTitle: 'Cloud and web pentester </script><b>',
      url: `${ORIGIN}/freelancers/${id}`,
      knowsAbout: ['Penetration Testing', 'Cloud Security', 'Burp Suite', 'AWS'],
      knowsLanguage: ['English', 'Hindi'],
      sameAs: ['https://github.com/example'],
    });
  });

  it('answers 404 with noindex for a draft, an unknown id and a malformed one', async () => {
    const draft = await freelancer('Draft Freelancer', false);
    for (const id of [draft, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await web.inject({ method: 'GET', url: `/freelancers/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).toContain('<title>Freelancer not found | Shark Security</title>');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain('Draft Freelancer');
    }
  });

  it('lists published freelancers in the sitemap after the sharks, in parts too', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const a = await freelancer('Listed Freelancer');
    const draft = await freelancer('Draft Freelancer', false);
    const urls = locs((await api.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(urls).toContain(`${ORIGIN}/freelancers`);
    expect(urls).toContain(`${ORIGIN}/freelancers/${a}`);
    expect(urls).not.toContain(`${ORIGIN}/freelancers/${draft}`);
    // 8 public pages + 1 shark + 1 freelancer, in parts of 9: the freelancer is alone in part 2.
    expect(await sitemapXml(db, ORIGIN, 9)).toContain('<sitemapindex');
    expect(locs((await sitemapPartXml(db, ORIGIN, 1, 9))!)).toContain(`${ORIGIN}/sharks/${shark.id}`);
    expect(locs((await sitemapPartXml(db, ORIGIN, 2, 9))!)).toEqual([`${ORIGIN}/freelancers/${a}`]);
  });
});
