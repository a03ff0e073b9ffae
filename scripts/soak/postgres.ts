// A private PostgreSQL server for the soak, so it can really be restarted: the machine's PostgreSQL on :5432 is
// shared with others and is never touched (decision 188). Debian's server binaries (initdb, pg_ctl) make a
// cluster under /tmp on a port of the soak's own; as root they run as the `postgres` account, which initdb
// requires. Trust authentication on 127.0.0.1 only: the cluster lives for one run and is deleted after it.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface PrivatePostgres {
  url(database: string): string;
  port: number;
  /** pg_ctl stop -m fast (every connection is cut), down for `downMs`, then started again. */
  restart(downMs: number): Promise<{ stoppedAt: number; startedAt: number }>;
  stop(): void;
}

/** The newest Debian PostgreSQL server binaries, or null when the server package is not installed. */
export function findPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (v) =>
        existsSync(path.join(root, v, 'bin', 'pg_ctl')) && existsSync(path.join(root, v, 'bin', 'initdb')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], 'bin') : null;
}

export function startPrivatePostgres(opts: { bin: string; dir: string; port: number }): PrivatePostgres {
  const { bin, dir, port } = opts;
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'postgres.log');
  mkdirSync(dir, { recursive: true });
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    // initdb refuses to run as root: the cluster belongs to the `postgres` account.
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const r = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-instructions', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    '-c shared_buffers=128MB',
  ].join(' ');
  const startArgs = ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start'];
  const stopArgs = ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'];
  // During the run pg_ctl runs without blocking the event loop: the load and the webhooks keep going.
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const cmd = asRoot ? 'runuser' : path.join(bin, tool);
      const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
      execFile(cmd, argv, (err, _out, stderr) =>
        err ? reject(new Error(`${tool} ${args.join(' ')} failed: ${stderr}`)) : resolve(),
      );
    });
  run('pg_ctl', startArgs);
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async restart(downMs) {
      await runAsync('pg_ctl', stopArgs);
      const stoppedAt = performance.now();
      await new Promise((r) => setTimeout(r, downMs));
      await runAsync('pg_ctl', startArgs);
      return { stoppedAt, startedAt: performance.now() };
    },
    stop() {
      try {
        run('pg_ctl', stopArgs);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
