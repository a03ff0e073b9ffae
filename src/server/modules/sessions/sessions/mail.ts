// Who hears of a session, and when (issue 13): the mail of each change of state, the reminders, the mails of
// new messages, and the clocks that expire unanswered requests and complete past sessions. Every mail is queued
// in the transaction of the change it tells of; every clock claims its rows with a conditional UPDATE, so two
// app servers running the same job send each mail once. The sessions service calls it; the job queue runs the
// clocks through the service's tickSessions (src/server/jobs/sessions.ts, decision 054).
import type { FastifyBaseLogger } from 'fastify';
import { isTimeZone } from '#shared/availability.ts';
import { formatPaise } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { zoneLabel } from '#shared/time-zones.ts';
import {
  SESSION_RULES,
  type NoShowOutcome,
  type SessionActor,
  type SessionEventKind,
} from '#shared/sessions.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { MailContext, MailRequest } from '#server/modules/platform/mail/service.ts';
import type { SessionMail, SessionSide } from '#server/modules/platform/mail/templates.tsx';
import type { PaymentsContext } from '#server/modules/money/payments/service.ts';
import { claimMessageMail, dueMessageMails } from '#server/modules/platform/conversations/service.ts';
import { now } from '#server/time.ts';
import { calendarOf } from './calendar';
import {
  BATCH,
  claimReminder,
  dueReminders,
  findNoShowReporter,
  findSessionForMail,
  type ReminderHours,
  type SessionForMail,
} from './repository';

/** One change of a session, as the state machine recorded it in booking_events. */
export interface SessionNotice {
  bookingId: string;
  kind: SessionEventKind;
  actor: SessionActor;
  reason?: string | null;
  /** For reschedule events: the proposed or new start. */
  startsAt?: Date | null;
  late?: boolean;
  /** A no-show ruling's outcome. */
  outcome?: NoShowOutcome | null;
}

// ---- How a session reads in a mail -----------------------------------------------------------------------

/** "Thu, 26 Nov 2026, 18:30" in a zone. */
const dateTimeIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const timeIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );

const dayIn = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/** "Thu, 26 Nov 2026, 18:30 – 19:30 India Standard Time": a span in the recipient's zone. */
export function formatSpan(start: Date, end: Date, timeZone: string): string {
  const endText =
    dayIn(start, timeZone) === dayIn(end, timeZone) ? timeIn(end, timeZone) : dateTimeIn(end, timeZone);
  return `${dateTimeIn(start, timeZone)} – ${endText} ${zoneLabel(timeZone, start)}`;
}

/** "Thu, 26 Nov 2026, 18:30 India Standard Time": an instant in the recipient's zone. */
export function formatInstant(at: Date, timeZone: string): string {
  return `${dateTimeIn(at, timeZone)} ${zoneLabel(timeZone, at)}`;
}

interface Recipient {
  side: SessionSide;
  email: string;
  /** The zone the mail's times are written in. */
  zone: string;
}

/** The shark reads its own zone (the booking's); the learner the zone it booked from, or else the shark's. */
function recipientsOf(s: SessionForMail): Record<SessionSide, Recipient | null> {
  const sharkZone = isTimeZone(s.sharkTimeZone) ? s.sharkTimeZone : 'UTC';
  const learnerZone = s.learnerTimeZone && isTimeZone(s.learnerTimeZone) ? s.learnerTimeZone : sharkZone;
  return {
    shark: { side: 'shark', email: s.sharkEmail, zone: sharkZone },
    // A learner who deleted the account is not mailed: the booking stays only as the shark's record.
    learner: s.learnerEmail ? { side: 'learner', email: s.learnerEmail, zone: learnerZone } : null,
  };
}

const sessionLink = (ctx: MailContext, id: string) => `${ctx.appOrigin}${paths.sessions.detail(id)}`;

function mailOf(ctx: MailContext, s: SessionForMail, to: Recipient): SessionMail {
  return {
    course: s.courseTitle,
    shark: s.sharkName,
    learner: s.learnerName,
    when: formatSpan(s.startsAt, s.endsAt, to.zone),
    hours: s.hours,
    price: formatPaise(s.totalPricePaise),
    link: sessionLink(ctx, s.id),
  };
}

