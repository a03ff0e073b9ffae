// Issue 25, section 6: every list of the admin console is paged and searched on the server. Each list answers
// `{ items, page, pageSize, total }`: page 2 holds the rest, `q` finds by name, email or text, and a bad page
// or an overlong `q` is a 400 naming the field.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_PAGE_MSG, CONSOLE_PAGE_SIZE } from '#shared/console-page.ts';
import { MAIL_LOG_PAGE_SIZE } from '#shared/mail.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { contactMessages, outbox, sharkApplications, sharkCredentials } from '#server/db/schema.ts';

let app: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetDb();
  const { db } = await testDatabase();
  cookie = await sessionCookie(db, (await createAccount(db, { roles: ['admin'] })).id);
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

/** Rows numbered 0..n-1, the first ones oldest, so "newest first" lists put the last one on top. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i));

async function expectPaged(url: string, pageSize: number, count: number) {
  const sep = url.includes('?') ? '&' : '?';
  const first = await get(url);
  expect(first.statusCode).toBe(200);
  expect(first.json()).toMatchObject({ page: 1, pageSize, total: count });
  expect(first.json().items).toHaveLength(pageSize);
  const second = await get(`${url}${sep}page=2`);
  expect(second.json()).toMatchObject({ page: 2, pageSize, total: count });
  expect(second.json().items).toHaveLength(count - pageSize);
  const ids = new Set([...first.json().items, ...second.json().items].map((r: { id: string }) => r.id));
  expect(ids.size).toBe(count);
}

async function expectBadInput(url: string) {
  const sep = url.includes('?') ? '&' : '?';
  for (const page of ['0', 'two', '1.5']) {
    const bad = await get(`${url}${sep}page=${page}`);
    expect(bad.statusCode, page).toBe(400);
    expect(bad.json().error.fields).toEqual({ page: CONSOLE_PAGE_MSG.pageInvalid });
  }
  const long = await get(`${url}${sep}q=${'x'.repeat(201)}`);
  expect(long.statusCode).toBe(400);
  expect(long.json().error.fields).toEqual({ q: CONSOLE_PAGE_MSG.searchTooLong });
}

describe('GET /api/admin/shark-applications', () => {
  it('pages the applications and finds one by name, email or motivation', async () => {
    const { db } = await testDatabase();
    const n = CONSOLE_PAGE_SIZE + 3;
    await db.insert(sharkApplications).values(
      Array.from({ length: n }, (_, i) => ({
        name: i === 0 ? 'Meera Iyer' : `Applicant ${i}`,
        email: i === 1 ? 'ravi.k@example.com' : `applicant${i}@example.com`,
        specialization: 'forensics',
        experience: 3,
        motivation: i === 2 ? 'I teach malware triage on weekends.' : 'I like to teach.',
        createdAt: at(i),
      })),
    );
    await expectPaged('/api/admin/shark-applications', CONSOLE_PAGE_SIZE, n);
    const newest = await get('/api/admin/shark-applications');
    expect(newest.json().items[0].name).toBe(`Applicant ${n - 1}`);
    for (const [q, name] of [
      ['meera', 'Meera Iyer'],
      ['RAVI.K@', 'Applicant 1'],
      ['malware triage', 'Applicant 2'],
    ]) {
      const found = await get(`/api/admin/shark-applications?q=${encodeURIComponent(q)}`);
      expect(found.json(), q).toMatchObject({ total: 1, items: [{ name }] });
    }
    expect((await get('/api/admin/shark-applications?q=nobody')).json()).toMatchObject({
      total: 0,
      items: [],
    });
    await expectBadInput('/api/admin/shark-applications');
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('pages the inbox and finds a message by name, email or text', async () => {
    const { db } = await testDatabase();
    const n = CONSOLE_PAGE_SIZE + 2;
    await db.insert(contactMessages).values(
      Array.from({ length: n }, (_, i) => ({
        name: i === 0 ? 'Kabir Shah' : `Visitor ${i}`,
        email: i === 1 ? 'press@news.example' : `visitor${i}@example.com`,
        message: i === 2 ? 'Do you offer team workshops?' : 'Hello.',
        createdAt: at(i),
      })),
    );
    await expectPaged('/api/admin/contact-messages', CONSOLE_PAGE_SIZE, n);
    for (const [q, name] of [
      ['kabir', 'Kabir Shah'],
      ['press@', 'Visitor 1'],
      ['WORKSHOPS', 'Visitor 2'],
    ]) {
      const found = await get(`/api/admin/contact-messages?q=${encodeURIComponent(q)}`);
      expect(found.json(), q).toMatchObject({ total: 1, items: [{ name }] });
    }
    // `%` is a character to find, not a wildcard.
    expect((await get('/api/admin/contact-messages?q=%25')).json().total).toBe(0);
    await expectBadInput('/api/admin/contact-messages');
  });
});

describe('GET /api/admin/credentials', () => {
  it('pages one status of the queue and finds a credential by its name or its owner', async () => {
    const { db } = await testDatabase();
    const asha = await createShark(db, { name: 'Asha Rao' });
    const other = await createShark(db, { name: 'Vikram Nair' });
    const n = CONSOLE_PAGE_SIZE + 1;
    await db.insert(sharkCredentials).values(
      Array.from({ length: n }, (_, i) => ({
        sharkId: i === 0 ? asha.id : other.id,
        kind: 'certification' as const,
        name: i === 1 ? 'OSCP' : `Cert ${i}`,
        url: `https://example.com/c/${i}`,
        createdAt: at(i),
      })),
    );
    await db.insert(sharkCredentials).values({
      sharkId: asha.id,
      kind: 'certification',
      name: 'Old verified cert',
      url: 'https://example.com/v',
      status: 'verified',
    });
    await expectPaged('/api/admin/credentials?status=pending', CONSOLE_PAGE_SIZE, n);
    expect((await get('/api/admin/credentials?q=asha%20rao')).json()).toMatchObject({
      total: 1,
      items: [{ name: 'Cert 0', ownerName: 'Asha Rao' }],
    });
    expect((await get('/api/admin/credentials?q=oscp')).json()).toMatchObject({
      total: 1,
      items: [{ name: 'OSCP' }],
    });
    expect((await get('/api/admin/credentials?status=verified&q=asha')).json()).toMatchObject({
      total: 1,
      items: [{ name: 'Old verified cert' }],
    });
    await expectBadInput('/api/admin/credentials?status=pending');
  });
});

describe('GET /api/admin/mail', () => {
  it('pages the delivery log and finds a mail by recipient, subject or template', async () => {
    const { db } = await testDatabase();
    const before = (await get('/api/admin/mail')).json().total as number;
    const n = MAIL_LOG_PAGE_SIZE + 4 - before;
    await db.insert(outbox).values(
      Array.from({ length: n }, (_, i) => ({
        toAddress: i === 0 ? 'nisha@learner.example' : `someone${i}@example.com`,
        subject: i === 1 ? 'Your refund of ₹1,200 is on its way' : `Mail ${i}`,
        template: i === 2 ? 'credential-reviewed' : 'legacy',
        createdAt: at(i),
      })),
    );
    await expectPaged('/api/admin/mail', MAIL_LOG_PAGE_SIZE, MAIL_LOG_PAGE_SIZE + 4);
    for (const [q, subject] of [
      ['nisha@', 'Mail 0'],
      ['refund of', 'Your refund of ₹1,200 is on its way'],
      ['credential-reviewed', 'Mail 2'],
    ]) {
      const found = await get(`/api/admin/mail?q=${encodeURIComponent(q)}`);
      expect(found.json(), q).toMatchObject({ total: 1, items: [{ subject }] });
    }
    await expectBadInput('/api/admin/mail');
  });
});

describe('GET /api/admin/reviews', () => {
  it('refuses a bad page or search, naming the field', async () => {
    await expectBadInput('/api/admin/reviews');
    expect((await get('/api/admin/reviews?q=anything')).json()).toEqual({
      items: [],
      page: 1,
      pageSize: CONSOLE_PAGE_SIZE,
      total: 0,
    });
  });
});
