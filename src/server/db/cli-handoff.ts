// How the admin CLI reaches a running server that owns the embedded database (PGlite is single-process:
// a second process must never open the same directory). When listening on PGlite, the server writes its
// address and a random secret to DATA_DIR/admin-cli.json (readable by its OS user only); the CLI posts to a
// loopback-only endpoint with that secret. See decision 023 for why not the PostgreSQL wire protocol.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const CLI_HANDOFF_FILE = 'admin-cli.json';
export const CLI_SECRET_HEADER = 'x-admin-cli-secret';

export interface CliHandoff {
  url: string;
  secret: string;
  pid: number;
}

const fileOf = (dataDir: string) => path.join(dataDir, CLI_HANDOFF_FILE);

/** A loopback URL for the first address the server listens on (a wildcard host is reached via loopback). */
export function loopbackUrl(
  listening: Array<string | { address: string; family: string; port: number }>,
): string {
  // Strings are Unix socket paths, which the CLI's fetch cannot use.
  const addresses = listening.filter((x) => typeof x !== 'string');
  const a = addresses.find((x) => x.family === 'IPv4') ?? addresses[0];
  if (!a) throw new Error('the server is not listening');
  const host =
    a.family === 'IPv6'
      ? a.address === '::'
        ? '[::1]'
        : `[${a.address}]`
      : a.address === '0.0.0.0'
        ? '127.0.0.1'
        : a.address;
  return `http://${host}:${a.port}`;
}

export function publishCliHandoff(dataDir: string, url: string): CliHandoff {
  const handoff: CliHandoff = { url, secret: randomBytes(32).toString('base64url'), pid: process.pid };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(fileOf(dataDir), JSON.stringify(handoff), { mode: 0o600 });
  return handoff;
}

export function removeCliHandoff(dataDir: string) {
  rmSync(fileOf(dataDir), { force: true });
}

export function readCliHandoff(dataDir: string): CliHandoff | null {
  try {
    const parsed = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as Partial<CliHandoff>;
    if (typeof parsed.url === 'string' && typeof parsed.secret === 'string')
      return { url: parsed.url, secret: parsed.secret, pid: Number(parsed.pid) };
  } catch {
    // No file (no server on the embedded database) or a half-written one: treat as absent.
  }
  return null;
}

/** True when the presented secret is the one this server published. */
export function cliSecretMatches(dataDir: string, presented: string | undefined): boolean {
  const handoff = readCliHandoff(dataDir);
  if (!handoff || !presented) return false;
  const a = Buffer.from(handoff.secret);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const isLoopback = (ip: string | undefined) =>
  ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1' || (ip?.startsWith('127.') ?? false);
