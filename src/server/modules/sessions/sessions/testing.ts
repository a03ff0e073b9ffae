// What tests and invariant checks ask of the sessions module's tables over a plain `pg` connection (real
// server processes, a killed worker), where no repository is at hand. The sessions module owns
// course_bookings (decision 171/172, issue 22): even a test's raw SQL on it lives here, next to the
// repository that writes it, so a column rename breaks one file.
import { ACTIVE_STATUSES } from '#shared/sessions.ts';

/** A `pg` Client, Pool or PoolClient. */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const active = ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ');

/** Pairs of active sessions of one shark whose blocked times overlap (the exclusion constraint keeps it 0). */
export async function countDoubleBookings(client: Queryable): Promise<number> {
  const { rows } = await client.query(`
    SELECT count(*)::int AS n FROM course_bookings a JOIN course_bookings b
      ON a.shark_id = b.shark_id AND a.id < b.id
     AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
    WHERE a.status IN (${active}) AND b.status IN (${active})`);
  return Number(rows[0].n);
}

/**
 * The booking request ids stored for a course, one per acknowledged request (retries included): as sessions, or,
 * for a paid course whose learner has not paid yet, as the slot held for its checkout (issue 23).
 */
export async function storedRequestIds(client: Queryable, courseId: string): Promise<string[]> {
  const { rows } = await client.query(
    `SELECT request_id FROM course_bookings WHERE course_id = $1
     UNION ALL SELECT request_id FROM checkout_holds WHERE course_id = $1`,
    [courseId],
  );
  return rows.map((r) => r.request_id as string);
}

/**
 * Confirmed 2-hour sessions in bulk, one per row of a temporary table `seedTable` with columns g, learner,
 * shark and course, learners mailed at `<tag>-learner-<g>@example.test`; `starts`/`ends` are SQL expressions.
 * Inside the caller's transaction.
 */
export async function insertConfirmedSessions(
  client: Queryable,
  seedTable: string,
  tag: string,
  starts: string,
  ends: string,
): Promise<void> {
  await client.query(`INSERT INTO course_bookings (course_id, user_id, shark_id, name, email, phone, hours,
      total_price_paise, starts_at, ends_at, blocked_until, time_zone, status,
      cancellation_hours, late_cancellation_refund, created_at)
    SELECT course, learner, shark, 'Learner ' || g, '${tag}-learner-' || g || '@example.test',
           '+91 90000 00000', 2, 200000, ${starts}, ${ends}, ${ends}, 'UTC', 'confirmed', 24, 50, now()
    FROM ${seedTable}`);
}

/** Sessions whose learner's mail matches `emailLike` and whose 24-hour reminder has not been claimed yet. */
export async function unremindedSessions(client: Queryable, emailLike: string): Promise<number> {
  const { rows } = await client.query(
    `SELECT count(*)::int AS n FROM course_bookings WHERE email LIKE $1 AND reminded_24h_at IS NULL`,
    [emailLike],
  );
  return Number(rows[0].n);
}
