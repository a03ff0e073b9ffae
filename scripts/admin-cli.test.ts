import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, resetDb, testConfig, testDatabase } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';
import { queryRows } from '#server/db/client.ts';
import { outbox, sharks, users } from '#server/db/schema.ts';
import { loopbackUrl, publishCliHandoff, readCliHandoff, removeCliHandoff } from '#server/db/cli-handoff.ts';
import { createWithDatabase, describeResult, parseAdminArgs, runAdminCommand, UsageError } from './admin-cli';

beforeEach(resetDb);

const rolesOf = async (userId: string) => {
  const { db } = await testDatabase();
  const rows = await queryRows<{ role_name: string }>(
    db,
    sql`SELECT r.role_name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ${userId} ORDER BY ur.id`,
  );
  return rows.map((r) => r.role_name);
};

describe('parseAdminArgs', () => {
  it('reads create-shark and create-admin with their options', () => {
    expect(
      parseAdminArgs([
        'create-shark',
        '--email',
        'S@Example.com',
        '--name',
        'Sana Iqbal',
        '--specialization=forensics',
      ]),
    ).toEqual({
      kind: 'shark',
      email: 's@example.com',
      name: 'Sana Iqbal',
      specialization: 'forensics',
    });
    expect(parseAdminArgs(['create-admin', '--name', 'Ops', '--email', 'ops@example.com'])).toEqual({
      kind: 'admin',
      email: 'ops@example.com',
      name: 'Ops',
    });
  });

  it('explains what is wrong', () => {
    expect(() => parseAdminArgs([])).toThrow(UsageError);
    expect(() => parseAdminArgs(['delete-shark'])).toThrow('Unknown command "delete-shark".');
    expect(() =>
      parseAdminArgs([
        'create-admin',
        '--email',
        'a@example.com',
        '--name',
        'A',
        '--specialization',
        'forensics',
      ]),
    ).toThrow('Unknown option "--specialization".');
    expect(() => parseAdminArgs(['create-shark', '--email', '--name', 'N'])).toThrow(
      '--email needs a value.',
    );
    expect(() => parseAdminArgs(['create-shark', '--email', 'bad', '--name', 'N'])).toThrow(
      '--email: Please enter a valid email',
    );
    expect(() => parseAdminArgs(['create-shark', '--email', 'a@example.com'])).toThrow(
      '--name: Name is required',
    );
  });
});

describe('createWithDatabase (the CLI on a database it opened itself)', () => {
  it('creates a shark exactly like the admin console and returns the mailed link', async () => {
    const database = await testDatabase();
    const config = testConfig();
    const input = parseAdminArgs(['create-shark', '--email', 'cli-shark@example.com', '--name', 'Cli Shark']);
    const result = await createWithDatabase(database, config, input);
    const [user] = await database.db.select().from(users).where(eq(users.id, result.userId));
    expect(user.passwordHash).toBeNull();
    expect(user.emailConfirmedAt).not.toBeNull();
    expect(await rolesOf(result.userId)).toEqual(['shark']);
    const [shark] = await database.db.select().from(sharks).where(eq(sharks.userId, result.userId));
    expect(shark).toMatchObject({
      id: result.sharkId,
      name: 'Cli Shark',
      specialization: 'pentesting',
      published: false,
    });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'cli-shark@example.com'));
    expect(mail.link).toBe(result.link);
    expect(result.link).toMatch(/^http:\/\/localhost:3000\/update-password\?token=/);
    expect(describeResult(input, result)).toContain(result.link);
  });

  it('creates an admin account and refuses an email that is taken', async () => {
    const database = await testDatabase();
    const result = await createWithDatabase(database, testConfig(), {
      kind: 'admin',
      email: 'root@example.com',
      name: 'Root',
    });
    expect(await rolesOf(result.userId)).toEqual(['admin']);
    expect(result.sharkId).toBeNull();
    await createAccount(database.db, { roles: ['user'], email: 'taken@example.com' });
    await expect(
      createWithDatabase(database, testConfig(), { kind: 'admin', email: 'taken@example.com', name: 'X' }),
    ).rejects.toThrow('An account with this email already exists.');
  });
});

describe('runAdminCommand with the server running on the embedded database', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    publishCliHandoff(app.config.DATA_DIR, loopbackUrl(app.addresses()));
  });
  afterAll(async () => {
    removeCliHandoff(app.config.DATA_DIR);
    await app.close();
  });
  const env = () => ({ NODE_ENV: 'test' as const, LOG_LEVEL: 'silent', DATA_DIR: app.config.DATA_DIR });

  it('goes through the server instead of opening the database a second time', async () => {
    const result = await runAdminCommand(
      { kind: 'shark', email: 'via-server@example.com', name: 'Via Server', specialization: 'red_teaming' },
      env(),
    );
    expect(result.via).toBe('server');
    const { db } = await testDatabase();
    const [shark] = await db
      .select()
      .from(sharks)
      .where(eq(sharks.id, result.sharkId as string));
    expect(shark).toMatchObject({ name: 'Via Server', specialization: 'red_teaming', published: false });
  });

  it("reports the server's refusal of a taken email", async () => {
    await createAccount((await testDatabase()).db, { roles: ['user'], email: 'dup@example.com' });
    await expect(
      runAdminCommand({ kind: 'admin', email: 'dup@example.com', name: 'Dup' }, env()),
    ).rejects.toThrow('An account with this email already exists.');
  });
});

describe('runAdminCommand without a server', () => {
  it('opens the embedded database itself, after clearing a stale server address', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sharks-cli-'));
    // A server that died without cleaning up left its address behind; nothing listens there now.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    publishCliHandoff(dataDir, `http://127.0.0.1:${port}`);
    const result = await runAdminCommand(
      { kind: 'admin', email: 'solo@example.com', name: 'Solo' },
      { NODE_ENV: 'test', DATA_DIR: dataDir },
    );
    expect(result.via).toBe('embedded');
    expect(result.link).toMatch(/\/update-password\?token=/);
    expect(readCliHandoff(dataDir)).toBeNull();
  }, 120_000); // a fresh PGlite directory runs every migration first
});
