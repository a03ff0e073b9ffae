// The role matrix: every route the server registers, called as a visitor, the learner who owns the session or
// review, another learner, a freelancer, the shark who owns the resource, another shark and an admin. The
// browser's route guards are only UX; these are the rules. Open routes are rows too (every caller may), so a
// final test can fail when any registered route (an onRoute hook sees them all) has no row: a new endpoint
// cannot ship without deciding who may call it. The dev-only routes are also called on a production app,
// where they must not exist for anyone.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { COMMON_MSG } from '#shared/common.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  dateIn,
  createAccount,
  createBooking,
  createCourse,
  createReview,
  createShark,
  sessionCookie,
} from '#server/test/fixtures.ts';
import { openCalendar } from '#server/test/instances.ts';
import { checkoutOf, payCheckout } from '#server/test/payments.ts';
import { setClock } from '#server/time.ts';
import { courses, freelancers } from '#server/db/schema.ts';
import { proposalBody, requestBody } from '#server/test/marketplace.ts';
import { multipart } from '#server/test/uploads.ts';

type Caller = 'visitor' | 'user' | 'otherUser' | 'freelancer' | 'shark' | 'otherShark' | 'admin';
/** A status, a list of acceptable statuses, 'ok' (allowed: neither 401 nor 403, no 5xx) or 'signedIn' (anything but 401, no 5xx). */
type Expect = number | number[] | 'ok' | 'signedIn';
interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as Fastify registered it, for the completeness check. */
  route: string;
  url: (ctx: Ctx) => string;
  body?: (ctx: Ctx) => object;
  expect: Record<Caller, Expect>;
  /** What the row needs beyond the shared fixtures (a paid checkout), made before its callers run. */
  setup?: () => Promise<Partial<Ctx>>;
}
interface Ctx {
  sharkId: string;
  courseId: string;
  /** A confirmed session of `user` with shark A. */
  bookingId: string;
  /** A completed session of `user` with shark A, not reviewed yet. */
  completedId: string;
  /** A completed session of `user` with shark A, and `user`'s published review of it. */
  reviewedId: string;
  reviewId: string;
  /** A credential shark A listed. */
  credentialId: string;
  /** A calendar shark A added (issue 26). */
  calendarSourceId: string;
  /** `user`'s email; every account of the matrix has the fixtures' password. */
  userEmail: string;
  /** Rows with a setup: `user`'s open checkout of a paid course, and the receipt of a paid session. */
  checkoutId?: string;
  orderId?: string;
  documentId?: string;
  /** `freelancer`'s account id; its freelancer profile exists once a marketplace row's setup ran. */
  freelancerId: string;
  /** Marketplace rows (issue 27): `user`'s open request and `freelancer`'s shortlisted proposal on it. */
  requestId?: string;
  proposalId?: string;
  /** `user`'s engagement of `freelancer` (its proposal accepted). */
  engagementId?: string;
  /** Its first milestone (decisions 176-179). */
  milestoneId?: string;
  fileId?: string;
}

