// Booking under contention (issues 12 and 17): 50 learners, each signed in, book 1-hour slots of the same 10
// sharks as fast as the server answers, for a bounded time. Each attempt picks a shark and one of its first
// free slots at random, so learners race for the same slots all the time: the server must sell each slot
// once (201) and answer the others "just taken" (409). After the run, SQL counts overlapping active bookings
// (must be 0) and compares the bookings stored with the 201s received (none lost, none extra).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { createAccount, createSession, SESSION_COOKIE } from '#server/modules/accounts/service.ts';
import { percentile } from './raw';

export const CONTENTION_SHARKS = 10;
export const CONTENTION_LEARNERS = 50;
/** Each shark's first 240 free 1-hour slots (10 days around the clock) are what learners race for. */
const SLOT_WINDOW = 240;

export interface ContentionFixture {
  run: string;
  sharks: Array<{ id: string; courseId: string }>;
  /** Cookie header values of the learners' sessions. */
  cookies: string[];
}

/**
 * Ten new sharks open around the clock (no notice, no buffer, no cap) with one course each, and fifty new
 * learners with a session each; names carry a run id, so every run starts on calendars nobody booked.
 */
export async function prepareContention(db: Db): Promise<ContentionFixture> {
  const run = randomUUID().slice(0, 8);
  const sharks: ContentionFixture['sharks'] = [];
  for (let i = 0; i < CONTENTION_SHARKS; i++) {
    const owner = await db.transaction((tx) =>
      createAccount(tx, {
        email: `contention-${run}-shark${i}@bench.sharksecurity.in`,
        fullName: `Contention Shark ${i}`,
        passwordHash: null,
        roles: ['shark'],
        emailConfirmed: true,
      }),
    );
    const [shark] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO sharks (user_id, name, specialization, experience, bio, published)
          VALUES (${owner.id}, ${`Contention Shark ${run} ${i}`}, 'pentesting', 5, 'Bench shark.', true) RETURNING id`,
    );
    const [course] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO courses (shark_id, title, course_code, description, duration, price)
          VALUES (${shark.id}, 'Contention Course', ${`CNT-${run}-${i}`}, 'Bench course.', 1, 1000) RETURNING id`,
    );
    await queryRows(
      db,
      sql`INSERT INTO shark_availability (shark_id, time_zone, buffer_minutes, min_notice_minutes, horizon_days, daily_cap, published)
          VALUES (${shark.id}, 'Asia/Kolkata', 0, 0, 30, NULL, true)`,
    );
    await queryRows(
      db,
      sql`INSERT INTO availability_weekly (shark_id, weekday, start_time, end_time)
          SELECT ${shark.id}, d, time '00:00', time '24:00' FROM generate_series(1, 7) d`,
    );
    sharks.push({ id: shark.id, courseId: course.id });
  }
  const cookies: string[] = [];
  for (let i = 0; i < CONTENTION_LEARNERS; i++) {
    const learner = await db.transaction((tx) =>
      createAccount(tx, {
        email: `contention-${run}-learner${i}@bench.sharksecurity.in`,
        fullName: `Contention Learner ${i}`,
        passwordHash: null,
        roles: ['user'],
        emailConfirmed: true,
      }),
    );
    cookies.push(`${SESSION_COOKIE}=${(await createSession(db, learner.id)).token}`);
  }
  return { run, sharks, cookies };
}

export interface ContentionResult {
  seconds: number;
  attempts: number;
  booked: number;
  taken: number;
  other4xx: number;
  fivexx: number;
  errors: number;
  bookedPerSecond: number;
  p50: number;
  p99: number;
}

/** The learners' loops against the server at `base` (which must use `cookieName` for its sessions). */
export async function runContention(
  base: string,
  fixture: ContentionFixture,
  seconds: number,
  cookieName = SESSION_COOKIE,
): Promise<ContentionResult> {
  const slots: string[][] = [];
  for (const shark of fixture.sharks) {
    const res = await fetch(`${base}/api/sharks/${shark.id}/slots?hours=1`);
    if (res.status !== 200) throw new Error(`GET slots answered ${res.status}`);
    const body = (await res.json()) as { days: Array<{ starts: string[] }> };
    slots.push(body.days.flatMap((d) => d.starts).slice(0, SLOT_WINDOW));
  }
  const latencies: number[] = [];
  const r = { attempts: 0, booked: 0, taken: 0, other4xx: 0, fivexx: 0, errors: 0 };
  const deadline = performance.now() + seconds * 1000;
  const learner = async (cookie: string, i: number) => {
    const header = cookie.replace(`${SESSION_COOKIE}=`, `${cookieName}=`);
    while (performance.now() < deadline) {
      const s = Math.floor(Math.random() * fixture.sharks.length);
      const startsAt = slots[s][Math.floor(Math.random() * slots[s].length)];
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers: { cookie: header, origin: base, 'content-type': 'application/json' },
          body: JSON.stringify({
            courseId: fixture.sharks[s].courseId,
            hours: 1,
            startsAt,
            name: `Contention Learner ${i}`,
            email: `learner${i}@bench.sharksecurity.in`,
            phone: '+91 90000 00000',
            requestId: randomUUID(),
          }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        r.attempts += 1;
        if (res.status === 201) r.booked += 1;
        else if (res.status === 409) r.taken += 1;
        else if (res.status >= 500) r.fivexx += 1;
        else r.other4xx += 1;
      } catch {
        r.errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(fixture.cookies.map(learner));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ...r,
    seconds: elapsed,
    bookedPerSecond: r.booked / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** After the run, in SQL: overlapping active bookings of one shark (must be 0) and the bookings stored. */
export async function checkContention(db: Db, fixture: ContentionFixture) {
  const ids = fixture.sharks.map((s) => s.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const [overlaps] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM course_bookings a JOIN course_bookings b
          ON a.shark_id = b.shark_id AND a.id < b.id
         AND a.starts_at < b.blocked_until AND b.starts_at < a.blocked_until
        WHERE a.shark_id IN (${idList})
          AND a.status IN ('requested', 'confirmed') AND b.status IN ('requested', 'confirmed')`,
  );
  const [stored] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM course_bookings WHERE shark_id IN (${idList})`,
  );
  return { doubleBookings: Number(overlaps.n), stored: Number(stored.n) };
}
