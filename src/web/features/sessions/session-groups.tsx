// Sessions grouped the same way on every list (learner's dashboard and bookings, shark's dashboard and
// enrollments): "Needs your action" first, then "Upcoming" (requested or confirmed, start still ahead), then
// "Past". Coming sessions run soonest first, past ones most recent first. Each row opens the session page.
import { Link } from 'react-router';
import type { MyBooking } from '#shared/bookings.ts';
import { paths } from '#shared/routes.ts';
import type { Enrollments } from '#shared/workspace.ts';
import { formatDateTimeIn, formatRupees, viewerTimeZone } from '#web/lib/format.ts';
import { StatusBadge } from './status-badge';

export interface SessionListItem {
  id: string;
  title: string;
  /** "with Arjun Mehta" for a learner, the learner's name for a shark. */
  counterpart: string;
  startsAt: string;
  hours: number;
  totalPrice: number;
  status: string;
  needsAction: boolean;
  /**
   * The server's verdict (requested or confirmed, start ahead, by the server's clock). Preferred over the
   * browser's clock, which may disagree with the server's (a wrong system clock, or a test's moved clock).
   */
  upcoming?: boolean;
  /** The learner's email and phone, for the shark's lists. */
  contact?: string;
  /** A learner's completed session: the row offers "Leave a review" (issue 14). */
  review?: { sharkName: string };
}

/** A learner's own booking as a row. */
export const fromMyBooking = (b: MyBooking): SessionListItem => ({
  id: b.id,
  title: b.courseTitle,
  counterpart: `with ${b.sharkName}`,
  startsAt: b.startsAt,
  hours: b.hours,
  totalPrice: b.totalPrice,
  status: b.status,
  needsAction: b.needsAction === true,
  upcoming: b.upcoming,
  review: b.status === 'completed' ? { sharkName: b.sharkName } : undefined,
});

/** Every booking of the shark's courses as rows; a row the server sent without its time and status is left out. */
export const fromEnrollments = (data: Enrollments): SessionListItem[] =>
  data.courses.flatMap((course) =>
    course.students.flatMap((s) =>
      s.startsAt && s.status
        ? [
            {
              id: s.id,
              title: course.title,
              counterpart: s.name,
              contact: `${s.email} · ${s.phone}`,
              startsAt: s.startsAt,
              hours: s.hours,
              totalPrice: s.totalPrice,
              status: s.status,
              needsAction: s.needsAction === true,
              upcoming: s.upcoming,
            },
          ]
        : [],
    ),
  );

export interface SessionGroupsData {
  needsAction: SessionListItem[];
  upcoming: SessionListItem[];
  past: SessionListItem[];
}

const time = (s: SessionListItem) => new Date(s.startsAt).getTime();

export function groupSessions(items: SessionListItem[], now: Date = new Date()): SessionGroupsData {
  const needsAction: SessionListItem[] = [];
  const upcoming: SessionListItem[] = [];
  const past: SessionListItem[] = [];
  for (const s of items) {
    if (s.needsAction) needsAction.push(s);
    else if (
      s.upcoming ??
      ((s.status === 'requested' || s.status === 'confirmed') && time(s) > now.getTime())
    )
      upcoming.push(s);
    else past.push(s);
  }
  needsAction.sort((a, b) => time(a) - time(b));
  upcoming.sort((a, b) => time(a) - time(b));
  past.sort((a, b) => time(b) - time(a));
  return { needsAction, upcoming, past };
}

const GROUPS = [
  { key: 'needsAction', title: 'Needs your action', empty: 'Nothing needs your answer right now.' },
  { key: 'upcoming', title: 'Upcoming', empty: 'No upcoming sessions.' },
  { key: 'past', title: 'Past', empty: 'No past sessions yet.' },
] as const;

/** The three groups, each with its heading and count; `limit` shows only the first few of each (dashboards). */
export function SessionGroups({
  groups,
  limit,
  emptyUpcoming,
  level = 2,
}: {
  groups: SessionGroupsData;
  limit?: number;
  emptyUpcoming?: string;
  /** 3 when the groups sit inside a section with its own h2 (dashboards). */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-8">
      {GROUPS.map((g) => {
        const items = groups[g.key];
        if (g.key === 'needsAction' && items.length === 0) return null;
        const headingId = `sessions-${g.key}`;
        const shown = limit ? items.slice(0, limit) : items;
        return (
          <section key={g.key} aria-labelledby={headingId} className="flex flex-col gap-3">
            <Heading
              id={headingId}
              className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}
            >
              {g.title} <span className="text-ink-400">({items.length})</span>
            </Heading>
            {shown.length === 0 ? (
              <p className="muted text-sm">
                {g.key === 'upcoming' && emptyUpcoming ? emptyUpcoming : g.empty}
              </p>
            ) : (
              <ul aria-label={g.title} className="flex flex-col gap-3">
                {shown.map((s) => (
                  <SessionRowItem key={s.id} session={s} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function SessionRowItem({ session: s }: { session: SessionListItem }) {
  return (
    <li data-testid="session-item">
      <Link
        to={paths.sessions.detail(s.id)}
        className="glass flex flex-col gap-3 p-4 hover:border-accent-400/50 sm:flex-row sm:items-center sm:justify-between sm:p-5"
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-ink-100">{s.title}</span>
            <StatusBadge status={s.status} />
          </div>
          <p className="text-sm text-ink-400">{s.counterpart}</p>
          {s.contact ? <p className="text-xs break-all text-ink-400">{s.contact}</p> : null}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-5 gap-y-1 text-sm sm:shrink-0 sm:grid-cols-[auto_3rem_6rem]">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-ink-400">When (your time)</dt>
            <dd className="text-ink-100">{formatDateTimeIn(s.startsAt, viewerTimeZone())}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Hours</dt>
            <dd className="text-ink-100">{s.hours}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Total</dt>
            <dd className="font-semibold text-ink-100">{formatRupees(s.totalPrice)}</dd>
          </div>
        </dl>
      </Link>
      {s.review ? (
        // Only a completed session can be reviewed; the review page says when its window has closed.
        <Link
          to={paths.user.review(s.id)}
          className="btn-ghost mt-2 w-fit py-1.5"
          aria-label={`Leave a review of ${s.title} with ${s.review.sharkName}`}
        >
          Leave a review
        </Link>
      ) : null}
    </li>
  );
}
