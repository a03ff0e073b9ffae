// The session lists' groups and pages (issue 17): every list of sessions (the learner's bookings, the shark's
// enrollments, both dashboards) is read one group at a time, a page at a time, with the group's total, so
// a shark with years of sessions downloads twenty rows, not every booking. The groups are decision 056's.
// Free of zod, so a page that only reads a list's texts or pages never loads the schemas (decision 091); the
// pages' schemas are in sessions.ts.

/**
 * "Needs your action" first, then "Upcoming" (requested or confirmed, start ahead), then "Past" (what was held or
 * was due to be), then "Cancelled": the declined, expired and cancelled sessions, whenever they were due (issue 43).
 */
export const SESSION_GROUPS = ['needsAction', 'upcoming', 'past', 'cancelled'] as const;
export type SessionGroup = (typeof SESSION_GROUPS)[number];

/** Rows per page of a full list; the dashboards show the first few of each group. */
export const SESSION_PAGE_SIZE = 20;
export const SESSION_PREVIEW_SIZE = 3;

export const SESSION_LIST_MSG = {
  unknownGroup: 'Choose a group: needsAction, upcoming, past or cancelled',
  badPage: 'Page must be a whole number from 1',
  loadingMore: 'Loading…',
} as const;

/** Each group's heading and what it says when empty, on every list. */
export const SESSION_GROUP_TEXT: Record<SessionGroup, { title: string; empty: string }> = {
  needsAction: { title: 'Needs your action', empty: 'Nothing needs your answer right now.' },
  upcoming: { title: 'Upcoming', empty: 'No upcoming sessions.' },
  past: { title: 'Past', empty: 'No past sessions yet.' },
  cancelled: { title: 'Cancelled', empty: 'No cancelled, declined or expired sessions.' },
};

/** "See all 26 upcoming sessions →" under a dashboard's group. */
export const seeAllSessions = (total: number, group: SessionGroup) =>
  `See all ${total} ${SESSION_GROUP_TEXT[group].title.toLowerCase()} sessions →`;

/** "Show more upcoming sessions (20 of 26)" under a full list's group. */
export const showMoreSessions = (shown: number, total: number, group: SessionGroup) =>
  `Show more ${SESSION_GROUP_TEXT[group].title.toLowerCase()} sessions (${shown} of ${total})`;

/** The page after this one, or undefined when this is the last (a paged list's `getNextPageParam`). */
export const nextSessionPage = (p: { page: number; pageSize: number; total: number }) =>
  p.page * p.pageSize < p.total ? p.page + 1 : undefined;
