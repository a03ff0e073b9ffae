// All SQL of availability: the shark's rules (weekly hours, overrides) and the learners waiting for the calendar
// to open. Its bookings (busy times) are the sessions module's.
import { now } from '#server/time.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { prepared } from '#server/db/prepared.ts';
import { isPublicShark } from '#server/db/projections.ts';
import {
  availabilityOverrides as o,
  availabilityWatchers as w,
  availabilityWeekly as wk,
  sharkAvailability as a,
  sharks as s,
  users as u,
} from '#server/db/schema.ts';

export interface RulesRow {
  sharkId: string;
  timeZone: string;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  dailyCap: number | null;
  published: boolean;
}

const rulesColumns = {
  sharkId: a.sharkId,
  timeZone: a.timeZone,
  bufferMinutes: a.bufferMinutes,
  minNoticeMinutes: a.minNoticeMinutes,
  horizonDays: a.horizonDays,
  dailyCap: a.dailyCap,
  published: a.published,
};

/** The shark's rules row; `forUpdate` locks it so bookings of one shark are checked one at a time. */
export async function findRules(db: DbOrTx, sharkId: string, forUpdate = false): Promise<RulesRow | null> {
  const q = db.select(rulesColumns).from(a).where(eq(a.sharkId, sharkId));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function listWeekly(db: DbOrTx, sharkId: string) {
  return db
    .select({ weekday: wk.weekday, start: wk.startTime, end: wk.endTime })
    .from(wk)
    .where(eq(wk.sharkId, sharkId))
    .orderBy(asc(wk.weekday), asc(wk.startTime));
}

export async function listOverrides(db: DbOrTx, sharkId: string, fromDate?: string) {
  return db
    .select({ date: o.date, start: o.startTime, end: o.endTime })
    .from(o)
    .where(
      fromDate ? and(eq(o.sharkId, sharkId), sql`${o.date} >= ${fromDate}::date`) : eq(o.sharkId, sharkId),
    )
    .orderBy(asc(o.date), asc(o.startTime));
}

export interface SlotsInputs {
  rules: RulesRow | null;
  weekly: Array<{ weekday: number; start: string; end: string }>;
  overrides: Array<{ date: string; start: string | null; end: string | null }>;
}

type Json<T> = T[] | null;

/**
 * Everything of availability the public free slots read, in one round trip: the shark (null when it is not
 * public), its rules row, weekly hours and overrides from yesterday on. Five queries cost the route more CPU in
 * pg and Drizzle than the slots themselves (node --cpu-prof, issue 12); the busy times are the sessions
 * module's, read in a second prepared statement (decision 100).
 */
const buildSlotsInputs = (db: DbOrTx) => {
  const at = sql`${sql.placeholder('at')}::timestamptz`;
  const sharkId = sql`${sql.placeholder('id')}::uuid`;
  return db
    .select({
      rulesSharkId: a.sharkId,
      timeZone: a.timeZone,
      bufferMinutes: a.bufferMinutes,
      minNoticeMinutes: a.minNoticeMinutes,
      horizonDays: a.horizonDays,
      dailyCap: a.dailyCap,
      published: a.published,
      weekly: sql<
        Json<[number, string, string]>
      >`(SELECT json_agg(json_build_array(${wk.weekday}, ${wk.startTime}, ${wk.endTime})
        ORDER BY ${wk.weekday}, ${wk.startTime}) FROM ${wk} WHERE ${wk.sharkId} = ${s.id})`,
      // Yesterday in UTC is on or before today in every zone: older overrides cannot touch a free slot.
      overrides: sql<
        Json<[string, string | null, string | null]>
      >`(SELECT json_agg(json_build_array(${o.date}, ${o.startTime}, ${o.endTime})
        ORDER BY ${o.date}, ${o.startTime}) FROM ${o} WHERE ${o.sharkId} = ${s.id} AND ${o.date} >= (${at} AT TIME ZONE 'UTC')::date - 1)`,
    })
    .from(s)
    .leftJoin(a, eq(a.sharkId, s.id))
    .where(and(sql`${s.id} = ${sharkId}`, isPublicShark()))
    .prepare('availability_slots_inputs');
};

/** The free slots' inputs of a public shark at `at`, or null when the shark is unknown, unpublished or suspended. */
export async function findSlotsInputs(db: DbOrTx, sharkId: string, at: Date): Promise<SlotsInputs | null> {
  const [row] = await prepared(db, 'availability_slots_inputs', buildSlotsInputs).execute({
    id: sharkId,
    at: at.toISOString(),
  });
  if (!row) return null;
  const { rulesSharkId, weekly, overrides, ...rules } = row;
  return {
    rules: rulesSharkId === null ? null : ({ sharkId: rulesSharkId, ...rules } as RulesRow),
    weekly: (weekly ?? []).map(([weekday, start, end]) => ({ weekday, start, end })),
    overrides: (overrides ?? []).map(([date, start, end]) => ({ date, start, end })),
  };
}

/**
 * The published calendars of several sharks with their weekly hours and overrides from yesterday on, in one
 * query (the sharks list's "Next available"). A shark without a published calendar has no entry.
 */
export async function findPublishedCalendarsOf(
  db: DbOrTx,
  sharkIds: string[],
  at: Date,
): Promise<Map<string, SlotsInputs>> {
  const found = new Map<string, SlotsInputs>();
  if (!sharkIds.length) return found;
  const rows = await db
    .select({
      ...rulesColumns,
      weekly: sql<
        Json<[number, string, string]>
      >`(SELECT json_agg(json_build_array(${wk.weekday}, ${wk.startTime}, ${wk.endTime})
        ORDER BY ${wk.weekday}, ${wk.startTime}) FROM ${wk} WHERE ${wk.sharkId} = ${s.id})`,
      overrides: sql<
        Json<[string, string | null, string | null]>
      >`(SELECT json_agg(json_build_array(${o.date}, ${o.startTime}, ${o.endTime})
        ORDER BY ${o.date}, ${o.startTime}) FROM ${o} WHERE ${o.sharkId} = ${s.id}
          AND ${o.date} >= (${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date - 1)`,
    })
    .from(a)
    // Correlated on sharks.id: an unqualified shark_id inside the subqueries would mean their own column.
    .innerJoin(s, eq(s.id, a.sharkId))
    .where(and(inArray(a.sharkId, sharkIds), eq(a.published, true)));
  for (const { weekly, overrides, ...rules } of rows)
    found.set(rules.sharkId, {
      rules,
      weekly: (weekly ?? []).map(([weekday, start, end]) => ({ weekday, start, end })),
      overrides: (overrides ?? []).map(([date, start, end]) => ({ date, start, end })),
    });
  return found;
}

export interface RulesWrite extends Omit<RulesRow, 'sharkId'> {
  weekly: Array<{ weekday: number; start: string; end: string }>;
  overrides: Array<{ date: string; ranges: Array<{ start: string; end: string }> }>;
}

/** Replaces the shark's rules, weekly hours and overrides (call in a transaction). Returns whether it was published before. */
export async function replaceRules(db: DbOrTx, sharkId: string, input: RulesWrite): Promise<boolean> {
  const before = await findRules(db, sharkId, true);
  const { weekly, overrides, ...rules } = input;
  await db
    .insert(a)
    .values({ sharkId, ...rules })
    .onConflictDoUpdate({ target: a.sharkId, set: { ...rules, updatedAt: now() } });
  await db.delete(wk).where(eq(wk.sharkId, sharkId));
  await db.delete(o).where(eq(o.sharkId, sharkId));
  // An end of 24:00 is stored as is: a Postgres time accepts 24:00:00.
  if (weekly.length)
    await db
      .insert(wk)
      .values(weekly.map((r) => ({ sharkId, weekday: r.weekday, startTime: r.start, endTime: r.end })));
  const rows: Array<typeof o.$inferInsert> = overrides.flatMap((d): Array<typeof o.$inferInsert> =>
    d.ranges.length
      ? d.ranges.map((r) => ({ sharkId, date: d.date, startTime: r.start, endTime: r.end }))
      : [{ sharkId, date: d.date, startTime: null, endTime: null }],
  );
  if (rows.length) await db.insert(o).values(rows);
  return before?.published ?? false;
}

export async function isSharkPublished(db: DbOrTx, sharkId: string): Promise<{ name: string } | null> {
  const [row] = await db
    .select({ name: s.name })
    .from(s)
    .where(and(eq(s.id, sharkId), isPublicShark()));
  return row ?? null;
}

export async function addWatcher(db: DbOrTx, sharkId: string, userId: string): Promise<void> {
  await db.insert(w).values({ sharkId, userId }).onConflictDoNothing();
}

/** Removes and returns the learners waiting for this shark's calendar, with their email. */
export async function takeWatchers(db: DbOrTx, sharkId: string): Promise<Array<{ email: string }>> {
  const rows = await db
    .select({ email: u.email })
    .from(w)
    .innerJoin(u, eq(u.id, w.userId))
    .where(eq(w.sharkId, sharkId));
  await db.delete(w).where(eq(w.sharkId, sharkId));
  return rows;
}
