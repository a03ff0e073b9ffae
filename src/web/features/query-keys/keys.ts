// Every key of the web's query cache, one factory per feature (the catalogue's are in #shared/catalogue-keys.ts,
// since the server writes first-paint data under them). A feature invalidates what its change makes stale by
// naming another feature's key here, without importing that feature (decision 110). Types only: this file is on
// every page, so it must not pull a schema (and zod) along.
import type { BookingSearchQuery } from '#shared/admin.ts';
import type { CredentialStatus } from '#shared/credentials.ts';
import type { EngagementStatus } from '#shared/engagements.ts';
import type { ReconciliationStatus } from '#shared/reconciliation.ts';
import type { SessionGroup } from '#shared/session-lists.ts';

export const accountKeys = {
  session: ['session'] as const,
  profile: ['me', 'profile'] as const,
  verifyEmail: (token: string) => ['verify-email', token] as const,
  /** The account's calendar feed address (decision 148). */
  calendarFeed: ['me', 'calendar-feed'] as const,
  /** What deleting the account now would cancel and refund (issue 38). */
  deletion: ['me', 'account', 'deletion'] as const,
};

export const adminKeys = {
  sharks: ['admin', 'sharks'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  contactMessagePage: (q: string, page: number) => [...adminKeys.contactMessages, q, page] as const,
  applications: ['admin', 'shark-applications'] as const,
  applicationPage: (q: string, page: number) => [...adminKeys.applications, q, page] as const,
};

export const consoleKeys = {
  all: ['admin', 'console'] as const,
  sharks: (q: string, page: number) => [...adminKeys.sharks, 'states', q, page] as const,
  users: (q: string, page: number) => [...consoleKeys.all, 'users', q, page] as const,
  bookings: (query: BookingSearchQuery) => [...consoleKeys.all, 'bookings', query] as const,
  audit: (q: string, page: number) => [...consoleKeys.all, 'audit', q, page] as const,
  credentials: (status: CredentialStatus, q: string, page: number) =>
    [...consoleKeys.all, 'credentials', status, q, page] as const,
  clientRequests: (q: string, page: number) => [...consoleKeys.all, 'client-requests', q, page] as const,
  engagements: (q: string, status: EngagementStatus | '', page: number) =>
    [...consoleKeys.all, 'engagements', q, status, page] as const,
  disputes: (page: number) => [...consoleKeys.all, 'disputes', page] as const,
};

/** The reconciliation's exceptions (issue 24), under the admin's keys. */
export const reconciliationKeys = {
  all: ['admin', 'reconciliation'] as const,
  page: (status: ReconciliationStatus, page: number) => [...reconciliationKeys.all, status, page] as const,
};

/** The finance console (issue 24): every key starts with `all`, so a manual refund refreshes them all. */
export const financeKeys = {
  all: ['admin', 'finance'] as const,
  payments: (q: string, page: number) => [...financeKeys.all, 'payments', q, page] as const,
  refunds: (q: string, status: string, page: number) =>
    [...financeKeys.all, 'refunds', q, status, page] as const,
  balances: (q: string, page: number) => [...financeKeys.all, 'balances', q, page] as const,
  trialBalance: ['admin', 'finance', 'trial-balance'] as const,
};

export const mailKeys = {
  all: ['admin', 'mail'] as const,
  page: (q: string, page: number) => [...mailKeys.all, 'page', q, page] as const,
};

export const availabilityKeys = {
  all: ['availability'] as const,
  slots: (sharkId: string, hours: number) => ['availability', 'slots', sharkId, hours] as const,
  slotsOf: (sharkId: string) => ['availability', 'slots', sharkId] as const,
  workspace: (sharkId: string | undefined) => ['availability', 'workspace', sharkId ?? 'own'] as const,
};

// Every key of the caller's sessions starts with `mine`, so one invalidation refreshes the lists and the overview.
export const bookingKeys = {
  mine: ['me', 'bookings'] as const,
  overview: ['me', 'bookings', 'overview'] as const,
  group: (group: SessionGroup) => ['me', 'bookings', 'group', group] as const,
};

export const workspaceKeys = {
  all: ['workspace'] as const,
  scope: (sharkId?: string) => ['workspace', sharkId ?? 'me'] as const,
  profile: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'profile'] as const,
  dashboard: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'dashboard'] as const,
  courseTotals: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'course-totals'] as const,
  sessions: (group: SessionGroup, sharkId?: string) =>
    [...workspaceKeys.scope(sharkId), 'sessions', group] as const,
  earnings: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'earnings'] as const,
  /** The months of its statements and where each fee invoice stands. */
  statements: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'statements'] as const,
  /** How its sessions get a meeting room (decision 149). */
  meetingRoom: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'meeting-room'] as const,
};

