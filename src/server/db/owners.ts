// Who writes each table (issue 39, item 6; decision 209): every table of schema.ts, by its SQL name, to the one
// module (a folder under src/server/modules) whose code may insert, update or delete its rows. Any module may read
// a table; one that needs to change another module's rows calls a function the owner exports. A table kept only
// by triggers (the migrations) is owned by the module whose rows fire them. src/server/table-owners.test.ts holds
// the list: it fails on a table missing here, and on a write by a module other than the owner.

export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  // Accounts: the login, its sessions and links, roles (seeded by the migrations), the profile row
  users: 'accounts',
  sessions: 'accounts',
  email_tokens: 'accounts',
  roles: 'accounts',
  user_roles: 'accounts',
  profiles: 'profiles',

  // Calendar: the shark's feed address, meeting room, imported calendars and rules of free time
  calendar_feeds: 'calendar-feed',
  shark_meeting_rooms: 'meeting-rooms',
  calendar_sources: 'calendar-imports',
  calendar_busy: 'calendar-imports',
  shark_availability: 'availability',
  availability_weekly: 'availability',
  availability_overrides: 'availability',
  availability_watchers: 'availability',
  shark_slots_versions: 'availability', // kept by triggers on availability's tables and the bookings (decision 197)

  // Catalogue: the shark's row (its own saves; the admin console's draft rows and publication through it), courses
  sharks: 'workspace',
  courses: 'courses',
  catalogue_version: 'sharks', // kept by triggers on what the catalogue shows (decision 065)
  shark_followers: 'follows',
  shark_credentials: 'credentials',
  shark_applications: 'applications',

  // Sessions
  course_bookings: 'sessions',
  checkout_holds: 'sessions',
  booking_events: 'sessions',
  session_counters: 'sessions', // kept by the bookings' trigger (decision 198)
  reviews: 'reviews',
  review_reports: 'reviews',
  review_invitations: 'reviews',
  review_notify_requests: 'reviews',

  // Money
  payments: 'payments',
  refunds: 'payments',
  payment_webhook_events: 'payments',
  money_documents: 'payments',
  money_document_series: 'payments',
  ledger_accounts: 'ledger',
  ledger_transactions: 'ledger',
  ledger_entries: 'ledger',
  reconciliation_exceptions: 'reconciliation',
  test_gateway_objects: 'test-gateway',
  payout_details: 'payouts',
  payouts: 'payouts',
  fee_invoices: 'statements',

  // Freelance
  freelancers: 'freelancers',
  client_requests: 'client-requests',
  client_request_events: 'client-requests',
  client_request_invitations: 'client-requests',
  client_request_nda_acceptances: 'client-requests',
  proposals: 'proposals',
  engagements: 'engagements',
  engagement_milestones: 'engagements',
  engagement_events: 'engagements',
  engagement_files: 'engagement-files',
  engagement_reviews: 'engagement-reviews',

  // Conversations: the threads of a session, a proposal and an engagement (decision 212)
  booking_messages: 'conversations',
  proposal_messages: 'conversations',
  engagement_messages: 'conversations',

  // The company: contact form, audit log, outgoing mail
  contact_messages: 'contact',
  admin_audit_log: 'audit',
  outbox: 'mail',
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
