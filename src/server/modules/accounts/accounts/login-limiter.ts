// Throttles password guessing (decision 022). Every attempt is counted atomically BEFORE the password is
// checked, so a burst of parallel guesses cannot all pass a check that only reads the count (issue 10,
// finding 2); an attempt whose password was right is given back. Three counters, each a fixed window:
//   - account + address: the tight limit (5 a minute) that a guesser meets first;
//   - address: the same limit across accounts, against one address spraying many accounts;
//   - account: a looser limit across all addresses (20 in 15 minutes), against a distributed attack. When it
//     is reached the account pauses for the rest of the window, and each further pause within a day is twice
//     as long (backoff, up to a day) instead of a permanent lock.
// So a guesser at one address pauses only that address for that account: the owner, from another address,
// still logs in (issue 10, finding 3). Only an attempt that the address limits let through (whose password is
// checked) counts toward the account: the attempts one address was already refused never pause the account for
// everyone (issue 21, finding 3). A completed password reset lifts the account's pause. In memory by default; in
// Redis when the app has one (INCR is atomic and every instance sees the same counts).
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { Redis } from 'ioredis';
import { COMMON_MSG } from '#shared/common.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { HttpError } from '#server/http/errors.ts';

export interface LoginLimits {
  perAccountAndAddress: number;
  perAddress: number;
  perAccount: number;
  /** The window of the per-address counters. */
  windowMs: number;
  /** The window of the per-account counter, and its first pause. */
  accountWindowMs: number;
  /** The longest pause of an account. */
  maxAccountPauseMs: number;
}

export const LOGIN_WINDOW_MS = 60_000;

/** The app's limits; `scale` is RATE_LIMIT_SCALE. */
export const loginLimits = (scale: number): LoginLimits => ({
  perAccountAndAddress: Math.max(1, Math.ceil(5 * scale)),
  perAddress: Math.max(1, Math.ceil(5 * scale)),
  perAccount: Math.max(1, Math.ceil(20 * scale)),
  windowMs: LOGIN_WINDOW_MS,
  accountWindowMs: 15 * 60_000,
  maxAccountPauseMs: 24 * 3_600_000,
});

export interface LoginAttempt {
  /** False when a limit was already reached: answer 429 without checking the password. */
  allowed: boolean;
  /** Which limit refused it. */
  refusedBy?: 'address' | 'account';
  /** The password was right: the attempt does not count, and the account+address count starts again. */
  succeeded(): Promise<void>;
}

export interface LoginLimiter {
  begin(who: { account: string; ip: string }): Promise<LoginAttempt>;
  /** Ends the account's pause and count (a completed password reset); its strikes stay for the backoff. */
  lift(account: string): Promise<void>;
}

const STRIKES_MS = 24 * 3_600_000;

const keysOf = (who: { account: string; ip: string }) => ({
  pair: `pair:${who.account}|${who.ip}`,
  address: `ip:${who.ip}`,
  account: `account:${who.account}`,
  strikes: `strikes:${who.account}`,
});

export function createLoginLimiter(
  limits: LoginLimits,
  redis: Redis | null,
  prefix = 'sharks-login:',
): LoginLimiter {
  return redis ? redisLimiter(limits, redis, prefix) : memoryLimiter(limits);
}

/** Refused by the account+address or address limit: the password is not checked, and the account not counted. */
const refusedByAddress: LoginAttempt = { allowed: false, refusedBy: 'address', succeeded: async () => {} };

const pauseMs = (limits: LoginLimits, strikes: number) =>
  Math.min(limits.maxAccountPauseMs, limits.accountWindowMs * 2 ** Math.max(0, strikes - 1));

