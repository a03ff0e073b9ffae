// The role matrix: every protected API endpoint called as a visitor, a user, a freelancer, the shark who owns
// the resource, another shark and an admin. The browser's route guards are only UX; these are the rules.
// A final test fails when an /api route exists that is neither in this matrix nor on the public list, so a
// new endpoint cannot ship without deciding who may call it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { COMMON_MSG } from '#shared/common.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createBooking,
  createCourse,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { courses } from '#server/db/schema.ts';

type Caller = 'visitor' | 'user' | 'freelancer' | 'shark' | 'otherShark' | 'admin';
/** A status, a list of acceptable statuses, 'ok' (allowed: neither 401 nor 403, no 5xx) or 'signedIn' (anything but 401, no 5xx). */
type Expect = number | number[] | 'ok' | 'signedIn';
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as Fastify knows it, for the completeness check. */
  route: string;
  url: (ctx: Ctx) => string;
  body?: (ctx: Ctx) => object;
  expect: Record<Caller, Expect>;
}
interface Ctx {
  sharkId: string;
  courseId: string;
  /** A confirmed session of `user` with shark A. */
  bookingId: string;
}

const ADMIN_ONLY: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  freelancer: 403,
  shark: 403,
  otherShark: 403,
  admin: 'ok',
};
/** Acting on shark A's workspace: A itself and admins may; another shark is refused. */
const OWNER_OR_ADMIN: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  freelancer: 403,
  shark: 'ok',
  otherShark: 403,
  admin: 'ok',
};
const SIGNED_IN: Record<Caller, Expect> = {
  visitor: 401,
  user: 'signedIn',
  freelancer: 'signedIn',
  shark: 'signedIn',
  otherShark: 'signedIn',
  admin: 'signedIn',
};
/** A session: its learner (`user`), its shark and admins; anyone else is told it does not exist. */
const SESSION_PARTY: Record<Caller, Expect> = {
  visitor: 401,
  user: 'ok',
  freelancer: 404,
  shark: 'ok',
  otherShark: 404,
  admin: 'ok',
};
const FREELANCER_ONLY: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  freelancer: 'ok',
  shark: 403,
  otherShark: 403,
  admin: 403,
};

