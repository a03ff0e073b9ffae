// Issue 10, finding 9: no token or secret reaches the log. Links from mail carry their token in the query
// (/update-password?token=..., /verify-email?token=...); cookies and the CLI's secret travel in headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { testConfig, testDatabase } from '#server/test/app.ts';
import { createShark, sessionCookie } from '#server/test/fixtures.ts';

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'trace' }),
    database: await testDatabase(),
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(() => app.close());

const SECRET = 'Zk9fQ2xLc2VjcmV0VG9rZW4tZG8tbm90LWxvZw';

describe('log redaction (finding 9)', () => {
  it('logs request URLs with token and secret values replaced, and never a cookie or the CLI secret', async () => {
    lines.length = 0;
    for (const url of [
      `/update-password?token=${SECRET}`,
      `/verify-email?token=${SECRET}&next=%2F`,
      `/api/sharks?page=1&secret=${SECRET}`,
      `/verify-email?TOKEN=${SECRET}`,
    ])
      await app.inject({
        method: 'GET',
        url,
        headers: { cookie: `sid=${SECRET}`, authorization: `Bearer ${SECRET}`, 'x-admin-cli-secret': SECRET },
      });
    const log = lines.join('');
    expect(log).toContain('/update-password?token=[REDACTED]');
    expect(log).toContain('/verify-email?token=[REDACTED]&next=%2F');
    expect(log).toContain('/api/sharks?page=1&secret=[REDACTED]');
    expect(log).not.toContain(SECRET);
  });

  it('redacts every spelling of a secret parameter: percent-encoded, bracketed, nested, repeated (issue 21, finding 11)', async () => {
    lines.length = 0;
    const urls = [
      `/update-password?%74oken=${SECRET}`,
      `/update-password?token[]=${SECRET}`,
      `/update-password?token%5B%5D=${SECRET}`,
      `/update-password?user[password]=${SECRET}`,
      `/update-password?%2574oken=${SECRET}`,
      `/update-password?a=1&tok%65n=${SECRET}&b=2`,
      `/update-password?token=ok&token=${SECRET}`,
      `/update-password?access%5Ftoken=${SECRET}`,
      `/update-password?token=${SECRET}#frag`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(log).not.toContain(SECRET);
    expect(log).toContain('/update-password?%74oken=[REDACTED]');
    expect(log).toContain('/update-password?token[]=[REDACTED]');
    expect(log).toContain('/update-password?a=1&tok%65n=[REDACTED]&b=2');
  });

  it('logs the dev outbox mail without the token of its link', async () => {
    lines.length = 0;
    await app.mailer.enqueue(app.db, {
      to: 'someone@example.com',
      template: 'password-reset',
      data: { link: `http://localhost:3000/update-password?token=${SECRET}`, hours: 1 },
    });
    // The worker writes the dev outbox's log line when it delivers the mail.
    await app.jobs.runAll();
    const log = lines.join('');
    expect(log).toContain('/update-password?token=[REDACTED]');
    expect(log).not.toContain(SECRET);
  });

  it('never logs payout details: neither a saved nor a refused one (decision 136)', async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const cookie = await sessionCookie(db, shark.userId);
    lines.length = 0;
    const account = '918273645501234';
    const pan = 'QWRPZ9876K';
    for (const payload of [
      {
        method: 'bank',
        holderName: 'Log Test',
        accountNumber: account,
        accountNumberConfirm: account,
        ifsc: 'SBIN0001234',
        pan,
      },
      {
        method: 'bank',
        holderName: 'Log Test',
        accountNumber: account,
        accountNumberConfirm: `${account}9`,
        ifsc: 'SBIN0001234',
        pan,
      },
      { method: 'upi', upiId: 'secret.handle@oksbi', pan },
    ])
      await app.inject({ method: 'PUT', url: '/api/workspace/payout-details', headers: { cookie }, payload });
    await app.jobs.runAll();
    // A line that logs a body anyway has the fields censored.
    app.log.info({ body: { accountNumber: account, pan, upiId: 'secret.handle@oksbi' } }, 'a careless line');
    const log = lines.join('');
    expect(log).toContain('a careless line');
    expect(log).not.toContain(account);
    expect(log).not.toContain(pan);
    expect(log).not.toContain('secret.handle');
  });

  it("never logs a calendar feed's address: neither a live one nor a wrong one (decision 148)", async () => {
    const { db } = await testDatabase();
    const shark = await createShark(db);
    const cookie = await sessionCookie(db, shark.userId);
    const made = await app.inject({ method: 'POST', url: '/api/me/calendar-feed', headers: { cookie } });
    expect(made.statusCode).toBe(200);
    const live = new URL(made.json().url as string).pathname;
    const secret = live.slice('/calendar/'.length, -'.ics'.length);
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: live })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/calendar/${SECRET}.ics?x=1` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/calendar/${SECRET}` })).statusCode).toBe(404);
    const log = lines.join('');
    expect(log).toContain('/calendar/[REDACTED].ics');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(SECRET);
    expect(made.body).toContain(secret);
  });
});
