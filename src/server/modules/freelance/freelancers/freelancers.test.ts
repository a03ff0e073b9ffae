// Freelancer profiles and the public directory (issue 27): the owner edits the spec's name and skills and the
// rest of the profile; only published profiles are public, with public fields only; the directory searches,
// filters, sorts and pages; a freelancer's credentials go through the admins' verification like a shark's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { FREELANCER_MSG, FREELANCERS_PAGE_SIZE } from '#shared/freelancers-texts.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, sessionCookie } from '#server/test/fixtures.ts';
import type { Db } from '#server/db/client.ts';
import { post } from '#server/modules/money/ledger/service.ts';
import { adminAuditLog, freelancers } from '#server/db/schema.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

const full = {
  name: 'Kabir Shah',
  skills: 'Burp Suite, Python, Active Directory',
  headline: 'Web and API pentester for fintech',
  services: ['pentesting', 'cloud-security'],
  dayRatePaise: 1_800_000,
  yearsExperience: 7,
  languages: ['English', 'Hindi'],
  portfolioLinks: ['https://github.com/kabir'],
  published: true,
};

async function freelancer(db: Db, profile: Partial<typeof full> & { name: string }) {
  const account = await createAccount(db, { roles: ['freelancer'], name: profile.name });
  const cookie = await sessionCookie(db, account.id);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/freelancer/profile',
    headers: { cookie },
    payload: { ...full, ...profile },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, cookie, publicId: res.json().id as string };
}

