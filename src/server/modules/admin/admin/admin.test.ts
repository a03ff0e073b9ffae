import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { COMMON_MSG } from '#shared/common.ts';
import { CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { contactMessages, emailTokens, sharks, users } from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';
import { CLI_SECRET_HEADER, publishCliHandoff, removeCliHandoff } from '#server/db/cli-handoff.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const asRole = async (roles: Array<'user' | 'shark' | 'freelancer' | 'admin'>) => {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles });
  return sessionCookie(db, account.id);
};
const outbox = async (to: string) =>
  (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json();

describe('admin endpoints refuse everyone but admins', () => {
  const endpoints = [
    {
      method: 'POST' as const,
      url: '/api/admin/sharks',
      payload: { email: 'new@example.com', name: 'New Shark' },
    },
    { method: 'GET' as const, url: '/api/admin/sharks' },
    { method: 'GET' as const, url: '/api/admin/contact-messages' },
  ];

  it('answers a visitor 401 and a user, shark or freelancer 403', async () => {
    const callers: Array<[string, string | undefined, number]> = [
      ['visitor', undefined, 401],
      ['user', await asRole(['user']), 403],
      ['shark', await asRole(['shark']), 403],
      ['freelancer', await asRole(['freelancer', 'user']), 403],
      ['admin', await asRole(['admin']), 0],
    ];
    for (const e of endpoints) {
      for (const [who, cookie, status] of callers) {
        const res = await app.inject({ ...e, headers: cookie ? { cookie } : {} });
        if (status) {
          expect(res.statusCode, `${who} ${e.method} ${e.url}`).toBe(status);
          expect(res.json().error.message).toBe(
            status === 401 ? COMMON_MSG.loginRequired : COMMON_MSG.forbidden,
          );
        } else {
          expect(res.statusCode, `${who} ${e.method} ${e.url}`).toBeLessThan(300);
        }
      }
    }
    const { db } = await testDatabase();
    // Only the admin's call created the shark account.
    expect(await db.select().from(users).where(eq(users.email, 'new@example.com'))).toHaveLength(1);
  });
});

describe('POST /api/admin/sharks', () => {
  it('creates a verified shark account without a password, an unpublished shark row, and mails a 72-hour set-password link', async () => {
    const admin = await asRole(['admin']);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/sharks',
      headers: { cookie: admin },
      payload: { email: 'Nisha@Example.com', name: 'Nisha Verma', specialization: 'forensics' },
    });
    expect(res.statusCode).toBe(201);
    const { userId, sharkId } = res.json();
    const { db } = await testDatabase();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: 'nisha@example.com', passwordHash: null });
    expect(user.emailConfirmedAt).not.toBeNull();
    const [shark] = await db.select().from(sharks).where(eq(sharks.id, sharkId));
    expect(shark).toMatchObject({
      userId,
      name: 'Nisha Verma',
      specialization: 'forensics',
      published: false,
    });
    const roleNames = await queryRows<{ role_name: string }>(
      db,
      sql`SELECT r.role_name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${userId}`,
    );
    expect(roleNames.map((r) => r.role_name)).toEqual(['shark']);

    const [mail] = await outbox('nisha@example.com');
    expect(mail.subject).toBe('Your Shark Security account is ready');
    expect(mail.link).toMatch(/^http:\/\/localhost:3000\/update-password\?token=/);
    const [token] = await db.select().from(emailTokens).where(eq(emailTokens.userId, userId));
    expect(token.purpose).toBe('reset_password');
    expect(token.expiresAt.getTime() - Date.now()).toBeGreaterThan(71.9 * 3600_000);

    // Without a password the account cannot log in; after following the link it logs in at the shark portal.
    const before = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nisha@example.com', password: 'anything-at-all', portal: 'shark' },
    });
    expect(before.statusCode).toBe(401);
    const tokenValue = new URL(mail.link).searchParams.get('token');
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenValue, password: 'shark-password-1', confirmPassword: 'shark-password-1' },
    });
    expect(set.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nisha@example.com', password: 'shark-password-1', portal: 'shark' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ roles: ['shark'], redirectTo: '/shark/dashboard' });
  });

  it('refuses an email that already has an account with 409, creating nothing', async () => {
    const { db } = await testDatabase();
    await createAccount(db, { roles: ['user'], email: 'dup@example.com' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/sharks',
      headers: { cookie: await asRole(['admin']) },
      payload: { email: 'DUP@example.com', name: 'Dup' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'email_taken',
      message: 'An account with this email already exists.',
    });
    expect(await db.select().from(sharks)).toEqual([]);
    expect(await outbox('dup@example.com')).toEqual([]);
  });

  it('answers bad input with the field messages', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/sharks',
      headers: { cookie: await asRole(['admin']) },
      payload: { email: 'nope', name: ' ', specialization: 'hacking' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      email: 'Please enter a valid email',
      name: 'Name is required',
      specialization: 'Choose a specialization',
    });
  });
});

