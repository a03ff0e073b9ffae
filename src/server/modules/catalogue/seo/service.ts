// What the server writes into <head> for each route, so shared links preview and search engines index
// the public pages without running the SPA; plus robots.txt and the sitemap of published sharks.
import { FALLBACK_BIO, SPECIALIZATION_LABELS } from '#shared/constants.ts';
import type { Shark } from '#shared/catalogue.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueKeys, FIRST_PAINT_ELEMENT_ID, type FirstPaintEntry } from '#shared/catalogue-keys.ts';
import { sharksQuerySchema } from '#shared/catalogue.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  catalogueVersion,
  countPublishedSharks,
  getPublishedShark,
  listPublishedSharkCourses,
  listPublishedSharkIds,
  listSharks,
} from '#server/modules/catalogue/listings/service.ts';
import { SITE_NAME } from '#shared/constants.ts';
// The cards' next free times read the sessions' busy times, as the list API does.
import { busyTimesOf } from '#server/modules/sessions/sessions/service.ts';
import { formatPaise } from '#shared/money.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import {
  countAllPublishedFreelancers,
  getPublishedFreelancer,
  listPublishedFreelancerIds,
} from '#server/modules/freelance/freelancers/service.ts';
import {
  INDEXABLE_ROUTES,
  ROUTES,
  RouteSeo,
  disallowedPrefixes,
  paths,
  routePattern,
} from '#shared/routes.ts';

export interface Head {
  title: string;
  description: string;
  /** Absolute or site-relative image URL (made absolute when written). */
  image?: string;
  /** The page's canonical path (no query string); absent for pages that should not be indexed. */
  canonical?: string;
  /** HTTP status for the page: 404 for a shark that does not exist, so crawlers drop it. */
  status: number;
  noindex?: boolean;
  /** The profile's shark, read once here and reused for the page's first-paint data. */
  shark?: Shark;
  /** Structured data (schema.org) written as <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown>;
  /** og:type: 'profile' for a person's page. */
  ogType?: 'profile' | 'website';
}

const DEFAULT_DESCRIPTION = (ROUTES.home.seo as RouteSeo).description;
/** Link previews do not render SVG: the site's preview image is a PNG (source: scripts/og-image.svg). */
const DEFAULT_IMAGE = '/images/og-image.png';
const DESCRIPTION_MAX = 160;

/** The public pages crawlers may index, with their heads: the route table's static indexable routes. */
const PUBLIC_PAGES: Record<string, Omit<Head, 'status'>> = Object.fromEntries(
  INDEXABLE_ROUTES.filter((r) => typeof r.seo === 'object').map((r) => {
    const seo = r.seo as RouteSeo;
    return [
      r.path,
      { title: seo.title ?? `${r.title} | ${SITE_NAME}`, description: seo.description, canonical: r.path },
    ];
  }),
);

/**
 * Paths crawlers are asked to skip: the API and dev tools, then accounts and workspaces from the route table.
 * Not /media/: the profile photos there are what a shark's page and its link previews show.
 */
const PRIVATE_PREFIXES = ['/api/', '/dev/', ...disallowedPrefixes()];

const SHARK_PATH = routePattern(ROUTES.sharks.profile.path);
const FREELANCER_PATH = routePattern(ROUTES.freelancers.profile.path);

const decodeId = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return ''; // a malformed %-escape is just an unknown profile
  }
};

/** A published freelancer's head (issue 27): title, description, canonical, a Person in JSON-LD; else 404. */
async function freelancerHead(db: DbOrTx, rawId: string, origin?: string): Promise<Head> {
  const f = await getPublishedFreelancer(db, decodeId(rawId), 'UTC');
  if (!f)
    return {
      title: `Freelancer not found | ${SITE_NAME}`,
      description: DEFAULT_DESCRIPTION,
      status: 404,
      noindex: true,
    };
  const services = f.services.map((s) => SECURITY_SERVICE_LABELS[s]);
  const canonical = paths.freelancers.profile(f.id);
  return {
    title: `${f.name}, security freelancer | ${SITE_NAME}`,
    description: truncate(
      `${f.name}: ${f.headline}. ${services.join(', ')}. Day rate ${formatPaise(f.dayRatePaise)}.`,
      DESCRIPTION_MAX,
    ),
    canonical,
    status: 200,
    ogType: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: f.name,
      jobTitle: f.headline,
      ...(origin ? { url: `${origin}${canonical}` } : {}),
      knowsAbout: [...services, ...f.skills],
      ...(f.languages.length ? { knowsLanguage: f.languages } : {}),
      ...(f.portfolioLinks.length ? { sameAs: f.portfolioLinks } : {}),
      ...(f.credentials.length
        ? {
            hasCredential: f.credentials.map((c) => ({
              '@type': 'EducationalOccupationalCredential',
              name: c.name,
              ...(c.issuer ? { recognizedBy: { '@type': 'Organization', name: c.issuer } } : {}),
            })),
          }
        : {}),
    },
  };
}

