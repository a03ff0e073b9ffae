import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { emailTokens, sessions } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount } from '#server/test/fixtures.ts';
import { SCHEDULES } from './schedules';

let app: FastifyInstance;
beforeAll(async () => {
  // RUN_JOBS on: the schedules are applied as the app starts.
  app = await createTestApp({ RUN_JOBS: 'true' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const hoursAhead = (h: number) => new Date(Date.now() + h * 3_600_000);

describe('the daily maintenance job', () => {
  it('purges expired and idle sessions and dead mail tokens, and keeps the live ones', async () => {
    const { db } = await testDatabase();
    const { id: userId } = await createAccount(db, { roles: ['user'] });
    await db.insert(sessions).values([
      { id: 'live', userId, expiresAt: hoursAhead(24) },
      { id: 'expired', userId, expiresAt: hoursAgo(1) },
      { id: 'idle', userId, expiresAt: hoursAhead(24), lastSeenAt: hoursAgo(8 * 24) },
    ]);
    await db.insert(emailTokens).values([
      { tokenHash: 'live', userId, purpose: 'reset_password', expiresAt: hoursAhead(1) },
      { tokenHash: 'expired', userId, purpose: 'verify_email', expiresAt: hoursAgo(1) },
      {
        tokenHash: 'used-long-ago',
        userId,
        purpose: 'reset_password',
        expiresAt: hoursAhead(1),
        usedAt: hoursAgo(30),
      },
      {
        tokenHash: 'used-now',
        userId,
        purpose: 'reset_password',
        expiresAt: hoursAhead(1),
        usedAt: new Date(),
      },
    ]);

    await app.jobs.handlers.maintenance({ data: { task: 'purge' } } as never);

    expect((await db.select().from(sessions)).map((s) => s.id)).toEqual(['live']);
    expect((await db.select().from(emailTokens)).map((t) => t.tokenHash).sort()).toEqual([
      'live',
      'used-now',
    ]);
  });

  it('is scheduled daily in the app time zone', async () => {
    const schedules = await app.jobs.boss.getSchedules();
    expect(schedules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'maintenance', cron: SCHEDULES[0].cron, timezone: 'Asia/Kolkata' }),
      ]),
    );
  });

  it('runs as a job on the queue', async () => {
    const { db } = await testDatabase();
    const { id: userId } = await createAccount(db, { roles: ['user'] });
    await db.insert(sessions).values({ id: 'old', userId, expiresAt: hoursAgo(1) });
    await app.jobs.enqueue(db, 'maintenance', { task: 'purge' });
    await app.jobs.runAll();
    expect(await db.select().from(sessions)).toEqual([]);
  });
});
