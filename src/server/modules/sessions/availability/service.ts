// Availability: a shark's rules and the free slots learners see, and the check a booking passes before it is
// written (under a lock on the shark's rules row, so the daily cap and the overlap check see every booking).
import { LRUCache } from 'lru-cache';
import { ERROR_CODE } from '#shared/error-codes.ts';
import {
  DEFAULT_TIME_ZONE,
  type AvailabilitySettings,
  type AvailabilityView,
  type SlotDay,
  type Slots,
} from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { paths } from '#shared/routes.ts';
import { sessionSlot, type SessionSlot } from '#shared/session-slot.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { conflict, fieldError, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import type { Mailer } from '#server/modules/platform/mail/service.ts';
import type { SharkScope } from '#server/modules/sessions/shark-scope/service.ts';
import { importedBusy } from '#server/modules/calendar/calendar-imports/service.ts';
import {
  addWatcher,
  findPublishedCalendarsOf,
  findRules,
  findSlotsInputs,
  isSharkPublished,
  listOverrides,
  listWeekly,
  replaceRules,
  takeWatchers,
  type RulesRow,
} from './repository';
import { computeSlots, localDate, type Busy, type Range, type SlotRules } from './slots';

const DAY = 86_400_000;

/**
 * Reads a shark's busy times (its active bookings meeting [from, to), one left out when a session is being
 * moved). The bookings are the sessions module's, and sessions depend on availability (a booking checks its
 * slot here), so the reader is passed in rather than imported: the sessions service's busyTimes (decision 100).
 */
export type BusyReader = (
  db: DbOrTx,
  sharkId: string,
  from: Date,
  to: Date,
  exceptBookingId?: string,
) => Promise<Busy[]>;

/** Several sharks' busy times meeting [from, to), by shark (the sessions service's busyTimesOf). */
export type BusyOfReader = (
  db: DbOrTx,
  sharkIds: string[],
  from: Date,
  to: Date,
) => Promise<Array<Busy & { sharkId: string }>>;

/**
 * A public shark's free-slots version and how many of its checkout holds are live at `at`, or null when the
 * shark is not public: one indexed read (the sessions service's slotsStamp, decision 197).
 */
export type SlotsStampReader = (
  db: DbOrTx,
  sharkId: string,
  at: Date,
) => Promise<{ version: number; holds: number } | null>;

/** The window of busy times a day of free slots can meet: a day before `at` to two days past the horizon. */
const busyWindow = (at: Date, horizonDays: number) => ({
  from: new Date(at.getTime() - DAY),
  to: new Date(at.getTime() + (horizonDays + 2) * DAY),
});
const hhmm = (t: string | null) => (t ?? '').slice(0, 5);

const DEFAULTS: Omit<RulesRow, 'sharkId'> = {
  timeZone: DEFAULT_TIME_ZONE,
  bufferMinutes: 0,
  minNoticeMinutes: 720,
  horizonDays: 60,
  dailyCap: null,
  published: false,
};

/** The rules computeSlots reads, from the rows (the defaults when the shark never saved any). */
function rulesOf(
  sharkId: string,
  row: RulesRow | null,
  weeklyRows: Array<{ weekday: number; start: string | null; end: string | null }>,
  overrideRows: Array<{ date: string; start: string | null; end: string | null }>,
) {
  const base = row ?? { sharkId, ...DEFAULTS };
  const weekly = weeklyRows.map((r) => ({ weekday: r.weekday, start: hhmm(r.start), end: hhmm(r.end) }));
  const overrides = new Map<string, Range[]>();
  for (const r of overrideRows) {
    const list = overrides.get(r.date) ?? [];
    if (r.start && r.end) list.push({ start: hhmm(r.start), end: hhmm(r.end) });
    overrides.set(r.date, list);
  }
  const rules: SlotRules = { ...base, weekly, overrides };
  return { rules, published: base.published };
}

async function loadRules(db: DbOrTx, sharkId: string, row: RulesRow | null) {
  return rulesOf(sharkId, row, await listWeekly(db, sharkId), await listOverrides(db, sharkId));
}

