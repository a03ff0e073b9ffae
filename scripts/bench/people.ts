// The two signed-in accounts of the bench's session and dashboard cases (issue 17): `npm run seed:large`
// creates them with this password, and the bench signs in as them through POST /api/auth/login like a browser.
// Benchmark data only: the password is public, the accounts exist only in a database seeded for the bench.

/** A learner with 200 sessions: 40 with the bench shark, 160 with sharks of the catalogue. */
export const BENCH_LEARNER_EMAIL = 'bench-learner@bench.sharksecurity.in';
/** A shark with 2,000 bookings over 400 days, five a day, by learners of the catalogue and the bench learner. */
export const BENCH_SHARK_EMAIL = 'bench-shark@bench.sharksecurity.in';
export const BENCH_PASSWORD = 'Bench-sessions-2026!';

export const BENCH_LEARNER_SESSIONS = 200;
export const BENCH_SHARK_BOOKINGS = 2000;
