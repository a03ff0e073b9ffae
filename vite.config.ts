import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Writes .br and .gz beside every text asset once, at build time, so the server sends compressed files
 * (fastify-static's preCompressed) without spending CPU on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// The SPA lives in src/web; the Fastify server serves dist/web in production and proxies nothing.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  // The manifest lets the server preload a public page's chunks (src/server/modules/catalogue/seo/first-paint.ts).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // A schema nobody uses is dropped from its chunk (decision 091).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          // Each module goes in its own group only (no dependencies pulled along): a group that took in one of
          // the entry's modules would be loaded by every page.
          includeDependenciesRecursively: false,
          groups: [
            {
              // What the public list and a profile share: the catalogue's cards and calls, follows, verified
              // credentials, the free slots' summary and their texts. Left to itself the bundler cut them into one
              // file per combination of pages that use them, and a profile started with 28 script files, which a
              // slow phone network fetches six at a time (decision 092).
              name: 'catalogue',
              test: new RegExp(
                [
                  'src/web/features/catalogue/(api|course-card|rating-badge|shark-card|shark-display)',
                  'src/web/components/shark-avatar',
                  'src/web/features/follows/',
                  'src/web/features/credentials/(api|verified-credentials)',
                  'src/web/features/slots/(api|calendar-summary)',
                  'src/web/features/(bookings|courses)/api',
                  // The acting shark's profile (a shark's preview of its own page) and `?sharkId=` for the calls.
                  // Not query-keys or viewer: the navbar, so the entry, has those already.
                  'src/web/features/acting-shark/(api|acting-shark)',
                  'src/shared/(catalogue|follows|credentials|availability)-texts',
                  'src/shared/session-lists',
                  'src/web/lib/format',
                ].join('|'),
              ),
            },
            // React, the query cache and the API client: the entry and every page need them. Left to itself the
            // bundler split them from the entry into three files every page fetched beside it.
            {
              name: 'shell',
              test: /node_modules\/(react|@tanstack\/(react-query|query-core))\/|src\/web\/lib\/api-client\.|src\/shared\/common\./,
            },
            // Small parts nearly every page shows (icons, skeletons, stat tiles, form messages, the document
            // title): one file of about 2 KB instead of five or six separate ones.
            {
              name: 'ui',
              test: /src\/web\/(components\/(icon|skeleton|stat-tile|empty-state|message-text|form\/form-status)|lib\/use-document-title)\./,
            },
            // The profile's tabs, their keyboard handling and the Radix primitives they share: one file instead of five.
            {
              name: 'tabs',
              test: /@radix-ui\/(primitive|react-(tabs|roving-focus|collection|presence|primitive|id|direction|context|compose-refs|use-controllable-state|use-callback-ref|use-layout-effect|use-effect-event|slot))\//,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
});