async function freeSlots(
  db: DbOrTx,
  sharkId: string,
  rules: SlotRules,
  hours: number,
  at: Date,
  busyTimes: BusyReader,
  opts: { from?: string; to?: string; exceptBookingId?: string; ignoreImported?: boolean } = {},
): Promise<SlotDay[]> {
  const { from, to } = busyWindow(at, rules.horizonDays);
  const busy = await busyTimes(db, sharkId, from, to, opts.exceptBookingId);
  // Busy times from the shark's other calendars (issue 26) take slots away here, the one place free slots are
  // computed; they are read fresh each time (nothing caches free slots), so a new read shows at once.
  const imported = opts.ignoreImported ? [] : await importedBusy(db, sharkId, from, to);
  return computeSlots(rules, busy, hours, at, { ...opts, imported });
}

/** How many days nextFreeStarts looks at before it looks at the whole window. */
const FIRST_LOOK_DAYS = 7;

/**
 * Each shark's first free 1-hour start within the next `days` days (its own horizon if shorter), or null: the
 * sharks list's "Next available" (decision 165). Two queries for the whole page, whatever its size.
 */
export async function nextFreeStarts(
  db: DbOrTx,
  sharkIds: string[],
  days: number,
  busyTimesOf: BusyOfReader,
): Promise<Map<string, string | null>> {
  const at = now();
  const next = new Map<string, string | null>(sharkIds.map((id) => [id, null]));
  const calendars = await findPublishedCalendarsOf(db, sharkIds, at);
  if (!calendars.size) return next;
  const busy = await busyTimesOf(
    db,
    [...calendars.keys()],
    new Date(at.getTime() - DAY),
    new Date(at.getTime() + (days + 2) * DAY),
  );
  const busyOf = new Map<string, Busy[]>();
  for (const b of busy) busyOf.set(b.sharkId, [...(busyOf.get(b.sharkId) ?? []), b]);
  const firstStart = (open: SlotDay[]) => open.find((d) => d.starts.length)?.starts[0];
  for (const [sharkId, inputs] of calendars) {
    const { rules } = rulesOf(sharkId, inputs.rules, inputs.weekly, inputs.overrides);
    const sharkBusy = busyOf.get(sharkId) ?? [];
    // Only the first free start is wanted, and nearly every open calendar has one within days: look at the
    // first week, and at the whole window only when that week is full (issue 28: the list's cards computed
    // 60 days of slots for each shark on every request, most of the list's server time).
    const soon = localDate(at.getTime() + Math.min(days, FIRST_LOOK_DAYS) * DAY, rules.timeZone);
    const to = localDate(at.getTime() + days * DAY, rules.timeZone);
    const found =
      firstStart(computeSlots(rules, sharkBusy, 1, at, { to: soon })) ??
      (soon < to ? firstStart(computeSlots(rules, sharkBusy, 1, at, { from: soon, to })) : undefined);
    next.set(sharkId, found ?? null);
  }
  return next;
}

/** The shark's own time zone: its calendar's, or the default when it never saved one. */
export async function sharkTimeZone(db: DbOrTx, sharkId: string): Promise<string> {
  return (await findRules(db, sharkId))?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The shark's minimum notice in minutes: a request's answer is due that long before the start (decision 206). */
export async function sharkMinNoticeMinutes(db: DbOrTx, sharkId: string): Promise<number> {
  return (await findRules(db, sharkId))?.minNoticeMinutes ?? DEFAULTS.minNoticeMinutes;
}

/** The shark's calendar zone and booking horizon: the window its imported busy times are read for (issue 26). */
export async function sharkCalendarWindow(
  db: DbOrTx,
  sharkId: string,
): Promise<{ timeZone: string; horizonDays: number }> {
  const row = await findRules(db, sharkId);
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    horizonDays: row?.horizonDays ?? DEFAULTS.horizonDays,
  };
}

type PublicSlots = Slots & { published: boolean };

