// Issue 39, decision 210: migration 0042 turns every rupee column into whole paise (bigint, `_paise`). A database
// migrated up to the migration before it is given awkward amounts (₹0.01, ₹1,234.50, ₹99,999.99, the largest
// integers), migrated on, and every stored amount must read as exactly its rupees × 100; the views, functions and
// triggers rebuilt on the new columns must still answer and keep their figures.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

const MIGRATION = '0042_integer_paise_everywhere';

/** A copy of the migrations folder whose journal stops before `tag`: drizzle's migrator applies what it lists. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sharks-paise-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `${tag} is in the journal`).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

/** Exact paise from a rupee amount as PostgreSQL writes it ("1234.50", "7"): decimal digits, never a float. */
function paiseOf(rupees: string): bigint {
  const [whole, fraction = ''] = rupees.split('.');
  expect(fraction.replace(/0+$/, '').length, rupees).toBeLessThanOrEqual(2);
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
}

/** Every money column: its table, the key that finds a row again, its name before and after. */
const COLUMNS = [
  { table: 'sharks', key: 'id', before: 'min_price', after: 'min_price_paise' },
  { table: 'courses', key: 'id', before: 'price', after: 'price_paise' },
  { table: 'course_bookings', key: 'id', before: 'total_price', after: 'total_price_paise' },
  {
    table: 'session_counters',
    key: "owner_kind || ':' || owner_id",
    before: 'kept_price',
    after: 'kept_price_paise',
  },
  { table: 'freelancers', key: 'user_id', before: 'day_rate_rupees', after: 'day_rate_paise' },
  { table: 'client_requests', key: 'id', before: 'budget_min', after: 'budget_min_paise' },
  { table: 'client_requests', key: 'id', before: 'budget_max', after: 'budget_max_paise' },
  { table: 'proposals', key: 'id', before: 'price', after: 'price_paise' },
  { table: 'engagements', key: 'id', before: 'price', after: 'price_paise' },
  { table: 'engagement_milestones', key: 'id', before: 'amount', after: 'amount_paise' },
  // Views: their columns are rebuilt on the new names.
  { table: 'sharks_with_meta', key: 'id', before: 'min_price', after: 'min_price_paise' },
  { table: 'courses_with_bookings', key: 'id', before: 'price', after: 'price_paise' },
  {
    table: 'session_counters_fresh',
    key: "owner_kind || ':' || owner_id",
    before: 'kept_price',
    after: 'kept_price_paise',
  },
] as const;

const LEARNER = '00000000-0000-4000-8000-000000000001';
const SHARK_USER = '00000000-0000-4000-8000-000000000002';
const FREELANCER = '00000000-0000-4000-8000-000000000003';
const CLIENT = '00000000-0000-4000-8000-000000000004';
const FREELANCER_2 = '00000000-0000-4000-8000-000000000005';
const SHARK = '00000000-0000-4000-8000-0000000000a1';
const SHARK_2 = '00000000-0000-4000-8000-0000000000a2';
const REQUEST = '00000000-0000-4000-8000-0000000000c1';
const PROPOSAL = '00000000-0000-4000-8000-0000000000d1';
const PROPOSAL_2 = '00000000-0000-4000-8000-0000000000d2';
const ENGAGEMENT = '00000000-0000-4000-8000-0000000000e1';

/** Course prices per hour (numeric(12,2) rupees): a paisa, paise, the form's largest, the column's largest. */
const COURSE_PRICES = ['0.01', '1234.50', '99999.99', '1000000.00', '9999999999.99', '0.00', '0.29'];
/** Integer rupees up to the largest integer: times 100 they only fit a bigint. */
const LARGEST_INT = 2_147_483_647;

let pglite: PGlite;
const before = new Map<string, string | null>();

async function rows(sql: string): Promise<Record<string, unknown>[]> {
  return (await pglite.query<Record<string, unknown>>(sql)).rows;
}

/** Every value of every money column, by table, column and row key: as text, so nothing is rounded reading it. */
async function amounts(which: 'before' | 'after'): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  for (const c of COLUMNS)
    for (const r of await rows(`SELECT (${c.key})::text AS k, ${c[which]}::text AS v FROM ${c.table}`))
      out.set(`${c.table}.${c.before} ${String(r.k)}`, r.v as string | null);
  return out;
}

