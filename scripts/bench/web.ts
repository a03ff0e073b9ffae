// Front-end figures for the bench: the gzipped JS the home page and a shark's profile load, and Lighthouse scores.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const run = promisify(execFile);

export interface JsFile {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The JS `/` loads before any lazy route: index.html's module script and its modulepreload links. */
function initialUrls(webDist: string): string[] {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script') && /type=["']module["']/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel=["']modulepreload["']/.test(tag);
    const url = /(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if ((isScript || isPreload) && url && !/^https?:/.test(url)) urls.add(url);
  }
  return [...urls];
}

function sizeOf(webDist: string, url: string): JsFile {
  const body = readFileSync(path.join(webDist, url.replace(/^\//, '')));
  return { file: url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
}

export function initialJs(webDist: string): JsFile[] {
  return initialUrls(webDist).map((url) => sizeOf(webDist, url));
}

/**
 * The JS a page has loaded once the given lazy modules (keys of Vite's build manifest, relative to src/web)
 * have loaded: `/`'s, then each module's chunk and every chunk it imports statically.
 */
export function pageJs(webDist: string, modules: string[]): JsFile[] {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const urls = new Set(initialUrls(webDist));
  const seen = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    urls.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in the build's manifest: did it move?`);
    walk(module);
  }
  return [...urls].map((url) => sizeOf(webDist, url));
}

export interface LighthouseScores {
  url: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  failedA11y: string[];
}

/** One Lighthouse run in Debian's Chromium (headless, no sandbox, no GPU). */
export async function lighthouse(
  url: string,
  formFactor: 'mobile' | 'desktop',
  chromePath: string,
): Promise<LighthouseScores> {
  const bin = path.resolve('node_modules/.bin/lighthouse');
  const args = [
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility',
    `--chrome-path=${chromePath}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const { stdout } = await run(bin, args, {
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CHROME_PATH: chromePath },
  });
  const report = JSON.parse(stdout) as {
    categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode: string }>;
  };
  const a = report.audits;
  const failedA11y = report.categories.accessibility.auditRefs
    .filter((r) => r.weight > 0 && a[r.id]?.scoreDisplayMode === 'binary' && a[r.id]?.score === 0)
    .map((r) => r.id);
  return {
    url,
    formFactor,
    performance: Math.round((report.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
    metrics: {
      fcp: a['first-contentful-paint']?.numericValue ?? NaN,
      lcp: a['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: a['total-blocking-time']?.numericValue ?? NaN,
      cls: a['cumulative-layout-shift']?.numericValue ?? NaN,
    },
    failedA11y,
  };
}

/** Which of the built JS files name `needle` (the payment provider's script address): where it can load from. */
export function filesNaming(webDist: string, needle: string): string[] {
  const dir = path.join(webDist, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js') && readFileSync(path.join(dir, f), 'utf8').includes(needle))
    .map((f) => `/assets/${f}`);
}