/**
 * Free slots kept per process (issue 28, decision 197), keyed by the shark, its slots version, its live holds,
 * the range asked for and the minute they were computed in. The version changes in the transaction of every
 * write the slots read (triggers, migration 0036) and is read from the database on every request, so a write
 * on any server is seen by the next read on every other; a hold lapsing by time changes the live holds; the
 * minute keeps the far end of the horizon and the day's roll-over exact (slot starts and zone offsets are whole
 * minutes), and the minimum notice is applied again on each read. Bounded: 2,000 answers.
 */
const slotsHeld = new LRUCache<string, { answer: PublicSlots; minNoticeMinutes: number }>({ max: 2_000 });

/** The answer without the starts that are now inside the minimum notice (only the first days can hold any). */
function withNotice(answer: PublicSlots, minNoticeMinutes: number, at: Date): PublicSlots {
  const earliest = at.getTime() + minNoticeMinutes * 60_000;
  const days = answer.days.slice();
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    const starts = day.starts.filter((iso) => Date.parse(iso) >= earliest);
    if (starts.length !== day.starts.length) days[i] = { ...day, starts };
    if (starts.length) break;
  }
  return { ...answer, days };
}

/**
 * The free slots of a published shark (public). A closed calendar answers with no days and published false.
 * With `stamp` (the route's), the answer is kept in memory per slots version (decision 197).
 */
export async function getSlots(
  db: DbOrTx,
  sharkId: string,
  query: { hours: number; from?: string; to?: string },
  busyTimes: BusyReader,
  stamp?: SlotsStampReader,
): Promise<PublicSlots> {
  const at = now();
  let key: string | null = null;
  if (stamp) {
    // Read before the data, so an answer is never older than the version it is kept under.
    const current = await stamp(db, sharkId, at);
    if (!current) throw notFound(CATALOGUE_MSG.sharkNotFound);
    key = [
      sharkId,
      current.version,
      current.holds,
      query.hours,
      query.from ?? '',
      query.to ?? '',
      Math.floor(at.getTime() / 60_000),
    ].join(':');
    const held = slotsHeld.get(key);
    if (held) return withNotice(held.answer, held.minNoticeMinutes, at);
  }
  // One round trip for the shark and its rules, one for its busy times: the route's hottest read (issue 12).
  const inputs = await findSlotsInputs(db, sharkId, at);
  if (!inputs) throw notFound(CATALOGUE_MSG.sharkNotFound);
  const { rules, published } = rulesOf(sharkId, inputs.rules, inputs.weekly, inputs.overrides);
  const result = { sharkId, timeZone: rules.timeZone, hours: query.hours, published };
  const answer = published
    ? { ...result, days: await freeSlots(db, sharkId, rules, query.hours, at, busyTimes, query) }
    : { ...result, days: [] };
  if (key !== null) slotsHeld.set(key, { answer, minNoticeMinutes: rules.minNoticeMinutes });
  return answer;
}

function toView(
  rules: SlotRules,
  published: boolean,
  preview: SlotDay[],
  imported: AvailabilityView['imported'],
): AvailabilityView {
  return {
    timeZone: rules.timeZone,
    bufferMinutes: rules.bufferMinutes,
    minNoticeMinutes: rules.minNoticeMinutes,
    horizonDays: rules.horizonDays,
    dailyCap: rules.dailyCap,
    published,
    weekly: rules.weekly,
    overrides: [...rules.overrides.entries()]
      .filter(([date]) => date >= localDate(now(), rules.timeZone))
      .map(([date, ranges]) => ({ date, ranges })),
    preview,
    imported,
  };
}