async function seed() {
  await pglite.exec(`
    INSERT INTO users (id, email, created_at) VALUES
      ('${LEARNER}', 'learner@example.test', now()), ('${SHARK_USER}', 'shark@example.test', now()),
      ('${FREELANCER}', 'freelancer@example.test', now()), ('${CLIENT}', 'client@example.test', now()),
      ('${FREELANCER_2}', 'freelancer2@example.test', now());
    INSERT INTO sharks (id, user_id, name, specialization, published, created_at, updated_at) VALUES
      ('${SHARK}', '${SHARK_USER}', 'Paise Shark', 'pentesting', true, now(), now()),
      ('${SHARK_2}', '${LEARNER}', 'Free Shark', 'forensics', true, now(), now());
  `);
  for (const [i, price] of COURSE_PRICES.entries())
    await pglite.query(
      `INSERT INTO courses (shark_id, title, course_code, description, duration, price, created_at, updated_at)
       VALUES ($1, $2, $3, 'A course', 1, $4, now(), now())`,
      [i === 5 ? SHARK_2 : SHARK, `Course ${i}`, `CRS-PAISE${i}`, price],
    );
  // Bookings of every course, in several states (the counters keep the kept ones' prices), a day apart.
  const statuses = ['confirmed', 'requested', 'completed', 'cancelled', 'declined'];
  let day = 0;
  for (const { id, shark_id, price } of await rows(
    `SELECT id, shark_id, price::text AS price FROM courses ORDER BY course_code`,
  ))
    for (const [hours, status] of price === COURSE_PRICES[4]
      ? // The column's largest: once, and not kept (the shark's kept total would overflow numeric(12,2)).
        ([[1, 'declined']] as const)
      : ([
          [1, statuses[day % 5]],
          [3, statuses[(day + 1) % 5]],
          [12, statuses[(day + 2) % 5]],
        ] as const)) {
      day++;
      await pglite.query(
        `INSERT INTO course_bookings (course_id, shark_id, user_id, name, email, phone, hours, total_price, starts_at,
           ends_at, blocked_until, status, cancellation_hours, late_cancellation_refund, created_at)
         SELECT $1, $7, $2, 'Learner', 'learner@example.test', '+91 90000 00000', $3::int, $4::numeric * $3::int,
                t, t + make_interval(hours => $3::int), t + make_interval(hours => $3::int), $5, 24, 50, now()
         FROM (SELECT timestamptz '2026-01-01 09:00+00' + make_interval(days => $6::int) AS t) s`,
        [id, LEARNER, hours, price, status, day, shark_id],
      );
    }
  await pglite.exec(`
    INSERT INTO freelancers (user_id, name, skills, headline, services, day_rate_rupees, published, created_at,
        updated_at) VALUES
      ('${FREELANCER}', 'Lowest Rate', 'web', 'Pentester', '{pentesting}', 500, true, now(), now()),
      ('${FREELANCER_2}', 'Highest Rate', 'cloud', 'Cloud', '{cloud-security}', 500000, true, now(), now()),
      ('${CLIENT}', 'Odd Rate', 'mobile', '', '{}', 123457, false, now(), now()),
      ('${LEARNER}', 'No Rate', 'none', '', '{}', NULL, false, now(), now());
    INSERT INTO client_requests (id, client_id, title, service, assets, window_from, window_to, budget_min,
        budget_max, deadline, nda_required, visibility, status, created_at, updated_at) VALUES
      ('${REQUEST}', '${CLIENT}', 'Test our app', 'pentesting', '[]', '2026-02-01', '2026-03-01', 1, ${LARGEST_INT},
       '2026-01-20', false, 'everyone', 'awarded', now(), now()),
      (gen_random_uuid(), '${CLIENT}', 'Test our cloud', 'cloud-security', '[]', '2026-02-01', '2026-03-01', 99999, 100000,
       '2026-01-20', false, 'everyone', 'open', now(), now());
    INSERT INTO proposals (id, request_id, freelancer_id, price, days, approach, milestones, status, created_at,
        updated_at) VALUES
      ('${PROPOSAL}', '${REQUEST}', '${FREELANCER}', ${LARGEST_INT}, 10, 'Carefully',
       '[{"title": "Testing", "amount": 2147483000}, {"title": "Report", "amount": 647}]', 'accepted', now(), now()),
      ('${PROPOSAL_2}', '${REQUEST}', '${FREELANCER_2}', 1, 1, 'Quickly',
       '[{"title": "All of it", "amount": 1}]', 'not_chosen', now(), now());
    INSERT INTO engagements (id, request_id, proposal_id, client_id, freelancer_id, title, service, description,
        assets, window_from, window_to, price, days, created_at, updated_at) VALUES
      ('${ENGAGEMENT}', '${REQUEST}', '${PROPOSAL}', '${CLIENT}', '${FREELANCER}', 'Test our app', 'pentesting', '',
       '[]', '2026-02-01', '2026-03-01', ${LARGEST_INT}, 10, now(), now());
    INSERT INTO engagement_milestones (engagement_id, position, title, amount, updated_at) VALUES
      ('${ENGAGEMENT}', 1, 'Testing', ${LARGEST_INT - 1}, now()), ('${ENGAGEMENT}', 2, 'Report', 1, now());
  `);
}

beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  const db = drizzle(pglite);
  await migrate(db, { migrationsFolder: migrationsBefore(MIGRATION) });
  await seed();
  for (const [k, v] of await amounts('before')) before.set(k, v);
  await migrate(db, { migrationsFolder });
}, 120_000);

afterAll(() => pglite?.close());

