import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { createTestApp, resetDb, testDatabase, PRODUCTION_PAYMENT_KEYS } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { emailTokens, freelancers, profiles, roles, sessions, users } from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';

let app: FastifyInstance;
beforeAll(async () => {
  // Many signups and logins come from one test IP; the rate limits have their own tests below.
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const ORIGIN = 'http://localhost:3000';
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
const sidOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid');
const cookieOf = (res: LightMyRequestResponse) => `sid=${sidOf(res)?.value}`;
const session = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json();

async function mails(to: string): Promise<Array<{ subject: string; text: string; link: string | null }>> {
  // Reset and resend requests are jobs (decision 020): work them, as the in-process worker would.
  await app.jobs.runAll();
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const tokenOf = (link: string | null | undefined) =>
  new URL(link as string).searchParams.get('token') as string;

const signupUser = (email: string, extra: object = {}) =>
  post('/api/auth/signup/user', {
    name: 'Asha Rao',
    email,
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
    terms: true,
    ...extra,
  });
const signupFreelancer = (email: string) =>
  post('/api/auth/signup/freelancer', {
    name: 'Kabir',
    email,
    password: 'long-enough-1',
    confirmPassword: 'long-enough-1',
    skills: 'Burp, Python',
  });
const login = (email: string, password: string, portal: string, headers: Record<string, string> = {}) =>
  post('/api/auth/login', { email, password, portal }, headers);

async function verifyFromMail(email: string) {
  const [mail] = await mails(email);
  const res = await post('/api/auth/verify-email', { token: tokenOf(mail.link) });
  expect(res.statusCode).toBe(200);
}

describe('user signup', () => {
  it('creates the account, its profile and the user role, and mails a single-use verification link', async () => {
    const res = await signupUser('Asha@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Account Created' });

    const { db } = await testDatabase();
    const [user] = await db.select().from(users).where(eq(users.email, 'asha@example.com'));
    expect(user.emailConfirmedAt).toBeNull();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toEqual([
      expect.objectContaining({ fullName: 'Asha Rao', email: 'asha@example.com' }),
    ]);
    const roleNames = await queryRows<{ role_name: string }>(
      db,
      sql`SELECT r.role_name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${user.id}`,
    );
    expect(roleNames.map((r) => r.role_name)).toEqual(['user']);

    const [mail] = await mails('asha@example.com');
    expect(mail.link).toMatch(new RegExp(`^${ORIGIN}/verify-email\\?token=[A-Za-z0-9_-]{40,}$`));
    expect(mail.text).toContain(mail.link);
    // Only the sha256 of the token is stored, for 24 hours.
    const token = tokenOf(mail.link);
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored.purpose).toBe('verify_email');
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('answers each invalid field with the spec message, word for word', async () => {
    const empty = await post('/api/auth/signup/user', {
      name: ' ',
      email: '',
      password: '',
      confirmPassword: '',
      terms: false,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      name: 'Name is required',
      email: 'Email is required',
      password: 'Password is required',
      terms: ACCOUNT_MSG.termsRequired,
    });
    const bad = await post('/api/auth/signup/user', {
      name: 'A',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'short',
      terms: true,
    });
    expect(bad.json().error.fields).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
    });
    const mismatch = await signupUser('a@example.com', { confirmPassword: 'something-else' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: 'Passwords do not match' });
    const { db } = await testDatabase();
    expect(await db.select().from(users)).toEqual([]);
  });

  it('leaves nothing behind when a step fails: a missing role answers "Role not found" and creates no user', async () => {
    const { db } = await testDatabase();
    await db.delete(roles).where(eq(roles.roleName, 'user'));
    try {
      const res = await signupUser('atomic@example.com');
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('Role not found');
      const freelancer = await signupFreelancer('atomic-f@example.com');
      expect(freelancer.json().error.message).toBe('Role not found');
      expect(await db.select().from(users)).toEqual([]);
      expect(await db.select().from(profiles)).toEqual([]);
      expect(await db.select().from(freelancers)).toEqual([]);
      expect(await mails('atomic@example.com')).toEqual([]);
    } finally {
      await db.insert(roles).values({ roleName: 'user' }).onConflictDoNothing();
    }
  });

  it('does not reveal a registered email: same answer, no second account, a mail to the owner instead', async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 'taken@example.com' });
    const res = await signupUser('Taken@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Account Created' });
    const { db } = await testDatabase();
    expect(await db.select().from(users).where(eq(users.email, 'taken@example.com'))).toHaveLength(1);
    const [mail] = await mails('taken@example.com');
    expect(mail.subject).toBe('Someone tried to sign up with your email');
    expect(mail.link).toBe(`${ORIGIN}/forgotpassword`);
  });
});