function calendarFor(ctx: MailContext, s: SessionForMail): string {
  return calendarOf(
    {
      id: s.id,
      status: s.status,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      meetingLink: s.meetingLink,
      course: { title: s.courseTitle },
      shark: { name: s.sharkName },
      learner: { name: s.learnerName },
    },
    sessionLink(ctx, s.id),
    s.reschedules,
  );
}

/** Who acted, as a mail names them: a job or an admin is "the Shark Security team". */
const byOf = (actor: SessionActor): SessionSide | 'admin' =>
  actor === 'learner' || actor === 'shark' ? actor : 'admin';

// ---- The mail of each change -----------------------------------------------------------------------------

/** Tells the other side (and for a request, an expiry or a move, both sides) of a change. */
export async function notifySession(tx: DbOrTx, ctx: MailContext, notice: SessionNotice): Promise<void> {
  const s = await findSessionForMail(tx, notice.bookingId);
  if (!s) return;
  const who = recipientsOf(s);
  const both = [who.shark, who.learner];
  /** The side that did not act (both, when a job or an admin did). */
  const others = notice.actor === 'learner' ? [who.shark] : notice.actor === 'shark' ? [who.learner] : both;
  const send = async (to: Recipient | null, mail: (base: SessionMail, to: Recipient) => MailRequest) => {
    if (to) await ctx.mailer.enqueue(tx, mail(mailOf(ctx, s, to), to));
  };
  const duration = s.endsAt.getTime() - s.startsAt.getTime();
  const proposedSpan = (to: Recipient) => {
    const start = notice.startsAt ?? s.proposedStartsAt ?? s.startsAt;
    return formatSpan(start, new Date(start.getTime() + duration), to.zone);
  };
  const answerBy = (to: Recipient) => formatInstant(s.answerBy ?? s.startsAt, to.zone);

  switch (notice.kind) {
    case 'requested':
      await send(who.shark, (base, to) => ({
        to: to.email,
        template: 'session-requested',
        data: { ...base, answerBy: answerBy(to) },
      }));
      await send(who.learner, (base, to) => ({
        to: to.email,
        template: 'session-request-receipt',
        data: { ...base, answerBy: answerBy(to) },
      }));
      return;
    case 'confirmed':
      await send(who.learner, (base, to) => ({
        to: to.email,
        template: 'session-confirmed',
        data: { ...base, meetingLink: s.meetingLink, calendar: calendarFor(ctx, s) },
      }));
      return;
    case 'declined':
      await send(who.learner, (base, to) => ({
        to: to.email,
        template: 'session-declined',
        data: { ...base, reason: notice.reason ?? '' },
      }));
      return;
    case 'expired':
      for (const r of both)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-expired',
          data: { ...base, recipient: to.side },
        }));
      return;
    case 'cancelled':
      for (const r of others)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-cancelled',
          data: {
            ...base,
            by: byOf(notice.actor),
            reason: notice.reason ?? '',
            late: notice.late ?? s.lateCancellation,
            cancellationHours: s.cancellationHours,
          },
        }));
      return;
    case 'reschedule_proposed':
      for (const r of others)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-reschedule-proposed',
          data: { ...base, by: byOf(notice.actor), proposed: proposedSpan(to) },
        }));
      return;
    case 'reschedule_accepted': {
      const calendar = calendarFor(ctx, s);
      for (const r of both)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-rescheduled',
          data: { ...base, calendar },
        }));
      return;
    }
    case 'reschedule_declined':
      // The proposer hears the answer: the side that did not decline.
      for (const r of others)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-reschedule-declined',
          data: { ...base, proposed: proposedSpan(to) },
        }));
      return;
    case 'no_show':
      for (const r of others)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-no-show',
          data: { ...base, by: byOf(notice.actor), note: notice.reason ?? '' },
        }));
      return;
    case 'completed':
      // The end of a session is no news to either side; the dashboards show it.
      return;
    case 'no_show_resolved': {
      // Both sides hear the ruling, each with the time in their own zone and the admin's reason.
      const reportedBy = (await findNoShowReporter(tx, s.id)) ?? 'learner';
      for (const r of both)
        await send(r, (base, to) => ({
          to: to.email,
          template: 'session-no-show-resolved',
          data: {
            ...base,
            recipient: to.side,
            reportedBy,
            outcome: notice.outcome ?? 'upheld',
            reason: notice.reason ?? '',
          },
        }));
      return;
    }
  }
}