const profileBody = () => ({
  name: 'Shark A',
  specialization: 'forensics',
  experience: 4,
  bio: 'Teaches forensics.',
  published: true,
});
const courseBody = () => ({
  title: 'Memory forensics',
  description: 'Volatility hands-on.',
  duration: 3,
  price: 1500,
});
const reviewBody = {
  rating: 5,
  knowledge: 5,
  preparation: 5,
  clarity: 5,
  body: 'A clear and well-prepared session.',
};
const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/admin/sharks', url: () => '/api/admin/sharks', expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/admin/sharks',
    url: () => '/api/admin/sharks',
    body: () => ({ email: `new-${randomUUID()}@example.com`, name: 'New Shark' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/admin/contact-messages',
    url: () => '/api/admin/contact-messages',
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/admin/shark-applications',
    url: () => '/api/admin/shark-applications',
    expect: ADMIN_ONLY,
  },
  { method: 'GET', route: '/api/admin/mail', url: () => '/api/admin/mail?page=1', expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/admin/shark-applications/:id/approve',
    url: () => `/api/admin/shark-applications/${randomUUID()}/approve`,
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/shark-applications/:id/reject',
    url: () => `/api/admin/shark-applications/${randomUUID()}/reject`,
    body: () => ({ reason: 'Not this quarter.' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/shark-applications/confirm',
    url: () => '/api/shark-applications/confirm',
    body: () => ({ token: 'not-a-real-token-value' }),
    expect: SIGNED_IN,
  },
  {
    method: 'PUT',
    route: '/api/admin/sharks/:id/publication',
    url: (c) => `/api/admin/sharks/${c.sharkId}/publication`,
    body: () => ({ published: true, reason: 'Checked.' }),
    expect: ADMIN_ONLY,
  },
  { method: 'GET', route: '/api/admin/users', url: () => '/api/admin/users?q=a', expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/admin/users/:id/suspension',
    url: () => `/api/admin/users/${randomUUID()}/suspension`,
    body: () => ({ reason: 'Abuse.' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/users/:id/lift-suspension',
    url: () => `/api/admin/users/${randomUUID()}/lift-suspension`,
    body: () => ({ reason: 'Explained.' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/admin/bookings',
    url: () => '/api/admin/bookings?shark=a',
    expect: ADMIN_ONLY,
  },
  { method: 'GET', route: '/api/admin/audit-log', url: () => '/api/admin/audit-log', expect: ADMIN_ONLY },
  {
    method: 'GET',
    route: '/api/workspace/credentials',
    url: (c) => `/api/workspace/credentials?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/credentials',
    url: (c) => `/api/workspace/credentials?sharkId=${c.sharkId}`,
    body: () => ({ kind: 'certification', name: 'OSCP', url: 'https://www.credly.com/badges/x' }),
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'DELETE',
    route: '/api/workspace/credentials/:id',
    url: (c) => `/api/workspace/credentials/${randomUUID()}?sharkId=${c.sharkId}`,
    expect: { ...OWNER_OR_ADMIN, shark: 404, admin: 404 },
  },
  { method: 'GET', route: '/api/admin/credentials', url: () => '/api/admin/credentials', expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/admin/credentials/:id/review',
    url: () => `/api/admin/credentials/${randomUUID()}/review`,
    body: () => ({ verified: true }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/mail/:id/retry',
    url: () => `/api/admin/mail/${randomUUID()}/retry`,
    expect: ADMIN_ONLY,
  },

  {
    method: 'GET',
    route: '/api/workspace/profile',
    url: (c) => `/api/workspace/profile?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'PUT',
    route: '/api/workspace/profile',
    url: (c) => `/api/workspace/profile?sharkId=${c.sharkId}`,
    body: profileBody,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/profile/photo',
    url: (c) => `/api/workspace/profile/photo?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/workspace/dashboard',
    url: (c) => `/api/workspace/dashboard?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/workspace/enrollments',
    url: (c) => `/api/workspace/enrollments?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/workspace/availability',
    url: (c) => `/api/workspace/availability?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'PUT',
    route: '/api/workspace/availability',
    url: (c) => `/api/workspace/availability?sharkId=${c.sharkId}`,
    body: () => ({
      timeZone: 'Asia/Kolkata',
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 30,
      dailyCap: null,
      published: true,
      weekly: [{ weekday: 1, start: '09:00', end: '17:00' }],
      overrides: [],
    }),
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'PUT',
    route: '/api/sharks/:id/calendar-watch',
    url: (c) => `/api/sharks/${c.sharkId}/calendar-watch`,
    expect: SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/workspace/courses',
    url: (c) => `/api/workspace/courses?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/courses',
    url: (c) => `/api/workspace/courses?sharkId=${c.sharkId}`,
    body: courseBody,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'PUT',
    route: '/api/workspace/courses/:id',
    url: (c) => `/api/workspace/courses/${c.courseId}?sharkId=${c.sharkId}`,
    body: courseBody,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/courses/:id/image',
    url: (c) => `/api/workspace/courses/${c.courseId}/image?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/courses/:id/archive',
    url: (c) => `/api/workspace/courses/${c.courseId}/archive?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/courses/:id/restore',
    url: (c) => `/api/workspace/courses/${c.courseId}/restore?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/sessions/:id',
    url: (c) => `/api/sessions/${c.bookingId}`,
    expect: SESSION_PARTY,
  },
  ...(
    [
      ['POST', 'accept', undefined],
      ['POST', 'decline', { reason: 'Not this week' }],
      ['POST', 'reschedule', { startsAt: `${future}T04:30:00.000Z` }],
      ['POST', 'reschedule/accept', undefined],
      ['POST', 'reschedule/decline', undefined],
      ['POST', 'no-show', { note: 'Nobody came at all' }],
      ['PUT', 'meeting-link', { meetingLink: 'https://meet.jit.si/x' }],
      ['PUT', 'brief', { goal: 'OSCP' }],
      ['PUT', 'notes', { notes: 'Well done' }],
      ['GET', 'messages', undefined],
      ['POST', 'messages', { body: 'Hello' }],
      ['GET', 'calendar.ics', undefined],
      // Last: the session is gone for the rows after it.
      ['POST', 'cancel', { reason: 'Plans changed' }],
    ] as const
  ).map(([method, action, body]): Row => ({
    method,
    route: `/api/sessions/:id/${action}`,
    url: (c) => `/api/sessions/${c.bookingId}/${action}`,
    ...(body ? { body: () => body } : {}),
    expect: SESSION_PARTY,
  })),
  {
    method: 'DELETE',
    route: '/api/workspace/courses/:id',
    url: (c) => `/api/workspace/courses/${c.courseId}?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },

  { method: 'GET', route: '/api/me/profile', url: () => '/api/me/profile', expect: SIGNED_IN },
  {
    method: 'PUT',
    route: '/api/me/profile',
    url: () => '/api/me/profile',
    body: () => ({ fullName: 'Someone', phone: '' }),
    expect: SIGNED_IN,
  },
  { method: 'GET', route: '/api/me/bookings', url: () => '/api/me/bookings', expect: SIGNED_IN },
  // Account settings: the caller's own account only; the bodies are refused after the guard, so no session
  // or account of the matrix is changed.
  {
    method: 'POST',
    route: '/api/me/account/password',
    url: () => '/api/me/account/password',
    body: () => ({ currentPassword: 'not-the-password', password: 'x', confirmPassword: 'y' }),
    expect: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/me/account/sign-out-everywhere',
    url: () => '/api/me/account/sign-out-everywhere',
    body: () => ({ confirm: false }),
    expect: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/me/account/email',
    url: () => '/api/me/account/email',
    body: () => ({ email: 'new@example.test', currentPassword: 'not-the-password' }),
    expect: SIGNED_IN,
  },
  { method: 'GET', route: '/api/me/account/export', url: () => '/api/me/account/export', expect: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/me/account/delete',
    url: () => '/api/me/account/delete',
    body: () => ({ currentPassword: 'not-the-password', confirm: 'DELETE' }),
    expect: SIGNED_IN,
  },
  { method: 'GET', route: '/api/me/follows', url: () => '/api/me/follows', expect: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/bookings',
    url: () => '/api/bookings',
    body: (c) => ({
      courseId: c.courseId,
      hours: 2,
      startsAt: `${future}T04:30:00.000Z`,
      name: 'Learner',
      email: 'learner@example.com',
      phone: '+91 90000 00000',
      requestId: randomUUID(),
    }),
    expect: SIGNED_IN,
  },
  {
    method: 'PUT',
    route: '/api/follows/:sharkId',
    url: (c) => `/api/follows/${c.sharkId}`,
    expect: SIGNED_IN,
  },
  {
    method: 'DELETE',
    route: '/api/follows/:sharkId',
    url: (c) => `/api/follows/${c.sharkId}`,
    expect: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/sharks/:id/notify-reviews',
    url: (c) => `/api/sharks/${c.sharkId}/notify-reviews`,
    expect: SIGNED_IN,
  },
  // Reviews (issue 14): a session's review answers 404 to everyone signed in but its learner.
  {
    method: 'GET',
    route: '/api/sessions/:id/review',
    url: () => `/api/sessions/${randomUUID()}/review`,
    expect: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/review',
    url: () => `/api/sessions/${randomUUID()}/review`,
    body: () => reviewBody,
    expect: SIGNED_IN,
  },
  {
    method: 'PUT',
    route: '/api/sessions/:id/review',
    url: () => `/api/sessions/${randomUUID()}/review`,
    body: () => reviewBody,
    expect: SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/workspace/reviews',
    url: (c) => `/api/workspace/reviews?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'POST',
    route: '/api/workspace/reviews/:id/reply',
    url: (c) => `/api/workspace/reviews/${randomUUID()}/reply?sharkId=${c.sharkId}`,
    body: () => ({ body: 'Thank you!' }),
    expect: { ...OWNER_OR_ADMIN, shark: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/reviews/:id/reports',
    url: () => `/api/reviews/${randomUUID()}/reports`,
    body: () => ({ reason: 'Abusive words.' }),
    expect: SIGNED_IN,
  },
  { method: 'GET', route: '/api/admin/reviews', url: () => '/api/admin/reviews', expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/admin/reviews/:id/hide',
    url: () => `/api/admin/reviews/${randomUUID()}/hide`,
    body: () => ({ reason: 'Abusive words.' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/reviews/:id/unhide',
    url: () => `/api/admin/reviews/${randomUUID()}/unhide`,
    body: () => ({ reason: 'Checked again.' }),
    expect: ADMIN_ONLY,
  },

  {
    // Any signed-in account but a staff one may add the freelancer role to itself (decision 026).
    method: 'POST',
    route: '/api/auth/become-freelancer',
    url: () => '/api/auth/become-freelancer',
    body: () => ({ name: 'Kabir', skills: 'Burp' }),
    expect: { visitor: 401, user: 'ok', freelancer: 'ok', shark: 'ok', otherShark: 'ok', admin: 403 },
  },

  {
    method: 'GET',
    route: '/api/freelancer/profile',
    url: () => '/api/freelancer/profile',
    expect: FREELANCER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/freelancer/profile',
    url: () => '/api/freelancer/profile',
    body: () => ({ name: 'Kabir', skills: 'Burp' }),
    expect: FREELANCER_ONLY,
  },
];

/** Open to visitors on purpose (each is tested in its module), or guarded by something other than a session. */
const PUBLIC = new Set([
  'GET /api/sharks/:id/credentials',
  'GET /api/auth/session',
  'POST /api/auth/signup/user',
  'POST /api/auth/signup/freelancer',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/verify-email',
  'POST /api/auth/resend-verification',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/admin/cli/accounts', // loopback + the secret file of DATA_DIR (admin.test.ts)
  'GET /api/dev/outbox', // 404 in production (auth.test.ts)
  'POST /api/dev/clock', // 404 in production (dev/clock.test.ts)
  'GET /api/health',
  'GET /api/sharks',
  'GET /api/sharks/:id',
  'GET /api/sharks/:id/courses',
  'GET /api/sharks/:id/reviews', // published reviews of a published shark (reviews.test.ts)
  'GET /api/sharks/:id/slots', // free slots of a published shark (availability.test.ts)
  'POST /api/shark-applications',
  'POST /api/contact',
]);

let app: FastifyInstance;
let ctx: Ctx;
let cookies: Record<Exclude<Caller, 'visitor'>, string>;

beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(async () => {
  await resetDb();
  const { db } = await testDatabase();
  const sharkA = await createShark(db, { name: 'Shark A' });
  const sharkB = await createShark(db, { name: 'Shark B' });
  const course = await createCourse(db, sharkA.id);
  await createCourse(db, sharkB.id);
  const user = await createAccount(db, { roles: ['user'] });
  const booking = await createBooking(db, {
    courseId: course.id,
    userId: user.id,
    preferredDate: future,
    status: 'confirmed',
  });
  const freelancer = await createAccount(db, { roles: ['freelancer', 'user'] });
  const admin = await createAccount(db, { roles: ['admin'] });
  ctx = { sharkId: sharkA.id, courseId: course.id, bookingId: booking.id };
  cookies = {
    user: await sessionCookie(db, user.id),
    freelancer: await sessionCookie(db, freelancer.id),
    shark: await sessionCookie(db, sharkA.userId),
    otherShark: await sessionCookie(db, sharkB.userId),
    admin: await sessionCookie(db, admin.id),
  };
});

function check(status: number, expected: Expect, label: string) {
  if (expected === 'ok') {
    expect([401, 403], label).not.toContain(status);
    expect(status, label).toBeLessThan(500);
  } else if (expected === 'signedIn') {
    expect(status, label).not.toBe(401);
    expect(status, label).toBeLessThan(500);
  } else if (Array.isArray(expected)) {
    expect(expected, `${label} answered ${status}`).toContain(status);
  } else {
    expect(status, label).toBe(expected);
  }
}

describe('role matrix', () => {
  const callers: Caller[] = ['visitor', 'user', 'freelancer', 'otherShark', 'shark', 'admin'];
  for (const row of MATRIX) {
    it(`${row.method} ${row.route}`, async () => {
      for (const caller of callers) {
        const res = await app.inject({
          method: row.method,
          url: row.url(ctx),
          headers: caller === 'visitor' ? {} : { cookie: cookies[caller] },
          ...(row.body ? { payload: row.body(ctx) } : {}),
        });
        check(
          res.statusCode,
          row.expect[caller],
          `${caller}: ${row.method} ${row.url(ctx)} -> ${res.body.slice(0, 200)}`,
        );
      }
    });
  }
});

describe('guards run before the input is read', () => {
  it('answers a visitor or a wrong role with 401/403, not with validation messages about the body', async () => {
    const visitor = await app.inject({
      method: 'POST',
      url: '/api/admin/sharks',
      payload: { email: 'nope' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toEqual({ code: 'unauthorized', message: COMMON_MSG.loginRequired });
    const user = await app.inject({
      method: 'POST',
      url: '/api/admin/sharks',
      headers: { cookie: cookies.user },
      payload: {},
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().error.fields).toBeUndefined();
  });

  it('does not let another shark change a course by leaving out sharkId', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/api/workspace/courses/${ctx.courseId}`,
      headers: { cookie: cookies.otherShark },
      payload: { ...courseBody(), title: 'Hijacked' },
    });
    expect([403, 404]).toContain(res.statusCode);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/workspace/courses/${ctx.courseId}`,
      headers: { cookie: cookies.otherShark },
    });
    expect([403, 404]).toContain(deleted.statusCode);
    const { db } = await testDatabase();
    const [course] = await db.select().from(courses).where(eq(courses.id, ctx.courseId));
    expect(course.title).toBe('Intro to Pentesting');
  });
});

describe('completeness', () => {
  it('covers every /api route: each is in the matrix or on the public list', () => {
    const inMatrix = new Set(MATRIX.map((r) => `${r.method} ${r.route}`));
    const routes = apiRoutes(app.printRoutes({ commonPrefix: false }));
    // The parser sees nested routes too, so the check below is not vacuous.
    expect(routes).toEqual(
      expect.arrayContaining([
        'PUT /api/workspace/courses/:id',
        'POST /api/workspace/courses/:id/image',
        'GET /api/auth/session',
      ]),
    );
    const missing = routes.filter((r) => !inMatrix.has(r) && !PUBLIC.has(r) && !r.includes('/api/docs'));
    expect(missing).toEqual([]);
  });
});

/** "METHOD /path" for every route in Fastify's printed route tree (HEAD left out: it follows GET). */
function apiRoutes(tree: string): string[] {
  const stack: string[] = [];
  const out: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack[depth] = path;
    if (!path.startsWith('/api/') || !m[3]) continue;
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push(`${method} ${path}`);
  }
  return out;
}