const list = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/api/freelancers${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = async (query = '') => (await list(query)).items.map((f: { name: string }) => f.name);

describe('/api/freelancer/profile', () => {
  it('reads and updates name and skills by user id, keeping the rest of the profile', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer', 'user'], name: 'Kabir Shah' });
    await db.insert(freelancers).values({ userId: me.id, name: 'Kabir Shah', skills: 'Python' });
    const cookie = await sessionCookie(db, me.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/freelancer/profile', headers: { cookie } })).json(),
    ).toEqual(
      expect.objectContaining({
        name: 'Kabir Shah',
        skills: 'Python',
        headline: '',
        services: [],
        published: false,
      }),
    );
    const put = await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie },
      payload: { name: 'Kabir S.', skills: 'Python, Burp Suite' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(expect.objectContaining({ name: 'Kabir S.', skills: 'Python, Burp Suite' }));
    expect(await db.select().from(freelancers)).toEqual([
      expect.objectContaining({ userId: me.id, name: 'Kabir S.', skills: 'Python, Burp Suite' }),
    ]);
  });

  it('starts from the account name when the freelancer row does not exist yet, and saves it', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'], name: 'New Freelancer' });
    const cookie = await sessionCookie(db, me.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/freelancer/profile', headers: { cookie } })).json(),
    ).toEqual(expect.objectContaining({ id: null, name: 'New Freelancer', skills: '' }));
    await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie },
      payload: { name: 'New Freelancer', skills: 'OSINT' },
    });
    expect(await db.select().from(freelancers)).toHaveLength(1);
  });

  it('saves the whole profile, normalising lists and links', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'] });
    const cookie = await sessionCookie(db, me.id);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie },
      payload: {
        ...full,
        services: ['forensics', 'pentesting', 'forensics'],
        dayRatePaise: 1_250_000,
        yearsExperience: '4',
        languages: 'English, Hindi, english, Tamil',
        portfolioLinks: 'https://GitHub.com/kabir#top\nhttps://github.com/kabir https://kabir.dev/talks',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({
      id: expect.any(String),
      name: 'Kabir Shah',
      skills: full.skills,
      headline: full.headline,
      services: ['pentesting', 'forensics'],
      dayRatePaise: 1_250_000,
      yearsExperience: 4,
      languages: ['English', 'Hindi', 'Tamil'],
      portfolioLinks: ['https://github.com/kabir', 'https://kabir.dev/talks'],
      published: true,
    });
  });

  it("refuses bad input naming each field, with the spec's messages for name and skills", async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'] });
    const cookie = await sessionCookie(db, me.id);
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/freelancer/profile', headers: { cookie }, payload });
    const spec = await put({ name: '', skills: '  ' });
    expect(spec.statusCode).toBe(400);
    expect(spec.json().error.fields).toEqual({ name: 'Name is required', skills: 'Please list your skills' });
    const bad = await put({
      ...full,
      headline: 'x'.repeat(121),
      services: ['hacking'],
      dayRatePaise: 10_000,
      yearsExperience: 2.5,
      languages: Array.from({ length: 9 }, (_, i) => `Language ${i}`),
      portfolioLinks: ['http://example.com'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      headline: FREELANCER_MSG.headlineTooLong,
      services: FREELANCER_MSG.servicesInvalid,
      dayRatePaise: FREELANCER_MSG.dayRateRange,
      yearsExperience: FREELANCER_MSG.yearsInvalid,
      languages: FREELANCER_MSG.languagesTooMany,
      portfolioLinks: FREELANCER_MSG.linkInvalid,
    });
    const tooMany = await put({
      ...full,
      portfolioLinks: Array.from({ length: 6 }, (_, i) => `https://site${i}.example.com`),
      dayRatePaise: 'lots',
    });
    expect(tooMany.json().error.fields).toEqual({
      portfolioLinks: FREELANCER_MSG.linksTooMany,
      dayRatePaise: FREELANCER_MSG.dayRateInvalid,
    });
    // Whole rupees only (decision 157's budgets, and day rates alike): ₹12,500.50 is refused, not rounded.
    const paise = await put({ ...full, dayRatePaise: 1_250_050 });
    expect(paise.json().error.fields).toEqual({ dayRatePaise: FREELANCER_MSG.dayRateInvalid });
    const userinfo = await put({ ...full, portfolioLinks: ['https://me:secret@example.com'] });
    expect(userinfo.json().error.fields).toEqual({ portfolioLinks: FREELANCER_MSG.linkInvalid });
    expect(await db.select().from(freelancers)).toEqual([]);
  });

  it('publishes only with a headline, a service and a day rate', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'] });
    const cookie = await sessionCookie(db, me.id);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie },
      payload: { name: 'Asha', skills: 'OSINT', published: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ published: FREELANCER_MSG.publishNeeds });
    expect(await db.select().from(freelancers)).toEqual([]);
  });

  it("changes only the signed-in freelancer's own profile", async () => {
    const { db } = await testDatabase();
    const a = await freelancer(db, { name: 'Asha Menon' });
    const b = await freelancer(db, { name: 'Bilal Khan' });
    await app.inject({
      method: 'PUT',
      url: '/api/freelancer/profile',
      headers: { cookie: b.cookie },
      payload: { ...full, name: 'Bilal Khan', headline: 'Changed by Bilal' },
    });
    const profileA = await app.inject({ method: 'GET', url: `/api/freelancers/${a.publicId}` });
    expect(profileA.json().headline).toBe(full.headline);
    expect(profileA.json().name).toBe('Asha Menon');
  });

  it('refuses a learner, a shark, an admin and a visitor', async () => {
    const { db } = await testDatabase();
    for (const roles of [['user'], ['shark'], ['admin']] as const) {
      const account = await createAccount(db, { roles: [...roles] });
      const cookie = await sessionCookie(db, account.id);
      const get = await app.inject({ method: 'GET', url: '/api/freelancer/profile', headers: { cookie } });
      expect(get.statusCode, roles[0]).toBe(403);
      expect(get.json().error.message).toBe('You do not have access to this.');
      const put = await app.inject({
        method: 'PUT',
        url: '/api/freelancer/profile',
        headers: { cookie },
        payload: full,
      });
      expect(put.statusCode).toBe(403);
      const cred = await app.inject({
        method: 'GET',
        url: '/api/freelancer/credentials',
        headers: { cookie },
      });
      expect(cred.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/freelancer/profile' })).statusCode).toBe(401);
    expect(await db.select().from(freelancers)).toEqual([]);
  });
});

