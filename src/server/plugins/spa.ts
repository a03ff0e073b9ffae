// Serves the built SPA from dist/web: hashed assets with a long cache, and index.html (with the route's
// head written in) for every other GET that is not the API or media, so client-side routes load directly.
// Also robots.txt and the sitemap, which crawlers need whether or not the web build is present.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MSG } from '../../shared/messages';
import { firstPaintFor, injectFirstPaint, readManifest } from '../modules/seo/first-paint';
import { headFor, injectHead, robotsTxt, sitemapPartXml, sitemapXml } from '../modules/seo/service';

const notFoundBody = { error: { code: 'not_found', message: MSG.notFound } };

export default fp(async function spa(app: FastifyInstance, opts: { serveWeb: boolean }) {
  const webRoot = path.resolve(app.config.WEB_DIST);
  const indexFile = path.join(webRoot, 'index.html');
  const serve = opts.serveWeb && existsSync(indexFile);
  if (opts.serveWeb && !serve) app.log.warn('the built web app is missing: run `npm run build` to serve the web app');
  const template = serve ? readFileSync(indexFile, 'utf8') : '';
  const manifest = serve ? readManifest(webRoot) : {};
  const origin = app.config.appOrigin;

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(origin)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await sitemapXml(app.db, origin)),
  );
  app.get<{ Params: { part: string } }>('/sitemaps/:part', { schema: { hide: true } }, async (req, reply) => {
    const match = /^(\d{1,6})\.xml$/.exec(req.params.part);
    const xml = match ? await sitemapPartXml(app.db, origin, Number(match[1])) : null;
    if (!xml) return reply.code(404).send(notFoundBody);
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  if (serve) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (vite.config.ts); the browser gets the smallest it accepts.
      preCompressed: true,
      setHeaders(reply, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0];
    const isPage = req.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/media/') && !path.extname(url);
    if (!serve || !isPage) return reply.code(404).send(notFoundBody);
    const head = await headFor(url, app.db);
    const paint = await firstPaintFor(req.url, app.db, head.shark);
    return reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(injectFirstPaint(injectHead(template, head, origin, url), paint, manifest));
  });
});
