// Issue 10, findings 5 and 6: mail is a job, so an SMTP server that is down (or hangs) never shows in an answer.
// Reset and resend-verification answer an existing and an unknown email alike, at once; signup answers 201 with
// its verification mail queued, and signing up again with the same email gets the same answer (decision 021).
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { queryRows } from '#server/db/client.ts';
import { outbox, users } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';

/** An SMTP server that accepts connections and never says a word: a request waiting for it would hang. */
let silent: net.Server;
const held: net.Socket[] = [];
let app: FastifyInstance;
let closedPortApp: FastifyInstance;

const freePort = async () => {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
};

beforeAll(async () => {
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const { port } = silent.address() as net.AddressInfo;
  app = await createTestApp({ RATE_LIMIT_SCALE: '100', SMTP_URL: `smtp://127.0.0.1:${port}` });
  closedPortApp = await createTestApp({
    RATE_LIMIT_SCALE: '100',
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
  });
});
afterAll(async () => {
  await app.close();
  await closedPortApp.close();
  for (const s of held) s.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
});
beforeEach(resetDb);

const post = (target: FastifyInstance, url: string, payload: object) =>
  target.inject({ method: 'POST', url, payload });

const signupBody = (email: string) => ({
  name: 'Asha Learner',
  email,
  password: 'correct-horse-battery',
  confirmPassword: 'correct-horse-battery',
  terms: true,
});

describe('mail outage (issue 10, findings 5 and 6)', () => {
  for (const [label, url, message] of [
    ['password reset', '/api/auth/forgot-password', ACCOUNT_MSG.resetRequested],
    ['resend verification', '/api/auth/resend-verification', ACCOUNT_MSG.verificationResent],
  ] as const) {
    it(`${label}: an existing and an unknown email get the same answer at once, SMTP hanging or closed`, async () => {
      const { db } = await testDatabase();
      const known = await createAccount(db, { roles: ['user'], confirmed: false });
      for (const target of [app, closedPortApp]) {
        const started = Date.now();
        const existing = await post(target, url, { email: known.email });
        const unknown = await post(target, url, { email: 'nobody-here@example.test' });
        expect(Date.now() - started).toBeLessThan(3000);
        expect(existing.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(existing.json()).toEqual({ message: message });
        expect(unknown.json()).toEqual(existing.json());
      }
      // Each request only queued the same job, whether or not the email has an account, and no mail yet: the
      // same work either way, so the timing tells nothing (decision 020). The worker looks the account up later.
      const jobs = await queryRows<{ email: string; kind: string }>(
        db,
        sql`SELECT data->>'email' AS email, data->>'kind' AS kind FROM pgboss.job WHERE name = 'account-link'`,
      );
      expect(jobs.map((j) => j.email).sort()).toEqual(
        [known.email, known.email, 'nobody-here@example.test', 'nobody-here@example.test'].sort(),
      );
      expect(await db.select().from(outbox)).toEqual([]);
    });
  }

  it('signup with SMTP down answers 201 and creates the account with its verification mail queued', async () => {
    const { db } = await testDatabase();
    for (const [target, email] of [
      [app, 'hanging-smtp@example.test'],
      [closedPortApp, 'closed-smtp@example.test'],
    ] as const) {
      const res = await post(target, '/api/auth/signup/user', signupBody(email));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: ACCOUNT_MSG.accountCreated });
      expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
      const [mail] = await db.select().from(outbox).where(eq(outbox.toAddress, email));
      expect(mail).toMatchObject({ template: 'verify-email', status: 'queued' });
    }
  });

  it('a repeated signup of the same email gets the same 201 answer, never a 500, and one account', async () => {
    const { db } = await testDatabase();
    const email = 'twice@example.test';
    const first = await post(closedPortApp, '/api/auth/signup/user', signupBody(email));
    const again = await post(closedPortApp, '/api/auth/signup/user', signupBody(email));
    const raced = await Promise.all(
      [1, 2, 3].map(() => post(app, '/api/auth/signup/user', signupBody(email))),
    );
    for (const res of [first, again, ...raced]) {
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: ACCOUNT_MSG.accountCreated });
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, email));
    expect(mails.map((m) => m.template).sort()).toEqual([
      'account-exists',
      'account-exists',
      'account-exists',
      'account-exists',
      'verify-email',
    ]);
  });
});
