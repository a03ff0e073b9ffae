// Mail through a real SMTP server, started by the test on loopback (smtp-server), read back with mailparser.
// The app's queue and worker are the real ones: pg-boss on the test database, nodemailer over SMTP_URL.
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { startSmtp, type Smtp } from '#server/test/smtp.ts';

const ORIGIN = 'http://localhost:3000';

/** A loopback port where nothing listens: an SMTP server that is down. */
async function deadPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const signup = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signup/user',
    payload: {
      name: 'Asha Rao',
      email,
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      terms: true,
    },
  });

const logOf = async (to: string) => {
  const { db } = await testDatabase();
  return db.select().from(outbox).where(eq(outbox.toAddress, to));
};

let app: FastifyInstance | null = null;
let smtp: Smtp | null = null;
beforeEach(resetDb);
afterEach(async () => {
  await app?.close();
  await smtp?.close();
  app = null;
  smtp = null;
});

describe('mail over real SMTP', () => {
  it('delivers the verification mail with subject, recipient, an HTML and a text part, and the link', async () => {
    smtp = await startSmtp();
    app = await createTestApp({ SMTP_URL: smtp.url });
    expect((await signup(app, 'asha@example.com')).statusCode).toBe(201);
    // Queued with the account, nothing sent yet: the request did not talk to SMTP.
    expect(smtp.connections).toEqual([]);
    expect(await app.jobs.runAll()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.subject).toBe('Verify your email for Shark Security');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : mail.to).toBe('asha@example.com');
    const link = /http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]{40,}/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Verify my email');

    const [row] = await logOf('asha@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, template: 'verify-email', link });
    // The link works.
    const token = new URL(link as string).searchParams.get('token');
    const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verified.statusCode).toBe(200);
  });

  it('retries a mail the server refuses with 4xx, then sends it', async () => {
    smtp = await startSmtp({ failFirst: 1 });
    app = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '2' });
    await signup(app, 'grey@example.com');
    await app.jobs.runAll();
    expect(smtp.received).toHaveLength(1);
    const [row] = await logOf('grey@example.com');
    expect(row.status).toBe('sent');
    expect(row.attempts).toBe(2);
    expect(row.lastError).toContain('451');
  });

  it('marks a mail failed with the SMTP error after the last attempt of a 5xx, and an admin retries it', async () => {
    smtp = await startSmtp({ answer: 550 });
    app = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '1' });
    await signup(app, 'bounce@example.com');
    await app.jobs.runAll();
    const [failed] = await logOf('bounce@example.com');
    expect(failed).toMatchObject({ status: 'failed', attempts: 2 });
    expect(failed.lastError).toContain('550');
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(smtp.received).toEqual([]);

    // The admin console lists it first and can retry it.
    const { db } = await testDatabase();
    const admin = await createAccount(db, { roles: ['admin'] });
    const cookie = await sessionCookie(db, admin.id);
    await app.mailer.enqueue(db, {
      to: 'later@example.com',
      template: 'account-deleted',
      data: { link: ORIGIN },
    });
    const log = await app.inject({ method: 'GET', url: '/api/admin/mail', headers: { cookie } });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ total: 2, failed: 1, page: 1 });
    expect(log.json().items[0]).toMatchObject({ id: failed.id, status: 'failed', to: 'bounce@example.com' });

    smtp.mode.answer = 'ok';
    const retry = await app.inject({
      method: 'POST',
      url: `/api/admin/mail/${failed.id}/retry`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(retry.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/mail/${failed.id}/retry`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(again.statusCode).toBe(409);
    await app.jobs.runAll();
    const [sent] = await logOf('bounce@example.com');
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received.map((m) => m.subject)).toContain('Verify your email for Shark Security');
  });

  it('retries while the SMTP server is down, and marks the mail failed with the connection error', async () => {
    app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await deadPort()}`, MAIL_RETRY_LIMIT: '1' });
    await signup(app, 'down@example.com');
    await app.jobs.runAll();
    const [row] = await logOf('down@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('works the queue in the app process when RUN_JOBS is on (the default)', async () => {
    smtp = await startSmtp();
    app = await createTestApp({ SMTP_URL: smtp.url, RUN_JOBS: 'true' });
    await signup(app, 'inproc@example.com');
    await waitFor(() => smtp!.received.length === 1);
    await waitFor(async () => (await logOf('inproc@example.com'))[0]?.status === 'sent');
  });

  it('two app instances on one database send each mail exactly once', async () => {
    smtp = await startSmtp();
    app = await createTestApp({ SMTP_URL: smtp.url, RUN_JOBS: 'true' });
    const second = await createTestApp({ SMTP_URL: smtp.url, RUN_JOBS: 'true' });
    try {
      const { db } = await testDatabase();
      const addresses = Array.from({ length: 12 }, (_, i) => `many-${i}@example.com`);
      await db.transaction(async (tx) => {
        for (const to of addresses)
          await app!.mailer.enqueue(tx, { to, template: 'account-deleted', data: { link: ORIGIN } });
      });
      await waitFor(() => smtp!.received.length >= addresses.length);
      // Both workers kept polling a little longer: nothing arrives twice.
      await new Promise((r) => setTimeout(r, 2500));
      const recipients = smtp.received.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''));
      expect(recipients.sort()).toEqual([...addresses].sort());
      const rows = await db.select().from(outbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await second.close();
    }
  });

  it('answers a reset request for a known and an unknown email alike, before any SMTP connection', async () => {
    // A slow SMTP server (2 s before its greeting) and workers running in-process.
    smtp = await startSmtp({ delayMs: 2000 });
    app = await createTestApp({ SMTP_URL: smtp.url, RUN_JOBS: 'true' });
    const { db } = await testDatabase();
    await createAccount(db, { roles: ['user'], email: 'known@example.com' });
    const ask = (email: string) =>
      app!.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

    const known = await ask('known@example.com');
    const answeredAt = performance.now();
    const unknown = await ask('unknown@example.com');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    // The request answered before the SMTP server had received anything.
    expect(smtp.received).toEqual([]);
    await waitFor(() => smtp!.received.length === 1);
    expect(smtp.connections.every((t) => t > answeredAt - 1)).toBe(true);
    expect(smtp.received[0].subject).toBe('Reset your Shark Security password');
  });
});
