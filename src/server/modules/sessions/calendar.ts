// "Add to calendar": one session as an iCalendar (.ics) file, also attached to the confirmation and
// reschedule mails. (Owned by the notifications work of issue 13.)
import type { SessionDetail } from '#shared/sessions.ts';

/** The session as a VCALENDAR with one VEVENT; `link` is the session page's absolute URL. */
export function sessionCalendar(_session: SessionDetail, _link: string): string {
  // Filled in by the notifications work.
  return '';
}
