// Runs once per run of the server tests, before their workers start: migrates one template database that
// each worker copies instead of migrating its own (decision 121). On PostgreSQL the run's databases are named
// by databases.ts and dropped when the run ends; on PGlite the template is a dumped data directory in a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { databaseUrl, onServer, runPrefix, templateName } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a worker gets its migrated database: the run's template on the PostgreSQL server, or a dumped PGlite. */
    testTemplate: { kind: 'postgres'; prefix: string } | { kind: 'pglite'; file: string };
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The databases of this server whose name starts with the prefix of a run, with that run's process id. */
async function runDatabases(baseUrl: string): Promise<Array<{ name: string; pid: number }>> {
  const prefix = runPrefix(baseUrl, 0).slice(0, -1); // '<base>_r'
  return onServer(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    return rows.flatMap(({ datname }) => {
      const pid = /^(\d+)_/.exec(datname.slice(prefix.length))?.[1];
      return pid ? [{ name: datname, pid: Number(pid) }] : [];
    });
  });
}

const drop = (baseUrl: string, names: string[]) =>
  onServer(baseUrl, async (client) => {
    for (const name of names)
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  });

export default async function setup({ provide }: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    // A run killed before its teardown left its databases: drop those whose process is gone.
    await drop(
      baseUrl,
      (await runDatabases(baseUrl)).filter((d) => !isAlive(d.pid)).map((d) => d.name),
    );
    const prefix = runPrefix(baseUrl, process.pid);
    await onServer(baseUrl, (client) =>
      client.query(`CREATE DATABASE ${client.escapeIdentifier(templateName(prefix))}`),
    );
    // Migrated, then closed: CREATE DATABASE ... TEMPLATE needs nobody connected to the template.
    await (await openPostgres(databaseUrl(baseUrl, templateName(prefix)), 1)).close();
    provide('testTemplate', { kind: 'postgres', prefix });
    return async () =>
      drop(
        baseUrl,
        (await runDatabases(baseUrl)).filter((d) => d.pid === process.pid).map((d) => d.name),
      );
  }
  const migrated = await openPglite();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sharks-test-template-'));
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await (await migrated.pglite!.dumpDataDir('none')).arrayBuffer()));
  await migrated.close();
  provide('testTemplate', { kind: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}
