// No import cycle on the server, counting what lint cannot: import-x/no-cycle skips type-only imports by design
// (decision 102). TypeScript itself lists each file's imports (type-only, re-exports and dynamic import() included)
// and resolves them as the compiler does (the package.json #server/#shared aliases too); a cycle is a strongly
// connected group of more than one file. The graph and the groups come from test/import-graph.ts, which the
// module-level test (module-cycles.test.ts) reads too.
import { describe, expect, it } from 'vitest';
import { importGraph, stronglyConnectedGroups } from '#server/test/import-graph.ts';

describe('imports', () => {
  it('form no cycle in src/server, src/shared and scripts, type-only and dynamic imports included', () => {
    const graph = importGraph(['src/server', 'src/shared', 'scripts']);
    expect(graph.size).toBeGreaterThan(100);
    expect(stronglyConnectedGroups(graph)).toEqual([]);
  });

  it('would report the jobs cycle that only a type closed (handlers.ts <-> a handler)', () => {
    const a = 'src/server/jobs/handlers.ts';
    const b = 'src/server/jobs/sessions.ts';
    expect(
      stronglyConnectedGroups(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['src/server/jobs/handlers.ts', 'src/server/jobs/sessions.ts']]);
  });
});
