// `tsx scripts/bench-explain.ts`: the statements the learner overview, the shark dashboard and the shark's
// earnings send for the bench accounts (npm run seed:large), each with its EXPLAIN ANALYZE time, to see which
// query dominates a signed-in page. DATABASE_URL as for the bench.
import pg from 'pg';
import { getMySessionsOverview } from '#server/modules/sessions/sessions/service.ts';
import { getDashboard, getEarnings } from '#server/modules/sessions/workspace/service.ts';
import type { SharkRow } from '#server/modules/sessions/shark-scope/repository.ts';
import { captureQueries } from './bench/raw';
import { BENCH_LEARNER_EMAIL, BENCH_SHARK_EMAIL } from './bench/people';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
const one = async (text: string, values: unknown[]) => (await pool.query(text, values)).rows[0];
const learner = await one('SELECT id FROM users WHERE email = $1', [BENCH_LEARNER_EMAIL]);
const shark = (await one('SELECT s.* FROM sharks s JOIN users u ON u.id = s.user_id WHERE u.email = $1', [
  BENCH_SHARK_EMAIL,
])) as { id: string; user_id: string; name: string };
const scope = {
  userId: shark.user_id,
  shark: { id: shark.id, name: shark.name } as SharkRow,
  byAdmin: false,
};
const cases: Array<[string, Parameters<typeof captureQueries>[1]]> = [
  ['learner overview', (db) => getMySessionsOverview(db, learner.id)],
  ['shark dashboard', (db) => getDashboard(db, scope, 'Asia/Kolkata')],
  ['shark earnings', (db) => getEarnings(db, scope, { page: 1 })],
];
for (const [name, work] of cases) {
  await captureQueries(pool, work); // warm
  const statements = await captureQueries(pool, work);
  let total = 0;
  const lines: string[] = [];
  for (const s of statements) {
    const plan = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values as unknown[]);
    const [{ 'Execution Time': exec, 'Planning Time': planning }] = plan.rows[0]['QUERY PLAN'];
    total += exec + planning;
    if (process.env.EXPLAIN_PLANS && exec > Number(process.env.EXPLAIN_PLANS))
      console.log(
        (await pool.query(`EXPLAIN ANALYZE ${s.text}`, s.values as unknown[])).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n'),
      );
    lines.push(
      `  ${(exec + planning).toFixed(2).padStart(7)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
  }
  console.log(`${name}: ${statements.length} statements, ${total.toFixed(2)} ms (execution + planning)`);
  console.log(lines.join('\n'));
}
await pool.end();
