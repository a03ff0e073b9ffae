// The demo catalogue looks like a real marketplace (issue 25): every demo shark has its own portrait stored as an
// uploaded photo, a headline, languages, skills, https links, a bio of paragraphs, two or three courses, and
// credentials the demo admin verified (audited) or that wait for review.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '#server/db/client.ts';
import { resetDb, testDatabase } from '#server/test/app.ts';
import { createLocalStorage } from '#server/modules/platform/storage/service.ts';
import { DEMO_ACCOUNTS, seedDemo } from '#server/seed.ts';
import { normaliseSharkLink, SHARK_LINK_SITES } from '#shared/shark-links.ts';

let root: string;
interface Row extends Record<string, unknown> {
  id: string;
  user_id: string;
  name: string;
  photo_url: string | null;
  headline: string | null;
  bio: string;
  languages: string[];
  skills: string[];
  links: Record<string, string>;
  courses: number;
}
let rows: Row[];

beforeAll(async () => {
  await resetDb();
  root = await mkdtemp(path.join(tmpdir(), 'demo-faces-'));
  const { db } = await testDatabase();
  await seedDemo(db, undefined, createLocalStorage(root));
  rows = await queryRows<Row>(
    db,
    sql`SELECT s.id, s.user_id, s.name, s.photo_url, s.headline, s.bio, s.languages, s.skills, s.links,
          (SELECT count(*)::int FROM courses c WHERE c.shark_id = s.id) AS courses
        FROM sharks s WHERE s.published ORDER BY s.name`,
  );
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the demo catalogue', () => {
  it('gives each of the 28 published sharks its own portrait, stored where an uploaded photo goes', async () => {
    expect(rows).toHaveLength(28);
    const hashes = new Set<string>();
    for (const row of rows) {
      expect(row.photo_url).toMatch(
        new RegExp(`^/media/avatars/sharks/${row.user_id}/profile\\.webp\\?v=\\d+$`),
      );
      const file = await readFile(path.join(root, 'avatars', 'sharks', row.user_id, 'profile.webp'));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 });
      hashes.add(createHash('sha256').update(file).digest('hex'));
    }
    expect(hashes.size).toBe(28);
  });

  it('gives each a headline, languages, skills, valid https links, a bio of paragraphs and 2 or 3 courses', () => {
    for (const row of rows) {
      expect(row.headline, row.name).toBeTruthy();
      expect(row.languages.length, row.name).toBeGreaterThan(0);
      expect(row.skills.length, row.name).toBeGreaterThanOrEqual(3);
      expect(row.bio.split('\n\n').length, row.name).toBeGreaterThanOrEqual(2);
      expect(row.bio.split(/[.!?](\s|$)/).filter((s) => s.trim()).length, row.name).toBeGreaterThanOrEqual(3);
      expect(row.courses, row.name).toBeGreaterThanOrEqual(2);
      expect(row.courses, row.name).toBeLessThanOrEqual(3);
      const sites = Object.keys(row.links);
      expect(sites.length, row.name).toBeGreaterThan(0);
      for (const site of SHARK_LINK_SITES)
        if (row.links[site])
          expect(normaliseSharkLink(site, row.links[site])).toEqual({ link: row.links[site] });
    }
    expect(new Set(rows.map((r) => r.headline)).size).toBe(28);
  });

  it('has credentials the demo admin verified (each audited) and a few waiting for review', async () => {
    const { db } = await testDatabase();
    const [counts] = await queryRows<{ verified: number; pending: number; sharks: number; audited: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE c.status = 'verified')::int AS verified,
            count(*) FILTER (WHERE c.status = 'pending')::int AS pending,
            count(DISTINCT c.shark_id) FILTER (WHERE c.status = 'verified')::int AS sharks,
            (SELECT count(*)::int FROM admin_audit_log a JOIN users u ON u.id = a.actor_id
              WHERE a.action = 'credential.verify' AND u.email = ${DEMO_ACCOUNTS.admin.email}) AS audited
          FROM shark_credentials c`,
    );
    expect(counts!.sharks).toBeGreaterThanOrEqual(14);
    expect(counts!.sharks).toBeLessThan(28);
    expect(counts!.audited).toBe(counts!.verified);
    expect(counts!.pending).toBeGreaterThan(0);
  });
});