describe('freelancer signup', () => {
  it('gives the freelancer role first, then user, keeps name and skills, and mails a verification link', async () => {
    const res = await signupFreelancer('kabir@example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Account Created' });
    const { db } = await testDatabase();
    const [user] = await db.select().from(users).where(eq(users.email, 'kabir@example.com'));
    expect(await db.select().from(freelancers)).toEqual([
      expect.objectContaining({ userId: user.id, name: 'Kabir', skills: 'Burp, Python' }),
    ]);
    await verifyFromMail('kabir@example.com');
    const ok = await login('kabir@example.com', 'long-enough-1', 'freelancer');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ roles: ['freelancer', 'user'], redirectTo: '/freelancer/dashboard' });
    expect((await session(cookieOf(ok))).roles).toEqual(['freelancer', 'user']);
  });

  it('answers invalid fields with the freelancer messages', async () => {
    const res = await post('/api/auth/signup/freelancer', {
      name: '',
      email: 'nope',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      skills: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: 'Name is required',
      email: 'Invalid email',
      skills: 'Please list your skills',
    });
  });
});

describe('email verification', () => {
  it('refuses login until verified, then the link works exactly once', async () => {
    await signupUser('v@example.com');
    const before = await login('v@example.com', 'long-enough-1', 'user');
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toMatchObject({
      code: 'email_unverified',
      message: 'Please verify your email before logging in.',
    });
    expect(sidOf(before)).toBeUndefined();

    const token = tokenOf((await mails('v@example.com'))[0].link);
    const first = await post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: ACCOUNT_MSG.emailVerified });
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This link is invalid or has expired.');

    const after = await login('v@example.com', 'long-enough-1', 'user');
    expect(after.statusCode).toBe(200);
    expect(after.json().redirectTo).toBe('/user/dashboard');
  });

  it('refuses an expired or made-up link', async () => {
    await signupUser('late@example.com');
    const { db } = await testDatabase();
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post('/api/auth/verify-email', {
      token: tokenOf((await mails('late@example.com'))[0].link),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('This link is invalid or has expired.');
    for (const token of ['x', 'a-token-nobody-issued-0123456789']) {
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('This link is invalid or has expired.');
    }
    const [user] = await db.select().from(users);
    expect(user.emailConfirmedAt).toBeNull();
  });

  it('resends a fresh link to an unverified account, retiring the old one, and answers the same for anyone', async () => {
    await signupUser('again@example.com');
    const oldToken = tokenOf((await mails('again@example.com'))[0].link);
    for (const email of ['again@example.com', 'nobody@example.com']) {
      const res = await post('/api/auth/resend-verification', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MSG.verificationResent });
    }
    expect(await mails('nobody@example.com')).toEqual([]);
    const [newest] = await mails('again@example.com');
    expect((await post('/api/auth/verify-email', { token: oldToken })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', { token: tokenOf(newest.link) })).statusCode).toBe(200);
    // Verified accounts get no more verification mail.
    const count = (await mails('again@example.com')).length;
    await post('/api/auth/resend-verification', { email: 'again@example.com' });
    expect(await mails('again@example.com')).toHaveLength(count);
  });
});

describe('login portals', () => {
  const PASSWORD = 'correct-horse-battery';

  it('answers an unknown email exactly like a wrong password, per portal, without a session', async () => {
    const { db } = await testDatabase();
    await createAccount(db, { roles: ['user'], email: 'known@example.com' });
    const fallbacks = {
      user: 'Login failed. Please try again.',
      shark: 'Login failed.',
      freelancer: 'Authentication failed. Invalid credentials.',
      admin: 'Login failed.',
    };
    for (const [portal, message] of Object.entries(fallbacks)) {
      const wrong = await login('known@example.com', 'wrong-password', portal);
      const unknown = await login('nobody@example.com', 'wrong-password', portal);
      expect(wrong.statusCode, portal).toBe(401);
      expect(unknown.statusCode, portal).toBe(401);
      expect(wrong.json(), portal).toEqual({ error: { code: 'invalid_credentials', message } });
      expect(unknown.json(), portal).toEqual(wrong.json());
      expect(sidOf(wrong)).toBeUndefined();
      expect(sidOf(unknown)).toBeUndefined();
    }
    // No enumeration (decision 020), so the spec's 'User not found.' is never an answer.
    expect(JSON.stringify((await login('nobody@example.com', 'x', 'user')).json())).not.toContain(
      ACCOUNT_MSG.userNotFound,
    );
    expect(await db.select().from(sessions)).toEqual([]);
  });

  it('says "Please fill in all fields." for empty fields', async () => {
    for (const body of [{ email: '', password: 'x' }, { email: 'a@example.com', password: '' }, {}]) {
      const res = await post('/api/auth/login', { portal: 'user', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Please fill in all fields.');
      expect(Object.values(res.json().error.fields)).toContain('Please fill in all fields.');
    }
  });

  it('applies each portal role rule with its message and creates no session on refusal', async () => {
    const { db } = await testDatabase();
    const noRole = await createAccount(db, { roles: [], email: 'norole@example.com' });
    await createAccount(db, { roles: ['user'], email: 'user@example.com' });
    await createAccount(db, { roles: ['freelancer', 'user'], email: 'free@example.com' });
    await createAccount(db, { roles: ['shark'], email: 'shark@example.com' });
    await createAccount(db, { roles: ['admin'], email: 'admin@example.com' });
    const cases: Array<[string, string, number, string]> = [
      [noRole.email, 'user', 403, 'User role not assigned. Access denied.'],
      ['free@example.com', 'user', 403, 'Unauthorized. Please login with a user account.'],
      ['shark@example.com', 'user', 403, 'Unauthorized. Please login with a user account.'],
      ['user@example.com', 'shark', 403, 'Unauthorized: You are not registered as a Shark.'],
      ['free@example.com', 'shark', 403, 'Unauthorized: You are not registered as a Shark.'],
      ['user@example.com', 'freelancer', 403, ACCOUNT_MSG.notAFreelancer],
      ['shark@example.com', 'admin', 403, ACCOUNT_MSG.notAnAdmin],
      ['user@example.com', 'admin', 403, ACCOUNT_MSG.notAnAdmin],
    ];
    for (const [email, portal, status, message] of cases) {
      const res = await login(email, PASSWORD, portal);
      expect(res.statusCode, `${email} at ${portal}`).toBe(status);
      expect(res.json().error.message, `${email} at ${portal}`).toBe(message);
      expect(sidOf(res)).toBeUndefined();
    }
    expect(await db.select().from(sessions)).toEqual([]);
    expect(ACCOUNT_MSG.notAFreelancer).toBe('Unauthorized: You are not registered as a Freelancer.');

    const ok: Array<[string, string, string, string[]]> = [
      ['user@example.com', 'user', '/user/dashboard', ['user']],
      ['shark@example.com', 'shark', '/shark/dashboard', ['shark']],
      ['free@example.com', 'freelancer', '/freelancer/dashboard', ['freelancer', 'user']],
      ['admin@example.com', 'admin', '/admin', ['admin']],
    ];
    for (const [email, portal, redirectTo, roleList] of ok) {
      const res = await login(email.toUpperCase(), PASSWORD, portal);
      expect(res.statusCode, portal).toBe(200);
      expect(res.json()).toEqual({
        user: { id: expect.any(String), email, fullName: 'Test Person', avatarUrl: null },
        roles: roleList,
        redirectTo,
      });
      expect((await session(cookieOf(res))).user.email).toBe(email);
    }
  });

  it('sets an httpOnly SameSite=Lax cookie, not Secure outside production', async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 'c@example.com' });
    const res = await login('c@example.com', PASSWORD, 'user');
    const sid = sidOf(res);
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid?.secure).toBeFalsy();
    expect(sid?.value.length).toBeGreaterThanOrEqual(40);
    // Only the hash of the token is stored.
    const [row] = await (await testDatabase()).db.select().from(sessions);
    expect(row.id).toBe(
      createHash('sha256')
        .update(sid?.value as string)
        .digest('hex'),
    );
  });

  it('issues a new token at every login and ends the session it replaces', async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 't@example.com' });
    const first = await login('t@example.com', PASSWORD, 'user');
    const second = await login('t@example.com', PASSWORD, 'user', { cookie: cookieOf(first) });
    expect(sidOf(second)?.value).not.toBe(sidOf(first)?.value);
    expect((await session(cookieOf(first))).user).toBeNull();
    expect((await session(cookieOf(second))).user.email).toBe('t@example.com');
  });

  it('refuses a login posted from another site', async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 'o@example.com' });
    const foreign = await login('o@example.com', PASSWORD, 'user', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toEqual({ code: 'forbidden_origin', message: COMMON_MSG.forbiddenOrigin });
    expect(sidOf(foreign)).toBeUndefined();
    const own = await login('o@example.com', PASSWORD, 'user', { origin: ORIGIN });
    expect(own.statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('deletes the session on the server and clears the cookie', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const cookie = await sessionCookie(db, account.id);
    expect((await session(cookie)).user.id).toBe(account.id);
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = sidOf(res);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(await session(cookie)).toEqual({ user: null, roles: [] });
    expect(await db.select().from(sessions)).toEqual([]);
    // Logging out without a session is not an error.
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
  });
});