const ADMIN_ONLY: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  otherUser: 403,
  freelancer: 403,
  shark: 403,
  otherShark: 403,
  admin: 'ok',
};
/** Shark A's money (earnings, payouts, statements, payout details): another shark finds nothing (404). */
const OWN_MONEY: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  otherUser: 403,
  freelancer: 403,
  shark: 'ok',
  otherShark: 404,
  admin: 'ok',
};
/** Acting on shark A's workspace: A itself and admins may; another shark is refused. */
const OWNER_OR_ADMIN: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  otherUser: 403,
  freelancer: 403,
  shark: 'ok',
  otherShark: 403,
  admin: 'ok',
};
const SIGNED_IN: Record<Caller, Expect> = {
  visitor: 401,
  user: 'signedIn',
  otherUser: 'signedIn',
  freelancer: 'signedIn',
  shark: 'signedIn',
  otherShark: 'signedIn',
  admin: 'signedIn',
};
/** A session: its learner (`user`), its shark and admins; anyone else is told it does not exist. */
const SESSION_PARTY: Record<Caller, Expect> = {
  visitor: 401,
  user: 'ok',
  otherUser: 404,
  freelancer: 404,
  shark: 'ok',
  otherShark: 404,
  admin: 'ok',
};
/** A session's review: its learner alone; to anyone else signed in it does not exist. */
const LEARNER_ONLY: Record<Caller, Expect> = {
  visitor: 401,
  user: 'ok',
  otherUser: 404,
  freelancer: 404,
  shark: 404,
  otherShark: 404,
  admin: 404,
};
const FREELANCER_ONLY: Record<Caller, Expect> = {
  visitor: 401,
  user: 403,
  otherUser: 403,
  freelancer: 'ok',
  shark: 403,
  otherShark: 403,
  admin: 403,
};
/** Open to everyone: no caller is refused (401/403) and none gets a 5xx. */
const OPEN: Record<Caller, Expect> = {
  visitor: 'ok',
  user: 'ok',
  otherUser: 'ok',
  freelancer: 'ok',
  shark: 'ok',
  otherShark: 'ok',
  admin: 'ok',
};
/** The same answer for every caller. */
const everyone = (expected: Expect): Record<Caller, Expect> => ({
  visitor: expected,
  user: expected,
  otherUser: expected,
  freelancer: expected,
  shark: expected,
  otherShark: expected,
  admin: expected,
});

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
  pricePaise: 150_000,
  lateCancellationRefund: 0,
});
const reviewBody = {
  rating: 5,
  knowledge: 5,
  preparation: 5,
  clarity: 5,
  body: 'A clear and well-prepared session.',
};
const future = dateIn(7);

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
  {
    // The fixture's session is confirmed, so an admin gets the 409 of "no reported no-show": allowed, refused.
    method: 'POST',
    route: '/api/admin/bookings/:id/resolve-no-show',
    url: (c) => `/api/admin/bookings/${c.bookingId}/resolve-no-show`,
    body: () => ({ outcome: 'upheld', reason: 'The learner confirmed it by mail.' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/admin/audit-log',
    url: () => '/api/admin/audit-log?q=shark&page=1',
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/admin/sharks/states',
    url: () => '/api/admin/sharks/states?q=a&page=1',
    expect: ADMIN_ONLY,
  },
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
    // Shark A's own credential: another shark is refused; after A deletes it, the admin finds nothing.
    method: 'DELETE',
    route: '/api/workspace/credentials/:id',
    url: (c) => `/api/workspace/credentials/${c.credentialId}?sharkId=${c.sharkId}`,
    expect: { ...OWNER_OR_ADMIN, shark: 200, admin: 404 },
  },
  // A shark's other calendars (issue 26): their addresses are the shark's secrets, so only sharks, each its own
  // list; not even an admin acting for a shark.
  {
    method: 'GET',
    route: '/api/workspace/calendar-sources',
    url: () => '/api/workspace/calendar-sources',
    expect: { ...OWNER_OR_ADMIN, otherShark: 'ok', admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/workspace/calendar-sources',
    url: () => '/api/workspace/calendar-sources',
    body: () => ({ url: 'webcal://calendar.example.com/role-matrix/basic.ics' }),
    expect: { ...OWNER_OR_ADMIN, otherShark: 'ok', admin: 403 },
  },
  {
    // Shark A's calendar: another shark finds nothing.
    method: 'DELETE',
    route: '/api/workspace/calendar-sources/:id',
    url: (c) => `/api/workspace/calendar-sources/${c.calendarSourceId}`,
    expect: { ...OWNER_OR_ADMIN, shark: 200, otherShark: 404, admin: 403 },
  },
  {
    // Where shark A is paid (decision 136): an admin may look (masked).
    method: 'GET',
    route: '/api/workspace/payout-details',
    url: (c) => `/api/workspace/payout-details?sharkId=${c.sharkId}`,
    expect: OWN_MONEY,
  },
  {
    // ...and only shark A changes them: an admin acting for A is refused too.
    method: 'PUT',
    route: '/api/workspace/payout-details',
    url: (c) => `/api/workspace/payout-details?sharkId=${c.sharkId}`,
    body: () => ({ method: 'upi', upiId: 'shark.a@okaxis', pan: 'ABCPE1234F' }),
    expect: { ...OWN_MONEY, shark: 200, admin: 403 },
  },
  {
    // How shark A's sessions get a meeting room (decision 149): A and an admin acting for A, like the profile.
    method: 'GET',
    route: '/api/workspace/meeting-room',
    url: (c) => `/api/workspace/meeting-room?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'PUT',
    route: '/api/workspace/meeting-room',
    url: (c) => `/api/workspace/meeting-room?sharkId=${c.sharkId}`,
    body: () => ({ kind: 'jitsi' }),
    expect: { ...OWNER_OR_ADMIN, shark: 200, admin: 200 },
  },
  {
    // Shark A's payouts (decision 137): A and an admin acting for A.
    method: 'GET',
    route: '/api/workspace/payouts',
    url: (c) => `/api/workspace/payouts?sharkId=${c.sharkId}`,
    expect: OWN_MONEY,
  },
  { method: 'GET', route: '/api/admin/payouts', url: () => '/api/admin/payouts', expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/admin/payouts/run',
    url: () => '/api/admin/payouts/run',
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/admin/payouts/bank-file',
    url: () => '/api/admin/payouts/bank-file?period=2026-W48',
    expect: ADMIN_ONLY,
  },
  {
    // No such payout: admins are told so (404), everyone else refused first.
    method: 'POST',
    route: '/api/admin/payouts/:id/paid',
    url: () => `/api/admin/payouts/${randomUUID()}/paid`,
    body: () => ({ utr: 'HDFCN5202611260001' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/admin/payouts/:id/failed',
    url: () => `/api/admin/payouts/${randomUUID()}/failed`,
    body: () => ({ reason: 'Returned by the bank' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
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
    route: '/api/workspace/enrollments/courses',
    url: (c) => `/api/workspace/enrollments/courses?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    method: 'GET',
    route: '/api/workspace/sessions',
    url: (c) => `/api/workspace/sessions?group=upcoming&page=1&sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    // Shark A's balance and paid sessions (issue 24): A and admins; another shark naming A is refused.
    method: 'GET',
    route: '/api/workspace/earnings',
    url: (c) => `/api/workspace/earnings?page=1&sharkId=${c.sharkId}`,
    expect: OWN_MONEY,
  },
  {
    // Shark A's monthly papers (issue 24, decision 143): A and admins; another shark naming A is refused.
    method: 'GET',
    route: '/api/workspace/earnings/statements',
    url: (c) => `/api/workspace/earnings/statements?sharkId=${c.sharkId}`,
    expect: OWN_MONEY,
  },
  {
    method: 'GET',
    route: '/api/workspace/earnings/statements/:month.pdf',
    url: (c) => `/api/workspace/earnings/statements/2026-01.pdf?sharkId=${c.sharkId}`,
    expect: OWN_MONEY,
  },
  {
    // Allowed callers get 404 (a month without fees has no invoice): neither 401 nor 403.
    method: 'GET',
    route: '/api/workspace/earnings/fee-invoices/:month.pdf',
    url: (c) => `/api/workspace/earnings/fee-invoices/2026-01.pdf?sharkId=${c.sharkId}`,
    expect: OWN_MONEY,
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
  {
    method: 'GET',
    route: '/api/me/sessions',
    url: () => '/api/me/sessions?group=upcoming&page=1',
    expect: SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/me/sessions/overview',
    url: () => '/api/me/sessions/overview',
    expect: SIGNED_IN,
  },
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
  // What deleting would cancel and refund (issue 38): every account, only its own (no id to pass).
  { method: 'GET', route: '/api/me/account/delete', url: () => '/api/me/account/delete', expect: SIGNED_IN },
  {
    method: 'POST',
    route: '/api/me/account/delete',
    url: () => '/api/me/account/delete',
    body: () => ({ currentPassword: 'not-the-password', confirm: 'DELETE' }),
    expect: SIGNED_IN,
  },
  // The account's own calendar feed address (decision 148): every account, only its own (no id to pass).
  { method: 'GET', route: '/api/me/calendar-feed', url: () => '/api/me/calendar-feed', expect: SIGNED_IN },
  { method: 'POST', route: '/api/me/calendar-feed', url: () => '/api/me/calendar-feed', expect: SIGNED_IN },
  {
    // The feed itself signs in with its secret alone: an unknown one is not found, whoever asks.
    method: 'GET',
    route: '/calendar/:secret.ics',
    url: () => `/calendar/${'A'.repeat(43)}.ics`,
    expect: everyone(404),
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
  // Reviews (issue 14): a session's review exists only for its learner; a reply only for the reviewed shark.
  {
    method: 'GET',
    route: '/api/sessions/:id/review',
    url: (c) => `/api/sessions/${c.reviewedId}/review`,
    expect: { ...LEARNER_ONLY, user: 200 },
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/review',
    url: (c) => `/api/sessions/${c.completedId}/review`,
    body: () => reviewBody,
    expect: { ...LEARNER_ONLY, user: 201 },
  },
  {
    method: 'PUT',
    route: '/api/sessions/:id/review',
    url: (c) => `/api/sessions/${c.reviewedId}/review`,
    body: () => reviewBody,
    expect: { ...LEARNER_ONLY, user: 200 },
  },
  {
    method: 'GET',
    route: '/api/workspace/reviews',
    url: (c) => `/api/workspace/reviews?sharkId=${c.sharkId}`,
    expect: OWNER_OR_ADMIN,
  },
  {
    // Once: the shark's reply is taken, so the admin after it is told so (409), not refused.
    method: 'POST',
    route: '/api/workspace/reviews/:id/reply',
    url: (c) => `/api/workspace/reviews/${c.reviewId}/reply?sharkId=${c.sharkId}`,
    body: () => ({ body: 'Thank you!' }),
    expect: { ...OWNER_OR_ADMIN, shark: 201, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/reviews/:id/reports',
    url: (c) => `/api/reviews/${c.reviewId}/reports`,
    body: () => ({ reason: 'Abusive words.' }),
    expect: SIGNED_IN,
  },
  { method: 'GET', route: '/api/admin/reviews', url: () => '/api/admin/reviews', expect: ADMIN_ONLY },
  {
    method: 'GET',
    route: '/api/admin/client-requests',
    url: () => '/api/admin/client-requests?q=pentest&page=1',
    expect: ADMIN_ONLY,
  },
  // Hiding a spam request (decision 193): admins only, the request's own client included among the refused.
  ...(['hide', 'unhide'] as const).map((action): Row => ({
    method: 'POST',
    route: `/api/admin/client-requests/:id/${action}`,
    url: (c) => `/api/admin/client-requests/${c.requestId!}/${action}`,
    body: () => ({ reason: 'Spam: sells followers.' }),
    expect: ADMIN_ONLY,
    setup: marketplace,
  })),
  {
    method: 'POST',
    route: '/api/admin/reviews/:id/hide',
    url: (c) => `/api/admin/reviews/${c.reviewId}/hide`,
    body: () => ({ reason: 'Abusive words.' }),
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/reviews/:id/unhide',
    url: (c) => `/api/admin/reviews/${c.reviewId}/unhide`,
    body: () => ({ reason: 'Checked again.' }),
    expect: ADMIN_ONLY,
  },

  {
    // Any signed-in account but a staff one may add the freelancer role to itself (decision 026).
    method: 'POST',
    route: '/api/auth/become-freelancer',
    url: () => '/api/auth/become-freelancer',
    body: () => ({ name: 'Kabir', skills: 'Burp' }),
    expect: {
      visitor: 401,
      user: 'ok',
      otherUser: 'ok',
      freelancer: 'ok',
      shark: 'ok',
      otherShark: 'ok',
      admin: 403,
    },
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
  {
    method: 'GET',
    route: '/api/freelancer/credentials',
    url: () => '/api/freelancer/credentials',
    expect: FREELANCER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/freelancer/credentials',
    url: () => '/api/freelancer/credentials',
    body: () => ({ kind: 'certification', name: 'OSCP', url: 'https://www.credly.com/badges/abc' }),
    expect: FREELANCER_ONLY,
  },
  {
    // Shark A's credential: a freelancer finds nothing of its own to remove (404).
    method: 'DELETE',
    route: '/api/freelancer/credentials/:id',
    url: (c) => `/api/freelancer/credentials/${c.credentialId}`,
    expect: { ...FREELANCER_ONLY, freelancer: 404 },
  },
];

const strongPassword = 'Tidal-Reef-Compass-42';
/** The same route open to every caller (each is tested in its module). */
const open = (
  method: Row['method'],
  route: string,
  url: (c: Ctx) => string,
  body?: (c: Ctx) => object,
): Row => ({
  method,
  route,
  url,
  ...(body ? { body } : {}),
  expect: OPEN,
});

/** Open to visitors on purpose, or guarded by something other than a session. */
const PUBLIC_ROWS: Row[] = [
  open('GET', '/api/health', () => '/api/health'),
  open('GET', '/api/auth/session', () => '/api/auth/session'),
  open(
    'POST',
    '/api/auth/signup/user',
    () => '/api/auth/signup/user',
    () => ({
      name: 'New Learner',
      email: `learner-${randomUUID()}@example.test`,
      password: strongPassword,
      confirmPassword: strongPassword,
      terms: true,
    }),
  ),
  open(
    'POST',
    '/api/auth/signup/freelancer',
    () => '/api/auth/signup/freelancer',
    () => ({
      name: 'New Freelancer',
      email: `freelancer-${randomUUID()}@example.test`,
      password: strongPassword,
      confirmPassword: strongPassword,
      skills: 'Burp',
    }),
  ),
  open(
    'POST',
    '/api/auth/login',
    () => '/api/auth/login',
    (c) => ({
      email: c.userEmail,
      password: 'correct-horse-battery',
      portal: 'user',
    }),
  ),
  open('POST', '/api/auth/logout', () => '/api/auth/logout'),
  open(
    'POST',
    '/api/auth/verify-email',
    () => '/api/auth/verify-email',
    () => ({ token: 'not-a-real-token' }),
  ),
  open(
    'POST',
    '/api/auth/resend-verification',
    () => '/api/auth/resend-verification',
    (c) => ({
      email: c.userEmail,
    }),
  ),
  open(
    'POST',
    '/api/auth/forgot-password',
    () => '/api/auth/forgot-password',
    (c) => ({ email: c.userEmail }),
  ),
  open(
    'POST',
    '/api/auth/reset-password',
    () => '/api/auth/reset-password',
    () => ({
      token: 'not-a-real-token',
      password: strongPassword,
      confirmPassword: strongPassword,
    }),
  ),
  {
    // Only `npm run admin` on the machine itself, holding the secret file of DATA_DIR (admin.test.ts): to
    // every caller of the matrix, admins included, the route does not exist.
    method: 'POST',
    route: '/api/admin/cli/accounts',
    url: () => '/api/admin/cli/accounts',
    body: () => ({ kind: 'admin', email: 'staff@example.test', name: 'Staff' }),
    expect: everyone(404),
  },
  open('GET', '/api/sharks', () => '/api/sharks'),
  open('GET', '/api/sharks/:id', (c) => `/api/sharks/${c.sharkId}`),
  open('GET', '/api/sharks/:id/courses', (c) => `/api/sharks/${c.sharkId}/courses`),
  open('GET', '/api/sharks/:id/credentials', (c) => `/api/sharks/${c.sharkId}/credentials`),
  open('GET', '/api/sharks/:id/reviews', (c) => `/api/sharks/${c.sharkId}/reviews`),
  open('GET', '/api/freelancers', () => '/api/freelancers'),
  // A shark's id is no freelancer's: everyone is told it does not exist.
  {
    method: 'GET',
    route: '/api/freelancers/:id',
    url: (c) => `/api/freelancers/${c.sharkId}`,
    expect: everyone(404),
  },
  open('GET', '/api/sharks/:id/slots', (c) => `/api/sharks/${c.sharkId}/slots?courseId=${c.courseId}`),
  open(
    'POST',
    '/api/shark-applications',
    () => '/api/shark-applications',
    () => ({
      name: 'Applicant',
      email: `applicant-${randomUUID()}@example.test`,
      specialization: 'forensics',
      experience: 5,
      motivation: 'I have taught incident response for five years.',
    }),
  ),
  open(
    'POST',
    '/api/contact',
    () => '/api/contact',
    () => ({
      name: 'Visitor',
      email: 'visitor@example.test',
      message: 'Do you run team trainings?',
    }),
  ),
  // Pages and files outside the API.
  open('GET', '/robots.txt', () => '/robots.txt'),
  open('GET', '/sitemap.xml', () => '/sitemap.xml'),
  open('GET', '/sitemaps/:part', () => '/sitemaps/1.xml'),
  open('GET', '/media/:bucket/*', () => '/media/avatars/missing.webp'),
  open('GET', '/api/docs', () => '/api/docs'),
  open('GET', '/api/docs/json', () => '/api/docs/json'),
  open('GET', '/api/docs/yaml', () => '/api/docs/yaml'),
  open('GET', '/api/docs/static/index.html', () => '/api/docs/static/index.html'),
  open('GET', '/api/docs/static/swagger-initializer.js', () => '/api/docs/static/swagger-initializer.js'),
  open('GET', '/api/docs/static/*', () => '/api/docs/static/swagger-ui.css'),
];

/** Tools for development and the browser tests: open outside production, absent (404) in it for everyone. */
const DEV_ROWS: Row[] = [
  open(
    'POST',
    '/api/dev/clock',
    () => '/api/dev/clock',
    () => ({ offsetMinutes: 0 }),
  ),
  open('GET', '/api/dev/outbox', () => '/api/dev/outbox'),
  open('GET', '/dev/mailbox', () => '/dev/mailbox'),
  open('GET', '/dev/mailbox/preview/:template', () => '/dev/mailbox/preview/verify-email'),
];

/**
 * The built-in test gateway (decision 133), served in test mode only: absent (404) with Razorpay's keys, so in
 * production. Its Razorpay API takes the test keys (Basic auth) and no session: every caller without them gets
 * 401. The test checkout and its controls are open, as Razorpay's checkout window is; unknown ids are 404.
 */
const TEST_GATEWAY_ROWS: Row[] = [
  {
    method: 'POST',
    route: '/api/test-gateway/v1/orders',
    url: () => '/api/test-gateway/v1/orders',
    body: () => ({ amount: 150000, currency: 'INR', receipt: 'r-1' }),
    expect: everyone(401),
  },
  {
    method: 'GET',
    route: '/api/test-gateway/v1/orders/:id/payments',
    url: () => '/api/test-gateway/v1/orders/order_x/payments',
    expect: everyone(401),
  },
  {
    method: 'GET',
    route: '/api/test-gateway/v1/payments',
    url: () => '/api/test-gateway/v1/payments?from=1795000000&to=1795086399&count=100',
    expect: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/test-gateway/v1/payments/:id/refund',
    url: () => '/api/test-gateway/v1/payments/pay_x/refund',
    body: () => ({ amount: 100 }),
    expect: everyone(401),
  },
  {
    method: 'GET',
    route: '/api/test-gateway/v1/payments/:id/refunds/:refundId',
    url: () => '/api/test-gateway/v1/payments/pay_x/refunds/rfnd_x',
    expect: everyone(401),
  },
  // Razorpay Route (decision 147).
  {
    method: 'POST',
    route: '/api/test-gateway/v2/accounts',
    url: () => '/api/test-gateway/v2/accounts',
    body: () => ({ email: 'a@example.com', type: 'route' }),
    expect: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/test-gateway/v2/accounts/:id/products',
    url: () => '/api/test-gateway/v2/accounts/acc_x/products',
    body: () => ({ product_name: 'route', tnc_accepted: true }),
    expect: everyone(401),
  },
  {
    method: 'PATCH',
    route: '/api/test-gateway/v2/accounts/:id/products/:productId',
    url: () => '/api/test-gateway/v2/accounts/acc_x/products/acc_prd_x',
    body: () => ({ tnc_accepted: true }),
    expect: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/test-gateway/v1/transfers',
    url: () => '/api/test-gateway/v1/transfers',
    body: () => ({ account: 'acc_x', amount: 100, currency: 'INR' }),
    expect: everyone(401),
  },
  {
    method: 'GET',
    route: '/api/test-gateway/v1/transfers/:id',
    url: () => '/api/test-gateway/v1/transfers/trf_x',
    expect: everyone(401),
  },
  {
    method: 'POST',
    route: '/api/test-gateway/checkout/:orderId',
    url: () => '/api/test-gateway/checkout/order_x',
    body: () => ({ outcome: 'success' }),
    expect: everyone(404),
  },
  open(
    'POST',
    '/api/test-gateway/control',
    () => '/api/test-gateway/control',
    () => ({ refunds: 'process', orders: 'up' }),
  ),
  {
    method: 'POST',
    route: '/api/test-gateway/refunds/:id/settle',
    url: () => '/api/test-gateway/refunds/rfnd_x/settle',
    body: () => ({ status: 'processed' }),
    expect: everyone(404),
  },
];

/** `user` holds a slot of shark A's course while paying (issue 23). */
async function openCheckout(): Promise<Partial<Ctx>> {
  const { db } = await testDatabase();
  await openCalendar(db, ctx.sharkId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: cookies.user },
    payload: {
      courseId: ctx.courseId,
      hours: 1,
      startsAt: `${future}T06:00:00.000Z`,
      name: 'Learner',
      email: 'learner@example.com',
      phone: '+91 90000 00000',
      requestId: randomUUID(),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const checkoutId = res.json().checkout.bookingId as string;
  return { checkoutId, orderId: (await checkoutOf(app, cookies.user, checkoutId)).orderId };
}

/** `user` paid for a session: its tax invoice or receipt. */
async function paidDocument(): Promise<Partial<Ctx>> {
  const { checkoutId } = await openCheckout();
  expect((await payCheckout(app, cookies.user, checkoutId!)).confirm.statusCode).toBe(200);
  const session = await app.inject({
    method: 'GET',
    url: `/api/sessions/${checkoutId}`,
    headers: { cookie: cookies.user },
  });
  const url = session.json().payment.receiptUrl as string;
  return { documentId: url.split('/').pop()!.replace('.pdf', '') };
}

/** A learner's own checkout (issue 23): a learner account that is not its payer is told it does not exist. */
const CHECKOUT_OWNER: Record<Caller, Expect> = {
  visitor: 401,
  user: 200,
  otherUser: 404,
  freelancer: 404,
  shark: 403,
  otherShark: 403,
  admin: 403,
};

const PAYMENT_ROWS: Row[] = [
  open('GET', '/api/bookings/quote', (c) => `/api/bookings/quote?courseId=${c.courseId}&hours=2`),
  {
    method: 'GET',
    route: '/api/sessions/:id/checkout',
    url: (c) => `/api/sessions/${c.checkoutId}/checkout`,
    setup: openCheckout,
    expect: CHECKOUT_OWNER,
  },
  {
    // A well-formed callback with a wrong signature: its payer is told so; to another learner the checkout does
    // not exist, as on its GET (issue 38).
    method: 'POST',
    route: '/api/sessions/:id/checkout/confirm',
    url: (c) => `/api/sessions/${c.checkoutId}/checkout/confirm`,
    body: (c) => ({
      razorpay_order_id: c.orderId,
      razorpay_payment_id: 'pay_matrix000001',
      razorpay_signature: '0'.repeat(64),
    }),
    setup: openCheckout,
    expect: { ...CHECKOUT_OWNER, user: 400 },
  },
  {
    method: 'POST',
    route: '/api/sessions/:id/checkout/abandon',
    url: (c) => `/api/sessions/${c.checkoutId}/checkout/abandon`,
    body: () => ({ outcome: 'closed' }),
    setup: openCheckout,
    expect: CHECKOUT_OWNER,
  },
  {
    // A receipt is its payer's and the admins'; to anyone else it does not exist.
    method: 'GET',
    route: '/api/payments/documents/:id.pdf',
    url: (c) => `/api/payments/documents/${c.documentId}.pdf`,
    setup: paidDocument,
    expect: { ...everyone(404), visitor: 401, user: 200, admin: 200 },
  },
  {
    // No such refund: admins are told so (404), everyone else refused first.
    method: 'POST',
    route: '/api/admin/refunds/:id/retry',
    url: () => `/api/admin/refunds/${randomUUID()}/retry`,
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  // The finance console (issue 24, decision 142): admins only.
  ...[
    '/api/admin/finance/payments',
    '/api/admin/finance/refunds',
    '/api/admin/finance/balances',
    '/api/admin/finance/trial-balance',
  ].map((route): Row => ({ method: 'GET', route, url: () => `${route}?q=a`, expect: ADMIN_ONLY })),
  {
    method: 'GET',
    route: '/api/admin/finance/exports/ledger.csv',
    url: () => '/api/admin/finance/exports/ledger.csv?from=2026-11-01&to=2026-11-30',
    expect: ADMIN_ONLY,
  },
  ...['documents.csv', 'documents.zip'].map((file): Row => ({
    method: 'GET',
    route: `/api/admin/finance/exports/${file}`,
    url: () => `/api/admin/finance/exports/${file}?month=2026-11`,
    expect: ADMIN_ONLY,
  })),
  {
    // No such payment: admins are told so (404), everyone else refused first.
    method: 'POST',
    route: '/api/admin/finance/payments/:id/refund',
    url: () => `/api/admin/finance/payments/${randomUUID()}/refund`,
    body: () => ({ amountPaise: 10_000, reason: 'Goodwill' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    // A correction by reversal (decision 208): no posting has this key, so admins are told so (404).
    method: 'POST',
    route: '/api/admin/finance/reversals',
    url: () => '/api/admin/finance/reversals',
    body: () => ({ key: `payment:${randomUUID()}:captured`, reason: 'Posted in error' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    // The daily reconciliation's exceptions (issue 24): admins only; an unknown one is not found.
    method: 'GET',
    route: '/api/admin/reconciliation/exceptions',
    url: () => '/api/admin/reconciliation/exceptions?status=open&page=1',
    expect: ADMIN_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/reconciliation/exceptions/:id/resolve',
    url: () => `/api/admin/reconciliation/exceptions/${randomUUID()}/resolve`,
    body: () => ({ note: 'Checked with the bank.' }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    // Guarded by its signature, not a session: unsigned, everyone gets 400.
    method: 'POST',
    route: '/api/payments/webhooks/razorpay',
    url: () => '/api/payments/webhooks/razorpay',
    body: () => ({ event: 'payment.captured', payload: {} }),
    expect: everyone(400),
  },
];

/** `user` posts an open request, `freelancer` (offering its service) proposes, `user` shortlists it (issue 27). */
async function marketplace(): Promise<Partial<Ctx>> {
  const { db } = await testDatabase();
  await db
    .insert(freelancers)
    .values({ userId: ctx.freelancerId, name: 'Freelancer F', skills: 'Burp', services: ['pentesting'] });
  const request = await app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: { cookie: cookies.user },
    payload: { ...requestBody(), publish: true },
  });
  expect(request.statusCode, request.body).toBe(201);
  const requestId = request.json().id as string;
  const proposal = await app.inject({
    method: 'POST',
    url: `/api/freelancer/requests/${requestId}/proposal`,
    headers: { cookie: cookies.freelancer },
    payload: proposalBody(),
  });
  expect(proposal.statusCode, proposal.body).toBe(201);
  const proposalId = proposal.json().proposal.id as string;
  const shortlist = await app.inject({
    method: 'POST',
    url: `/api/proposals/${proposalId}/shortlist`,
    headers: { cookie: cookies.user },
  });
  expect(shortlist.statusCode, shortlist.body).toBe(200);
  return { requestId, proposalId };
}

/** A request's client; an admin may read it; anyone else is told it does not exist. */
const REQUEST_CLIENT_OR_ADMIN: Record<Caller, Expect> = {
  visitor: 401,
  user: 'ok',
  otherUser: 404,
  freelancer: 404,
  shark: 404,
  otherShark: 404,
  admin: 'ok',
};
/** Acting on a request or its proposals as its client: the client alone. */
const REQUEST_CLIENT: Record<Caller, Expect> = { ...REQUEST_CLIENT_OR_ADMIN, admin: 404 };
/** The thread of a shortlisted proposal: the request's client and the proposal's freelancer. */
const PROPOSAL_PARTIES: Record<Caller, Expect> = { ...REQUEST_CLIENT, freelancer: 'ok' };

const MARKETPLACE_ROWS: Row[] = [
  { method: 'GET', route: '/api/requests', url: () => '/api/requests', expect: SIGNED_IN },
  {
    method: 'GET',
    route: '/api/requests/invitable',
    url: () => '/api/requests/invitable',
    expect: SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/requests',
    url: () => '/api/requests',
    body: () => ({ ...requestBody(), publish: false }),
    expect: SIGNED_IN,
  },
  ...(
    [
      ['GET', '/api/requests/:id', REQUEST_CLIENT_OR_ADMIN, undefined],
      ['PUT', '/api/requests/:id', REQUEST_CLIENT, () => requestBody({ title: 'Changed' })],
      [
        'POST',
        '/api/requests/:id/invitations',
        REQUEST_CLIENT,
        (c: Ctx) => ({ freelancerId: c.freelancerId }),
      ],
      ['GET', '/api/requests/:id/proposals', REQUEST_CLIENT_OR_ADMIN, undefined],
      ['POST', '/api/requests/:id/status', REQUEST_CLIENT, () => ({ to: 'cancelled' })],
      ['GET', '/api/freelancer/requests/:id', FREELANCER_ONLY, undefined],
      ['POST', '/api/freelancer/requests/:id/nda', FREELANCER_ONLY, undefined],
      ['POST', '/api/freelancer/requests/:id/proposal', FREELANCER_ONLY, () => proposalBody()],
    ] as const
  ).map(([method, route, expected, body]): Row => ({
    method,
    route,
    url: (c) => route.replace(':id', c.requestId!),
    ...(body ? { body } : {}),
    expect: expected,
    setup: marketplace,
  })),
  ...(
    [
      ['PUT', '/api/proposals/:id', FREELANCER_ONLY, () => proposalBody({ days: 12 })],
      ['GET', '/api/proposals/:id/messages', PROPOSAL_PARTIES, undefined],
      ['POST', '/api/proposals/:id/messages', PROPOSAL_PARTIES, () => ({ body: 'Hello' })],
      ['POST', '/api/proposals/:id/shortlist', REQUEST_CLIENT, undefined],
      ['POST', '/api/proposals/:id/accept', REQUEST_CLIENT, undefined],
      ['POST', '/api/proposals/:id/withdraw', FREELANCER_ONLY, undefined],
    ] as const
  ).map(([method, route, expected, body]): Row => ({
    method,
    route,
    url: (c) => route.replace(':id', c.proposalId!),
    ...(body ? { body } : {}),
    expect: expected,
    setup: marketplace,
  })),
  {
    method: 'GET',
    route: '/api/freelancer/client-requests',
    url: () => '/api/freelancer/client-requests',
    expect: FREELANCER_ONLY,
  },
  {
    method: 'GET',
    route: '/api/freelancer/balance',
    url: () => '/api/freelancer/balance',
    expect: FREELANCER_ONLY,
  },
];

/** `marketplace`, then `user` accepts `freelancer`'s proposal: the engagement starts. */
async function engaged(): Promise<Partial<Ctx>> {
  const market = await marketplace();
  const res = await app.inject({
    method: 'POST',
    url: `/api/proposals/${market.proposalId}/accept`,
    headers: { cookie: cookies.user },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...market, engagementId: res.json().engagementId as string };
}

/** An engagement: its client and freelancer; admins read it; anyone else is told it does not exist. */
const ENGAGEMENT_READ: Record<Caller, Expect> = { ...REQUEST_CLIENT_OR_ADMIN, freelancer: 'ok' };
const ENGAGEMENT_PARTIES: Record<Caller, Expect> = { ...ENGAGEMENT_READ, admin: 404 };
const ENGAGEMENT_CLIENT: Record<Caller, Expect> = { ...ENGAGEMENT_PARTIES, freelancer: 404 };
/** The client's review (decision 182): the freelancer 403; the client's engagement is not completed yet, 409. */
const ENGAGEMENT_REVIEW: Record<Caller, Expect> = { ...ENGAGEMENT_PARTIES, freelancer: 403, user: 409 };

/** `engaged`, then its freelancer uploads a report (decision 180). */
async function engagedWithFile(): Promise<Partial<Ctx>> {
  const e = await engaged();
  const form = multipart('file', 'report.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n%%EOF\n'));
  const res = await app.inject({
    method: 'POST',
    url: `/api/engagements/${e.engagementId}/files`,
    headers: { ...form.headers, cookie: cookies.freelancer },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...e, fileId: res.json().file.id as string };
}

const ENGAGEMENT_ROWS: Row[] = [
  { method: 'GET', route: '/api/engagements', url: () => '/api/engagements', expect: SIGNED_IN },
  {
    method: 'GET',
    route: '/api/engagements/:id/files/:fileId',
    url: (c) => `/api/engagements/${c.engagementId}/files/${c.fileId}`,
    expect: ENGAGEMENT_READ,
    setup: engagedWithFile,
  },
  ...(
    [
      ['GET', '/api/engagements/:id', ENGAGEMENT_READ, undefined],
      ['POST', '/api/engagements/:id/roe', ENGAGEMENT_CLIENT, () => ({ acknowledge: true })],
      ['POST', '/api/engagements/:id/messages', ENGAGEMENT_PARTIES, () => ({ body: 'Hello' })],
      ['GET', '/api/engagements/:id/files', ENGAGEMENT_READ, undefined],
      // A JSON body: the parties are told to choose a file (400), admins and strangers 404 before reading it.
      ['POST', '/api/engagements/:id/files', ENGAGEMENT_PARTIES, () => ({ file: 'x' })],
      ['GET', '/api/engagements/:id/review', ENGAGEMENT_READ, undefined],
      [
        'POST',
        '/api/engagements/:id/review',
        ENGAGEMENT_REVIEW,
        () => ({ rating: 5, body: 'Thorough testing and a clear report.' }),
      ],
    ] as const
  ).map(([method, route, expected, body]): Row => ({
    method,
    route,
    url: (c) => route.replace(':id', c.engagementId!),
    ...(body ? { body } : {}),
    expect: expected,
    setup: engaged,
  })),
];

/** `engaged`, with the engagement's first milestone. */
async function engagedMilestone(): Promise<Partial<Ctx>> {
  const e = await engaged();
  const res = await app.inject({
    method: 'GET',
    url: `/api/engagements/${e.engagementId}`,
    headers: { cookie: cookies.user },
  });
  return { ...e, milestoneId: res.json().milestones[0].id as string };
}

/** A milestone's moves: the right party of the engagement; the other party 403; anyone else 404 (admins too). */
const MILESTONE_CLIENT: Record<Caller, Expect> = { ...ENGAGEMENT_PARTIES, freelancer: 403 };
const MILESTONE_FREELANCER: Record<Caller, Expect> = { ...ENGAGEMENT_PARTIES, user: 403 };
const fakeCallback = () => ({
  razorpay_payment_id: 'pay_RoleMatrix0001',
  razorpay_order_id: 'order_RoleMatrix01',
  razorpay_signature: '0'.repeat(64),
});

const MILESTONE_ROWS: Row[] = [
  ...(
    [
      ['POST', 'checkout', MILESTONE_CLIENT, undefined],
      ['POST', 'checkout/confirm', MILESTONE_CLIENT, fakeCallback],
      ['POST', 'checkout/abandon', MILESTONE_CLIENT, () => ({ outcome: 'closed' })],
      ['POST', 'deliver', MILESTONE_FREELANCER, () => ({ note: 'Report attached.' })],
      ['POST', 'approve', MILESTONE_CLIENT, undefined],
      ['POST', 'changes', MILESTONE_CLIENT, () => ({ note: 'Add evidence.' })],
      ['POST', 'dispute', ENGAGEMENT_PARTIES, () => ({ reason: 'Out of scope.' })],
    ] as const
  ).map(([method, action, expected, body]): Row => ({
    method,
    route: `/api/engagements/:id/milestones/:milestoneId/${action}`,
    url: (c) => `/api/engagements/${c.engagementId!}/milestones/${c.milestoneId!}/${action}`,
    ...(body ? { body } : {}),
    expect: expected,
    setup: engagedMilestone,
  })),
  { method: 'GET', route: '/api/admin/disputes', url: () => '/api/admin/disputes', expect: ADMIN_ONLY },
  {
    method: 'GET',
    route: '/api/admin/engagements',
    url: () => '/api/admin/engagements?q=pentest&status=active&page=1',
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/freelancer/earnings',
    url: () => '/api/freelancer/earnings',
    expect: FREELANCER_ONLY,
  },
  // A freelancer's own payout details and payouts (issue 27): no id in the path, so only its own.
  {
    method: 'GET',
    route: '/api/freelancer/payout-details',
    url: () => '/api/freelancer/payout-details',
    expect: FREELANCER_ONLY,
  },
  {
    method: 'PUT',
    route: '/api/freelancer/payout-details',
    url: () => '/api/freelancer/payout-details',
    body: () => ({ method: 'upi', upiId: 'kabir.shah@okaxis', pan: 'ABCPE1234F' }),
    expect: { ...FREELANCER_ONLY, freelancer: 200 },
  },
  {
    method: 'GET',
    route: '/api/freelancer/payouts',
    url: () => '/api/freelancer/payouts',
    expect: FREELANCER_ONLY,
  },
  {
    method: 'POST',
    route: '/api/admin/disputes/:id/ruling',
    url: (c) => `/api/admin/disputes/${c.milestoneId!}/ruling`,
    body: () => ({ outcome: 'release', reason: 'Delivered as agreed.' }),
    expect: ADMIN_ONLY,
    setup: engagedMilestone,
  },
];

const ROWS = [
  ...MATRIX,
  ...PUBLIC_ROWS,
  ...DEV_ROWS,
  ...TEST_GATEWAY_ROWS,
  ...PAYMENT_ROWS,
  ...MARKETPLACE_ROWS,
  ...ENGAGEMENT_ROWS,
  ...MILESTONE_ROWS,
];
const CALLERS: Caller[] = ['visitor', 'user', 'otherUser', 'freelancer', 'otherShark', 'shark', 'admin'];

let app: FastifyInstance;
let ctx: Ctx;
let cookies: Record<Exclude<Caller, 'visitor'>, string>;
/** "METHOD /route" of every route the app registered (HEAD left out where it follows a GET). */
const registered = new Set<string>();
/** Rows whose every caller answered as expected, for the summary line. */
const passed = new Set<Row>();

beforeAll(async () => {
  app = await createTestApp(
    { RATE_LIMIT_SCALE: '100' },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) registered.add(`${method} ${route.url}`);
      },
    },
  );
});
afterAll(async () => {
  if (passed.size === ROWS.length) {
    console.log(
      `role matrix: ${ROWS.length} endpoints x ${CALLERS.length} roles, ${ROWS.length * CALLERS.length} cases, all as expected`,
    );
  }
  setClock(); // POST /api/dev/clock may have moved it
  await app.close();
});
beforeEach(async () => {
  await resetDb();
  const { db } = await testDatabase();
  const sharkA = await createShark(db, { name: 'Shark A' });
  const sharkB = await createShark(db, { name: 'Shark B' });
  const course = await createCourse(db, sharkA.id);
  await createCourse(db, sharkB.id);
  const user = await createAccount(db, { roles: ['user'] });
  const otherUser = await createAccount(db, { roles: ['user'] });
  const booking = await createBooking(db, {
    courseId: course.id,
    userId: user.id,
    preferredDate: future,
    status: 'confirmed',
  });
  const completed = await createBooking(db, {
    courseId: course.id,
    userId: user.id,
    preferredDate: dateIn(-2),
    status: 'completed',
  });
  const reviewed = await createReview(db, {
    courseId: course.id,
    userId: user.id,
    rating: 4,
    preferredDate: dateIn(-3),
  });
  const freelancer = await createAccount(db, { roles: ['freelancer', 'user'] });
  const admin = await createAccount(db, { roles: ['admin'] });
  cookies = {
    user: await sessionCookie(db, user.id),
    otherUser: await sessionCookie(db, otherUser.id),
    freelancer: await sessionCookie(db, freelancer.id),
    shark: await sessionCookie(db, sharkA.userId),
    otherShark: await sessionCookie(db, sharkB.userId),
    admin: await sessionCookie(db, admin.id),
  };
  const credential = await app.inject({
    method: 'POST',
    url: '/api/workspace/credentials',
    headers: { cookie: cookies.shark },
    payload: { kind: 'certification', name: 'OSCP', url: 'https://www.credly.com/badges/x' },
  });
  expect(credential.statusCode, credential.body).toBe(201);
  const calendarSource = await app.inject({
    method: 'POST',
    url: '/api/workspace/calendar-sources',
    headers: { cookie: cookies.shark },
    payload: { url: 'https://calendar.example.com/calendar/ical/secret/basic.ics' },
  });
  expect(calendarSource.statusCode, calendarSource.body).toBe(201);
  ctx = {
    sharkId: sharkA.id,
    courseId: course.id,
    bookingId: booking.id,
    completedId: completed.id,
    reviewedId: reviewed.booking.id,
    reviewId: reviewed.review.id,
    credentialId: credential.json().credential.id,
    calendarSourceId: calendarSource.json().source.id,
    userEmail: user.email,
    freelancerId: freelancer.id,
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
  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      if (row.setup) ctx = { ...ctx, ...(await row.setup()) };
      for (const caller of CALLERS) {
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
      passed.add(row);
    });
  }
});

describe('the dev-only routes in production', () => {
  let prod: FastifyInstance;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:1',
      APP_ORIGIN: 'https://sharks.example',
      // Production refuses the test payment gateway: it needs Razorpay's keys.
      RAZORPAY_KEY_ID: 'rzp_live_matrix0001',
      RAZORPAY_KEY_SECRET: 'matrix-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'matrix-webhook-secret',
      // ...and a payout details key of its own.
      PAYOUT_DETAILS_KEY: 'bWF0cml4LXBheW91dC1kZXRhaWxzLWtleS0zMmJ5dGU=',
    });
  });
  afterAll(() => prod.close());

  for (const row of [...DEV_ROWS, ...TEST_GATEWAY_ROWS]) {
    it(`${row.method} ${row.route} does not exist for anyone`, async () => {
      for (const caller of CALLERS) {
        // Production names the session cookie __Host-sid.
        const res = await prod.inject({
          method: row.method,
          url: row.url(ctx),
          headers: caller === 'visitor' ? {} : { cookie: `__Host-${cookies[caller]}` },
          ...(row.body ? { payload: row.body(ctx) } : {}),
        });
        expect(res.statusCode, `${caller}: ${row.method} ${row.url(ctx)} in production`).toBe(404);
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
  it('has a row for every route the app registers, and no row for a route that does not exist', () => {
    const rows = ROWS.map((r) => `${r.method} ${r.route}`);
    // HEAD follows GET (Fastify adds it, also for the trailing-slash twin of a prefix's root route).
    const routes = [...registered].filter((r) => {
      const [method, url] = r.split(' ');
      return (
        method !== 'HEAD' ||
        !(registered.has(`GET ${url}`) || registered.has(`GET ${url.replace(/\/$/, '')}`))
      );
    });
    // The hook saw nested and wildcard routes too, so the check below is not vacuous.
    expect(routes).toEqual(
      expect.arrayContaining([
        'PUT /api/workspace/courses/:id',
        'GET /media/:bucket/*',
        'GET /api/auth/session',
      ]),
    );
    expect(routes.filter((r) => !rows.includes(r))).toEqual([]);
    expect(rows.filter((r) => !routes.includes(r))).toEqual([]);
    expect(new Set(rows).size).toBe(rows.length);
  });
});
