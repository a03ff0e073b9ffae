// Serves the built SPA from dist/web: hashed assets with a long cache, and index.html (with the route's
// head written in) for every other GET that is not the API or media, so client-side routes load directly.
// Also robots.txt and the sitemap, which crawlers need whether or not the web build is present.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { COMMON_MSG } from '#shared/common.ts';
import { paths } from '#shared/routes.ts';
import {
  type FirstPaint,
  firstPaintFor,
  type Head,
  headFor,
  injectFirstPaint,
  injectHead,
  readManifest,
  robotsTxt,
  sitemapPartXml,
  sitemapXml,
} from '#server/modules/catalogue/seo/service.ts';

const notFoundBody = { error: { code: ERROR_CODE.notFound, message: COMMON_MSG.notFound } };

export default fp(async function spa(app: FastifyInstance, opts: { serveWeb: boolean }) {
  const webRoot = path.resolve(app.config.WEB_DIST);
  const indexFile = path.join(webRoot, 'index.html');
  const serve = opts.serveWeb && existsSync(indexFile);
  if (opts.serveWeb && !serve)
    app.log.warn('the built web app is missing: run `npm run build` to serve the web app');
  const template = serve ? readFileSync(indexFile, 'utf8') : '';
  const manifest = serve ? readManifest(webRoot) : {};
  const origin = app.config.appOrigin;

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(origin)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await sitemapXml(app.db, origin)),
  );
  app.get<{ Params: { part: string } }>('/sitemaps/:part', { schema: { hide: true } }, async (req, reply) => {
    const match = /^(\d{1,6})\.xml$/.exec(req.params.part);
    const xml = match ? await sitemapPartXml(app.db, origin, Number(match[1])) : null;
    if (!xml) return reply.code(404).send(notFoundBody);
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(xml);
  });

  if (serve) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (vite.config.ts); the browser gets the smallest it accepts.
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed build output never changes under its name; the brand images (logo, preview image) keep their
        // names, so a day, then revalidated in the background. With max-age=0 one page load fetched the logo three
        // times (the first-paint header, the favicon and the app's navbar).
        if (file.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (file.includes(`${path.sep}images${path.sep}`))
          reply.header('cache-control', 'public, max-age=86400, stale-while-revalidate=604800');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const isPage =
      req.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/') && !path.extname(url);
    if (!serve || !isPage) return reply.code(404).send(notFoundBody);
    // The shell never depends on the database: when a page's data cannot be read, the plain shell is served
    // and the page shows the API's own error (issue 10, finding 11).
    let head: Head;
    let paint: FirstPaint;
    try {
      head = await headFor(url, app.db, origin);
      paint = await firstPaintFor(req.url, app.db, head.shark);
    } catch (err) {
      req.log.warn({ err }, 'first paint failed: serving the plain app shell');
      head = await headFor(paths.home, app.db);
      head = { ...head, canonical: undefined, noindex: true };
      paint = { modules: [], images: [], data: [] };
    }
    return reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectFirstPaint(injectHead(template, head, origin, url), paint, manifest));
  });
});
