// Issue 10, finding 8: two processes never open one embedded data directory. The lock is a file created
// with O_EXCL that holds the owner's pid; a lock whose process is gone is stale and taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE } from './data-dir-lock';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'sharks-lock-'));

describe('the data directory lock (finding 8)', () => {
  it('refuses a second owner while the first holds it, and frees it on release', async () => {
    const dir = tempDir();
    const first = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir)).rejects.toThrow(`process ${process.pid}`);
    first.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    const second = await acquireDataDirLock(dir);
    second.release();
  });

  it('waits (bounded) for the owner to let go', async () => {
    const dir = tempDir();
    const first = await acquireDataDirLock(dir);
    setTimeout(() => first.release(), 300);
    const second = await acquireDataDirLock(dir, { waitMs: 5_000 });
    second.release();
    const third = await acquireDataDirLock(dir);
    const started = Date.now();
    await expect(acquireDataDirLock(dir, { waitMs: 400 })).rejects.toThrow(DataDirLockedError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    third.release();
  });

  it('takes over a lock left by a process that died (kill -9)', async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(path.join(dir, LOCK_FILE), dead.stdout.toString());
    const lock = await acquireDataDirLock(dir);
    lock.release();
  });

  it('lets only one of many simultaneous takers win', async () => {
    const dir = tempDir();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => acquireDataDirLock(dir)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});
