// Issue 10, findings 1 and 8, reproduced as the tester did: the real server (src/server/main.ts) started with
// NODE_ENV=production on the embedded database loads no demo account, so the README's admin password does not log
// in; and a second process on the same data directory is refused while the first holds it.
import { PRODUCTION_PAYMENT_KEYS } from '#server/test/app.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#server/seed.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(dataDir: string, port: number): Started {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:1',
    ...PRODUCTION_PAYMENT_KEYS,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SEED_DEMO;
  // node itself with tsx's loader: killing the child kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe('the production server on the embedded database (findings 1 and 8)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sharks-prod-'));
  let port: number;
  let server: Started;
  beforeAll(async () => {
    port = await freePort();
    server = start(dataDir, port);
    const deadline = Date.now() + 110_000;
    while (Date.now() < deadline) {
      if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
      const up = await fetch(`http://127.0.0.1:${port}/api/sharks`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`the server did not start:\n${server.output()}`);
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  it("does not let the README's demo admin log in", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({
        email: DEMO_ACCOUNTS.admin.email,
        password: DEMO_ACCOUNTS.admin.password,
        portal: 'admin',
      }),
    });
    expect(res.status).toBe(401);
    expect(server.output()).not.toContain('Loaded the demo catalogue');
  });

  it('refuses a second server on the same data directory while the first runs', async () => {
    const second = start(dataDir, await freePort());
    try {
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('is in use by another process');
    } finally {
      if (second.child.exitCode === null) second.child.kill('SIGKILL');
    }
  }, 60_000);
});
