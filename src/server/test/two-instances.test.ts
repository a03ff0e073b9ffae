// Two real server processes on one PostgreSQL database, as behind a load balancer: sessions, uploads and
// rate limits hold across both; terminated database connections cost only the requests in flight (no
// booking lost or doubled); SIGTERM lets a request in flight finish. Needs a PostgreSQL server, so it runs
// in `npm run test:pg` (DATABASE_URL set); vitest.config.ts leaves it out of the embedded-database run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { openPostgres, type Database } from '#server/db/client.ts';
import { createAccount, createCourse, createShark, sessionCookie } from './fixtures';
import {
  clearRateLimits,
  freshDatabase,
  killAll,
  openCalendar,
  redisAnswers,
  REDIS_URL,
  requestBooking,
  startInstance,
  type Instance,
} from './instances';
import { storedRequestIds } from '#server/modules/sessions/sessions/testing.ts';

describe('two instances on one PostgreSQL database', () => {
  let database: Database;
  let dbUrl: string;
  let a: Instance;
  let b: Instance;
  let withRedis = false;

  beforeAll(async () => {
    dbUrl = await freshDatabase('two_instances');
    database = await openPostgres(dbUrl, 4);
    withRedis = await redisAnswers();
    if (withRedis) await clearRateLimits();
    // One storage folder for both, as a shared volume would be; production uses S3 (docs/deploy.md).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sharks-two-'));
    const env = {
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: '5',
      ...(withRedis ? { REDIS_URL } : {}),
    };
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  }, 180_000);

  afterAll(async () => {
    killAll([a, b]);
    await database?.close();
  });

  it('serves a session created through one instance on the other', async () => {
    const account = await createAccount(database.db, {
      roles: ['user'],
      email: `two-${randomUUID()}@example.test`,
      password: 'correct-horse-battery',
    });
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email: account.email, password: account.password, portal: 'user' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    for (const instance of [a, b]) {
      const session = await fetch(`${instance.url}/api/auth/session`, { headers: { cookie } }).then((r) =>
        r.json(),
      );
      expect(session.user.email).toBe(account.email);
    }
    // Logging out on B ends the session on A too.
    const logout = await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: b.url },
    });
    expect(logout.status).toBeLessThan(300);
    const after = await fetch(`${a.url}/api/auth/session`, { headers: { cookie } }).then((r) => r.json());
    expect(after.user).toBeNull();
  });

  it('serves a photo uploaded through one instance from the other', async () => {
    const account = await createAccount(database.db, { roles: ['shark'] });
    await createShark(database.db, { userId: account.id });
    const cookie = await sessionCookie(database.db, account.id);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0af' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const upload = await fetch(`${a.url}/api/workspace/profile/photo`, {
      method: 'POST',
      headers: { cookie, origin: a.url },
      body: form,
    });
    expect(upload.status).toBe(200);
    const photoUrl: string = (await upload.json()).profile.photoUrl;
    expect(photoUrl).toMatch(/^\/media\//);
    const served = await fetch(`${b.url}${photoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\//);
  });

  it('holds the login failure limit across both instances (with Redis)', async () => {
    if (!withRedis) {
      // Without Redis each instance counts alone, which docs/deploy.md says is not enough for production.
      expect(withRedis).toBe(false);
      return;
    }
    const account = await createAccount(database.db, {
      roles: ['user'],
      email: `limit-${randomUUID()}@example.test`,
    });
    const attempt = (instance: Instance) =>
      fetch(`${instance.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: instance.url },
        body: JSON.stringify({ email: account.email, password: 'wrong-password-1', portal: 'user' }),
      }).then((r) => r.status);
    // Five failures spread over both instances use up the account's allowance on each of them.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(i % 2 ? b : a));
    expect(statuses.every((s) => s !== 429)).toBe(true);
    expect(await attempt(a)).toBe(429);
    expect(await attempt(b)).toBe(429);
  });

  it('recovers from terminated database connections under load, losing or doubling no booking', async () => {
    // Thirty learners, one request each: an account holds at most MAX_OPEN_CHECKOUTS unpaid checkouts (issue 38),
    // and bookings are rate limited per account (shared through Redis), so a learner's first try and its retry
    // must stay within both.
    const learners = await Promise.all(
      Array.from({ length: 30 }, () => createAccount(database.db, { roles: ['user'] })),
    );
    const cookies = await Promise.all(learners.map((l) => sessionCookie(database.db, l.id)));
    const shark = await createShark(database.db);
    const course = await createCourse(database.db, shark.id, { pricePaise: 100_000 });
    // The shark's calendar is open all day (UTC); each request books its own 2-hour slot from two days ahead.
    await openCalendar(database.db, shark.id);
    const firstDay = new Date(
      `${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z`,
    );
    const requestIds: string[] = Array.from({ length: 30 }, () => randomUUID());
    const startOf = (requestId: string) =>
      new Date(firstDay.getTime() + requestIds.indexOf(requestId) * 2 * 3_600_000).toISOString();
    const book = (instance: Instance, requestId: string) =>
      requestBooking(instance, cookies[requestIds.indexOf(requestId) % cookies.length], {
        requestId,
        courseId: course.id,
        hours: 2,
        startsAt: startOf(requestId),
      });

    // Reads and bookings in flight on both instances while every app connection is killed twice.
    const reads = Array.from({ length: 60 }, (_, i) =>
      fetch(`${(i % 2 ? b : a).url}/api/sharks`).then(
        (r) => r.status,
        () => 0,
      ),
    );
    const firstTry = requestIds.map((id, i) => book(i % 2 ? b : a, id));
    const killer = new pg.Client({ connectionString: dbUrl });
    await killer.connect();
    const terminate = () =>
      killer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name = ''`,
      );
    await terminate();
    await new Promise((r) => setTimeout(r, 50));
    await terminate();
    await killer.end();
    const readStatuses = await Promise.all(reads);
    const firstStatuses = await Promise.all(firstTry);
    // Only requests in flight may fail, and they fail as a clean 503 "briefly unavailable, nothing was changed"
    // (decision 170), never a 500, a hung or a reset connection.
    expect(readStatuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);

    // Afterwards every request succeeds again: the pools replaced their dead connections by themselves.
    await new Promise((r) => setTimeout(r, 200));
    for (const instance of [a, b]) {
      for (let i = 0; i < 10; i++) expect((await fetch(`${instance.url}/api/sharks`)).status).toBe(200);
    }
    // A learner retries what failed with the same request id (as the browser does): each booking exists once.
    const retried = await Promise.all(
      requestIds.map((id, i) => (firstStatuses[i] === 201 ? 201 : book(i % 2 ? a : b, id))),
    );
    expect(retried.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // A paid course's acknowledged request is a slot held for its checkout (issue 23): each request id is
    // stored once, as a hold, and none became a booking (nobody paid), so the shark has no student yet.
    const stored = await storedRequestIds(database.pool!, course.id);
    expect({ n: stored.length, distinctIds: new Set(stored).size }).toEqual({
      n: requestIds.length,
      distinctIds: requestIds.length,
    });
    const [{ student_count }] = (
      await database.pool!.query('SELECT student_count FROM sharks WHERE id = $1', [shark.id])
    ).rows;
    expect(student_count).toBe(0);
  });

  it('finishes a request in flight when told to stop (SIGTERM), then exits cleanly', async () => {
    // Hold the request in the database: a lock makes the list wait until this test lets it go.
    const locker = new pg.Client({ connectionString: dbUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE sharks IN ACCESS EXCLUSIVE MODE');
    const slow = fetch(`${b.url}/api/sharks`).then(async (r) => ({ status: r.status, body: await r.json() }));
    await new Promise((r) => setTimeout(r, 300));
    b.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    // Draining: the process is still alive for the request in flight.
    expect(b.child.exitCode).toBeNull();
    await locker.query('COMMIT');
    await locker.end();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body.items).toEqual(expect.any(Array));
    expect(await b.exited).toBe(0);
    // The other instance keeps serving.
    expect((await fetch(`${a.url}/api/sharks`)).status).toBe(200);
  });
});
