// The top of a confirmed session's page (issue 25): how long until it starts, ticking, and "Join the meeting"
// first, so a phone shows what the learner came for without scrolling past the details.
import { useEffect, useState } from 'react';
import { sessionApi, type SessionDetail } from '#shared/sessions.ts';
import { formatDateTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';
import { safeMeetingLink } from './session-forms';

const MINUTE = 60_000;

/** "in 2 days, 3 h", "in 3 h 20 min", "in 5 min", "now": a coarse, honest countdown. */
export function countdown(to: Date, now: Date): string {
  const minutes = Math.ceil((to.getTime() - now.getTime()) / MINUTE);
  if (minutes <= 0) return 'now';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) return `in ${days} ${days === 1 ? 'day' : 'days'}${hours ? `, ${hours} h` : ''}`;
  if (hours > 0) return `in ${hours} h${mins ? ` ${mins} min` : ''}`;
  return `in ${mins} min`;
}

/** The current time, moved on every half minute while the page is open. */
function useNow(initial: Date): Date {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE / 2);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SessionJoin({ session, now: initial }: { session: SessionDetail; now: Date }) {
  const now = useNow(initial);
  const link = safeMeetingLink(session.meetingLink);
  const start = new Date(session.startsAt);
  const end = new Date(session.endsAt);
  const zone = viewerTimeZone();
  const running = now >= start && now < end;
  const over = now >= end;
  const status = over
    ? 'This session has ended.'
    : running
      ? `In progress: it ends ${countdown(end, now)}.`
      : `Starts ${countdown(start, now)}.`;
  return (
    <section
      aria-labelledby="session-join"
      data-testid="session-join"
      className="glass flex flex-col gap-3 border-accent-400/40 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="session-join" className="text-lg font-semibold text-ink-100">
          {status}
        </h2>
        <p className="muted text-sm">
          {formatDateTimeIn(session.startsAt, zone)} ({zoneName(zone, start)})
        </p>
        {link ? null : (
          <p className="muted text-sm">
            {session.viewer === 'learner'
              ? 'The meeting link appears here once the shark adds it.'
              : 'Add the meeting link below so the learner can join.'}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        {link && !over ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="btn-primary">
            Join the meeting<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        {over ? null : (
          <a href={sessionApi.calendar(session.id)} download className="btn-ghost">
            Add to calendar
          </a>
        )}
      </div>
    </section>
  );
}
