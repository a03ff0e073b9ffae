// The soak's people, added to the seeded catalogue in one SQL transaction: sharks with a paid course and a
// calendar open all day (UTC, no notice, 60 days ahead) so slots never run out in a long run, learners who book
// and pay them, and one admin who runs payouts. They sign in through POST /api/auth/login like a browser; the
// password is public and exists only in the soak's throwaway database.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { hashPassword } from '#server/modules/accounts/accounts/passwords.ts';

export const SOAK_PASSWORD = 'Soak-traffic-2026!';

export interface Actor {
  userId: string;
  email: string;
  name: string;
}
export interface SoakShark extends Actor {
  sharkId: string;
  courseId: string;
  pan: string;
}
export interface SoakPeople {
  sharks: SoakShark[];
  learners: Actor[];
  admin: Actor;
}

export async function createSoakPeople(
  client: pg.Client,
  counts: { sharks: number; learners: number },
): Promise<SoakPeople> {
  const hash = await hashPassword(SOAK_PASSWORD);
  const sharks: SoakShark[] = Array.from({ length: counts.sharks }, (_, i) => ({
    userId: randomUUID(),
    sharkId: randomUUID(),
    courseId: randomUUID(),
    email: `soak-shark-${i + 1}@soak.sharksecurity.in`,
    name: `Soak Shark ${i + 1}`,
    // A valid individual's PAN: five letters (the fourth P), four digits, a letter.
    pan: `SKAP${String.fromCharCode(65 + (i % 26))}${String(1000 + i).slice(-4)}K`,
  }));
  const learners: Actor[] = Array.from({ length: counts.learners }, (_, i) => ({
    userId: randomUUID(),
    email: `soak-learner-${i + 1}@soak.sharksecurity.in`,
    name: `Soak Learner ${i + 1}`,
  }));
  const admin: Actor = {
    userId: randomUUID(),
    email: 'soak-admin@soak.sharksecurity.in',
    name: 'Soak Admin',
  };
  const everyone = [...sharks, ...learners, admin];
  await client.query('BEGIN');
  try {
    for (const a of everyone) {
      await client.query(
        `INSERT INTO users (id, email, password_hash, email_confirmed_at, created_at) VALUES ($1, $2, $3, now(), now())`,
        [a.userId, a.email, hash],
      );
      await client.query(
        `INSERT INTO profiles (id, full_name, email, phone, created_at, updated_at) VALUES ($1, $2, $3, $4, now(), now())`,
        [a.userId, a.name, a.email, '+91 9000000000'],
      );
    }
    const role = async (userId: string, name: string) =>
      client.query(
        `INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE role_name = $2`,
        [userId, name],
      );
    for (const l of learners) await role(l.userId, 'user');
    await role(admin.userId, 'admin');
    for (const [i, s] of sharks.entries()) {
      await role(s.userId, 'shark');
      await client.query(
        `INSERT INTO sharks (id, user_id, name, code_name, specialization, experience, bio, published, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'pentesting', 8, 'Soak test shark: live labs and a written report.', true, now(), now())`,
        [s.sharkId, s.userId, s.name, `Soak${i + 1}`],
      );
      await client.query(
        `INSERT INTO courses (id, shark_id, title, course_code, description, duration, price_paise, cancellation_hours,
                              late_cancellation_refund, created_at, updated_at)
         VALUES ($1, $2, 'Web Application Pentesting (soak)', $3, 'One-hour live lab.', 1, $4, 12, 50, now(), now())`,
        [s.courseId, s.sharkId, `SOAK-${i + 1}`, (1500 + 250 * (i % 4)) * 100],
      );
      await client.query(
        `INSERT INTO shark_availability (shark_id, time_zone, buffer_minutes, min_notice_minutes, horizon_days, published, updated_at)
         VALUES ($1, 'UTC', 0, 0, 60, true, now())`,
        [s.sharkId],
      );
      await client.query(
        `INSERT INTO availability_weekly (shark_id, weekday, start_time, end_time)
         SELECT $1, d, time '00:00', time '24:00' FROM generate_series(1, 7) d`,
        [s.sharkId],
      );
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  }
  return { sharks, learners, admin };
}
