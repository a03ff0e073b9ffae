// The admin console's Engagements list (decision 194): every engagement with its parties and milestones'
// progress, searched by title and by either party's name or email, filtered by state, paged on the server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { ADMIN_ENGAGEMENT_MSG } from '#shared/engagements.ts';
import { CONSOLE_PAGE_MSG, CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import { createEngagement } from '#server/test/marketplace.ts';
import { engagementMilestones, engagements } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

async function account(roles: ('user' | 'admin' | 'freelancer' | 'shark')[]) {
  const { db } = await testDatabase();
  const created = await createAccount(db, { roles, name: 'Meera Admin' });
  return { ...created, cookie: await sessionCookie(db, created.id) };
}

const list = (cookie: string | undefined, query = '') =>
  app.inject({ method: 'GET', url: `/api/admin/engagements${query}`, headers: cookie ? { cookie } : {} });

describe('the admin Engagements list', () => {
  it('shows every engagement with its parties and milestones, searched by title, name or email', async () => {
    const { db } = await testDatabase();
    const admin = await account(['admin']);
    const first = await createEngagement(app, db);
    const second = await createEngagement(app, db, { clientName: 'Ravi Kumar', freelancerName: 'Nisha Rao' });
    // A fixture: the first engagement's first milestone is in dispute.
    await db
      .update(engagementMilestones)
      .set({ status: 'disputed' })
      .where(eq(engagementMilestones.engagementId, first.engagementId));

    const all = await list(admin.cookie);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['cache-control']).toBe('no-store');
    expect(all.json()).toMatchObject({ page: 1, pageSize: CONSOLE_PAGE_SIZE, total: 2 });
    expect(all.json().items.find((r: { id: string }) => r.id === first.engagementId)).toEqual({
      id: first.engagementId,
      title: 'Pentest of our customer portal',
      service: 'pentesting',
      status: 'active',
      pricePaise: 9_000_000,
      createdAt: expect.any(String),
      clientName: 'Asha Menon',
      clientEmail: first.client.email,
      freelancerName: 'Kabir Shah',
      freelancerEmail: first.freelancer.email,
      milestones: 2,
      approved: 0,
      disputed: 2,
    });

    const ids = async (query: string) =>
      ((await list(admin.cookie, query)).json().items as { id: string }[]).map((r) => r.id);
    expect(await ids('?q=ravi')).toEqual([second.engagementId]);
    expect(await ids('?q=nisha')).toEqual([second.engagementId]);
    expect(await ids(`?q=${encodeURIComponent(first.freelancer.email)}`)).toEqual([first.engagementId]);
    expect(await ids(`?q=${encodeURIComponent(second.client.email)}`)).toEqual([second.engagementId]);
    expect((await ids('?q=customer portal')).sort()).toEqual(
      [first.engagementId, second.engagementId].sort(),
    );
    expect(await ids('?q=%25')).toEqual([]);
  });

  it('filters by state', async () => {
    const { db } = await testDatabase();
    const admin = await account(['admin']);
    const done = await createEngagement(app, db);
    const active = await createEngagement(app, db, { clientName: 'Ravi Kumar', freelancerName: 'Nisha Rao' });
    await db.update(engagements).set({ status: 'completed' }).where(eq(engagements.id, done.engagementId));
    const ids = async (query: string) =>
      ((await list(admin.cookie, query)).json().items as { id: string }[]).map((r) => r.id);
    expect(await ids('?status=completed')).toEqual([done.engagementId]);
    expect(await ids('?status=active')).toEqual([active.engagementId]);
    expect(await ids('?status=cancelled')).toEqual([]);
    expect(await ids('?status=active&q=asha')).toEqual([]);
  });

  it('pages the list, newest first', async () => {
    const { db } = await testDatabase();
    const admin = await account(['admin']);
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await createEngagement(app, db)).engagementId);
    // Pages of 25: the third page of a list of 3 is empty, the first holds them all, newest first.
    const first = (await list(admin.cookie, '?page=1')).json();
    expect(first.items.map((r: { id: string }) => r.id)).toEqual([...made].reverse());
    expect((await list(admin.cookie, '?page=2')).json()).toMatchObject({ items: [], total: 3, page: 2 });
  });

  it('is for admins only: a visitor gets 401, a client, freelancer or shark 403', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    for (const roles of [['user'], ['freelancer'], ['shark']] as const) {
      const other = await account([...roles]);
      expect((await list(other.cookie)).statusCode, roles[0]).toBe(403);
    }
  });

  it('answers a bad page, search or state with a 400 naming the field', async () => {
    const admin = await account(['admin']);
    for (const [query, message, field] of [
      ['?page=0', CONSOLE_PAGE_MSG.pageInvalid, 'page'],
      [`?q=${'a'.repeat(201)}`, CONSOLE_PAGE_MSG.searchTooLong, 'q'],
      ['?status=paused', ADMIN_ENGAGEMENT_MSG.statusInvalid, 'status'],
    ] as const) {
      const res = await list(admin.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain(message);
      expect(res.body).toContain(field);
    }
  });
});