function memoryLimiter(limits: LoginLimits): LoginLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const incr = (key: string, ms: number, now: number) => {
    const w = live(key, now);
    if (w) return ++w.count;
    windows.set(key, { count: 1, resetAt: now + ms });
    return 1;
  };
  const decr = (key: string, now: number) => {
    const w = live(key, now);
    if (w && w.count > 0) w.count -= 1;
  };
  return {
    // Synchronous from the first read to the last write: nothing can interleave, so the count is exact.
    async begin(who) {
      const k = keysOf(who);
      const now = Date.now();
      // Forget finished windows now and then, so an attack from many addresses cannot grow the map without end.
      if (windows.size > 10_000) for (const key of [...windows.keys()]) live(key, now);
      const pair = incr(k.pair, limits.windowMs, now);
      const address = incr(k.address, limits.windowMs, now);
      if (pair > limits.perAccountAndAddress || address > limits.perAddress) return refusedByAddress;
      const account = incr(k.account, limits.accountWindowMs, now);
      if (account === limits.perAccount + 1) {
        const strikes = incr(k.strikes, STRIKES_MS, now);
        windows.get(k.account)!.resetAt = now + pauseMs(limits, strikes);
      }
      const refusedBy = account > limits.perAccount ? 'account' : undefined;
      return {
        allowed: !refusedBy,
        refusedBy,
        async succeeded() {
          const at = Date.now();
          windows.delete(k.pair);
          decr(k.address, at);
          decr(k.account, at);
        },
      };
    },
    async lift(account) {
      windows.delete(keysOf({ account, ip: '' }).account);
    },
  };
}

// Gives back one attempt without creating a key that has expired meanwhile (a bare DECR would, at -1, forever).
const REFUND = `for i, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 and tonumber(redis.call('GET', key)) > 0 then redis.call('DECR', key) end
end
return 0`;

function redisLimiter(limits: LoginLimits, redis: Redis, prefix: string): LoginLimiter {
  const name = (k: string) => `${prefix}${k}`;
  return {
    async begin(who) {
      const k = keysOf(who);
      // INCR first, then read the result: each attempt gets its own number, so at most the limit pass.
      // NX on the expiry keeps each window fixed from its first attempt instead of sliding with each one.
      const replies = await redis
        .multi()
        .incr(name(k.pair))
        .pexpire(name(k.pair), limits.windowMs, 'NX')
        .incr(name(k.address))
        .pexpire(name(k.address), limits.windowMs, 'NX')
        .exec();
      if (!replies || replies.some(([err]) => err)) throw new Error('the login limiter could not count');
      const [pair, address] = [replies[0][1], replies[2][1]].map(Number);
      if (pair > limits.perAccountAndAddress || address > limits.perAddress) return refusedByAddress;
      // Only now, for an attempt whose password will be checked, does the account count.
      const counted = await redis
        .multi()
        .incr(name(k.account))
        .pexpire(name(k.account), limits.accountWindowMs, 'NX')
        .exec();
      if (!counted || counted.some(([err]) => err)) throw new Error('the login limiter could not count');
      const account = Number(counted[0][1]);
      if (account === limits.perAccount + 1) {
        // The one attempt that crosses the account limit starts the pause, longer with each strike.
        const strikes = await redis.incr(name(k.strikes));
        await redis.pexpire(name(k.strikes), STRIKES_MS, 'NX');
        await redis.pexpire(name(k.account), pauseMs(limits, strikes));
      }
      const refusedBy = account > limits.perAccount ? 'account' : undefined;
      return {
        allowed: !refusedBy,
        refusedBy,
        async succeeded() {
          await redis.del(name(k.pair));
          await redis.eval(REFUND, 2, name(k.address), name(k.account));
        },
      };
    },
    async lift(account) {
      await redis.del(name(keysOf({ account, ip: '' }).account));
    },
  };
}

/**
 * Runs `check` (which verifies the password) under the limiter: refuses with 429 before checking when a limit is
 * reached, and gives the attempt back unless `isWrongPassword` says the check failed on the password.
 */
export async function limitLogin<T>(
  limiter: LoginLimiter,
  who: { account: string; ip: string },
  check: () => Promise<T>,
  isWrongPassword: (err: unknown) => boolean,
): Promise<T> {
  const attempt = await limiter.begin(who);
  if (!attempt.allowed)
    throw new HttpError(
      429,
      attempt.refusedBy === 'account' ? ACCOUNT_MSG.accountLoginPaused : COMMON_MSG.rateLimited,
      ERROR_CODE.rateLimited,
    );
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (!isWrongPassword(err)) await attempt.succeeded();
    throw err;
  }
  await attempt.succeeded();
  return result;
}
