// The signed-in pages' API calls (issue 17: p99 < 25 ms for a learner with 200 sessions and a shark with
// 2,000): what the session page, the learner's dashboard and bookings, and the shark's dashboard and
// enrollments request (src/web/features/{sessions,bookings,follows,workspace}/api.ts). The bench signs in as
// the seeded learner and shark through POST /api/auth/login; each case's raw side is the session lookup the
// auth plugin runs for the cookie, then the route's service calls, captured like the catalogue's.
import pg from 'pg';
import type { Db } from '#server/db/client.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import { readSession } from '#server/modules/accounts/accounts/sessions.ts';
import { listMyFollows } from '#server/modules/accounts/follows/service.ts';
import {
  getMessages,
  getMySessionsOverview,
  getSession,
  listMyBookings,
  listMySessionPage,
} from '#server/modules/sessions/sessions/service.ts';
import { resolveMoneyScope, resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import {
  getCourseTotals,
  getDashboard,
  getEarnings,
  getEnrollments,
  getSessionPage,
} from '#server/modules/sessions/workspace/service.ts';
import { detailFor } from '#server/modules/freelance/client-requests/service.ts';
import type { Case } from './case';
import { BENCH_LEARNER_EMAIL, BENCH_PASSWORD, BENCH_SHARK_EMAIL } from './people';

/** The server's zone for the dashboard's "today" (config APP_TIMEZONE, not set by the bench). */
const APP_TIMEZONE = 'Asia/Kolkata';

export interface BenchPeople {
  /** One of the learner's sessions with the longest timeline and a thread: the page a learner opens. */
  learnerSessionId: string;
  /** The same among the shark's sessions with other learners. */
  sharkSessionId: string;
  learnerSessions: number;
  sharkBookings: number;
  /** The learner's client request with the most proposals (issue 27): the request page; null when none. */
  learnerRequestId: string | null;
}

/** The seeded learner and shark and the sessions the cases open, or null when the database predates them. */
export async function findBenchPeople(pool: pg.Pool): Promise<BenchPeople | null> {
  const { rows } = await pool.query<{ learner: string | null; shark: string | null }>(
    `SELECT (SELECT id FROM users WHERE email = $1) AS learner,
            (SELECT s.id FROM sharks s JOIN users u ON u.id = s.user_id WHERE u.email = $2) AS shark`,
    [BENCH_LEARNER_EMAIL, BENCH_SHARK_EMAIL],
  );
  const { learner, shark } = rows[0];
  if (!learner || !shark) return null;
  // The session with the longest timeline and thread; the shark's among its other learners' sessions.
  const busiest = async (where: string) => {
    const { rows: found } = await pool.query<{ id: string; total: string }>(
      `SELECT b.id, count(*) OVER () AS total FROM course_bookings b
       WHERE ${where}
       ORDER BY (SELECT count(*) FROM booking_events e WHERE e.booking_id = b.id)
              + (SELECT count(*) FROM booking_messages m WHERE m.booking_id = b.id) DESC, b.id
       LIMIT 1`,
      [learner, shark],
    );
    return found[0];
  };
  const mine = await busiest('b.user_id = $1 AND $2::uuid IS NOT NULL');
  const theirs = await busiest('b.shark_id = $2 AND b.user_id IS DISTINCT FROM $1');
  const { rows: counts } = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM course_bookings WHERE shark_id = $1',
    [shark],
  );
  if (!mine || !theirs) return null;
  const { rows: requests } = await pool.query<{ id: string }>(
    `SELECT r.id FROM client_requests r WHERE r.client_id = $1
     ORDER BY (SELECT count(*) FROM proposals p WHERE p.request_id = r.id) DESC, r.id LIMIT 1`,
    [learner],
  );
  return {
    learnerRequestId: requests[0]?.id ?? null,
    learnerSessionId: mine.id,
    sharkSessionId: theirs.id,
    learnerSessions: Number(mine.total),
    sharkBookings: Number(counts[0].n),
  };
}

/** Signs in like the login page and answers the session cookie's token. */
export async function signIn(base: string, email: string, portal: 'user' | 'shark'): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, portal }),
  });
  const token = /(?:^|\s|,)__Host-sid=([^;]+)/.exec(res.headers.getSetCookie().join(', '))?.[1];
  if (res.status !== 200 || !token)
    throw new Error(`signing in as ${email} answered ${res.status}: run npm run seed:large again`);
  return token;
}

/** The session tokens, filled in once the server runs (the cases' headers read them then). */
export interface Tokens {
  learner: string;
  shark: string;
}