const truncate = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

export async function headFor(pathname: string, db: DbOrTx, origin?: string): Promise<Head> {
  const page = PUBLIC_PAGES[pathname] ?? PUBLIC_PAGES[pathname.replace(/\/$/, '')];
  if (page) return { ...page, status: 200 };

  const freelancer = FREELANCER_PATH.exec(pathname);
  if (freelancer) return freelancerHead(db, freelancer[1], origin);

  const match = SHARK_PATH.exec(pathname);
  if (match) {
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      id = ''; // a malformed %-escape is just an unknown shark
    }
    const shark = await getPublishedShark(db, id);
    if (!shark)
      return {
        title: `Shark not found | ${SITE_NAME}`,
        description: DEFAULT_DESCRIPTION,
        status: 404,
        noindex: true,
      };
    const role = SPECIALIZATION_LABELS[shark.specialization];
    return {
      title: `${shark.name} | ${SITE_NAME}`,
      description: truncate(shark.bio ?? `${shark.name}: ${role} mentor. ${FALLBACK_BIO}.`, DESCRIPTION_MAX),
      image: shark.photoUrl ?? DEFAULT_IMAGE,
      canonical: paths.sharks.profile(shark.id),
      status: 200,
      shark,
    };
  }
  // Any other path: the SPA decides (a private page or a redirect home); crawlers should not index it.
  return { title: SITE_NAME, description: DEFAULT_DESCRIPTION, status: 200, noindex: true };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const absolute = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** Replaces the template's <title> with the page's title, description, canonical link and Open Graph tags. */
export function injectHead(html: string, head: Head, origin: string, pathname: string): string {
  const url = `${origin}${head.canonical ?? pathname}`;
  const image = absolute(origin, head.image ?? DEFAULT_IMAGE);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    ...(head.noindex ? ['<meta name="robots" content="noindex" />'] : []),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(url)}" />`] : []),
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:type" content="${head.ogType ?? (SHARK_PATH.test(pathname) && head.status === 200 ? 'profile' : 'website')}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
  ].join('\n    ');
  // A function replacement, so `$&`-like sequences in a shark's name are not read as patterns.
  return html.replace(/<title>[\s\S]*?<\/title>/, () => tags);
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The sitemap protocol's limit per file; larger catalogues get a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;
const STATIC_PATHS = Object.keys(PUBLIC_PAGES);

