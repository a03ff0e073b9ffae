import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, resetDb } from '../../test/app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

describe('the dev outbox', () => {
  it('lists mails to one address as JSON, newest first', async () => {
    await app.mailer.send({
      to: 'a@example.com',
      subject: 'First',
      text: 'one',
      link: 'http://localhost:3000/verify-email?token=1',
    });
    await app.mailer.send({ to: 'b@example.com', subject: 'Other', text: 'two' });
    await app.mailer.send({
      to: 'a@example.com',
      subject: 'Second',
      text: 'three',
      link: 'http://localhost:3000/update-password?token=2',
    });
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=A@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual([
      {
        id: expect.any(String),
        to: 'a@example.com',
        subject: 'Second',
        text: 'three',
        link: 'http://localhost:3000/update-password?token=2',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        to: 'a@example.com',
        subject: 'First',
        text: 'one',
        link: 'http://localhost:3000/verify-email?token=1',
        createdAt: expect.any(String),
      },
    ]);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json()).toHaveLength(3);
  });

  it('shows the mailbox page with every mail and link, escaping what the mails contain', async () => {
    await app.mailer.send({
      to: 'x@example.com',
      subject: '<script>alert(1)</script>',
      text: 'Hi & "bye"',
      link: 'http://localhost:3000/verify-email?token=abc&x=1',
    });
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('Hi &amp; &quot;bye&quot;');
    expect(res.body).toContain('href="http://localhost:3000/verify-email?token=abc&amp;x=1"');
  });

  it('says what to do when the mailbox is empty', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.body).toContain('No mail yet');
  });
});
