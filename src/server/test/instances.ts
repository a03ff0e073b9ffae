// Real app server processes for the PostgreSQL-only tests (two-instances, jobs-under-faults): start one on a
// free port, a database of its own for them, a shark whose calendar is open all day, one booking request, and
// the session probes come from the sessions module (testing.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { serverDatabase } from './app';
import { Redis } from 'ioredis';
import type { Db } from '#server/db/client.ts';
import { availabilityWeekly, sharkAvailability } from '#server/db/schema.ts';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes this app's rate-limit counters, so earlier runs' counts do not leak into this one. */
export async function clearRateLimits(): Promise<void> {
  const redis = new Redis(REDIS_URL);
  for (const pattern of ['sharks-rl:*', 'sharks-login-fail:*']) {
    const keys = await redis.keys(pattern);
    if (keys.length) await redis.del(...keys);
  }
  await redis.quit();
}

/**
 * A database of its own for the processes, migrated (a copy of the run's template): they outlive a test's
 * resetDb, so they must not share the worker's. Returns its URL.
 */
export async function freshDatabase(suffix: string): Promise<string> {
  return (await serverDatabase(suffix)).url;
}

export interface Instance {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts `src/server/main.ts` on a free port with `env` and waits until it answers. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // node itself with tsx's loader (not the tsx CLI, which would sit between): killing the child kills the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ORIGIN: url,
      LOG_LEVEL: 'fatal',
      SEED_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/sharks`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, exited };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} did not start`);
}

/** Kills what is still running of `instances` (afterAll). */
export function killAll(instances: (Instance | undefined)[]): void {
  for (const instance of instances)
    if (instance && instance.child.exitCode === null && instance.child.signalCode === null)
      instance.child.kill('SIGKILL');
}

/** Opens the shark's calendar all day, every day (UTC), from now to 30 days ahead, with no notice. */
export async function openCalendar(db: Db, sharkId: string): Promise<void> {
  await db
    .insert(sharkAvailability)
    .values({ sharkId, timeZone: 'UTC', minNoticeMinutes: 0, horizonDays: 30, published: true });
  await db
    .insert(availabilityWeekly)
    .values(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ sharkId, weekday, startTime: '00:00', endTime: '24:00' })),
    );
}

/** POST /api/bookings as the learner of `cookie`; the status, or 0 when no answer came. */
export function requestBooking(
  instance: Instance,
  cookie: string,
  booking: { requestId: string; courseId: string; hours: number; startsAt: string },
): Promise<number> {
  return fetch(`${instance.url}/api/bookings`, {
    method: 'POST',
    headers: { cookie, origin: instance.url, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...booking,
      name: 'Learner',
      email: 'learner@example.test',
      phone: '+91 90000 00000',
    }),
  }).then(
    (r) => r.status,
    () => 0,
  );
}