const xmlEscape = escapeHtml;
const urlEntry = (loc: string, lastmod?: Date) =>
  `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

/** The profiles after the static pages, in order: published sharks, then published freelancers (issue 27). */
async function profileCounts(db: DbOrTx) {
  const [sharks, freelancers] = await Promise.all([
    countPublishedSharks(db),
    countAllPublishedFreelancers(db),
  ]);
  return { sharks, freelancers };
}

/** The profile entries from position `skip` (0 = the first shark), `limit` of them at most. */
async function profileEntries(
  db: DbOrTx,
  origin: string,
  sharkCount: number,
  skip: number,
  limit: number,
): Promise<string[]> {
  if (limit <= 0) return [];
  const sharks =
    skip < sharkCount
      ? (await listPublishedSharkIds(db, skip, limit)).map((r) =>
          urlEntry(`${origin}${paths.sharks.profile(r.id)}`, r.updatedAt),
        )
      : [];
  const rest = limit - sharks.length;
  const freelancers =
    rest > 0
      ? (await listPublishedFreelancerIds(db, Math.max(0, skip - sharkCount), rest)).map((r) =>
          urlEntry(`${origin}${paths.freelancers.profile(r.id)}`, r.updatedAt),
        )
      : [];
  return [...sharks, ...freelancers];
}

/**
 * /sitemap.xml: the public pages, every published shark and every published freelancer. Up to 50,000 URLs it is
 * one urlset; beyond that it becomes a sitemap index of /sitemaps/N.xml parts, each within the limit, so every
 * profile stays listed.
 */
export async function sitemapXml(db: DbOrTx, origin: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const counts = await profileCounts(db);
  const total = STATIC_PATHS.length + counts.sharks + counts.freelancers;
  if (total <= maxUrls) {
    return urlset([
      ...STATIC_PATHS.map((p) => urlEntry(`${origin}${p}`)),
      ...(await profileEntries(db, origin, counts.sharks, 0, maxUrls)),
    ]);
  }
  const parts = Math.ceil(total / maxUrls);
  const items = Array.from(
    { length: parts },
    (_, i) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** One part of the sitemap index (1-based); null past the last part. Part 1 starts with the public pages. */
export async function sitemapPartXml(
  db: DbOrTx,
  origin: string,
  part: number,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const counts = await profileCounts(db);
  const total = STATIC_PATHS.length + counts.sharks + counts.freelancers;
  if (part < 1 || (part - 1) * maxUrls >= total) return null;
  const start = (part - 1) * maxUrls; // position in [static pages..., sharks..., freelancers...]
  const statics = STATIC_PATHS.slice(start, start + maxUrls);
  const profileSkip = Math.max(0, start - STATIC_PATHS.length);
  return urlset([
    ...statics.map((p) => urlEntry(`${origin}${p}`)),
    ...(await profileEntries(db, origin, counts.sharks, profileSkip, maxUrls - statics.length)),
  ]);
}

// ---- The first paint (decision 064) -----------------------------------------------------------------------
// What a public page needs for its first screen, written into its HTML so a phone on a slow network does
// not wait for the app's code before asking for it (decision 064):
// - the page's own code chunks, as <link rel="modulepreload"> from Vite's build manifest, fetched alongside
//   the main bundle instead of after it;
// - the data its first screen shows (the first page of sharks, a shark and its courses) as a JSON block the
//   web app puts into its query cache, saving the API round trips;
// - a shark's photo, preloaded, since it is the largest thing on a profile.

/** The indexable public routes and the page module each lazily loads (the route table's `page`). */
export const PAGE_MODULES: ReadonlyArray<{ path: RegExp; module: string }> = INDEXABLE_ROUTES.flatMap((r) =>
  r.page ? [{ path: routePattern(r.path), module: r.page }] : [],
);
const SHARKS_LIST_PAGE = ROUTES.sharks.list.page;

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The build's manifest (vite.config.ts sets build.manifest), or an empty one for a build without it. */
export function readManifest(webRoot: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * The URLs of a lazy module's chunk and every chunk it imports, minus the entry and the chunks the entry
 * imports itself: index.html already loads and preloads those.
 */
export function chunkUrls(manifest: Manifest, module: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const walk = (key: string, collect: boolean) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    if (collect) {
      js.push(`/${chunk.file}`);
      for (const sheet of chunk.css ?? []) css.push(`/${sheet}`);
    }
    for (const dep of chunk.imports ?? []) walk(dep, collect);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, false);
  walk(module, true);
  return { js, css };
}

export interface FirstPaint {
  /** Module keys of the manifest to preload. */
  modules: string[];
  images: string[];
  data: FirstPaintEntry[];
}

/**
 * The first paint of a public page. `shark` is the profile's shark when the head already read it (null when
 * it does not exist, so the page shows "Shark not found" from the API's own answer).
 */
export async function firstPaintFor(
  requestUrl: string,
  db: DbOrTx,
  shark: Shark | null | undefined,
): Promise<FirstPaint> {
  let url: URL;
  try {
    url = new URL(requestUrl, 'http://localhost');
  } catch {
    return { modules: [], images: [], data: [] };
  }
  const page = PAGE_MODULES.find((p) => p.path.test(url.pathname));
  const paint: FirstPaint = { modules: page ? [page.module] : [], images: [], data: [] };

  if (page?.module === SHARKS_LIST_PAGE) {
    // The list the page will ask for: its filters come from the URL; the web app always starts at page 1.
    const query = sharksQuerySchema.safeParse(Object.fromEntries(url.searchParams));
    if (query.success) {
      const { search, specialization, sort, verified } = query.data;
      // Read before the list, as the API does, so the total can come from the per-version cache.
      const version = await catalogueVersion(db);
      const first = await listSharks(
        db,
        { search, specialization, sort, verified, page: 1 },
        version,
        busyTimesOf,
      );
      paint.data.push({
        key: catalogueKeys.list({ search, specialization, sort, verified: verified === 'true' }),
        data: first,
        infinite: true,
      });
    }
  }
  if (shark) {
    const courses = await listPublishedSharkCourses(db, shark.id);
    paint.data.push({ key: catalogueKeys.shark(shark.id), data: shark });
    if (courses) paint.data.push({ key: catalogueKeys.courses(shark.id), data: courses });
    if (shark.photoUrl) paint.images.push(shark.photoUrl);
  }
  return paint;
}

/**
 * JSON that is safe inside a <script type="application/json"> block: `<` (and the line separators some
 * parsers dislike) escaped, so stored text such as "</script><script>..." can never close the block.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Adds the preload links to <head> and the data block before </body>. */
export function injectFirstPaint(html: string, paint: FirstPaint, manifest: Manifest): string {
  const links: string[] = [];
  for (const module of paint.modules) {
    const { js, css } = chunkUrls(manifest, module);
    for (const href of css) links.push(`<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`);
    for (const href of js) links.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`);
  }
  for (const href of paint.images)
    links.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}" />`);
  let out = links.length ? html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`) : html;
  if (paint.data.length) {
    const block = `<script type="application/json" id="${FIRST_PAINT_ELEMENT_ID}">${jsonForScript(paint.data)}</script>`;
    out = out.replace('</body>', () => `  ${block}\n  </body>`);
  }
  return out;
}