describe(`migration ${MIGRATION}: rupees to whole paise`, () => {
  it('keeps every stored amount: each reads as exactly its rupees × 100', async () => {
    const after = await amounts('after');
    // Every row of every column, awkward amounts among them, and nothing gained or lost.
    expect(before.size).toBeGreaterThan(50);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const wrong: string[] = [];
    for (const [k, rupees] of before) {
      const paise = after.get(k) ?? null;
      const expected = rupees === null ? null : paiseOf(rupees).toString();
      if (paise !== expected) wrong.push(`${k}: ₹${rupees} became ${paise} paise, not ${expected}`);
    }
    expect(wrong).toEqual([]);
    // The awkward ones, named.
    const prices = (await rows(`SELECT price_paise::text AS p FROM courses ORDER BY course_code`)).map(
      (r) => r.p,
    );
    expect(prices).toEqual(['1', '123450', '9999999', '100000000', '999999999999', '0', '29']);
    const [engagement] = await rows(`SELECT price_paise::text AS p FROM engagements`);
    expect(engagement.p).toBe('214748364700');
  });

  it('makes every money column a bigint named _paise, and leaves no rupee column behind', async () => {
    const types = await rows(`
      SELECT table_name || '.' || column_name AS c, data_type AS t FROM information_schema.columns
      WHERE table_schema = 'public' AND (column_name LIKE '%price%' OR column_name LIKE '%amount%'
        OR column_name LIKE '%budget%' OR column_name LIKE '%rate%' OR column_name LIKE '%rupees%')
        AND column_name NOT IN ('avg_rating', 'rating_score')`);
    expect(types.length).toBeGreaterThanOrEqual(20);
    for (const { c, t } of types) {
      expect(String(c), String(c)).toMatch(/_paise$/);
      expect(t, String(c)).toBe('bigint');
    }
  });

  it("converts a proposal's milestones in their order, amounts in paise", async () => {
    const [p] = await rows(`SELECT milestones FROM proposals WHERE id = '${PROPOSAL}'`);
    expect(p.milestones).toEqual([
      { title: 'Testing', amountPaise: 214748300000 },
      { title: 'Report', amountPaise: 64700 },
    ]);
  });

  it('keeps the checks, in paise', async () => {
    const refused = async (statement: string) => {
      await pglite.exec('BEGIN');
      try {
        await expect(pglite.exec(statement)).rejects.toThrow(/check constraint/);
      } finally {
        await pglite.exec('ROLLBACK');
      }
    };
    await refused(`UPDATE freelancers SET day_rate_paise = 49999 WHERE user_id = '${FREELANCER}'`);
    await refused(`UPDATE freelancers SET day_rate_paise = 50000001 WHERE user_id = '${FREELANCER}'`);
    await refused(`UPDATE freelancers SET day_rate_paise = NULL WHERE user_id = '${FREELANCER}'`);
    await refused(`UPDATE client_requests SET budget_min_paise = 99 WHERE id = '${REQUEST}'`);
    await refused(`UPDATE proposals SET price_paise = 99 WHERE id = '${PROPOSAL}'`);
    await refused(`UPDATE engagement_milestones SET amount_paise = 99`);
    await refused(`UPDATE courses SET price_paise = -1`);
    await refused(`UPDATE course_bookings SET total_price_paise = -1`);
  });

  it('keeps the catalogue and the counters current on the new columns (functions, triggers and views)', async () => {
    // The counters as kept equal the counters recomputed from the bookings.
    const kept = await rows(`SELECT * FROM session_counters ORDER BY owner_kind, owner_id`);
    expect(kept.length).toBeGreaterThan(0);
    expect(await rows(`SELECT * FROM session_counters_fresh ORDER BY owner_kind, owner_id`)).toEqual(kept);
    const cheapest = async () =>
      (await rows(`SELECT min_price_paise::text AS p FROM sharks_with_meta WHERE id = '${SHARK}'`))[0].p;
    expect(await cheapest()).toBe('1');

    // A price changed: the shark's cheapest follows (the trigger on price_paise, refresh_shark_meta).
    await pglite.exec(`UPDATE courses SET price_paise = 150000 WHERE shark_id = '${SHARK}'`);
    expect(await cheapest()).toBe('150000');
    const [course] = await rows(
      `SELECT id, price_paise::text AS p FROM courses_with_bookings WHERE course_code = 'CRS-PAISE1'`,
    );
    expect(course.p).toBe('150000');

    // A new booking and a price change of one: the counters follow (session_counters_add, its trigger).
    await pglite.query(
      `INSERT INTO course_bookings (course_id, shark_id, user_id, name, email, phone, hours, total_price_paise, starts_at,
         ends_at, blocked_until, status, cancellation_hours, late_cancellation_refund, created_at)
       VALUES ($1, $3, $2, 'Learner', 'learner@example.test', '+91 90000 00000', 2, 300000,
               '2027-01-01 09:00+00', '2027-01-01 11:00+00', '2027-01-01 11:00+00', 'confirmed', 24, 50, now())`,
      [course.id, LEARNER, SHARK],
    );
    await pglite.exec(`UPDATE course_bookings SET total_price_paise = total_price_paise + 1
                       WHERE starts_at = '2026-01-02 09:00+00'`);
    expect(await rows(`SELECT * FROM session_counters_fresh ORDER BY owner_kind, owner_id`)).toEqual(
      await rows(`SELECT * FROM session_counters ORDER BY owner_kind, owner_id`),
    );
  });
});
