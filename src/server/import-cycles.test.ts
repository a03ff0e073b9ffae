// No import cycle on the server, counting what lint cannot: import-x/no-cycle skips type-only imports by design
// (decision 102). TypeScript itself lists each file's imports (type-only, re-exports and dynamic import() included)
// and resolves them as the compiler does (the package.json #server/#shared aliases too); a cycle is a strongly
// connected group of more than one file.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function importGraph(dirs: string[]): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  const files = config.fileNames.filter(
    (f) => dirs.some((d) => f.startsWith(path.join(root, d) + path.sep)) && !/\.test\.tsx?$/.test(f),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file)!, true, true);
    graph.set(
      file,
      importedFiles
        .map((i) => ts.resolveModuleName(i.fileName, file, config.options, ts.sys).resolvedModule)
        .filter((m) => m && !m.isExternalLibraryImport)
        .map((m) => m!.resolvedFileName),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components: each group of files that reach each other. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do group.push((w = stack.pop()!));
      while (w !== v);
      if (group.length > 1) found.push(group.map((f) => path.relative(root, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('imports', () => {
  it('form no cycle in src/server, src/shared and scripts, type-only and dynamic imports included', () => {
    const graph = importGraph(['src/server', 'src/shared', 'scripts']);
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });

  it('would report the jobs cycle that only a type closed (handlers.ts <-> a handler)', () => {
    const a = path.join(root, 'src/server/jobs/handlers.ts');
    const b = path.join(root, 'src/server/jobs/sessions.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['src/server/jobs/handlers.ts', 'src/server/jobs/sessions.ts']]);
  });
});
