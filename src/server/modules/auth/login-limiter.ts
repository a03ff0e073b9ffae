// Counts FAILED logins per account and per IP in a fixed one-minute window. @fastify/rate-limit counts
// every request, but here a correct password must not be refused because of someone else's successes,
// and the count must follow the account across IPs. In memory by default; in Redis when the app has one,
// so every instance sees the same count.
import type { Redis } from 'ioredis';

export const LOGIN_WINDOW_MS = 60_000;

export interface LoginLimiter {
  /** True when any of the keys already reached the limit within the window. */
  isBlocked(keys: string[]): Promise<boolean>;
  recordFailure(keys: string[]): Promise<void>;
  clear(key: string): Promise<void>;
}

export function createLoginLimiter(maxFailures: number, redis: Redis | null): LoginLimiter {
  return redis ? redisLimiter(maxFailures, redis) : memoryLimiter(maxFailures);
}

function memoryLimiter(maxFailures: number): LoginLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    async isBlocked(keys) {
      const now = Date.now();
      return keys.some((k) => (live(k, now)?.count ?? 0) >= maxFailures);
    },
    async recordFailure(keys) {
      const now = Date.now();
      // Forget finished windows now and then, so an attack from many IPs cannot grow the map without end.
      if (windows.size > 10_000) for (const k of [...windows.keys()]) live(k, now);
      for (const k of keys) {
        const w = live(k, now);
        if (w) w.count += 1;
        else windows.set(k, { count: 1, resetAt: now + LOGIN_WINDOW_MS });
      }
    },
    async clear(key) {
      windows.delete(key);
    },
  };
}

function redisLimiter(maxFailures: number, redis: Redis): LoginLimiter {
  const name = (k: string) => `sharks-login-fail:${k}`;
  return {
    async isBlocked(keys) {
      const counts = await redis.mget(keys.map(name));
      return counts.some((c) => Number(c ?? 0) >= maxFailures);
    },
    async recordFailure(keys) {
      const multi = redis.multi();
      // NX on the expiry keeps the window fixed from the first failure instead of sliding with each one.
      for (const k of keys) multi.incr(name(k)).pexpire(name(k), LOGIN_WINDOW_MS, 'NX');
      await multi.exec();
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}
