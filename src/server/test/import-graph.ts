// The server's import graph as TypeScript sees it, and its strongly connected groups: read by the file-level cycle
// test (import-cycles.test.ts) and the module-level one (module-cycles.test.ts). TypeScript itself lists each
// file's imports (type-only, re-exports and dynamic import() included) and resolves them as the compiler does (the
// package.json #server/#shared aliases too).
import path from 'node:path';
import ts from 'typescript';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Each non-test file under `dirs` (relative to the repository, '/'-separated) to the project files it imports. */
export function importGraph(dirs: string[]): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(repoRoot, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');
  const files = config.fileNames.filter(
    (f) => dirs.some((d) => f.startsWith(path.join(repoRoot, d) + path.sep)) && !/\.test\.tsx?$/.test(f),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file)!, true, true);
    graph.set(
      relative(file),
      importedFiles
        .map((i) => ts.resolveModuleName(i.fileName, file, config.options, ts.sys).resolvedModule)
        .filter((m) => m && !m.isExternalLibraryImport)
        .map((m) => relative(m!.resolvedFileName)),
    );
  }
  return graph;
}

/** Tarjan's strongly connected components: each group of more than one node that reach each other, sorted. */
export function stronglyConnectedGroups(graph: Map<string, string[]>): string[][] {
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
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
