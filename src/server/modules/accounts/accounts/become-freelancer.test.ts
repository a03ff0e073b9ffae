// POST /api/auth/become-freelancer: a signed-in learner (or shark) adds the freelancer role and profile
// without a second account (decision 026).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { COMMON_MSG } from '#shared/common.ts';
import { FREELANCER_MSG } from '#shared/freelancers.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { freelancers, roles } from '#server/db/schema.ts';
import { queryRows } from '#server/db/client.ts';
import { withFreelancerRole } from './become-freelancer';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const become = (cookie: string | null, payload: object, target: FastifyInstance = app) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/become-freelancer',
    payload,
    headers: cookie ? { cookie } : {},
  });
const sessionRoles = async (cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().roles;

async function rolesInDb(userId: string): Promise<string[]> {
  const { db } = await testDatabase();
  const rows = await queryRows<{ role_name: string }>(
    db,
    sql`SELECT r.role_name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
         WHERE ur.user_id = ${userId} ORDER BY ur.id`,
  );
  return rows.map((r) => r.role_name);
}
async function freelancerRows(userId: string) {
  const { db } = await testDatabase();
  return db.select().from(freelancers).where(eq(freelancers.userId, userId));
}

async function signedIn(accountRoles: Parameters<typeof createAccount>[1]['roles'], name = 'Asha Rao') {
  const { db } = await testDatabase();
  const account = await createAccount(db, { roles: accountRoles, name });
  return { ...account, cookie: await sessionCookie(db, account.id) };
}

describe('become a freelancer', () => {
  it('asks a visitor to log in, before reading the body, and writes nothing', async () => {
    const res = await become(null, { name: '', skills: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'unauthorized', message: 'Please log in to continue.' });
    const { db } = await testDatabase();
    expect(await db.select().from(freelancers)).toEqual([]);
  });

  it('makes a learner a freelancer: the role goes first, the profile is kept, the session shows it at once', async () => {
    const learner = await signedIn(['user']);
    const res = await become(learner.cookie, { name: '  Asha Rao ', skills: 'Burp, OSINT' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'You are now a freelancer. Welcome to your dashboard!',
      user: { id: learner.id, email: learner.email, fullName: 'Asha Rao', avatarUrl: null },
      roles: ['freelancer', 'user'],
    });
    expect(await rolesInDb(learner.id)).toEqual(['freelancer', 'user']);
    expect(await freelancerRows(learner.id)).toEqual([
      expect.objectContaining({ name: 'Asha Rao', skills: 'Burp, OSINT' }),
    ]);
    // Same session cookie: no new login needed for the freelancer pages.
    expect(await sessionRoles(learner.cookie)).toEqual(['freelancer', 'user']);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/freelancer/profile',
      headers: { cookie: learner.cookie },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Asha Rao', skills: 'Burp, OSINT' });
    // From now on the account signs in like a freelancer signup would.
    const portal = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: learner.email, password: learner.password, portal: 'freelancer' },
    });
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toMatchObject({
      roles: ['freelancer', 'user'],
      redirectTo: '/freelancer/dashboard',
    });
  });

  it('answers a missing name or skills with the freelancer signup messages, word for word, and changes nothing', async () => {
    const learner = await signedIn(['user']);
    const blank = await become(learner.cookie, { name: ' ', skills: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toEqual({
      name: 'Name is required',
      skills: 'Please list your skills',
    });
    const missing = await become(learner.cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({
      name: COMMON_MSG.nameRequired,
      skills: FREELANCER_MSG.skillsRequired,
    });
    expect(await rolesInDb(learner.id)).toEqual(['user']);
    expect(await freelancerRows(learner.id)).toEqual([]);
  });

  it('is idempotent: an existing freelancer keeps one role and one profile, updated with the latest name and skills', async () => {
    const freelancer = await signedIn(['freelancer', 'user']);
    const first = await become(freelancer.cookie, { name: 'Kabir', skills: 'Burp' });
    const second = await become(freelancer.cookie, { name: 'Kabir S', skills: 'Burp, Ghidra' });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().roles).toEqual(['freelancer', 'user']);
    expect(await rolesInDb(freelancer.id)).toEqual(['freelancer', 'user']);
    expect(await freelancerRows(freelancer.id)).toEqual([
      expect.objectContaining({ name: 'Kabir S', skills: 'Burp, Ghidra' }),
    ]);
  });

  it('gives one role and one profile when a learner submits twice at once', async () => {
    const learner = await signedIn(['user']);
    const answers = await Promise.all([
      become(learner.cookie, { name: 'Asha', skills: 'OSINT' }),
      become(learner.cookie, { name: 'Asha', skills: 'OSINT' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await rolesInDb(learner.id)).toEqual(['freelancer', 'user']);
    expect(await freelancerRows(learner.id)).toHaveLength(1);
  });

  it('lets a shark freelance too, keeping the shark workspace as the primary role', async () => {
    const shark = await signedIn(['shark'], 'Shark Nila');
    const res = await become(shark.cookie, { name: 'Nila', skills: 'Red teaming' });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual(['shark', 'freelancer']);
    expect(await sessionRoles(shark.cookie)).toEqual(['shark', 'freelancer']);
    expect(await freelancerRows(shark.id)).toHaveLength(1);
  });

  it('refuses an admin account with a clear 403 and writes nothing', async () => {
    const admin = await signedIn(['admin']);
    const res = await become(admin.cookie, { name: 'Ops', skills: 'Everything' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(
      'Admin accounts cannot become freelancers. Please sign up with a separate account.',
    );
    expect(await rolesInDb(admin.id)).toEqual(['admin']);
    expect(await freelancerRows(admin.id)).toEqual([]);
  });

  it('answers "Role not found" and leaves the account unchanged when the freelancer role is missing', async () => {
    const learner = await signedIn(['user']);
    const { db } = await testDatabase();
    await db.delete(roles).where(eq(roles.roleName, 'freelancer'));
    try {
      const res = await become(learner.cookie, { name: 'Asha', skills: 'OSINT' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.message).toBe('Role not found');
      expect(await rolesInDb(learner.id)).toEqual(['user']);
      expect(await freelancerRows(learner.id)).toEqual([]);
    } finally {
      await db.insert(roles).values({ roleName: 'freelancer' }).onConflictDoNothing();
    }
  });

  it('is rate limited per IP', async () => {
    const strict = await createTestApp({ RATE_LIMIT_SCALE: '1' });
    try {
      const learner = await signedIn(['user']);
      for (let i = 0; i < 10; i++)
        expect((await become(learner.cookie, { name: 'Asha', skills: 'OSINT' }, strict)).statusCode).toBe(
          200,
        );
      const over = await become(learner.cookie, { name: 'Asha', skills: 'OSINT' }, strict);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.message).toBe(COMMON_MSG.rateLimited);
    } finally {
      await strict.close();
    }
  });
});

describe('where the freelancer role goes', () => {
  it('goes before the learner role but never before a shark role', () => {
    expect(withFreelancerRole(['user'])).toEqual(['freelancer', 'user']);
    expect(withFreelancerRole([])).toEqual(['freelancer']);
    expect(withFreelancerRole(['shark'])).toEqual(['shark', 'freelancer']);
    expect(withFreelancerRole(['shark', 'user'])).toEqual(['shark', 'freelancer', 'user']);
    expect(withFreelancerRole(['user', 'shark'])).toEqual(['user', 'shark', 'freelancer']);
    expect(withFreelancerRole(['freelancer', 'user'])).toEqual(['freelancer', 'user']);
  });
});
