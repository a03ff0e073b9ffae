// A session's time as each side reads it: the viewer's own zone first, then the other side's (the shark's
// or the learner's; an admin sees both), each zone written out by name.
import type { SessionDetail } from '#shared/sessions.ts';
import { formatDateTimeIn, formatTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';

/** "Thu, 26 Nov 2026, 18:30 – 19:30" in a zone. */
export const formatSpanIn = (startsAt: string, endsAt: string, timeZone: string) =>
  `${formatDateTimeIn(startsAt, timeZone)} – ${formatTimeIn(endsAt, timeZone)}`;

interface ZoneLine {
  label: string;
  zone: string | null;
}

/** Whose clocks to show this viewer, the viewer's own first. */
export function zoneLines(session: SessionDetail, own: string = viewerTimeZone()): ZoneLine[] {
  const lines: ZoneLine[] = [{ label: 'Your time', zone: own }];
  if (session.viewer !== 'shark') lines.push({ label: "Shark's time", zone: session.shark.timeZone });
  if (session.viewer !== 'learner') lines.push({ label: "Learner's time", zone: session.learner.timeZone });
  return lines;
}

export function SessionTimes({
  session,
  startsAt = session.startsAt,
  endsAt = session.endsAt,
}: {
  session: SessionDetail;
  startsAt?: string;
  endsAt?: string;
}) {
  return (
    <ul className="flex flex-col gap-1 text-sm" data-testid="session-times">
      {zoneLines(session).map((line) => (
        <li key={line.label}>
          <span className="text-ink-400">{line.label}: </span>
          {line.zone ? (
            <>
              <span className="text-ink-100">{formatSpanIn(startsAt, endsAt, line.zone)}</span>{' '}
              <span className="muted text-xs">({zoneName(line.zone, new Date(startsAt))})</span>
            </>
          ) : (
            <span className="muted">the learner's time zone is not known</span>
          )}
        </li>
      ))}
    </ul>
  );
}
