// "Add to calendar": one session as an iCalendar (.ics) file, also attached to the confirmation and
// reschedule mails. Written by the session-mail module, which attaches it to those mails.
export { sessionCalendar, type CalendarSession } from '#server/modules/session-mail/service.ts';
