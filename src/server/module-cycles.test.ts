// No cycle between modules (issue 39, item 6; decision 209). A module is a folder src/server/modules/<context>/<name>,
// named "<context>/<name>"; module A depends on module B (B != A) when any non-test file of A imports any file of B,
// type-only, re-exported and dynamic imports included (the file graph of import-cycles.test.ts, read by
// test/import-graph.ts). Files can be free of cycles while their modules are not: a -> b/x.ts and b/y.ts -> a is a
// cycle of modules that neither lint nor the file test sees.
import { describe, expect, it } from 'vitest';
import { importGraph, stronglyConnectedGroups } from '#server/test/import-graph.ts';

const MODULES = 'src/server/modules/';

function moduleOf(file: string): string | undefined {
  if (!file.startsWith(MODULES)) return undefined;
  const [context, name, ...rest] = file.slice(MODULES.length).split('/');
  return rest.length > 0 ? `${context}/${name}` : undefined;
}

/** Each module to the other modules its files import, sorted. */
function moduleGraph(files: Map<string, string[]>): Map<string, string[]> {
  const graph = new Map<string, Set<string>>();
  for (const [file, imports] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const imported of imports) {
      const to = moduleOf(imported);
      if (to && to !== from) edges.add(to);
    }
  }
  return new Map([...graph].sort(([a], [b]) => a.localeCompare(b)).map(([m, e]) => [m, [...e].sort()]));
}

const edgeCount = (graph: Map<string, string[]>) => [...graph.values()].reduce((n, e) => n + e.length, 0);

/**
 * Every elementary cycle of the graph, named as "a -> b -> a" from its smallest module: found inside each strongly
 * connected group, so a group of four modules closed by two rings names both rings.
 */
function namedCycles(graph: Map<string, string[]>): string[] {
  const names: string[] = [];
  for (const group of stronglyConnectedGroups(graph)) {
    const inGroup = new Set(group);
    for (const start of group) {
      const walk = (node: string, path: string[]) => {
        for (const next of graph.get(node) ?? []) {
          if (next === start) names.push([...path, start].join(' -> '));
          else if (inGroup.has(next) && next > start && !path.includes(next)) walk(next, [...path, next]);
        }
      };
      walk(start, [start]);
    }
  }
  return names.sort();
}

describe('modules', () => {
  const graph = moduleGraph(importGraph(['src/server/modules']));

  it('import each other without a cycle, type-only and dynamic imports included', () => {
    console.info(`${graph.size} modules, ${edgeCount(graph)} module edges`);
    expect(graph.size).toBeGreaterThan(30);
    expect(namedCycles(graph)).toEqual([]);
  });

  it("keep sessions apart from payouts: a payout is the payments and payouts modules' business (issue 39)", () => {
    expect(graph.get('sessions/sessions')).not.toContain('money/payouts');
  });

  it('would name both of the cycles issue 39 found, each from its smallest module', () => {
    const rings = new Map([
      ['availability', ['sessions']],
      ['sessions', ['availability', 'payouts']],
      ['freelancers', ['engagement-reviews']],
      ['engagement-reviews', ['engagements']],
      ['engagements', ['payouts']],
      ['payouts', ['freelancers']],
    ]);
    expect(namedCycles(rings)).toEqual([
      'availability -> sessions -> availability',
      'engagement-reviews -> engagements -> payouts -> freelancers -> engagement-reviews',
    ]);
    expect(edgeCount(rings)).toBe(7);
  });
});
