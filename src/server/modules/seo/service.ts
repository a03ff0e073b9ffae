// What the server writes into <head> for each route, so shared links preview and search engines index
// the public pages without running the SPA; plus robots.txt and the sitemap of published sharks.
import { FALLBACK_BIO, SPECIALIZATION_LABELS } from '#shared/constants.ts';
import type { Shark } from '#shared/catalogue.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  countPublishedSharks,
  getPublishedShark,
  listPublishedSharkIds,
} from '#server/modules/sharks/service.ts';
import { SITE_NAME } from '#shared/constants.ts';
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

const truncate = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

export async function headFor(pathname: string, db: DbOrTx): Promise<Head> {
  const page = PUBLIC_PAGES[pathname] ?? PUBLIC_PAGES[pathname.replace(/\/$/, '')];
  if (page) return { ...page, status: 200 };

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
    `<meta property="og:type" content="${SHARK_PATH.test(pathname) && head.status === 200 ? 'profile' : 'website'}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta name="twitter:card" content="summary" />`,
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

/**
 * /sitemap.xml: the public pages and every published shark. Up to 50,000 URLs it is one urlset; beyond that it
 * becomes a sitemap index of /sitemaps/N.xml parts, each within the limit, so every shark stays listed.
 */
export async function sitemapXml(db: DbOrTx, origin: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const total = STATIC_PATHS.length + (await countPublishedSharks(db));
  if (total <= maxUrls) {
    const rows = await listPublishedSharkIds(db, 0, maxUrls);
    return urlset([
      ...STATIC_PATHS.map((p) => urlEntry(`${origin}${p}`)),
      ...rows.map((r) => urlEntry(`${origin}${paths.sharks.profile(r.id)}`, r.updatedAt)),
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
  const total = STATIC_PATHS.length + (await countPublishedSharks(db));
  if (part < 1 || (part - 1) * maxUrls >= total) return null;
  const start = (part - 1) * maxUrls; // position in [static pages..., sharks...]
  const statics = STATIC_PATHS.slice(start, start + maxUrls);
  const sharkSkip = Math.max(0, start - STATIC_PATHS.length);
  const rows = await listPublishedSharkIds(db, sharkSkip, maxUrls - statics.length);
  return urlset([
    ...statics.map((p) => urlEntry(`${origin}${p}`)),
    ...rows.map((r) => urlEntry(`${origin}${paths.sharks.profile(r.id)}`, r.updatedAt)),
  ]);
}
