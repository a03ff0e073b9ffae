// The richer shark profile (issue 25): headline, languages, skills and links are saved through the workspace,
// validated with a 4xx naming the field, normalised, kept when a client leaves them out, and shown on the
// public card and profile.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { createAccount, createShark, sessionCookie } from '#server/test/fixtures.ts';
import { WORKSPACE_MSG } from '#shared/workspace.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(() => resetDb());

const base = {
  name: 'Meera Iyer',
  codeName: null,
  specialization: 'red_teaming',
  experience: 7,
  bio: 'Adversary emulation for banks.\n\nI teach purple teaming with the blue team in the room.',
  published: true,
};

async function ownShark() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { name: 'Owner Shark', published: true });
  return { shark, cookie: await sessionCookie(db, shark.userId) };
}

const save = (cookie: string, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/workspace/profile', headers: { cookie }, payload });

describe('the richer shark profile', () => {
  it('saves headline, languages, skills and links, normalised, and the card and profile show them', async () => {
    const { shark, cookie } = await ownShark();
    const res = await save(cookie, {
      ...base,
      headline: '  Red Team Lead at Zerodha ',
      languages: 'English, Hindi,  english , ,Tamil',
      skills: ['Active Directory', 'C2 infrastructure', 'active directory'],
      links: {
        linkedin: 'https://IN.LinkedIn.com/in/meera-iyer/?trk=public',
        github: 'github.com/meera-iyer/',
        hackthebox: 'https://app.hackthebox.com/profile/123456#badges',
        tryhackme: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      headline: 'Red Team Lead at Zerodha',
      languages: ['English', 'Hindi', 'Tamil'],
      skills: ['Active Directory', 'C2 infrastructure'],
      links: {
        linkedin: 'https://in.linkedin.com/in/meera-iyer',
        github: 'https://github.com/meera-iyer',
        hackthebox: 'https://app.hackthebox.com/profile/123456',
      },
    });
    expect(res.json().profile.links).not.toHaveProperty('tryhackme');

    const one = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` });
    expect(one.json()).toMatchObject({
      headline: 'Red Team Lead at Zerodha',
      languages: ['English', 'Hindi', 'Tamil'],
      skills: ['Active Directory', 'C2 infrastructure'],
      bio: base.bio,
    });
    const list = await app.inject({ method: 'GET', url: '/api/sharks' });
    expect(list.json().items[0]).toMatchObject({
      id: shark.id,
      headline: 'Red Team Lead at Zerodha',
      links: { github: 'https://github.com/meera-iyer' },
    });
  });

  it('keeps the richer fields when a client leaves them out, and clears them when sent empty', async () => {
    const { cookie } = await ownShark();
    await save(cookie, {
      ...base,
      headline: 'CISO at Acme',
      skills: ['DFIR'],
      links: { github: 'github.com/x' },
    });
    const kept = await save(cookie, base);
    expect(kept.json().profile).toMatchObject({
      headline: 'CISO at Acme',
      skills: ['DFIR'],
      links: { github: 'https://github.com/x' },
    });
    const cleared = await save(cookie, { ...base, headline: ' ', skills: '', links: { github: '' } });
    expect(cleared.json().profile).toMatchObject({ headline: null, skills: [], links: {} });
  });

  it.each([
    [
      { linkedin: 'http://www.linkedin.com/in/meera' },
      'links.linkedin',
      'LinkedIn link must start with https://',
    ],
    [{ linkedin: 'javascript:alert(1)' }, 'links.linkedin', 'LinkedIn link must start with https://'],
    [
      { github: 'https://github.com.evil.example/meera' },
      'links.github',
      'GitHub link must be an address on github.com',
    ],
    [
      { github: 'https://evil.example@github.com/meera' },
      'links.github',
      'GitHub link must be an address on github.com',
    ],
    [
      { hackthebox: 'https://example.com/profile/1' },
      'links.hackthebox',
      'Hack The Box link must be an address on hackthebox.com',
    ],
    [
      { tryhackme: 'https://tryhackme.com/' },
      'links.tryhackme',
      'TryHackMe link must point to your profile, for example https://tryhackme.com/p/your-name',
    ],
    [{ twitter: 'https://x.com/meera' }, 'links', undefined],
  ])('refuses the link %j with a 400 naming %s', async (links, field, message) => {
    const { cookie } = await ownShark();
    const res = await save(cookie, { ...base, links });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields as Record<string, string>;
    expect(Object.keys(fields)).toContain(field);
    if (message) expect(fields[field]).toBe(message);
  });

  it('refuses a long headline, too many skills and a long language, naming each field', async () => {
    const { cookie } = await ownShark();
    const res = await save(cookie, {
      ...base,
      headline: 'x'.repeat(121),
      skills: Array.from({ length: 13 }, (_, i) => `Skill ${i}`),
      languages: ['y'.repeat(41)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      headline: WORKSPACE_MSG.headlineTooLong,
      skills: WORKSPACE_MSG.skillsTooMany,
      'languages.0': WORKSPACE_MSG.languageTooLong,
    });
  });

  it("refuses a learner and another shark's admin-less write: only the shark (or an admin) edits the profile", async () => {
    const { db } = await testDatabase();
    const { shark } = await ownShark();
    const learner = await createAccount(db, { roles: ['user'] });
    const asLearner = await save(await sessionCookie(db, learner.id), { ...base, headline: 'Hijack' });
    expect(asLearner.statusCode).toBe(403);
    const other = await createShark(db, { name: 'Other Shark', published: true });
    const asOther = await app.inject({
      method: 'PUT',
      url: `/api/workspace/profile?sharkId=${shark.id}`,
      headers: { cookie: await sessionCookie(db, other.userId) },
      payload: { ...base, headline: 'Hijack' },
    });
    expect(asOther.statusCode).toBe(403);
    const one = await app.inject({ method: 'GET', url: `/api/sharks/${shark.id}` });
    expect(one.json().headline).toBeNull();
  });
});
