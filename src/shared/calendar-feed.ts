// An account's private calendar feed (issue 26, decision 148): a secret address that lists the account's
// sessions, on both sides, for Google Calendar, Outlook and Apple Calendar to subscribe to.
import { z } from 'zod';

/** The feed's path; the secret is the file name. */
export const calendarFeedPath = (secret: string) => `/calendar/${secret}.ics`;

export const CALENDAR_FEED_MSG = {
  title: 'Calendar feed',
  intro:
    'Subscribe to your sessions from your own calendar. The address is private: anyone who has it can see your sessions, so share it with no one.',
  none: 'You have no calendar address yet.',
  make: 'Make my calendar address',
  makeNew: 'Make a new address',
  active: (date: string) => `Your calendar address was made on ${date}.`,
  shownOnce:
    'Copy it now: we keep only a fingerprint of it, so it cannot be shown again. If you lose it, make a new one.',
  hidden:
    'For your safety the address is shown only when it is made. If you no longer have it, make a new one: the old one then stops working.',
  addressLabel: 'Your calendar address',
  copy: 'Copy',
  copied: 'Address copied.',
  confirmTitle: 'Make a new calendar address?',
  confirmBody:
    'The current address stops working at once: calendars subscribed to it stop updating until you subscribe to the new one.',
  confirmYes: 'Make a new address',
  cancel: 'Keep the current one',
  made: 'Your new calendar address is ready.',
  google: 'Google Calendar: Other calendars, +, From URL, paste the address, Add calendar.',
  outlook: 'Outlook: Add calendar, Subscribe from web, paste the address, Import.',
  apple: 'Apple Calendar: File, New Calendar Subscription, paste the address (or open the webcal:// link).',
  openWebcal: 'Open in my calendar app',
} as const;

/** GET /api/me/calendar-feed: whether the account has a live address (which itself is never shown again). */
export const calendarFeedStatusSchema = z.object({ createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/me/calendar-feed: a new address (the old one, if any, stops working); shown this once. */
export const calendarFeedAddressSchema = z.object({
  createdAt: z.string(),
  url: z.string(),
  webcalUrl: z.string(),
});
export type CalendarFeedAddress = z.infer<typeof calendarFeedAddressSchema>;
