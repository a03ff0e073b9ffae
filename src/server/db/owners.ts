// Who writes each table (issue 39, item 6; decision 209): every table of schema.ts, by its SQL name, to the one
// module (src/server/modules/<context>/<name>, named "<context>/<name>") whose code may insert, update or delete its rows. Any module may read
// a table; one that needs to change another module's rows calls a function the owner exports. A table kept only
// by triggers (the migrations) is owned by the module whose rows fire them. src/server/table-owners.test.ts holds
// the list: it fails on a table missing here, and on a write by a module other than the owner.

export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // Accounts: the login, its sessions and links, roles (seeded by the migrations), the profile row
  users: 'accounts/accounts',
  sessions: 'accounts/accounts',
  email_tokens: 'accounts/accounts',
  roles: 'accounts/accounts',
  user_roles: 'accounts/accounts',
  profiles: 'accounts/profiles',

  // Calendar: the shark's feed address, meeting room, imported calendars and rules of free time
  calendar_feeds: 'calendar/calendar-feed',
  shark_meeting_rooms: 'sessions/meeting-rooms',
  calendar_sources: 'calendar/calendar-imports',
  calendar_busy: 'calendar/calendar-imports',
  shark_availability: 'sessions/availability',
  availability_weekly: 'sessions/availability',
  availability_overrides: 'sessions/availability',
  availability_watchers: 'sessions/availability',
  shark_slots_versions: 'sessions/availability', // kept by triggers on availability's tables and the bookings (decision 197)

  // Catalogue: the shark's row (its own saves; the admin console's draft rows and publication through it), courses
  sharks: 'sessions/workspace',
  courses: 'catalogue/courses',
  catalogue_version: 'catalogue/listings', // kept by triggers on what the catalogue shows (decision 065)
  shark_followers: 'accounts/follows',
  shark_credentials: 'catalogue/credentials',
  shark_applications: 'catalogue/applications',

  // Sessions
  course_bookings: 'sessions/sessions',
  checkout_holds: 'sessions/sessions',
  booking_events: 'sessions/sessions',
  session_counters: 'sessions/sessions', // kept by the bookings' trigger (decision 198)
  reviews: 'catalogue/reviews',
  review_reports: 'catalogue/reviews',
  review_invitations: 'catalogue/reviews',
  review_notify_requests: 'catalogue/reviews',

  // Money
  payments: 'money/payments',
  refunds: 'money/payments',
  payment_webhook_events: 'money/payments',
  money_documents: 'money/payments',
  money_document_series: 'money/payments',
  ledger_accounts: 'money/ledger',
  ledger_transactions: 'money/ledger',
  ledger_entries: 'money/ledger',
  reconciliation_exceptions: 'money/reconciliation',
  test_gateway_objects: 'money/test-gateway',
  payout_details: 'money/payouts',
  payouts: 'money/payouts',
  fee_invoices: 'money/statements',

  // Freelance
  freelancers: 'freelance/freelancers',
  client_requests: 'freelance/client-requests',
  client_request_events: 'freelance/client-requests',
  client_request_invitations: 'freelance/client-requests',
  client_request_nda_acceptances: 'freelance/client-requests',
  proposals: 'freelance/proposals',
  engagements: 'freelance/engagements',
  engagement_milestones: 'freelance/engagements',
  engagement_events: 'freelance/engagements',
  engagement_files: 'freelance/engagement-files',
  engagement_reviews: 'freelance/engagement-reviews',

  // Conversations: the threads of a session, a proposal and an engagement (decision 212)
  booking_messages: 'platform/conversations',
  proposal_messages: 'platform/conversations',
  engagement_messages: 'platform/conversations',

  // The company: contact form, audit log, outgoing mail
  contact_messages: 'platform/contact',
  admin_audit_log: 'admin/audit',
  outbox: 'platform/mail',
};

/**
 * Server code that may write any table, and why. Besides these, tests (*.test.ts) write what they set up. The
 * scripts (scripts/: seed:large, the soak's actors, the bench) load rows in bulk over SQL, outside src/server.
 */
export const WRITERS_OF_ANY_TABLE: readonly { path: string; reason: string }[] = [
  {
    path: 'src/server/seed.ts',
    reason:
      'the demo seed loads its catalogue in bulk, like a migration (lint lets it write SQL for the same reason)',
  },
  {
    path: 'src/server/test/',
    reason: "the tests' helpers and fixtures make the rows a test starts from",
  },
];