describe('session expiry', () => {
  it('ends a session idle for more than 7 days, and any session past its absolute expiry', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, { roles: ['user'] });
    const idle = await sessionCookie(db, account.id);
    const old = await sessionCookie(db, account.id);
    const fresh = await sessionCookie(db, account.id);
    const idOf = (cookie: string) => createHash('sha256').update(cookie.slice('sid='.length)).digest('hex');
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.id, idOf(idle)));
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, idOf(old)));
    expect(await session(idle)).toEqual({ user: null, roles: [] });
    expect(await session(old)).toEqual({ user: null, roles: [] });
    expect((await session(fresh)).user.id).toBe(account.id);
  });
});

describe('password reset', () => {
  it('always gives the one answer and mails a 1-hour link only to a registered email', async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 'r@example.com' });
    for (const email of ['r@example.com', 'ghost@example.com']) {
      const res = await post('/api/auth/forgot-password', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: "If this email is registered, you'll receive a password reset link shortly.",
      });
    }
    expect(await mails('ghost@example.com')).toEqual([]);
    const [mail] = await mails('r@example.com');
    expect(mail.link).toMatch(new RegExp(`^${ORIGIN}/update-password\\?token=`));
    const [stored] = await (await testDatabase()).db.select().from(emailTokens);
    expect(stored.purpose).toBe('reset_password');
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('sets the new password, signs out every session, verifies the email, and works once', async () => {
    const { db } = await testDatabase();
    const account = await createAccount(db, {
      roles: ['user'],
      email: 'reset@example.com',
      confirmed: false,
    });
    const phone = await sessionCookie(db, account.id);
    const laptop = await sessionCookie(db, account.id);
    await post('/api/auth/forgot-password', { email: 'reset@example.com' });
    const token = tokenOf((await mails('reset@example.com'))[0].link);

    const mismatch = await post('/api/auth/reset-password', {
      token,
      password: 'new-password-1',
      confirmPassword: 'other',
    });
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: 'Passwords do not match' });
    const short = await post('/api/auth/reset-password', {
      token,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().error.fields).toEqual({ password: 'Password must be at least 8 characters' });

    const res = await post(
      '/api/auth/reset-password',
      { token, password: 'new-password-1', confirmPassword: 'new-password-1' },
      { cookie: phone },
    );
    expect(res.statusCode).toBe(200);
    // The portal of the account's role, where the page's "Log in" link goes.
    expect(res.json()).toEqual({ message: ACCOUNT_MSG.passwordUpdated, portal: 'user' });
    expect(ACCOUNT_MSG.passwordUpdated).toMatch(/password has been updated/);
    expect(ACCOUNT_MSG.passwordUpdated).toMatch(/signed out/);
    expect((await session(phone)).user).toBeNull();
    expect((await session(laptop)).user).toBeNull();
    expect(await db.select().from(sessions)).toEqual([]);

    expect((await login('reset@example.com', account.password, 'user')).statusCode).toBe(401);
    expect((await login('reset@example.com', 'new-password-1', 'user')).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', {
      token,
      password: 'another-pass-2',
      confirmPassword: 'another-pass-2',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('This link is invalid or has expired.');
  });

  it('refuses an expired link and a verification link used as a reset link', async () => {
    const { db } = await testDatabase();
    await createAccount(db, { roles: ['user'], email: 'old@example.com' });
    await post('/api/auth/forgot-password', { email: 'old@example.com' });
    const [resetMail] = await mails('old@example.com');
    await db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post('/api/auth/reset-password', {
      token: tokenOf(resetMail.link),
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toBe('This link is invalid or has expired.');

    await signupUser('fresh@example.com');
    const verifyToken = tokenOf((await mails('fresh@example.com'))[0].link);
    const wrongPurpose = await post('/api/auth/reset-password', {
      token: verifyToken,
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(wrongPurpose.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
  });
  afterAll(() => strict.close());
  const attempt = (email: string, password: string, ip: string) =>
    strict.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password, portal: 'user' },
      remoteAddress: ip,
    });

  it('answers the 6th failed login for one account from one IP with 429, even with the right password', async () => {
    const account = await createAccount((await testDatabase()).db, { roles: ['user'] });
    for (let i = 1; i <= 5; i++)
      expect((await attempt(account.email, 'wrong-password', '10.0.0.1')).statusCode).toBe(401);
    const sixth = await attempt(account.email, account.password, '10.0.0.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe('Too many attempts. Please wait a minute and try again.');
    expect(sidOf(sixth)).toBeUndefined();
  });

  it('pauses an account after 20 failed logins from other IPs, even with the right password (decision 022)', async () => {
    const account = await createAccount((await testDatabase()).db, { roles: ['user'] });
    for (let i = 1; i <= 20; i++)
      expect((await attempt(account.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    const paused = await attempt(account.email, account.password, '10.1.1.1');
    expect(paused.statusCode).toBe(429);
    expect(paused.json().error.message).toBe(ACCOUNT_MSG.accountLoginPaused);
    expect(sidOf(paused)).toBeUndefined();
  });

  it('answers the 6th failed login from one IP with 429, whichever accounts it tries', async () => {
    const account = await createAccount((await testDatabase()).db, { roles: ['user'] });
    for (let i = 1; i <= 5; i++)
      expect((await attempt(`guess${i}@example.com`, 'x-password', '10.9.9.9')).statusCode).toBe(401);
    expect((await attempt(account.email, account.password, '10.9.9.9')).statusCode).toBe(429);
    // Another IP with the right password is not affected.
    expect((await attempt(account.email, account.password, '10.9.9.8')).statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const account = await createAccount((await testDatabase()).db, { roles: ['user'] });
    for (let i = 0; i < 8; i++)
      expect((await attempt(account.email, account.password, '10.7.7.7')).statusCode).toBe(200);
  });

  it('limits signup, forgot-password and verification resends per IP', async () => {
    const limited = async (url: string, payload: (i: number) => object, max: number) => {
      for (let i = 0; i < max; i++) {
        const res = await strict.inject({
          method: 'POST',
          url,
          payload: payload(i),
          remoteAddress: '10.5.5.5',
        });
        expect(res.statusCode, `${url} #${i + 1}`).not.toBe(429);
      }
      const over = await strict.inject({
        method: 'POST',
        url,
        payload: payload(max),
        remoteAddress: '10.5.5.5',
      });
      expect(over.statusCode, url).toBe(429);
      expect(over.json().error.message).toBe(COMMON_MSG.rateLimited);
    };
    await limited('/api/auth/forgot-password', () => ({ email: 'x@example.com' }), 5);
    await limited('/api/auth/resend-verification', () => ({ email: 'x@example.com' }), 5);
    // Invalid bodies still count, so the check is cheap for an attacker to hit and costs no hashing.
    await limited(
      '/api/auth/signup/user',
      (i) => ({ name: 'N', email: `s${i}@example.com`, password: 'p', confirmPassword: 'p', terms: true }),
      10,
    );
  });
});

describe('production configuration', () => {
  let prod: FastifyInstance;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      ...PRODUCTION_PAYMENT_KEYS,
      APP_ORIGIN: 'https://sharks.example',
    });
  });
  afterAll(() => prod.close());

  it('marks the session cookie Secure', async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 'p@example.com' });
    const res = await prod.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'p@example.com', password: 'correct-horse-battery', portal: 'user' },
    });
    expect(res.statusCode).toBe(200);
    // Named with the __Host- prefix in production (issue 10, finding 13).
    expect(res.cookies.find((c) => c.name === '__Host-sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: '/',
    });
  });

  it('hides the dev mailbox and outbox', async () => {
    for (const url of ['/dev/mailbox', '/api/dev/outbox', '/api/dev/outbox?to=a@example.com']) {
      const res = await prod.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('Dev mailbox');
    }
  });
});