describe('/api/freelancers (the public directory)', () => {
  it('lists only published profiles of active accounts, with public fields only', async () => {
    const { db } = await testDatabase();
    const a = await freelancer(db, { name: 'Asha Menon' });
    await freelancer(db, { name: 'Hidden Draft', published: false });
    const suspended = await freelancer(db, { name: 'Suspended One' });
    const { users } = await import('#server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const page = await list();
    expect(page).toEqual({
      items: [expect.any(Object)],
      page: 1,
      pageSize: FREELANCERS_PAGE_SIZE,
      hasMore: false,
      total: 1,
    });
    expect(page.items[0]).toEqual({
      id: a.publicId,
      name: 'Asha Menon',
      headline: full.headline,
      services: ['pentesting', 'cloud-security'],
      skills: ['Burp Suite', 'Python', 'Active Directory'],
      dayRatePaise: 1_800_000,
      yearsExperience: 7,
      languages: ['English', 'Hindi'],
      verifiedCredentials: 0,
      avgRating: null,
      reviewCount: 0,
    });
    expect(JSON.stringify(page)).not.toContain('@');
    expect(JSON.stringify(page)).not.toContain(a.id);
    const one = await app.inject({ method: 'GET', url: `/api/freelancers/${a.publicId}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(
      expect.objectContaining({
        name: 'Asha Menon',
        portfolioLinks: ['https://github.com/kabir'],
        credentials: [],
      }),
    );
    expect(one.body).not.toContain(a.email);
  });

  it('answers 404 for a draft, a suspended account, an unknown id and an account id', async () => {
    const { db } = await testDatabase();
    const draft = await freelancer(db, { name: 'Hidden Draft', published: false });
    for (const id of [draft.publicId, draft.id, '6f0e4a8e-1d1b-4a52-9b1e-0c2f6d0f2a11']) {
      const res = await app.inject({ method: 'GET', url: `/api/freelancers/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe(FREELANCER_MSG.notFound);
    }
    expect((await app.inject({ method: 'GET', url: '/api/freelancers/not-a-uuid' })).statusCode).toBe(400);
  });

  it('searches name, headline and skills; filters by service, skill and verified', async () => {
    const { db } = await testDatabase();
    await freelancer(db, {
      name: 'Asha Menon',
      headline: 'Cloud reviews',
      services: ['cloud-security'],
      skills: 'AWS, Kubernetes',
    });
    await freelancer(db, {
      name: 'Bilal Khan',
      headline: 'Red team lead',
      services: ['red-teaming'],
      skills: 'Cobalt Strike, OSINT',
    });
    await freelancer(db, {
      name: 'Chitra Iyer',
      headline: 'Forensics',
      services: ['forensics', 'incident-response'],
      skills: 'Volatility, 100%_sure',
    });
    expect(await names('?search=bilal')).toEqual(['Bilal Khan']);
    expect(await names('?search=RED%20TEAM')).toEqual(['Bilal Khan']);
    expect(await names('?search=kubernetes')).toEqual(['Asha Menon']);
    expect(await names('?search=%25_')).toEqual(['Chitra Iyer']);
    expect(await names('?search=_')).toEqual(['Chitra Iyer']);
    expect(await names('?service=incident-response')).toEqual(['Chitra Iyer']);
    expect(await names('?skill=osint')).toEqual(['Bilal Khan']);
    expect(await names('?skill=OSI')).toEqual([]);
    expect(await names('?verified=true')).toEqual([]);
  });

  it('sorts by day rate either way and by rating with ties by name, and pages with Load More', async () => {
    const { db } = await testDatabase();
    const rates = [9000, 25000, 12000, 600, 48000, 15000, 7000, 30000, 11000].map((rupees) => rupees * 100);
    for (const [i, rate] of rates.entries())
      await freelancer(db, { name: `Freelancer ${String.fromCharCode(65 + i)}`, dayRatePaise: rate });
    const low = await list('?sort=rate-low');
    expect(low.items.map((f: { dayRatePaise: number }) => f.dayRatePaise)).toEqual(
      [...rates].sort((x, y) => x - y).slice(0, FREELANCERS_PAGE_SIZE),
    );
    expect(low).toEqual(expect.objectContaining({ hasMore: true, total: 9 }));
    const second = await list('?sort=rate-low&page=2');
    expect(second.items.map((f: { dayRatePaise: number }) => f.dayRatePaise)).toEqual([4_800_000]);
    expect(second.hasMore).toBe(false);
    const high = await list('?sort=rate-high');
    expect(high.items[0].dayRatePaise).toBe(4_800_000);
    expect((await names('?sort=rating')).slice(0, 3)).toEqual([
      'Freelancer A',
      'Freelancer B',
      'Freelancer C',
    ]);
  });

  it('refuses unknown parameters values naming them', async () => {
    for (const [query, field, message] of [
      ['?sort=cheapest', 'sort', FREELANCER_MSG.sortInvalid],
      ['?service=hacking', 'service', FREELANCER_MSG.serviceInvalid],
      ['?verified=yes', 'verified', FREELANCER_MSG.verifiedInvalid],
      ['?page=0', 'page', FREELANCER_MSG.pageInvalid],
      [`?search=${'x'.repeat(101)}`, 'search', FREELANCER_MSG.searchTooLong],
      [`?skill=${'x'.repeat(61)}`, 'skill', FREELANCER_MSG.skillTooLong],
    ]) {
      const res = await app.inject({ method: 'GET', url: `/api/freelancers${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toEqual({ [field]: message });
    }
  });
});

describe("a freelancer's credentials", () => {
  const oscp = {
    kind: 'certification',
    name: 'OSCP',
    issuer: 'OffSec',
    url: 'https://www.credly.com/badges/abc',
  };

  it("are verified by an admin like a shark's and then show on the public profile and the filter", async () => {
    const { db } = await testDatabase();
    const me = await freelancer(db, { name: 'Asha Menon' });
    const other = await freelancer(db, { name: 'Bilal Khan' });
    const admin = await createAccount(db, { roles: ['admin'] });
    const adminCookie = await sessionCookie(db, admin.id);
    const add = await app.inject({
      method: 'POST',
      url: '/api/freelancer/credentials',
      headers: { cookie: me.cookie },
      payload: oscp,
    });
    expect(add.statusCode, add.body).toBe(201);
    expect(add.json().message).toBe(CREDENTIAL_MSG.added);
    const id = add.json().credential.id as string;
    expect(add.json().credential).toEqual(expect.objectContaining({ sharkId: null, status: 'pending' }));
    // Another freelancer neither sees nor removes it.
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/freelancer/credentials',
      headers: { cookie: other.cookie },
    });
    expect(theirs.json()).toEqual([]);
    const del = await app.inject({
      method: 'DELETE',
      url: `/api/freelancer/credentials/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(404);
    // Pending: not public yet.
    expect(
      (await app.inject({ method: 'GET', url: `/api/freelancers/${me.publicId}` })).json().credentials,
    ).toEqual([]);
    const queue = await app.inject({
      method: 'GET',
      url: '/api/admin/credentials',
      headers: { cookie: adminCookie },
    });
    expect(queue.json().items).toEqual([
      expect.objectContaining({ id, ownerName: 'Asha Menon', ownerKind: 'freelancer' }),
    ]);
    const review = await app.inject({
      method: 'POST',
      url: `/api/admin/credentials/${id}/review`,
      headers: { cookie: adminCookie },
      payload: { verified: true },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().message).toBe(CREDENTIAL_MSG.verifiedFreelancer);
    expect((await db.select().from(adminAuditLog)).map((r) => r.action)).toEqual(['credential.verify']);
    const mail = (
      await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(me.email)}` })
    ).json();
    expect(mail[0].subject).toBe('OSCP is verified');
    const profile = (await app.inject({ method: 'GET', url: `/api/freelancers/${me.publicId}` })).json();
    expect(profile.credentials).toEqual([
      expect.objectContaining({
        name: 'OSCP',
        issuer: 'OffSec',
        expired: false,
        verifiedAt: expect.any(String),
      }),
    ]);
    expect(profile.verifiedCredentials).toBe(1);
    expect(await names('?verified=true')).toEqual(['Asha Menon']);
    expect(await names('?sort=rating')).toEqual(['Asha Menon', 'Bilal Khan']);
  });

  it('need the profile saved first', async () => {
    const { db } = await testDatabase();
    const me = await createAccount(db, { roles: ['freelancer'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/freelancer/credentials',
      headers: { cookie: await sessionCookie(db, me.id) },
      payload: oscp,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('/api/freelancer/balance', () => {
  it("reads the freelancer's pending and available payables from the ledger, zero before any", async () => {
    const { db } = await testDatabase();
    const me = await freelancer(db, { name: 'Kabir Shah' });
    const other = await freelancer(db, { name: 'Meera Das' });
    const balance = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/freelancer/balance', headers: { cookie } })).json();
    expect(await balance(me.cookie)).toEqual({ pendingPaise: 0, availablePaise: 0 });
    // A captured milestone payment, as the milestone work will post it: 90% to the freelancer, pending.
    const payee = { kind: 'freelancer', id: me.publicId } as const;
    await post(db, {
      key: 'test:milestone:1',
      kind: 'test',
      memo: 'A funded milestone',
      lines: [
        ['provider_clearing', 60000_00],
        [{ payee, part: 'pending' }, -54000_00],
        ['platform_fee_revenue', -6000_00],
      ],
    });
    expect(await balance(me.cookie)).toEqual({ pendingPaise: 54000_00, availablePaise: 0 });
    expect(await balance(other.cookie)).toEqual({ pendingPaise: 0, availablePaise: 0 });
    const learner = await sessionCookie(db, (await createAccount(db, { roles: ['user'] })).id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/freelancer/balance', headers: { cookie: learner } }))
        .statusCode,
    ).toBe(403);
  });
});
