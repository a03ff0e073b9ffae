// One process at a time on an embedded (PGlite) data directory: PGlite is single-process, and a second opener
// corrupts it (issue 10, finding 8). The lock is DATA_DIR/pglite.lock, created with O_EXCL and holding the
// owner's pid. A lock whose pid no longer runs (kill -9, power loss) is stale and taken over.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'pglite.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process${pid ? ` (process ${pid})` : ''}. ` +
        'Only one process may open it: stop that process, or run the admin CLI while the server is running.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isNaN(pid) ? null : pid;
  } catch {
    return null;
  }
}

function tryAcquire(dataDir: string): DataDirLock | { heldBy: number | null } {
  const file = path.join(dataDir, LOCK_FILE);
  for (let round = 0; round < 3; round++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, String(process.pid));
      } finally {
        closeSync(fd);
      }
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          // Remove it only while it is still ours.
          if (readOwner(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    // An empty file is a taker between its create and its write: held.
    if (owner === null) {
      if (round === 2) return { heldBy: null };
      continue;
    }
    if (isAlive(owner)) return { heldBy: owner };
    // Stale: its owner is gone. Remove it (only if nobody replaced it meanwhile) and try again.
    if (readOwner(file) === owner) rmSync(file, { force: true });
  }
  return { heldBy: readOwner(file) };
}

/**
 * Takes the lock on `dataDir`, waiting up to `waitMs` (default: not at all) for its owner to let go.
 * Throws DataDirLockedError when another live process holds it.
 */
export async function acquireDataDirLock(
  dataDir: string,
  opts: { waitMs?: number; pollMs?: number } = {},
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const deadline = Date.now() + (opts.waitMs ?? 0);
  for (;;) {
    const got = tryAcquire(dataDir);
    if ('release' in got) return got;
    if (Date.now() >= deadline) throw new DataDirLockedError(dataDir, got.heldBy);
    await new Promise((r) => setTimeout(r, Math.min(opts.pollMs ?? 100, Math.max(1, deadline - Date.now()))));
  }
}