describe('GET /api/admin/sharks and /api/admin/contact-messages', () => {
  it('lists every shark, published or not, by name, with the account email', async () => {
    const { db } = await testDatabase();
    const zed = await createShark(db, { name: 'Zed', published: true, specialization: 'cloud_security' });
    const amy = await createShark(db, { name: 'Amy', published: false });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/sharks',
      headers: { cookie: await asRole(['admin']) },
    });
    expect(res.statusCode).toBe(200);
    const [amyEmail] = await db.select({ email: users.email }).from(users).where(eq(users.id, amy.userId));
    expect(res.json()).toEqual([
      {
        id: amy.id,
        userId: amy.userId,
        name: 'Amy',
        email: amyEmail.email,
        specialization: 'pentesting',
        published: false,
        suspended: false,
        credentials: 0,
        verifiedCredentials: 0,
        sharkCancellations: 0,
      },
      expect.objectContaining({ id: zed.id, name: 'Zed', specialization: 'cloud_security', published: true }),
    ]);
  });

  it('lists contact messages newest first', async () => {
    const { db } = await testDatabase();
    await db.insert(contactMessages).values({
      name: 'Old',
      email: 'old@example.com',
      message: 'first',
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    await db.insert(contactMessages).values({
      name: 'New',
      email: 'new@example.com',
      message: 'second',
      createdAt: new Date('2026-02-01T10:00:00Z'),
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages',
      headers: { cookie: await asRole(['admin']) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ page: 1, pageSize: CONSOLE_PAGE_SIZE, total: 2 });
    expect(res.json().items).toEqual([
      {
        id: expect.any(String),
        name: 'New',
        email: 'new@example.com',
        message: 'second',
        createdAt: '2026-02-01T10:00:00.000Z',
      },
      {
        id: expect.any(String),
        name: 'Old',
        email: 'old@example.com',
        message: 'first',
        createdAt: '2026-01-01T10:00:00.000Z',
      },
    ]);
  });
});

describe('the admin CLI endpoint', () => {
  const payload = { kind: 'admin', email: 'ops@example.com', name: 'Ops' };

  it('is invisible without the secret of the data directory, or from another machine', async () => {
    removeCliHandoff(app.config.DATA_DIR);
    const none = await app.inject({ method: 'POST', url: '/api/admin/cli/accounts', payload });
    expect(none.statusCode).toBe(404);
    const handoff = publishCliHandoff(app.config.DATA_DIR, 'http://127.0.0.1:1');
    try {
      const wrong = await app.inject({
        method: 'POST',
        url: '/api/admin/cli/accounts',
        payload,
        headers: { [CLI_SECRET_HEADER]: 'x'.repeat(43) },
      });
      expect(wrong.statusCode).toBe(404);
      const remote = await app.inject({
        method: 'POST',
        url: '/api/admin/cli/accounts',
        payload,
        headers: { [CLI_SECRET_HEADER]: handoff.secret },
        remoteAddress: '203.0.113.9',
      });
      expect(remote.statusCode).toBe(404);
      const { db } = await testDatabase();
      expect(await db.select().from(users)).toEqual([]);
    } finally {
      removeCliHandoff(app.config.DATA_DIR);
    }
  });

  it('creates an account for a local caller holding the secret', async () => {
    const handoff = publishCliHandoff(app.config.DATA_DIR, 'http://127.0.0.1:1');
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/admin/cli/accounts',
        payload,
        headers: { [CLI_SECRET_HEADER]: handoff.secret },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        userId: expect.any(String),
        sharkId: null,
        link: expect.stringMatching(/\/update-password\?token=/),
      });
      const [mail] = await outbox('ops@example.com');
      expect(mail.link).toBe(res.json().link);
    } finally {
      removeCliHandoff(app.config.DATA_DIR);
    }
  });
});
