import { defineConfig } from '@playwright/test';

// Browser tests run the production build (`npm start`: the compiled server on the project's Node 24) on its own port and fresh data directory,
// in Debian's Chromium: a test tool's own browser download is not possible on these machines.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${PORT}`;
// A second server of the same build, with its own data, for the specs that move the server's clock: they run
// beside the others instead of after them (issue 22: CI within 20 minutes).
const CLOCK_PORT = PORT + 1;
const clockURL = `http://127.0.0.1:${CLOCK_PORT}`;

/** Starts the compiled server of this run's build on `port`, with a fresh data directory of its own. */
const serve = (port: number) =>
  `rm -rf data/e2e-${port} && WEB_DIST=dist/e2e-${PORT} DATA_DIR=data/e2e-${port} PORT=${port} HOST=127.0.0.1 APP_ORIGIN=http://127.0.0.1:${port} RATE_LIMIT_SCALE=50 CALENDAR_FETCH_ALLOW_LOOPBACK=true LOG_LEVEL=warn node --enable-source-maps dist/e2e-${PORT}-server/main.js`;
const serverOptions = {
  reuseExistingServer: false,
  timeout: 240_000,
  stdout: 'ignore',
  stderr: 'pipe',
} as const;

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
  // first; the journeys that create and publish sharks run after them on the same server. The session life cycle
  // and the payout flow move the server's clock, so they run on a server of their own, one after the other,
  // beside the rest from the start.
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
    // Moves the clock of its server (POST /api/dev/clock); it puts the clock back.
    {
      name: 'sessions',
      testMatch: /session-life-cycle\.spec\.ts$/,
      use: { baseURL: clockURL, viewport: { width: 1280, height: 800 } },
    },
    // Moves the same server's clock too (past a session's no-show window), so it runs after the session life cycle.
    {
      name: 'payouts',
      testMatch: /payout-flow\.spec\.ts$/,
      dependencies: ['sessions'],
      use: { baseURL: clockURL, viewport: { width: 1280, height: 800 } },
    },
  ],
  // Started one after the other: the first builds (its own build folder and data dir per port, so two runs on one
  // machine never clobber each other), the second serves the same build.
  webServer: [
    {
      command: `npx vite build --outDir ../../dist/e2e-${PORT} --emptyOutDir --logLevel warn && npx tsx scripts/build-server.ts dist/e2e-${PORT}-server && ${serve(PORT)}`,
      url: `${baseURL}/api/sharks`,
      ...serverOptions,
    },
    { command: serve(CLOCK_PORT), url: `${clockURL}/api/sharks`, ...serverOptions },
  ],
});
