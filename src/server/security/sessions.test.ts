// Session security as an attacker would probe it: a planted token does not survive login (fixation),
// logout and a password reset revoke, and expired or idle sessions are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { outbox, sessions } from '#server/db/schema.ts';
import { SESSION_COOKIE } from '#server/modules/accounts/accounts/sessions.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const sessionUser = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;

const login = (email: string, password: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: cookie ? { cookie } : {},
    payload: { email, password, portal: 'user' },
  });

const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const set = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return set!.split(';')[0];
};

describe('sessions', () => {
  it('issues a new token at login and ends the one the browser already had (no fixation)', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    // The attacker's planted session: a valid token of the attacker's own account.
    const attacker = await createAccount(db, { roles: ['user'] });
    const planted = await sessionCookie(db, attacker.id);
    const res = await login(account.email, account.password, planted);
    expect(res.statusCode).toBe(200);
    const fresh = cookieOf(res);
    expect(fresh).not.toBe(planted);
    expect((await sessionUser(fresh)).email).toBe(account.email);
    expect(await sessionUser(planted)).toBeNull();
    const cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('stores only a hash of the token, so a leaked sessions table cannot be replayed', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const token = cookieOf(await login(account.email, account.password)).split('=')[1];
    const rows = await db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toContain(token);
    expect(await sessionUser(`${SESSION_COOKIE}=${rows[0].id}`)).toBeNull();
  });

  it('revokes the session at logout: the same cookie replayed is a visitor', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const cookie = cookieOf(await login(account.email, account.password));
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(await sessionUser(cookie)).toBeNull();
    expect(
      (await app.inject({ method: 'GET', url: '/api/me/bookings', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('revokes every session of the account when its password is reset through the mailed link', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const phone = cookieOf(await login(account.email, account.password));
    const laptop = cookieOf(await login(account.email, account.password));
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: account.email },
    });
    expect(asked.json().message).toBe(
      "If this email is registered, you'll receive a password reset link shortly.",
    );
    await app.jobs.runAll(); // the reset request is a job (decision 020)
    const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, account.email));
    const token = new URL(mail.link!).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a-new-long-password', confirmPassword: 'a-new-long-password' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await sessionUser(phone)).toBeNull();
    expect(await sessionUser(laptop)).toBeNull();
    // The link is single-use.
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'another-password-9', confirmPassword: 'another-password-9' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This link is invalid or has expired.');
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'a-new-long-password')).statusCode).toBe(200);
  });

  it('refuses an expired session and one idle for more than a week', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const expired = await sessionCookie(db, account.id);
    const idle = await sessionCookie(db, account.id);
    const live = await sessionCookie(db, account.id);
    const [e, i] = await db.select().from(sessions).where(eq(sessions.userId, account.id));
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, e.id));
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.id, i.id));
    const users = await Promise.all([expired, idle, live].map(sessionUser));
    // Which row is which does not matter: exactly the untouched one still signs in.
    expect(users.filter((u) => u === null)).toHaveLength(2);
    expect(users.find((u) => u !== null)?.email).toBe(account.email);
  });

  it('treats a forged or oversized cookie as a visitor', async () => {
    for (const value of ['forged', 'x'.repeat(5000), '%00', "' OR 1=1 --"]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: `${SESSION_COOKIE}=${value}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toBeNull();
    }
  });
});
