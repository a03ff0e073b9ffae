// A session's time as each side reads it: the viewer's own zone first, then the other side's (the shark's
// or the learner's; an admin sees both), each zone written out once, by one name.
import type { SessionDetail } from '#shared/sessions.ts';
import { canonicalZone, sameZone } from '#shared/time-zones.ts';
import { formatDateTimeIn, formatTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';

/** "Thu, 26 Nov 2026, 18:30 – 19:30" in a zone. */
export const formatSpanIn = (startsAt: string, endsAt: string, timeZone: string) =>
  `${formatDateTimeIn(startsAt, timeZone)} – ${formatTimeIn(endsAt, timeZone)}`;

interface ZoneLine {
  label: string;
  zone: string | null;
}

/**
 * Whose clocks to show this viewer, the viewer's own first. A side in the viewer's own zone joins its line
 * ("Your time and the shark's"), so one zone is named once and no time is repeated (issue 25).
 */
export function zoneLines(session: SessionDetail, own: string = viewerTimeZone()): ZoneLine[] {
  const others: Array<{ who: string; zone: string | null }> = [];
  if (session.viewer !== 'shark') others.push({ who: 'shark', zone: session.shark.timeZone });
  if (session.viewer !== 'learner') others.push({ who: 'learner', zone: session.learner.timeZone });
  const withMe = others.filter((o) => o.zone !== null && sameZone(o.zone, own)).map((o) => `the ${o.who}'s`);
  const lines: ZoneLine[] = [
    { label: withMe.length ? `Your time and ${withMe.join(' and ')}` : 'Your time', zone: own },
  ];
  const rest = others.filter((o) => o.zone === null || !sameZone(o.zone, own));
  // An admin whose two sides share a zone (not the admin's) reads it once too.
  if (rest.length === 2 && rest[0].zone && rest[1].zone && sameZone(rest[0].zone, rest[1].zone))
    lines.push({ label: "The shark's and the learner's time", zone: canonicalZone(rest[0].zone) });
  else
    for (const o of rest)
      lines.push({
        label: o.who === 'shark' ? "Shark's time" : "Learner's time",
        zone: o.zone && canonicalZone(o.zone),
      });
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
