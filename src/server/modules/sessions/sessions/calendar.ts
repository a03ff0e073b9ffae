// A session as an iCalendar file (RFC 5545), written by ical-generator: the "Add to calendar" download and the
// attachment of the confirmation and reschedule mails. Times are UTC instants (DTSTART:...Z), which every
// calendar shows in its owner's zone, so one file is right for the learner and the shark alike.
import ical, { type ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { SessionDetail, SessionStatus } from '#shared/sessions.ts';
import { now } from '#server/time.ts';

/** What the file needs of a session; a SessionDetail (GET /api/sessions/:id) has it all. */
export type CalendarSession = Pick<SessionDetail, 'id' | 'startsAt' | 'endsAt' | 'meetingLink'> & {
  status: SessionStatus;
  course: Pick<SessionDetail['course'], 'title'>;
  shark: Pick<SessionDetail['shark'], 'name'>;
  learner: Pick<SessionDetail['learner'], 'name'>;
  /** The timeline: each accepted reschedule is a new revision of the event (SEQUENCE). */
  events: readonly Pick<SessionDetail['events'][number], 'kind'>[];
};

/**
 * Compiles only while a SessionDetail is a CalendarSession: the sessions module passes its detail as it is.
 * @public a compile-time check, read by no one
 */
export type DetailIsEnough = SessionDetail extends CalendarSession ? true : never;
/** @public */
export const detailIsEnough: DetailIsEnough = true;

const STATUS: Record<SessionStatus, ICalEventStatus> = {
  requested: ICalEventStatus.TENTATIVE,
  confirmed: ICalEventStatus.CONFIRMED,
  completed: ICalEventStatus.CONFIRMED,
  no_show: ICalEventStatus.CONFIRMED,
  declined: ICalEventStatus.CANCELLED,
  expired: ICalEventStatus.CANCELLED,
  cancelled: ICalEventStatus.CANCELLED,
};

/** The meeting link is shown from confirmation on (as on the session page). */
const showsMeetingLink = (status: SessionStatus) =>
  status === 'confirmed' || status === 'completed' || status === 'no_show';

/** The session as a VCALENDAR with one VEVENT; `link` is the session page's absolute URL. */
export function sessionCalendar(session: CalendarSession, link: string): string {
  return calendarOf(session, link, session.events.filter((e) => e.kind === 'reschedule_accepted').length);
}

/** The same, with its revision counted by the caller (the mails count accepted reschedules in SQL). */
export function calendarOf(session: Omit<CalendarSession, 'events'>, link: string, sequence: number): string {
  const calendar = newCalendar('Shark Security sessions');
  addSession(calendar, {
    ...session,
    startsAt: new Date(session.startsAt),
    endsAt: new Date(session.endsAt),
    courseTitle: session.course.title,
    sharkName: session.shark.name,
    learnerName: session.learner.name,
    link,
    sequence,
    stamp: now(),
    side: null,
  });
  return calendar.toString();
}

/** One session as the feed and the single file both write it. */
export interface CalendarEntry {
  id: string;
  status: SessionStatus;
  startsAt: Date;
  endsAt: Date;
  meetingLink: string | null;
  courseTitle: string;
  sharkName: string;
  learnerName: string;
  /** The session page's absolute URL. */
  link: string;
  /** The entry's revision: bumps on every change a calendar must follow. */
  sequence: number;
  /** DTSTAMP: when this revision was made (a fixed instant keeps the feed's ETag stable). */
  stamp: Date;
  /** Whose calendar it goes into, for the title; null: both sides' (the single file, the mails). */
  side: 'learner' | 'shark' | null;
}

const newCalendar = (name: string) =>
  ical({
    prodId: { company: 'Shark Security', product: 'Sessions', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name,
  });

/** The one way a session becomes a VEVENT (the single file, the mails' attachment and the feed). */
function addSession(calendar: ICalCalendar, entry: CalendarEntry): void {
  const host = new URL(entry.link).hostname;
  const meeting = showsMeetingLink(entry.status) ? entry.meetingLink : null;
  const other = entry.side === 'shark' ? entry.learnerName : entry.sharkName;
  calendar.createEvent({
    // Stable across revisions, so a calendar updates the entry instead of adding a second one.
    id: `session-${entry.id}@${host}`,
    sequence: entry.sequence,
    stamp: entry.stamp,
    start: entry.startsAt,
    end: entry.endsAt,
    summary: `${entry.courseTitle} with ${other}`,
    description: [
      `Session of ${entry.courseTitle} between ${entry.sharkName} (shark) and ${entry.learnerName} (learner).`,
      ...(meeting ? [`Meeting link: ${meeting}`] : []),
      `Session page: ${entry.link}`,
    ].join('\n'),
    location: meeting,
    url: entry.link,
    status: STATUS[entry.status],
  });
}

/**
 * An account's feed (decision 148): every entry as a VEVENT, with refresh hints for the apps that read them
 * (Outlook and Apple read X-PUBLISHED-TTL, others REFRESH-INTERVAL).
 */
export function feedCalendar(entries: readonly CalendarEntry[]): string {
  const calendar = newCalendar('Shark Security sessions');
  calendar.ttl(60 * 60);
  for (const entry of entries) addSession(calendar, entry);
  return calendar.toString();
}
