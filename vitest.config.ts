import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // One worker per core. Vitest's default leaves one core to its main process, which only collects results:
    // on the 2-core CI machine that ran every file one after the other (decision 122).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Server processes need a PostgreSQL server: these files run in `npm run test:pg`, not on PGlite.
          exclude: process.env.DATABASE_URL
            ? []
            : ['src/server/test/two-instances.test.ts', 'src/server/test/jobs-under-faults.test.ts'],
          // One database per worker, shared by the files it runs: a PGlite start costs seconds. Each is a copy
          // of one template the global setup migrates once per run.
          globalSetup: ['src/server/test/global-setup.ts'],
          pool: 'forks',
          isolate: false,
          setupFiles: ['src/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          setupFiles: ['src/web/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
