// Booking under contention (issues 12, 17 and 23): 50 learners, each signed in, book and pay for 1-hour slots of
// the same 10 sharks as fast as the server answers, for a bounded time, through the built-in test gateway (a
// server in test mode). Each attempt picks a shark and one of its first free slots at random, so learners race
// for the same slots all the time: the server must hold each slot once (201) and answer the others "just taken"
// (409); each hold is then paid at the gateway and confirmed. After the run, SQL counts overlapping active
// bookings (must be 0), compares the bookings stored with the payments confirmed (none lost, none extra) and
// counts double charges: captured payments not refunded beyond one per booking (must be 0).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '#server/db/client.ts';
import { createAccount } from '#server/modules/accounts/accounts/service.ts';
import { createSession, SESSION_COOKIE } from '#server/modules/accounts/accounts/sessions.ts';
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
      sql`INSERT INTO sharks (user_id, name, specialization, experience, bio, published, created_at, updated_at)
          VALUES (${owner.id}, ${`Contention Shark ${run} ${i}`}, 'pentesting', 5, 'Bench shark.', true, now(), now()) RETURNING id`,
    );
    const [course] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO courses (shark_id, title, course_code, description, duration, price_paise, created_at, updated_at)
          VALUES (${shark.id}, 'Contention Course', ${`CNT-${run}-${i}`}, 'Bench course.', 1, 100000, now(), now()) RETURNING id`,
    );
    await queryRows(
      db,
      sql`INSERT INTO shark_availability (shark_id, time_zone, buffer_minutes, min_notice_minutes, horizon_days, daily_cap, published, updated_at)
          VALUES (${shark.id}, 'Asia/Kolkata', 0, 0, 30, NULL, true, now())`,
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
  /** Payments confirmed: the requests that reached their sharks. */
  booked: number;
  /** Slots held (201): each an order made at the gateway. */
  held: number;
  /** The hold's latency (the slot check and the provider's order): the order creation case. */
  holdP99: number;
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
  const holdLatencies: number[] = [];
  const r = { attempts: 0, booked: 0, held: 0, taken: 0, other4xx: 0, fivexx: 0, errors: 0 };
  const deadline = performance.now() + seconds * 1000;
  const count = (status: number) => {
    if (status === 409) r.taken += 1;
    else if (status >= 500) r.fivexx += 1;
    else r.other4xx += 1;
  };
  const learner = async (cookie: string, i: number) => {
    const header = cookie.replace(`${SESSION_COOKIE}=`, `${cookieName}=`);
    const json = { cookie: header, origin: base, 'content-type': 'application/json' };
    while (performance.now() < deadline) {
      const s = Math.floor(Math.random() * fixture.sharks.length);
      const startsAt = slots[s][Math.floor(Math.random() * slots[s].length)];
      const t = performance.now();
      try {
        const res = await fetch(`${base}/api/bookings`, {
          method: 'POST',
          headers: json,
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
        const held = (await res.json()) as { checkout?: { bookingId: string } | null };
        holdLatencies.push(performance.now() - t);
        r.attempts += 1;
        if (res.status !== 201 || !held.checkout) {
          count(res.status);
          continue;
        }
        r.held += 1;
        // Pay as the checkout page does: the order, the test gateway's Pay, the signed callback confirmed.
        const id = held.checkout.bookingId;
        const checkout = (await (
          await fetch(`${base}/api/sessions/${id}/checkout`, { headers: { cookie: header } })
        ).json()) as { orderId: string };
        const callback = await fetch(`${base}/api/test-gateway/checkout/${checkout.orderId}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ outcome: 'success' }),
        }).then((x) => x.json());
        const confirm = await fetch(`${base}/api/sessions/${id}/checkout/confirm`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(callback),
        });
        await confirm.arrayBuffer();
        latencies.push(performance.now() - t);
        if (confirm.status === 200) r.booked += 1;
        else count(confirm.status);
      } catch {
        r.errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(fixture.cookies.map(learner));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  holdLatencies.sort((a, b) => a - b);
  return {
    ...r,
    seconds: elapsed,
    bookedPerSecond: r.booked / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    holdP99: percentile(holdLatencies, 99),
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
  // Money kept: captured payments without a full refund. More than the bookings stored is a double charge.
  const [kept] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM payments p
        WHERE p.shark_id IN (${idList}) AND p.status = 'captured'
          AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.percent = 100)`,
  );
  return {
    doubleBookings: Number(overlaps.n),
    stored: Number(stored.n),
    doubleCharges: Math.max(0, Number(kept.n) - Number(stored.n)),
  };
}
