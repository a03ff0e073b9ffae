// The test run's PostgreSQL databases (with DATABASE_URL): one migrated template per run (global-setup.ts) and
// copies of it for each worker and for the tests that need a database of their own. Every name starts with
// `<DATABASE_URL's name>_r<the run's process id>_`, so two runs on one server (CI and a developer, or two CI
// jobs) never drop each other's databases; a run drops its own when it ends.
import pg from 'pg';

/** Runs `run` with a client on the server's base database: CREATE and DROP DATABASE cannot run in a transaction. */
export async function onServer<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The URL of the database `name` on the server of `baseUrl`. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The prefix of every database of the run of process `pid` on the server of `baseUrl`. */
export const runPrefix = (baseUrl: string, pid: number) =>
  `${new URL(baseUrl).pathname.slice(1) || 'test'}_r${pid}`;

export const templateName = (prefix: string) => `${prefix}_template`;

/** A new database `<prefix>_<suffix>`, a copy of the run's migrated template, replacing any of that name. */
export async function copyOfTemplate(prefix: string, suffix: string): Promise<{ name: string; url: string }> {
  const baseUrl = process.env.DATABASE_URL!;
  const name = `${prefix}_${suffix}`;
  await onServer(baseUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
    await client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(templateName(prefix))}`,
    );
  });
  return { name, url: databaseUrl(baseUrl, name) };
}
