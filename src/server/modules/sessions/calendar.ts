// A session as an iCalendar file (RFC 5545), written by ical-generator: the "Add to calendar" download and the
// attachment of the confirmation and reschedule mails. Times are UTC instants (DTSTART:...Z), which every
// calendar shows in its owner's zone, so one file is right for the learner and the shark alike.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
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
  const host = new URL(link).hostname;
  const meeting = showsMeetingLink(session.status) ? session.meetingLink : null;
  const calendar = ical({
    prodId: { company: 'Shark Security', product: 'Sessions', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    name: 'Shark Security sessions',
  });
  calendar.createEvent({
    // Stable across revisions, so a calendar updates the entry instead of adding a second one.
    id: `session-${session.id}@${host}`,
    sequence,
    stamp: now(),
    start: new Date(session.startsAt),
    end: new Date(session.endsAt),
    summary: `${session.course.title} with ${session.shark.name}`,
    description: [
      `Session of ${session.course.title} between ${session.shark.name} (shark) and ${session.learner.name} (learner).`,
      ...(meeting ? [`Meeting link: ${meeting}`] : []),
      `Session page: ${link}`,
    ].join('\n'),
    location: meeting,
    url: link,
    status: STATUS[session.status],
  });
  return calendar.toString();
}