/** The workspace view: the rules and the next 14 days of 1-hour slots learners will be offered. */
export async function getAvailability(
  db: DbOrTx,
  scope: SharkScope,
  busyTimes: BusyReader,
): Promise<AvailabilityView> {
  if (!scope.shark) throw notFound(CATALOGUE_MSG.sharkNotFound);
  const sharkId = scope.shark.id;
  const { rules, published } = await loadRules(db, sharkId, await findRules(db, sharkId));
  const at = now();
  const first = localDate(at, rules.timeZone);
  const to = localDate(at.getTime() + 13 * DAY, rules.timeZone);
  const preview = await freeSlots(db, sharkId, rules, 1, at, busyTimes, { from: first, to });
  // The preview's imported busy times: when only, greyed on the page as "busy in your calendar".
  const imported = await importedBusy(
    db,
    sharkId,
    new Date(at.getTime() - DAY),
    new Date(at.getTime() + 15 * DAY),
  );
  return toView(
    rules,
    published,
    preview,
    imported.map((b) => ({ startsAt: b.startsAt.toISOString(), endsAt: b.endsAt.toISOString() })),
  );
}

/**
 * Saves the rules (call in a transaction). When the calendar opens, every learner who asked to be told gets
 * a mail queued in the same transaction.
 */
export async function saveAvailability(
  tx: DbOrTx,
  scope: SharkScope,
  input: AvailabilitySettings,
  mailer: Pick<Mailer, 'enqueue'>,
  origin: string,
  busyTimes: BusyReader,
): Promise<AvailabilityView> {
  if (!scope.shark) throw notFound(CATALOGUE_MSG.sharkNotFound);
  const sharkId = scope.shark.id;
  const wasPublished = await replaceRules(tx, sharkId, input);
  if (input.published && !wasPublished) {
    for (const { email } of await takeWatchers(tx, sharkId))
      await mailer.enqueue(tx, {
        to: email,
        template: 'calendar-open',
        data: { name: scope.shark.name, link: `${origin}${paths.sharks.profile(sharkId)}` },
      });
  }
  return getAvailability(tx, scope, busyTimes);
}

/** "Notify me when they do": stored until the shark publishes. */
export async function watchCalendar(db: DbOrTx, sharkId: string, userId: string): Promise<void> {
  if (!(await isSharkPublished(db, sharkId))) throw notFound(CATALOGUE_MSG.sharkNotFound);
  await addWatcher(db, sharkId, userId);
}

/**
 * Checks that `startsAt` is a free slot of the shark for `hours`, inside the caller's transaction and with
 * the shark's rules row locked, so concurrent bookings of one shark are checked one after another. A time
 * the shark never offers is a 400 on startsAt; an offered time that is no longer free is a 409. A session being
 * moved passes its own id as `exceptBookingId`, so its current time does not block the new one. Busy times from
 * the shark's other calendars block a new time too, but never a session already made here: `ignoreImported`
 * for a paid hold becoming its booking (decision 153).
 */
export async function checkSlot(
  tx: DbOrTx,
  sharkId: string,
  startsAt: Date,
  hours: number,
  busyTimes: BusyReader,
  exceptBookingId?: string,
  opts: { ignoreImported?: boolean } = {},
): Promise<SessionSlot> {
  const row = await findRules(tx, sharkId, true);
  if (!row?.published) throw fieldError('courseId', AVAILABILITY_MSG.calendarNotOpen);
  const { rules } = await loadRules(tx, sharkId, row);
  const at = now();
  const date = localDate(startsAt, rules.timeZone);
  const iso = startsAt.toISOString();
  const has = (days: SlotDay[]) => days.some((d) => d.starts.includes(iso));
  if (
    !has(
      await freeSlots(tx, sharkId, rules, hours, at, busyTimes, {
        from: date,
        to: date,
        exceptBookingId,
        ignoreImported: opts.ignoreImported,
      }),
    )
  ) {
    const offered = has(computeSlots(rules, [], hours, at, { from: date, to: date, ignoreBookings: true }));
    if (offered) throw conflict(BOOKING_MSG.slotTaken, ERROR_CODE.slotTaken);
    throw fieldError('startsAt', BOOKING_MSG.slotInvalid);
  }
  return sessionSlot(startsAt, { hours, timeZone: rules.timeZone, bufferMinutes: rules.bufferMinutes });
}

/** Locks the shark's calendar row for the rest of the transaction: bookings of one shark are made one at a time. */
export async function lockCalendar(tx: DbOrTx, sharkId: string): Promise<void> {
  await findRules(tx, sharkId, true);
}
