// The mails a change causes are queued in its transaction: they exist exactly when the change commits.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { contactMessages, outbox, users } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ CONTACT_INBOX: 'inbox@sharksecurity.test' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const log = async () => {
  const { db } = await testDatabase();
  return db.select().from(outbox).orderBy(asc(outbox.toAddress));
};

describe('mails queued with the change that causes them', () => {
  it('signup and its verification mail commit together, or neither does', async () => {
    const { db } = await testDatabase();
    const enqueue = vi.spyOn(app.mailer, 'enqueue').mockRejectedValueOnce(new Error('queue unavailable'));
    const payload = {
      name: 'Asha Rao',
      email: 'atomic@example.com',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
      terms: true,
    };
    const failed = await app.inject({ method: 'POST', url: '/api/auth/signup/user', payload });
    expect(failed.statusCode).toBe(500);
    expect(await db.select().from(users).where(eq(users.email, 'atomic@example.com'))).toEqual([]);
    enqueue.mockRestore();

    const ok = await app.inject({ method: 'POST', url: '/api/auth/signup/user', payload });
    expect(ok.statusCode).toBe(201);
    expect(await db.select().from(users).where(eq(users.email, 'atomic@example.com'))).toHaveLength(1);
    expect((await log()).map((m) => [m.toAddress, m.template, m.status])).toEqual([
      ['atomic@example.com', 'verify-email', 'queued'],
    ]);
  });

  it('the contact form acknowledges the sender and mails the message to CONTACT_INBOX', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Asha', email: 'Asha@Example.com', message: 'Do you train teams?' },
    });
    expect(res.statusCode).toBe(201);
    await app.jobs.runAll();
    const mails = await log();
    expect(mails.map((m) => [m.toAddress, m.template, m.status])).toEqual([
      ['asha@example.com', 'contact-ack', 'sent'],
      ['inbox@sharksecurity.test', 'contact-inbox', 'sent'],
    ]);
    expect(mails[0].text).not.toContain('Do you train teams?');
    expect(mails[1].subject).toBe('Contact form: Asha');
    expect(mails[1].text).toContain('> Do you train teams?');
    expect(mails[1].text).toContain('asha@example.com');
    const { db } = await testDatabase();
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });

  it('a shark application is acknowledged to the applicant and announced to every admin', async () => {
    const { db } = await testDatabase();
    await createAccount(db, { roles: ['admin'], email: 'admin-one@example.com' });
    await createAccount(db, { roles: ['admin'], email: 'admin-two@example.com' });
    await createAccount(db, { roles: ['user'], email: 'learner@example.com' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/shark-applications',
      payload: {
        name: 'Neha Iyer',
        email: 'neha@example.com',
        specialization: 'forensics',
        experience: 6,
        links: '',
        motivation: 'I run DFIR engagements and want to teach memory forensics.',
      },
    });
    expect(res.statusCode).toBe(201);
    expect((await log()).map((m) => [m.toAddress, m.template])).toEqual([
      ['admin-one@example.com', 'application-admin-notice'],
      ['admin-two@example.com', 'application-admin-notice'],
      ['neha@example.com', 'application-received'],
    ]);
    const notice = (await log())[0];
    expect(notice.subject).toBe('New shark application: Neha Iyer');
    expect(notice.link).toBe('http://localhost:3000/admin');
  });
});
