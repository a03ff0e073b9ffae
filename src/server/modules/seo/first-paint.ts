// What a public page needs for its first screen, written into its HTML so a phone on a slow network does
// not wait for the app's code before asking for it (decision 064):
// - the page's own code chunks, as <link rel="modulepreload"> from Vite's build manifest, fetched alongside
//   the main bundle instead of after it;
// - the data its first screen shows (the first page of sharks, a shark and its courses) as a JSON block the
//   web app puts into its query cache, saving the API round trips;
// - a shark's photo, preloaded, since it is the largest thing on a profile.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueKeys, FIRST_PAINT_ELEMENT_ID, type FirstPaintEntry } from '#shared/catalogue-keys.ts';
import { INDEXABLE_ROUTES, ROUTES, routePattern } from '#shared/routes.ts';
import { sharksQuerySchema, type Shark } from '#shared/catalogue.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { catalogueVersion, listPublishedSharkCourses, listSharks } from '#server/modules/sharks/service.ts';
import { escapeHtml } from './service';

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
      const first = await listSharks(db, { search, specialization, sort, verified, page: 1 }, version);
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