/** A shark's own courses live under its workspace scope: one invalidation refreshes them with its dashboard. */
export const courseKeys = {
  own: (sharkId?: string) => [...workspaceKeys.scope(sharkId), 'courses'] as const,
};

/** A shark's other calendars (issue 26): the addresses it added. */
export const calendarImportKeys = {
  own: ['calendar-imports', 'own'] as const,
};

export const credentialKeys = {
  all: ['credentials'] as const,
  own: (sharkId?: string) => [...credentialKeys.all, 'own', sharkId ?? 'me'] as const,
  /** A freelancer's own credentials (decision 154). */
  freelancer: ['credentials', 'freelancer'] as const,
  public: (sharkId: string) => [...credentialKeys.all, 'public', sharkId] as const,
};

/** Where a shark is paid (issue 24): its masked payout details. */
export const payoutKeys = {
  /** Whose: a shark's id (an admin acting for it), 'freelancer' (its own), or none for the shark itself. */
  details: (owner?: string) => ['payouts', 'details', owner ?? 'me'] as const,
  mine: (owner?: string) => ['payouts', 'list', owner ?? 'me'] as const,
  admin: ['admin', 'payouts'] as const,
  batch: (query: { period?: string; status?: string; q?: string; page: number }) =>
    ['admin', 'payouts', query] as const,
};

export const followKeys = {
  mine: ['me', 'follows'] as const,
};

export const freelancerKeys = {
  profile: ['freelancer', 'profile'] as const,
  balance: ['freelancer', 'balance'] as const,
  /** The earnings page: the balance with paid out, and a line per paid milestone. */
  earnings: ['freelancer', 'earnings'] as const,
  /** The public directory and profiles (issue 27). */
  public: ['freelancers'] as const,
  list: (filters: object) => ['freelancers', 'list', filters] as const,
  one: (id: string) => ['freelancers', 'one', id] as const,
};

export const reviewKeys = {
  all: ['reviews'] as const,
  shark: (sharkId: string) => [...reviewKeys.all, 'shark', sharkId] as const,
  session: (bookingId: string) => [...reviewKeys.all, 'session', bookingId] as const,
  workspace: (sharkId?: string) => [...reviewKeys.all, 'workspace', sharkId ?? 'me'] as const,
  reported: (q: string, page: number) => [...reviewKeys.all, 'reported', q, page] as const,
};

export const sessionKeys = {
  all: ['sessions'] as const,
  detail: (id: string) => ['sessions', id] as const,
  messages: (id: string) => ['sessions', id, 'messages'] as const,
};

/** Money: a course's quote for some hours, a session's checkout (issue 23). */
export const moneyKeys = {
  quote: (courseId: string, hours: number) => ['money', 'quote', courseId, hours] as const,
  checkout: (bookingId: string) => ['money', 'checkout', bookingId] as const,
};

/** The freelance marketplace (issue 27): a client's requests and their proposals, a freelancer's area. */
export const requestKeys = {
  all: ['requests'] as const,
  mine: ['requests', 'mine'] as const,
  invitable: ['requests', 'invitable'] as const,
  detail: (id: string) => ['requests', 'detail', id] as const,
  proposals: (id: string) => ['requests', 'detail', id, 'proposals'] as const,
  messages: (proposalId: string) => ['requests', 'messages', proposalId] as const,
  area: ['requests', 'freelancer'] as const,
  forFreelancer: (id: string) => ['requests', 'freelancer', id] as const,
};

export const engagementKeys = {
  all: ['engagements'] as const,
  mine: ['engagements', 'mine'] as const,
  detail: (id: string) => ['engagements', 'detail', id] as const,
  files: (id: string) => ['engagements', 'files', id] as const,
  review: (id: string) => ['engagements', 'review', id] as const,
};
