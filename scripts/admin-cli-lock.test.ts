// Issue 10, finding 8: the admin CLI never opens the embedded database while a server holds it, even a server
// that is still starting (no hand-off file yet) or draining after SIGTERM: it waits for the hand-off file for a
// bounded time, then refuses with a clear message.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { acquireDataDirLock } from '#server/db/data-dir-lock.ts';
import { createTestApp } from '#server/test/app.ts';
import { loopbackUrl, publishCliHandoff, removeCliHandoff } from '#server/db/cli-handoff.ts';
import { runAdminCommand } from './admin-cli';

describe('the admin CLI and a server that holds the embedded database (finding 8)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('refuses with a clear message when the server holds the directory but never publishes its address', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sharks-cli-lock-'));
    const server = await acquireDataDirLock(dataDir);
    try {
      await expect(
        runAdminCommand(
          { kind: 'admin', email: 'locked@example.com', name: 'Locked' },
          { NODE_ENV: 'test', DATA_DIR: dataDir },
          { waitMs: 500 },
        ),
      ).rejects.toThrow(/in use by another process/);
    } finally {
      server.release();
    }
  });

  it('waits for a starting server to publish its address, then goes through it', async () => {
    const dataDir = app.config.DATA_DIR;
    const server = await acquireDataDirLock(dataDir);
    // The server finishes starting a little later.
    setTimeout(() => publishCliHandoff(dataDir, loopbackUrl(app.addresses())), 400);
    try {
      const result = await runAdminCommand(
        { kind: 'admin', email: 'waited@example.com', name: 'Waited' },
        { NODE_ENV: 'test', DATA_DIR: dataDir },
        { waitMs: 10_000 },
      );
      expect(result.via).toBe('server');
    } finally {
      removeCliHandoff(dataDir);
      server.release();
    }
  });
});
