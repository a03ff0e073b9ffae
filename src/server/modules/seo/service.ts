// What the server writes into <head> for each route, so shared links preview and search engines index
// the public pages without running the SPA; plus robots.txt and the sitemap of published sharks.
import { asc, count, eq } from 'drizzle-orm';
import { DEFAULT_SHARK_PHOTO, FALLBACK_BIO, SPECIALIZATION_LABELS } from '../../../shared/constants';
import type { Shark } from '../../../shared/schemas/sharks';
import type { DbOrTx } from '../../db/client';
import { sharks } from '../../db/schema';
import { getPublishedShark } from '../sharks/service';

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

export const SITE_NAME = 'Shark Security';
const DEFAULT_DESCRIPTION =
  'Cybersecurity services and mentoring: penetration testing, red teaming, cloud security and forensics, with mentors we call sharks.';
const DEFAULT_IMAGE = '/images/logo.svg';
const DESCRIPTION_MAX = 160;

/** The public pages crawlers may index, with their heads. */
const PUBLIC_PAGES: Record<string, Omit<Head, 'status'>> = {
  '/': { title: `${SITE_NAME} | Cybersecurity services and mentors`, description: DEFAULT_DESCRIPTION, canonical: '/' },
  '/services': {
    title: `Services | ${SITE_NAME}`,
    description: 'Penetration testing, red teaming, cloud security, forensics, incident response and training, delivered by certified experts.',
    canonical: '/services',
  },
  '/sharks': {
    title: `Sharks | ${SITE_NAME}`,
    description: 'Find a cybersecurity mentor: search sharks by name, specialization, rating and price.',
    canonical: '/sharks',
  },
  '/freelancers': { title: `Freelancers | ${SITE_NAME}`, description: 'A marketplace of vetted security freelancers is coming soon.', canonical: '/freelancers' },
  '/contact': { title: `Contact | ${SITE_NAME}`, description: 'Write to us: we reply within 24 hours.', canonical: '/contact' },
};

/** Paths crawlers are asked to skip: accounts, workspaces, the API and dev tools. */
const PRIVATE_PREFIXES = ['/api/', '/dev/', '/media/', '/admin', '/user/', '/shark/', '/freelancer/', '/login', '/signup', '/forgotpassword', '/update-password', '/verify-email', '/subscriptions', '/unauthorized', '/cart'];

const SHARK_PATH = /^\/sharks\/([^/]+)\/?$/;

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
    if (!shark) return { title: `Shark not found | ${SITE_NAME}`, description: DEFAULT_DESCRIPTION, status: 404, noindex: true };
    const role = SPECIALIZATION_LABELS[shark.specialization];
    return {
      title: `${shark.name} | ${SITE_NAME}`,
      description: truncate(shark.bio ?? `${shark.name}: ${role} mentor. ${FALLBACK_BIO}.`, DESCRIPTION_MAX),
      image: shark.photoUrl ?? DEFAULT_SHARK_PHOTO,
      canonical: `/sharks/${shark.id}`,
      status: 200,
      shark,
    };
  }
  // Any other path: the SPA decides (a private page or a redirect home); crawlers should not index it.
  return { title: SITE_NAME, description: DEFAULT_DESCRIPTION, status: 200, noindex: true };
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`);

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

const countPublished = async (db: DbOrTx) => (await db.select({ n: count() }).from(sharks).where(eq(sharks.published, true)))[0].n;

/** Published sharks in id order, `limit` after the `skip` first ones. */
async function publishedSharks(db: DbOrTx, skip: number, limit: number) {
  return db
    .select({ id: sharks.id, updatedAt: sharks.updatedAt })
    .from(sharks)
    .where(eq(sharks.published, true))
    .orderBy(asc(sharks.id))
    .offset(skip)
    .limit(limit);
}

/**
 * /sitemap.xml: the public pages and every published shark. Up to 50,000 URLs it is one urlset; beyond that it
 * becomes a sitemap index of /sitemaps/N.xml parts, each within the limit, so every shark stays listed.
 */
export async function sitemapXml(db: DbOrTx, origin: string, maxUrls = SITEMAP_MAX_URLS): Promise<string> {
  const total = STATIC_PATHS.length + (await countPublished(db));
  if (total <= maxUrls) {
    const rows = await publishedSharks(db, 0, maxUrls);
    return urlset([...STATIC_PATHS.map((p) => urlEntry(`${origin}${p}`)), ...rows.map((r) => urlEntry(`${origin}/sharks/${r.id}`, r.updatedAt))]);
  }
  const parts = Math.ceil(total / maxUrls);
  const items = Array.from({ length: parts }, (_, i) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** One part of the sitemap index (1-based); null past the last part. Part 1 starts with the public pages. */
export async function sitemapPartXml(db: DbOrTx, origin: string, part: number, maxUrls = SITEMAP_MAX_URLS): Promise<string | null> {
  const total = STATIC_PATHS.length + (await countPublished(db));
  if (part < 1 || (part - 1) * maxUrls >= total) return null;
  const start = (part - 1) * maxUrls; // position in [static pages..., sharks...]
  const statics = STATIC_PATHS.slice(start, start + maxUrls);
  const sharkSkip = Math.max(0, start - STATIC_PATHS.length);
  const rows = await publishedSharks(db, sharkSkip, maxUrls - statics.length);
  return urlset([...statics.map((p) => urlEntry(`${origin}${p}`)), ...rows.map((r) => urlEntry(`${origin}/sharks/${r.id}`, r.updatedAt))]);
}

