import { defineConfig } from '@playwright/test';

// Browser tests run the production build (`npm start`: the compiled server on the project's Node 24) on its own port and fresh data directory,
// in Debian's Chromium: a test tool's own browser download is not possible on these machines.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `test-results/e2e-${PORT}`,
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // The read-only checks of the demo catalogue (exactly 28 published sharks, their order, the sitemap) run
  // first; the journeys that create and publish sharks run after them on the same server; the session life
  // cycle, which moves the server's clock, runs last.
  projects: [
    {
      name: 'catalogue',
      testMatch: /(public|a11y)\.spec\.ts$/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'journeys',
      testIgnore: /(public|a11y|session-life-cycle|payout-flow)\.spec\.ts$/,
      dependencies: ['catalogue'],
      use: { viewport: { width: 1280, height: 800 } },
    },
    // Moves the server's clock (POST /api/dev/clock), so it runs alone after everything else; it puts the clock back.
    {
      name: 'sessions',
      testMatch: /session-life-cycle\.spec\.ts$/,
      dependencies: ['journeys'],
      use: { viewport: { width: 1280, height: 800 } },
    },
    // Moves the clock too (past a session's no-show window), so it runs alone after the session life cycle.
    {
      name: 'payouts',
      testMatch: /payout-flow\.spec\.ts$/,
      dependencies: ['sessions'],
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // Own build folder and data dir per port, so two runs on one machine never clobber each other.
    command: `rm -rf data/e2e-${PORT} && npx vite build --outDir ../../dist/e2e-${PORT} --emptyOutDir --logLevel warn && npx tsx scripts/build-server.ts dist/e2e-${PORT}-server && WEB_DIST=dist/e2e-${PORT} DATA_DIR=data/e2e-${PORT} PORT=${PORT} HOST=127.0.0.1 APP_ORIGIN=${baseURL} RATE_LIMIT_SCALE=50 CALENDAR_FETCH_ALLOW_LOOPBACK=true LOG_LEVEL=warn node --enable-source-maps dist/e2e-${PORT}-server/main.js`,
    url: `${baseURL}/api/sharks`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
