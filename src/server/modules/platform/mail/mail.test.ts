import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { startSmtp } from '#server/test/smtp.ts';
import { MAIL_TEMPLATES, renderMail, sampleData } from './templates';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(resetDb);

const ORIGIN = 'http://localhost:3000';

describe('the dev outbox', () => {
  it('lists mails to one address as JSON, newest first, both parts rendered while still queued', async () => {
    await app.mailer.enqueue(app.db, {
      to: 'a@example.com',
      template: 'verify-email',
      data: { link: `${ORIGIN}/verify-email?token=1` },
    });
    await app.mailer.enqueue(app.db, {
      to: 'b@example.com',
      template: 'account-deleted',
      data: { link: ORIGIN },
    });
    await app.mailer.enqueue(app.db, {
      to: 'A@example.com',
      template: 'password-reset',
      data: { link: `${ORIGIN}/update-password?token=2`, hours: 1 },
    });
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=A@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mails = res.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Reset your Shark Security password',
      'Verify your email for Shark Security',
    ]);
    expect(mails[0]).toMatchObject({
      to: 'a@example.com',
      template: 'password-reset',
      status: 'queued',
      link: `${ORIGIN}/update-password?token=2`,
    });
    expect(mails[0].text).toContain(`${ORIGIN}/update-password?token=2`);
    expect(mails[0].html).toContain(`href="${ORIGIN}/update-password?token=2"`);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json()).toHaveLength(3);
  });

  it('delivers queued mail to the outbox without SMTP: the row is sent with both parts stored', async () => {
    const id = await app.mailer.enqueue(app.db, {
      to: 'c@example.com',
      template: 'verify-email',
      data: { link: `${ORIGIN}/verify-email?token=3` },
    });
    expect(await app.jobs.runAll()).toBe(1);
    const [row] = await app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.html).toContain('Verify my email');
    expect(row.text).toContain(`${ORIGIN}/verify-email?token=3`);
  });

  it('a mail queued in a transaction that rolls back never exists, nor does its job', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await app.mailer.enqueue(tx, {
          to: 'gone@example.com',
          template: 'account-deleted',
          data: { link: ORIGIN },
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await app.db.select().from(outbox)).toEqual([]);
    expect(await app.jobs.runAll()).toBe(0);
  });

  it('shows the mailbox page with every mail, both parts and the link, escaping what the mails contain', async () => {
    await app.mailer.enqueue(app.db, {
      to: 'hello@sharksecurity.in',
      template: 'contact-inbox',
      data: {
        name: '<script>alert(1)</script>',
        email: 'x@example.com',
        message: 'Hi & "bye"',
        link: `${ORIGIN}/admin?x=1&y=2`,
      },
    });
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Contact form: &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&gt; Hi &amp; &quot;bye&quot;');
    expect(res.body).toContain(`href="${ORIGIN}/admin?x=1&amp;y=2"`);
    expect(res.body).toContain('<iframe sandbox');
  });

  it('says what to do when the mailbox is empty, and links a preview of every template', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.body).toContain('No mail yet');
    for (const t of MAIL_TEMPLATES) expect(res.body).toContain(`/dev/mailbox/preview/${t}`);
  });

  it('previews every template with sample data, in HTML and in text', async () => {
    for (const t of MAIL_TEMPLATES) {
      const html = await app.inject({ method: 'GET', url: `/dev/mailbox/preview/${t}` });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toContain('Shark');
      const text = await app.inject({ method: 'GET', url: `/dev/mailbox/preview/${t}?part=text` });
      expect(text.headers['content-type']).toContain('text/plain');
      expect(text.body).toContain('Shark Security');
    }
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox/preview/nope' })).statusCode).toBe(400);
  });
});

describe('the templates', () => {
  const samples = sampleData(ORIGIN);
  it.each(MAIL_TEMPLATES)(
    '%s has a subject, a phone-sized HTML part and a text part with its link',
    async (t) => {
      const mail = await renderMail(t, samples[t] as never);
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
      expect(mail.html).toContain('max-width:560px');
      expect(mail.html).toContain('#050b18');
      expect(mail.text).not.toMatch(/<\/|<(p|a|div|table|td|span|br)\b/);
      if (mail.link) {
        expect(mail.link.startsWith(ORIGIN)).toBe(true);
        expect(mail.text).toContain(mail.link);
        expect(mail.html).toContain(`href="${mail.link.replace(/&/g, '&amp;')}"`);
      }
    },
  );

  it('renders the account-settings mails (password changed, email changed, account deleted)', async () => {
    expect((await renderMail('password-changed', samples['password-changed'])).subject).toBe(
      'Your Shark Security password was changed',
    );
    const changed = await renderMail('email-changed', samples['email-changed']);
    expect(changed.text).toContain('new-address@example.com');
    expect((await renderMail('account-deleted', samples['account-deleted'])).text).toContain('deleted');
  });
});

describe('a mail the SMTP server accepted', () => {
  it('is delivered once when the database fails for a moment as the send is recorded (the soak of issue 28)', async () => {
    const smtp = await startSmtp();
    const smtpApp = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '2' });
    const { db } = await testDatabase();
    // The first write that marks a mail sent fails as a restarting PostgreSQL fails it (57P01); a sequence,
    // not a row, counts the writes, since the failed write's transaction rolls back.
    await db.execute(sql`CREATE SEQUENCE outbox_sent_writes`);
    await db.execute(sql`
      CREATE FUNCTION outbox_fail_first_sent() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'sent' AND nextval('outbox_sent_writes') = 1 THEN
          RAISE EXCEPTION 'terminating connection due to administrator command' USING ERRCODE = '57P01';
        END IF;
        RETURN NEW;
      END $$`);
    await db.execute(
      sql`CREATE TRIGGER outbox_fail_first_sent BEFORE UPDATE ON outbox FOR EACH ROW EXECUTE FUNCTION outbox_fail_first_sent()`,
    );
    try {
      const id = await smtpApp.mailer.enqueue(smtpApp.db, {
        to: 'asha@example.com',
        template: 'account-deleted',
        data: { link: ORIGIN },
      });
      await smtpApp.jobs.runAll();

      expect(smtp.received.map((m) => m.messageId)).toEqual([`<${id}@localhost>`]);
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      // Written twice: the write the database refused, then the one that recorded the send.
      const [{ writes }] = await db.select({ writes: sql<string>`last_value` }).from(sql`outbox_sent_writes`);
      expect(Number(writes)).toBe(2);
    } finally {
      await db.execute(sql`DROP TRIGGER outbox_fail_first_sent ON outbox`);
      await db.execute(sql`DROP FUNCTION outbox_fail_first_sent()`);
      await db.execute(sql`DROP SEQUENCE outbox_sent_writes`);
      await smtpApp.close();
      await smtp.close();
    }
  });
});
