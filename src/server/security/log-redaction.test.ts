// Issue 10, finding 9: no token or secret reaches the log. Links from mail carry their token in the query
// (/update-password?token=..., /verify-email?token=...); cookies and the CLI's secret travel in headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app.ts';
import { testConfig, testDatabase } from '#server/test/app.ts';

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
});
