import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { disallowedPrefixes, INDEXABLE_ROUTES, paths, PORTAL_HOME, ROUTE_LIST, routePattern } from './routes';

describe('the route table', () => {
  it('names each path once and page modules that exist', () => {
    const all = ROUTE_LIST.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
    for (const r of ROUTE_LIST) {
      if (r.page) expect(existsSync(path.resolve('src/web', r.page)), r.page).toBe(true);
      else expect(r.redirectTo, r.path).toBeDefined();
    }
  });

  it('builds typed links, encoding parameters', () => {
    expect(paths.home).toBe('/');
    expect(paths.user.dashboard).toBe('/user/dashboard');
    expect(paths.sharks.profile('a b/c')).toBe('/sharks/a%20b%2Fc');
    expect(paths.login.portal('shark')).toBe('/login/shark');
    expect(PORTAL_HOME).toEqual({
      user: '/user/dashboard',
      shark: '/shark/dashboard',
      freelancer: '/freelancer/dashboard',
      admin: '/admin',
    });
  });

  it('matches paths with or without a trailing slash, one segment per parameter', () => {
    expect(routePattern('/').test('/')).toBe(true);
    expect(routePattern('/sharks/:id').test('/sharks/x/')).toBe(true);
    expect(routePattern('/sharks/:id').test('/sharks/x/y')).toBe(false);
    expect(routePattern('/sharks').test('/sharks/')).toBe(true);
    expect(routePattern('/sharks/:id').exec('/sharks/a%20b')?.[1]).toBe('a%20b');
  });

  it('never asks crawlers to skip an indexable page, and skips every guarded one', () => {
    const prefixes = disallowedPrefixes();
    for (const r of INDEXABLE_ROUTES) {
      const sample = r.path.replace(/:[A-Za-z]+/g, 'x');
      expect(
        prefixes.filter((p) => sample.startsWith(p)),
        r.path,
      ).toEqual([]);
    }
    for (const r of ROUTE_LIST.filter((x) => x.roles))
      expect(
        prefixes.some((p) => r.path.startsWith(p)),
        r.path,
      ).toBe(true);
  });
});

describe('what the entry chunk loads from shared', () => {
  // Every page's links and the API client's texts ship in the web app's entry chunk; zod (and so any
  // file with schemas) must stay out of it (decision 012). Type-only imports are erased.
  it('imports nothing at run time but each other', () => {
    const light = ['routes.ts', 'common.ts', 'constants.ts', 'catalogue-keys.ts'];
    for (const file of light) {
      const source = readFileSync(path.resolve('src/shared', file), 'utf8');
      const runtime = [...source.matchAll(/^import (?!type )[^;]*?from '([^']+)';/gms)].map((m) => m[1]);
      expect(
        runtime.filter((from) => !light.includes(`${from.replace(/^\.\//, '')}.ts`)),
        file,
      ).toEqual([]);
    }
  });
});
