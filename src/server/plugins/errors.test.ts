// What an API client gets when the database cannot be reached (a restart, a failover): a 503 that says nothing
// was changed and when to try again, never the 500 of a fault of ours (the soak saw 500s during a PostgreSQL
// restart, issue 28). The pool here really connects, to a port nothing listens on.
import Fastify from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMON_MSG } from '#shared/common.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import errors from './errors';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function appQuerying(pool: pg.Pool) {
  const app = Fastify({ logger: false });
  await app.register(errors);
  app.get('/thing', async () => (await pool.query('SELECT 1 AS one')).rows[0]);
  app.get('/broken', async () => {
    throw new Error('a bug of ours');
  });
  await app.ready();
  closers.push(() => app.close());
  return app;
}

describe('the error handler when the database is away', () => {
  it('answers 503 with Retry-After and the unavailable message when PostgreSQL refuses the connection', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'postgres', connectionTimeoutMillis: 2000 });
    closers.push(() => pool.end());
    const app = await appQuerying(pool);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: { code: ERROR_CODE.unavailable, message: COMMON_MSG.unavailable } });
    expect(COMMON_MSG.unavailable).toBe(
      'We are briefly unavailable. Nothing was changed; please try again in a moment.',
    );
  });

  it('answers 503 when the pool was closed under a request (a server stopping)', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'postgres' });
    await pool.end();
    const app = await appQuerying(pool);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe(ERROR_CODE.unavailable);
  });

  it('keeps answering a bug of ours as the plain 500, without its message', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, user: 'postgres' });
    closers.push(() => pool.end());
    const app = await appQuerying(pool);
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: ERROR_CODE.serverError, message: COMMON_MSG.serverError } });
  });
});
