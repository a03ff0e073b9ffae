// Issue 10, finding 1: production never gets the README's demo accounts. Demo data loads by itself only in
// development on the embedded database; SEED_DEMO=true asks for it elsewhere, and in production the demo
// accounts then get random one-time passwords (decision 027).
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testConfig, resetDb, testDatabase, PRODUCTION_PAYMENT_KEYS } from '#server/test/app.ts';
import { users } from '#server/db/schema.ts';
import { DEMO_ACCOUNTS, demoSeedPlan, seedDemoOnStart } from '#server/seed.ts';
import { verifyPassword } from '#server/modules/accounts/accounts/passwords.ts';

beforeEach(resetDb);

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', ...PRODUCTION_PAYMENT_KEYS };
const adminHash = async () => {
  const { db } = await testDatabase();
  const [row] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  return row?.passwordHash ?? null;
};

describe('demo data at start-up (finding 1)', () => {
  it('is planned only for development on the embedded database, or on request', () => {
    expect(demoSeedPlan(testConfig({ NODE_ENV: 'development' }))).toBe('readme-passwords');
    expect(demoSeedPlan(testConfig(PRODUCTION))).toBe('none');
    expect(demoSeedPlan(testConfig({ ...PRODUCTION, SEED_DEMO: 'true' }))).toBe('random-passwords');
    expect(demoSeedPlan(testConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x/y' }))).toBe(
      'none',
    );
    expect(
      demoSeedPlan(
        testConfig({ NODE_ENV: 'development', DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }),
      ),
    ).toBe('readme-passwords');
  });

  it('loads no demo account in production on the embedded database', async () => {
    const result = await seedDemoOnStart(testConfig(PRODUCTION), (await testDatabase()).db);
    expect(result.seeded).toBe(false);
    expect(await adminHash()).toBeNull();
  });

  it("never gives the README's passwords in production, even with SEED_DEMO=true", async () => {
    const result = await seedDemoOnStart(
      testConfig({ ...PRODUCTION, SEED_DEMO: 'true' }),
      (await testDatabase()).db,
    );
    expect(result.seeded).toBe(true);
    const hash = await adminHash();
    expect(hash).not.toBeNull();
    expect(await verifyPassword(hash, DEMO_ACCOUNTS.admin.password)).toBe(false);
    const printed = result.passwords?.[DEMO_ACCOUNTS.admin.email];
    expect(printed).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await verifyPassword(hash, printed as string)).toBe(true);
  });

  it("keeps the README's passwords in development", async () => {
    const result = await seedDemoOnStart(testConfig({ NODE_ENV: 'development' }), (await testDatabase()).db);
    expect(result).toMatchObject({ seeded: true, passwords: null });
    // Its sessions, for payDemoSessions to pay once the app is built (decision 134).
    expect(result.sessions.length).toBeGreaterThan(100);
    expect(await verifyPassword(await adminHash(), DEMO_ACCOUNTS.admin.password)).toBe(true);
  });
});
