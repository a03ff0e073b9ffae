// Compiles the server into dist/server/main.js (and the job worker beside it), so `npm start` runs plain
// JavaScript on Node 24 instead of a TypeScript loader. Dependencies stay in node_modules (not bundled); the
// SQL migrations are copied beside the bundle, where src/server/db/client.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist/server';
rmSync(outdir, { recursive: true, force: true });
await build({
  // The calendar's worker thread is a file of its own beside main.js (decision 203: bounded-worker.ts finds it).
  entryPoints: {
    main: 'src/server/main.ts',
    worker: 'src/server/worker.ts',
    'calendar-expand-worker': 'src/server/modules/calendar/calendar-imports/expand-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', `${outdir}/migrations`, { recursive: true });