/** The auth plugin's lookup for the cookie, as the raw side must run it too. */
async function authFor(db: Db, token: string): Promise<AuthContext> {
  const auth = await readSession(db, token);
  if (!auth) throw new Error('the bench session is not live');
  return auth;
}

export function signedInCases(people: BenchPeople, tokens: Tokens): Case[] {
  // A getter: the cases are listed before the server runs, the tokens come from signing in to it.
  const as = (who: keyof Tokens, c: Omit<Case, 'headers'>): Case =>
    Object.defineProperty(c, 'headers', {
      get: () => ({ cookie: `__Host-sid=${tokens[who]}` }),
      enumerable: true,
    });
  const caller = (auth: AuthContext) => ({ userId: auth.user.id, isAdmin: auth.roles.includes('admin') });
  const { learnerSessionId: ls, sharkSessionId: ss, learnerRequestId: rq } = people;
  return [
    ...(rq
      ? [
          as('learner', {
            // The client's request page (issue 27): the request, its scope and invitations.
            name: 'request page',
            path: `/api/requests/${rq}`,
            service: async (db) => detailFor(db, await authFor(db, tokens.learner), rq),
          }),
        ]
      : []),
    as('learner', {
      // Every page asks who is signed in (cached for the visit): the session lookup alone.
      name: 'auth session',
      path: '/api/auth/session',
      service: (db) => authFor(db, tokens.learner),
    }),
    as('learner', {
      name: 'learner session',
      path: `/api/sessions/${ls}`,
      service: async (db) => getSession(db, caller(await authFor(db, tokens.learner)), ls),
    }),
    as('learner', {
      name: 'learner thread',
      path: `/api/sessions/${ls}/messages`,
      service: async (db) => getMessages(db, caller(await authFor(db, tokens.learner)), ls),
    }),
    as('learner', {
      // Every booking at once: the spec's list, which no page loads since decision 076 (kept to compare).
      name: 'learner bookings',
      path: '/api/me/bookings',
      service: async (db) => listMyBookings(db, (await authFor(db, tokens.learner)).user.id),
    }),
    as('learner', {
      // The learner's dashboard, and the bookings page's header: numbers and three sessions per group.
      name: 'learner overview',
      path: '/api/me/sessions/overview',
      service: async (db) => getMySessionsOverview(db, (await authFor(db, tokens.learner)).user.id),
    }),
    as('learner', {
      // The bookings page's "Show more" on Past: a page past the first.
      name: 'learner past page 2',
      path: '/api/me/sessions?group=past&page=2',
      service: async (db) =>
        listMySessionPage(db, (await authFor(db, tokens.learner)).user.id, { group: 'past', page: 2 }),
    }),
    as('learner', {
      name: 'learner follows',
      path: '/api/me/follows',
      service: async (db) => listMyFollows(db, (await authFor(db, tokens.learner)).user.id),
    }),
    as('shark', {
      name: 'shark dashboard',
      path: '/api/workspace/dashboard',
      service: async (db) =>
        getDashboard(db, await resolveScope(db, await authFor(db, tokens.shark), undefined), APP_TIMEZONE),
    }),
    as('shark', {
      // Every booking of the shark's courses: the spec's list, which no page loads since decision 076.
      name: 'shark enrollments',
      path: '/api/workspace/enrollments',
      service: async (db) =>
        getEnrollments(db, await resolveScope(db, await authFor(db, tokens.shark), undefined)),
    }),
    as('shark', {
      // The enrollments page: a page deep in Past, and each course's totals.
      name: 'shark past page 5',
      path: '/api/workspace/sessions?group=past&page=5',
      service: async (db) =>
        getSessionPage(db, await resolveScope(db, await authFor(db, tokens.shark), undefined), {
          group: 'past',
          page: 5,
        }),
    }),
    as('shark', {
      name: 'shark course totals',
      path: '/api/workspace/enrollments/courses',
      service: async (db) =>
        getCourseTotals(db, await resolveScope(db, await authFor(db, tokens.shark), undefined)),
    }),
    as('shark', {
      // The earnings page (issue 23): the balance and the first page of paid sessions' money.
      name: 'shark earnings',
      path: '/api/workspace/earnings',
      service: async (db) =>
        getEarnings(db, await resolveMoneyScope(db, await authFor(db, tokens.shark), undefined), { page: 1 }),
    }),
    as('shark', {
      name: 'shark session',
      path: `/api/sessions/${ss}`,
      service: async (db) => getSession(db, caller(await authFor(db, tokens.shark)), ss),
    }),
    as('shark', {
      name: 'shark thread',
      path: `/api/sessions/${ss}/messages`,
      service: async (db) => getMessages(db, caller(await authFor(db, tokens.shark)), ss),
    }),
  ];
}
