// The admin CLI's logic (`npm run admin`), kept apart from the entry file so tests can drive it.
// It creates accounts with the same service as the admin console, choosing how to reach the database:
//   DATABASE_URL set          -> straight to PostgreSQL;
//   embedded, server running  -> through the server's loopback CLI endpoint (PGlite is single-process);
//   embedded, no server       -> opens the PGlite directory itself, under the data directory's lock.
// A server that is starting (lock taken, address not yet published) or draining holds the lock: the CLI waits
// for its address (30 s at most) and never opens the directory while another process has it (issue 10, #8).
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createSharkSchema } from '#shared/admin.ts';
import { loadConfig, type Config } from '#server/config.ts';
import { openPglite, openPostgres, type Database } from '#server/db/client.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '#server/db/data-dir-lock.ts';
import {
  createStaffAccount,
  type StaffAccountInput,
  type StaffAccountResult,
} from '#server/modules/admin/admin/service.ts';
import { CLI_SECRET_HEADER, readCliHandoff, removeCliHandoff } from '#server/db/cli-handoff.ts';
import { createMailer } from '#server/modules/platform/mail/service.ts';
import { startQueue } from '#server/jobs/queue.ts';
import { HttpError } from '#server/http/errors.ts';

export const USAGE = `Usage:
  npm run admin -- create-shark --email EMAIL --name NAME [--specialization pentesting|red_teaming|cloud_security|forensics]
  npm run admin -- create-admin --email EMAIL --name NAME

Creates the account with a verified email and no password, mails a set-your-password link (valid 72 hours)
and prints it. Works whether or not the server is running.`;

export class UsageError extends Error {}

/** Reads `create-shark --email E --name N [--specialization S]` or `create-admin --email E --name N`. */
export function parseAdminArgs(argv: string[]): StaffAccountInput {
  const [command, ...rest] = argv;
  const kind = command === 'create-shark' ? 'shark' : command === 'create-admin' ? 'admin' : null;
  if (!kind) throw new UsageError(command ? `Unknown command "${command}".` : 'Give a command.');
  const allowed = kind === 'shark' ? ['email', 'name', 'specialization'] : ['email', 'name'];
  const options: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!m || !allowed.includes(m[1])) throw new UsageError(`Unknown option "${arg}".`);
    const value = m[2] ?? rest[++i];
    if (value === undefined || value.startsWith('--')) throw new UsageError(`--${m[1]} needs a value.`);
    options[m[1]] = value;
  }
  const parsed = (
    kind === 'shark' ? createSharkSchema : createSharkSchema.omit({ specialization: true })
  ).safeParse(options);
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  return { kind, ...parsed.data } as StaffAccountInput;
}

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silentLog,
  level: 'silent',
};

/**
 * Creates the account on an open database. Its mail is queued in the same transaction; the server's workers
 * (or `npm run worker`) send it, and the CLI prints the link meanwhile.
 */
export async function createWithDatabase(
  database: Database,
  config: Config,
  input: StaffAccountInput,
): Promise<StaffAccountResult> {
  const log = silentLog as unknown as FastifyBaseLogger;
  const queue = await startQueue({ config, database, log, supervise: false });
  try {
    return await createStaffAccount(
      database.db,
      { mailer: createMailer(queue), appOrigin: config.appOrigin },
      input,
    );
  } finally {
    await queue.stop();
  }
}

const cliResultSchema = z.object({ userId: z.string(), sharkId: z.string().nullable(), link: z.string() });

/** Through a running server, or null when no server answers at the address it published. */
async function viaServer(config: Config, input: StaffAccountInput): Promise<StaffAccountResult | null> {
  const handoff = readCliHandoff(config.DATA_DIR);
  if (!handoff) return null;
  let res: Response;
  try {
    res = await fetch(`${handoff.url}/api/admin/cli/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLI_SECRET_HEADER]: handoff.secret },
      body: JSON.stringify(input),
    });
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    // The server stopped without cleaning up (crash, kill -9): the file is stale and the database is free.
    if (code === 'ECONNREFUSED') {
      removeCliHandoff(config.DATA_DIR);
      return null;
    }
    throw err;
  }
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (res.status === 201) return cliResultSchema.parse(body);
  if (res.status === 404) {
    throw new Error(
      `The server at ${handoff.url} did not accept the CLI's secret. Is another app using that port? Restart the server and retry.`,
    );
  }
  throw new HttpError(res.status, body?.error?.message ?? `The server answered ${res.status}.`);
}

/** How long the CLI waits for a server that holds the embedded database to publish its address. */
export const CLI_WAIT_MS = 30_000;

export async function runAdminCommand(
  input: StaffAccountInput,
  env: NodeJS.ProcessEnv = process.env,
  opts: { waitMs?: number } = {},
): Promise<StaffAccountResult & { via: 'postgres' | 'server' | 'embedded' }> {
  const config = loadConfig(env);
  if (!config.embedded) {
    const database = await openPostgres(config.DATABASE_URL as string, 2);
    try {
      return { ...(await createWithDatabase(database, config, input)), via: 'postgres' };
    } finally {
      await database.close();
    }
  }
  // Embedded: through the server when one runs; else alone, under the lock. A server that holds the lock
  // but has not published its address yet (starting) or no longer answers (draining) is waited for.
  const deadline = Date.now() + (opts.waitMs ?? CLI_WAIT_MS);
  let lock: DataDirLock;
  for (;;) {
    const result = await viaServer(config, input);
    if (result) return { ...result, via: 'server' };
    try {
      lock = await acquireDataDirLock(config.DATA_DIR);
      break;
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      if (Date.now() >= deadline)
        throw new Error(
          `${err.message} The server did not publish its address for the CLI within ${Math.round((opts.waitMs ?? CLI_WAIT_MS) / 1000)} s; retry when it has started.`,
          { cause: err },
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const database = await openPglite(path.join(config.DATA_DIR, 'pglite'));
    try {
      return { ...(await createWithDatabase(database, config, input)), via: 'embedded' };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

export function describeResult(input: StaffAccountInput, result: StaffAccountResult): string {
  const what =
    input.kind === 'shark'
      ? `Created the shark account for ${input.email} (user ${result.userId}, shark ${result.sharkId}). Its profile is unpublished until the shark publishes it.`
      : `Created the admin account for ${input.email} (user ${result.userId}).`;
  return `${what}\nA set-your-password mail was sent. The link (valid 72 hours, works once):\n${result.link}`;
}