// ---- The clocks (run by the `sessions` job every minute) -------------------------------------------------

export interface ClockContext extends PaymentsContext {
  db: Db;
  log: FastifyBaseLogger;
}

/** Runs `work` for each id in its own transaction; one failing row does not hold back the others. */
export async function eachInTransaction<T>(
  ctx: ClockContext,
  items: T[],
  work: (tx: DbOrTx, item: T) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  const errors: unknown[] = [];
  for (const item of items) {
    try {
      if (await ctx.db.transaction((tx) => work(tx, item))) done++;
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length) throw new AggregateError(errors, `${errors.length} of ${items.length} failed`);
  return done;
}

/** The 24 h and 1 h reminders, to both sides, each once per start time (marked with its mails). */
export async function sendDueReminders(ctx: ClockContext, at: Date = now()): Promise<number> {
  let sent = 0;
  for (const h of SESSION_RULES.reminderHoursBefore as readonly ReminderHours[]) {
    // Batch after batch until none is due: a thousand sessions starting in one minute are all reminded in this
    // tick, not 200 a minute (the last 1 h reminders would come minutes late, or after the start). A batch
    // that claimed nothing (another server took it) ends the loop; that server goes on with the rest.
    for (;;) {
      const due = await dueReminders(ctx.db, h, at);
      const claimed = await eachInTransaction(ctx, due, async (tx, id) => {
        if (!(await claimReminder(tx, id, h, at))) return false;
        const s = await findSessionForMail(tx, id);
        if (!s) return false;
        const who = recipientsOf(s);
        for (const to of [who.shark, who.learner])
          if (to)
            await ctx.mailer.enqueue(tx, {
              to: to.email,
              template: 'session-reminder',
              data: { ...mailOf(ctx, s, to), hoursBefore: h, meetingLink: s.meetingLink },
            });
        return true;
      });
      sent += claimed;
      if (due.length < BATCH || claimed === 0) break;
    }
  }
  return sent;
}

/**
 * New messages are mailed to the other side once the first unmailed one of a side is
 * SESSION_RULES.messageBatchMinutes old: a burst goes out as one mail listing every message, each marked mailed
 * in the same transaction.
 */
export async function mailNewMessages(ctx: ClockContext, at: Date = now()): Promise<number> {
  const groups = await dueMessageMails(ctx.db, at, SESSION_RULES.messageBatchMinutes, BATCH);
  return eachInTransaction(ctx, groups, async (tx, group) => {
    const messages = await claimMessageMail(tx, group, at);
    if (!messages.length) return false;
    const s = await findSessionForMail(tx, group.bookingId);
    if (!s) return false;
    const who = recipientsOf(s);
    const to = group.author === 'learner' ? who.shark : who.learner;
    if (!to) return false;
    await ctx.mailer.enqueue(tx, {
      to: to.email,
      template: 'session-messages',
      data: {
        ...mailOf(ctx, s, to),
        from: group.author === 'learner' ? s.learnerName : s.sharkName,
        messages: messages.map((m) => ({ at: formatInstant(m.createdAt, to.zone), body: m.body })),
      },
    });
    return true;
  });
}

/**
 * One tick of the sessions' clock: the state steps the sessions module owns (expiry, completion, the release of
 * shares) and then the mails this module owns (reminders, message batches). Every step runs even when an
 * earlier one failed.
 */
export async function runSessionClock(
  ctx: ClockContext,
  state: {
    expired: () => Promise<number>;
    completed: () => Promise<number>;
    sharesReleased: () => Promise<number>;
  },
  at: Date = now(),
) {
  const steps = {
    ...state,
    reminded: () => sendDueReminders(ctx, at),
    messageMails: () => mailNewMessages(ctx, at),
  };
  const result: Record<keyof typeof steps, number> = {
    expired: 0,
    completed: 0,
    sharesReleased: 0,
    reminded: 0,
    messageMails: 0,
  };
  const errors: unknown[] = [];
  for (const [name, step] of Object.entries(steps) as [keyof typeof steps, () => Promise<number>][]) {
    try {
      result[name] = await step();
    } catch (err) {
      ctx.log.error({ err, step: name }, 'session clock step failed');
      errors.push(err);
    }
  }
  if (errors.length) throw new AggregateError(errors, 'the session clock failed in part; it runs again');
  return result;
}
