// Bad input on every endpoint (property-based, fast-check): every route the app documents in its OpenAPI
// description gets generated and hostile values in its path, query and body, as a visitor and as a
// signed-in account holding every role. Every answer must be below 500, every error must have the one
// error shape with a message, and an error must leave every table as it was. New routes are covered as
// soon as they are registered: every route the app registers must be documented (or left out below for a
// stated reason), and every documented operation must get its full number of runs. FUZZ_RUNS raises the
// number of runs per route (CI can afford more).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { apiErrorSchema } from '#shared/fields.ts';
import { contactSchema } from '#shared/contact.ts';
import { ADMIN_MSG } from '#shared/admin.ts';
import { queryRows } from '#server/db/client.ts';
import { freelancers } from '#server/db/schema.ts';
import { setClock } from '#server/time.ts';
import { createFreelancer, proposalBody, requestBody } from '#server/test/marketplace.ts';
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

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** Values that have broken web apps before: injection, markup, encodings, path tricks, sizes. */
const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE sharks; --",
  '1 UNION SELECT password_hash FROM users',
  '%',
  '_',
  '\\',
  '%%_\\%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\u0000',
  'a\u0000b',
  '\uFEFF\u200B\u202E',
  '\uD800',
  // Unpaired UTF-16 surrogates inside ordinary text, as JSON's "\ud800" escapes give them (issue 21, finding 4).
  'hello \uD800 there',
  '\uDC00 low first',
  'pair reversed \uDC00\uD800',
  '😀🦈',
  'ſhark K',
  ' ',
  '',
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  // Impossible dates and instants (issue 21, finding 5).
  '2026-02-30',
  '2026-02-31',
  '2025-02-29',
  '2026-13-01',
  '2026-04-31',
  '2026-02-30T10:00:00Z',
  '2026-02-30T10:00:00.000+05:30',
  '99:99',
  // Years before any sane floor (issue 38, finding 5).
  '0000-01',
  '0000-01-01',
  '0001-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12',
  // Recurrence rules that hang a calendar library, alone and inside a feed's text (issue 38, finding 1).
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'RRULE:FREQ=SECONDLY;COUNT=1000000000',
  'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260101T100000Z\r\nRRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT\r\nEND:VCALENDAR',
  'x'.repeat(10_000),
  'é'.repeat(100_001),
];

/** Dates no calendar has, and instants on them: each must be refused as a bad field, never reach SQL. */
const IMPOSSIBLE_DATES = ['2026-02-30', '2026-02-31', '2025-02-29', '2026-04-31', '2026-13-01', '2026-00-10'];
const IMPOSSIBLE_INSTANTS = ['2026-02-30T10:00:00Z', '2026-02-30T10:00:00.000+05:30'];
/** Unpaired UTF-16 surrogates in otherwise ordinary text. */
const SURROGATES = ['hello \uD800 there', '\uDC00 low first', 'pair reversed \uDC00\uD800', 'end \uDBFF'];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.5,
    -0.5,
    1.5,
    13,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'a', '$gt', 'constructor'), hostileString, {
      maxKeys: 2,
    }),
  },
);

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
}

/**
 * A value the schema accepts, so that some runs get past validation and reach the handler and SQL. Its
 * objects mix plausible and hostile properties, or (`shaped`) hold every property, each plausible.
 */
function plausible(schema: JsonSchema | undefined, ids: string[], shaped = false): fc.Arbitrary<unknown> {
  if (!schema) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausible(s, ids, shaped)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -1e6),
        max: Math.min(schema.maximum ?? 1000, 1e6),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items, ids, shaped), { maxLength: 2 });
    case 'object':
      return shaped ? shapedBodyOf(schema, ids) : bodyOf(schema, ids);
    case 'string':
      switch (schema.format) {
        case 'email':
          return fc.emailAddress();
        case 'uuid':
          return fc.oneof(fc.constantFrom(...ids), fc.uuid({ version: 4 }));
        case 'date':
          return shaped
            ? fc.constantFrom('2030-01-15', '2020-01-01', '2026-11-22')
            : fc.constantFrom('2030-01-15', '2020-01-01', '2026-11-22', ...IMPOSSIBLE_DATES);
        case 'date-time':
          return shaped
            ? fc.constantFrom('2030-01-15T04:30:00.000Z', '2020-01-01T00:00:00Z')
            : fc.constantFrom('2030-01-15T04:30:00.000Z', '2020-01-01T00:00:00Z', ...IMPOSSIBLE_INSTANTS);
        case 'uri':
          return fc.constantFrom('https://example.com/form', 'javascript:alert(1)');
        default:
          // A pattern (a date written YYYY-MM-DD, a time) gets text of its shape, so runs get past it.
          if (schema.pattern && shaped)
            return schema.pattern.includes('\\d{4}-\\d{2}-\\d{2}')
              ? fc.constantFrom('2030-01-15', '2026-11-22')
              : fc.stringMatching(new RegExp(schema.pattern));
          return fc.string({
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 20, 20),
          });
      }
    default:
      return hostileValue;
  }
}

/** An object for a body schema: each property plausible, hostile or missing; sometimes extra keys. */
function bodyOf(schema: JsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  const record = Object.fromEntries(
    props.map(([key, s]) => [key, fc.oneof(plausible(s, ids), hostileValue)]),
  );
  return fc
    .tuple(
      fc.record(record, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('__proto__', 'role', 'isAdmin', 'userId', 'sharkId'), hostileValue, {
        maxKeys: 2,
      }),
    )
    .map(([a, extra]) => ({ ...extra, ...a }));
}

/** An object for a body schema as a client would send it: every property there and plausible, nothing else. */
function shapedBodyOf(schema: JsonSchema, ids: string[]): fc.Arbitrary<unknown> {
  return fc.record(
    Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, s]) => [key, plausible(s, ids, true)]),
    ),
  );
}

/** Whether a JSON body carries a key Fastify's parser refuses as prototype poisoning, at any depth. */
function poisoned(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(
    ([key, inner]) =>
      key === '__proto__' ||
      (key === 'constructor' &&
        inner !== null &&
        typeof inner === 'object' &&
        Object.hasOwn(inner, 'prototype')) ||
      poisoned(inner),
  );
}

interface Operation {
  method: string;
  path: string;
  params: Array<{ name: string; in: string; schema?: JsonSchema }>;
  body?: JsonSchema;
}

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Operation['params'];
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

/**
 * Registered routes that are not OpenAPI operations, so not fuzzed here, each for a reason. Anything else
 * registered but undocumented fails the first test: it would escape the fuzzing.
 */
const NOT_FUZZED: Record<string, string> = {
  'POST /api/admin/cli/accounts':
    'loopback callers with the secret file only, 404 before the body (admin.test.ts)',
  'GET /dev/mailbox': 'the dev outbox as a page, no input; 404 in production (role-matrix.test.ts)',
  'GET /dev/mailbox/preview/:template': 'an enum of template names; 404 in production (role-matrix.test.ts)',
  // The built-in test gateway's emulation of Razorpay's API (test mode only; decision 133): it answers in
  // Razorpay's error shape, not ours, and takes the test keys first (401 to anyone else).
  'POST /api/test-gateway/v1/orders':
    "Razorpay's API, emulated; Razorpay's error bodies (test-gateway.test.ts)",
  'GET /api/test-gateway/v1/orders/:id/payments':
    "Razorpay's API, emulated; Razorpay's error bodies (test-gateway.test.ts)",
  'GET /api/test-gateway/v1/payments':
    "Razorpay's API, emulated; Razorpay's error bodies (test-gateway.test.ts)",
  'POST /api/test-gateway/v1/payments/:id/refund':
    "Razorpay's API, emulated; Razorpay's error bodies (test-gateway.test.ts)",
  'GET /api/test-gateway/v1/payments/:id/refunds/:refundId':
    "Razorpay's API, emulated; Razorpay's error bodies (test-gateway.test.ts)",
  // Razorpay Route, emulated (decision 147).
  'POST /api/test-gateway/v2/accounts':
    "Razorpay's API, emulated; Razorpay's error bodies (razorpay-route.test.ts)",
  'POST /api/test-gateway/v2/accounts/:id/products':
    "Razorpay's API, emulated; Razorpay's error bodies (razorpay-route.test.ts)",
  'PATCH /api/test-gateway/v2/accounts/:id/products/:productId':
    "Razorpay's API, emulated; Razorpay's error bodies (razorpay-route.test.ts)",
  'POST /api/test-gateway/v1/transfers':
    "Razorpay's API, emulated; Razorpay's error bodies (razorpay-route.test.ts)",
  'GET /api/test-gateway/v1/transfers/:id':
    "Razorpay's API, emulated; Razorpay's error bodies (razorpay-route.test.ts)",
  'GET /robots.txt': 'no input',
  'GET /sitemap.xml': 'no input',
  'GET /sitemaps/:part': 'a page number of the sitemap (seo.test.ts)',
  'GET /api/docs': 'the OpenAPI document and its viewer, static',
  'GET /api/docs/json': 'the OpenAPI document and its viewer, static',
  'GET /api/docs/yaml': 'the OpenAPI document and its viewer, static',
  'GET /api/docs/static/*': 'the OpenAPI document and its viewer, static',
  'GET /api/docs/static/index.html': 'the OpenAPI document and its viewer, static',
  'GET /api/docs/static/swagger-initializer.js': 'the OpenAPI document and its viewer, static',
};

/** Statuses that mean a request was stopped before its handler: validation, the guards, the framework. */
const STOPPED_BEFORE_HANDLER = new Set([400, 401, 403, 413, 415, 429]);

let app: FastifyInstance;
/** "METHOD /route" of every route the app registers, as the onRoute hook saw them. */
const registered = new Set<string>();
/** Per operation: the runs it got, and how many of them its handler answered. */
const runsOf = new Map<string, { runs: number; reached: number }>();
let ids: string[] = [];
let identities: Record<string, () => Promise<Record<string, string>>>;

/** Row counts of every table: an error answer must leave all of them as they were. */
async function tableCounts(): Promise<Record<string, number>> {
  const { db } = await testDatabase();
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const union = tables
    .map((t) => `SELECT '${t.tablename}' AS t, count(*)::int AS n FROM "${t.tablename}"`)
    .join(' UNION ALL ');
  const rows = await queryRows<{ t: string; n: number }>(db, sql.raw(union));
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

beforeAll(async () => {
  app = await createTestApp(
    { RATE_LIMIT_SCALE: '100000' },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat())
          if (method !== 'HEAD') registered.add(`${method} ${route.url}`);
      },
    },
  );
  await resetDb();
  const { db } = await testDatabase();
  const everyone = await createAccount(db, { roles: ['user', 'shark', 'freelancer', 'admin'] });
  const shark = await createShark(db, { userId: everyone.id, bio: '<script>alert(1)</script>' });
  const other = await createShark(db);
  const course = await createCourse(db, shark.id);
  const otherCourse = await createCourse(db, other.id);
  const booking = await createBooking(db, {
    courseId: otherCourse.id,
    userId: everyone.id,
    preferredDate: '2030-01-15',
  });
  // The booking's id reaches the session endpoints as its learner (every role) and as a visitor.

  // A completed session of this account with its review (of the other shark), and a review of its own shark.
  const reviewed = await createReview(db, {
    courseId: otherCourse.id,
    userId: everyone.id,
    rating: 4,
    preferredDate: dateIn(-3),
  });
  const learner = await createAccount(db, { roles: ['user'] });
  const ofOwn = await createReview(db, {
    courseId: course.id,
    userId: learner.id,
    rating: 2,
    preferredDate: dateIn(-4),
  });
  // This account's published freelancer profile (issue 27): its public id reaches /api/freelancers/:id.
  const [freelancer] = await db
    .insert(freelancers)
    .values({
      userId: everyone.id,
      name: 'Fuzz Freelancer',
      skills: '<img src=x onerror=alert(1)>',
      headline: 'Pentests',
      services: ['pentesting'],
      dayRatePaise: 900_000,
      published: true,
    })
    .returning({ id: freelancers.id });
  // The freelance marketplace (issue 27): this account's own request with another freelancer's proposal, and
  // another client's NDA request with this account's proposal, so ids reach both sides' handlers.
  const otherFreelancer = await createFreelancer(db, { name: 'Other Freelancer' });
  const otherClient = await createAccount(db, { roles: ['user'] });
  const everyoneCookie = await sessionCookie(db, everyone.id);
  const otherClientCookie = await sessionCookie(db, otherClient.id);
  const postRequest = async (cookie: string, over: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: { cookie },
      payload: { ...requestBody(over), publish: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const proposeOn = async (cookie: string, requestId: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/freelancer/requests/${requestId}/proposal`,
      headers: { cookie },
      payload: proposalBody(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().proposal.id as string;
  };
  const ownRequest = await postRequest(everyoneCookie, {});
  const theirProposal = await proposeOn(otherFreelancer.cookie, ownRequest);
  const theirRequest = await postRequest(otherClientCookie, { ndaRequired: true });
  await app.inject({
    method: 'POST',
    url: `/api/freelancer/requests/${theirRequest}/nda`,
    headers: { cookie: everyoneCookie },
  });
  const ownProposal = await proposeOn(everyoneCookie, theirRequest);
  // An engagement of this account as the client (another freelancer's proposal accepted), and one as the
  // freelancer (its proposal on another client's request accepted).
  const acceptOn = async (cookie: string, proposalId: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/proposals/${proposalId}/accept`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().engagementId as string;
  };
  const ownEngagement = await acceptOn(everyoneCookie, theirProposal);
  const hiredEngagement = await acceptOn(otherClientCookie, ownProposal);
  // Their milestones (issue 27's milestone payments): the fuzzer's path ids reach the handlers too.
  const milestonesOf = async (engagementId: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/engagements/${engagementId}`,
      headers: { cookie: everyoneCookie },
    });
    return (res.json().milestones as { id: string }[]).map((m) => m.id);
  };
  const milestoneIds = [...(await milestonesOf(ownEngagement)), ...(await milestonesOf(hiredEngagement))];
  ids = [
    shark.id,
    other.id,
    course.id,
    otherCourse.id,
    everyone.id,
    booking.id,
    reviewed.booking.id,
    reviewed.review.id,
    ofOwn.review.id,
    // ids[4] is the account of every role (tests below use it); the marketplace's come last.
    ownRequest,
    theirProposal,
    theirRequest,
    ownProposal,
    otherFreelancer.id,
    freelancer.id,
    ownEngagement,
    hiredEngagement,
    ...milestoneIds,
  ];
  identities = {
    visitor: async () => ({}),
    // A fresh session per request: a fuzzed logout or password change must not turn later runs into visitors.
    'every role': async () => ({ cookie: await sessionCookie(db, everyone.id) }),
  };
  // The first file of a full run on a loaded 2-core machine: starting the app and its fixtures can pass a minute.
}, 180_000);
afterAll(() => {
  setClock(); // POST /api/dev/clock may have moved it
  return app.close();
});

const pathParam = (ids: string[]) =>
  fc.oneof(
    fc.constantFrom(...ids),
    fc.uuid({ version: 4 }),
    hostileString.filter((s) => s.length > 0 && s.length < 3000),
  );

/** A path segment; a lone surrogate cannot be percent-encoded, so it goes as the invalid UTF-8 bytes it would be. */
function encodePathPart(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Query values as a URL carries them: strings, or repeated keys for arrays. */
const queryValue = fc.oneof(
  hostileString,
  hostileNumber.map(String),
  fc.array(hostileString, { minLength: 2, maxLength: 3 }),
);

describe('every endpoint under hostile input', () => {
  it('documents its routes, so none escapes this test', () => {
    const ops = operationsOf(app).map((o) => `${o.method} ${o.path}`);
    expect(ops).toEqual(
      expect.arrayContaining([
        'GET /api/sharks',
        'GET /api/sharks/{id}',
        'POST /api/contact',
        'GET /api/admin/mail',
        'POST /api/admin/mail/{id}/retry',
        'GET /api/admin/contact-messages',
        'GET /api/admin/shark-applications',
        'GET /api/admin/credentials',
        'POST /api/admin/shark-applications/{id}/approve',
        'POST /api/admin/shark-applications/{id}/reject',
        'POST /api/shark-applications/confirm',
        'PUT /api/admin/sharks/{id}/publication',
        'GET /api/admin/sharks/states',
        'GET /api/admin/users',
        'POST /api/admin/users/{id}/suspension',
        'POST /api/admin/users/{id}/lift-suspension',
        'GET /api/admin/bookings',
        'POST /api/admin/bookings/{id}/resolve-no-show',
        'GET /api/admin/audit-log',
        'GET /api/workspace/credentials',
        'GET /api/workspace/calendar-sources',
        'POST /api/workspace/calendar-sources',
        'DELETE /api/workspace/calendar-sources/{id}',
        'GET /api/workspace/meeting-room',
        'PUT /api/workspace/meeting-room',
        'GET /api/me/calendar-feed',
        'POST /api/me/calendar-feed',
        'GET /calendar/{secret}.ics',
        'POST /api/admin/credentials/{id}/review',
        'GET /api/sharks/{id}/credentials',
        'GET /api/freelancers',
        'GET /api/freelancers/{id}',
        'PUT /api/freelancer/profile',
        'GET /api/freelancer/credentials',
        'POST /api/freelancer/credentials',
        'DELETE /api/freelancer/credentials/{id}',
        'GET /api/workspace/payout-details',
        'PUT /api/workspace/payout-details',
        'GET /api/workspace/earnings',
        'GET /api/workspace/payouts',
        'GET /api/admin/payouts',
        'POST /api/admin/payouts/run',
        'GET /api/admin/payouts/bank-file',
        'POST /api/admin/payouts/{id}/paid',
        'POST /api/admin/payouts/{id}/failed',
        'GET /api/workspace/earnings/statements',
        'GET /api/workspace/earnings/statements/{month}.pdf',
        'GET /api/workspace/earnings/fee-invoices/{month}.pdf',
        'GET /api/sharks/{id}/reviews',
        'GET /api/sessions/{id}/review',
        'POST /api/sessions/{id}/review',
        'PUT /api/sessions/{id}/review',
        'GET /api/workspace/reviews',
        'POST /api/workspace/reviews/{id}/reply',
        'POST /api/reviews/{id}/reports',
        'GET /api/admin/reviews',
        'POST /api/admin/reviews/{id}/hide',
        'POST /api/admin/reviews/{id}/unhide',
        'GET /api/admin/reconciliation/exceptions',
        'POST /api/admin/reconciliation/exceptions/{id}/resolve',
        'GET /api/admin/finance/payments',
        'POST /api/admin/finance/payments/{id}/refund',
        'GET /api/admin/finance/refunds',
        'GET /api/admin/finance/balances',
        'GET /api/admin/finance/trial-balance',
        'GET /api/admin/finance/exports/ledger.csv',
        'GET /api/admin/finance/exports/documents.csv',
        'GET /api/admin/finance/exports/documents.zip',
        'POST /api/admin/finance/reversals',
        'GET /api/requests',
        'GET /api/requests/invitable',
        'POST /api/requests',
        'GET /api/requests/{id}',
        'PUT /api/requests/{id}',
        'POST /api/requests/{id}/status',
        'POST /api/requests/{id}/invitations',
        'GET /api/requests/{id}/proposals',
        'GET /api/freelancer/client-requests',
        'GET /api/freelancer/balance',
        'GET /api/freelancer/requests/{id}',
        'POST /api/freelancer/requests/{id}/nda',
        'POST /api/freelancer/requests/{id}/proposal',
        'PUT /api/proposals/{id}',
        'POST /api/proposals/{id}/withdraw',
        'POST /api/proposals/{id}/shortlist',
        'POST /api/proposals/{id}/accept',
        'GET /api/proposals/{id}/messages',
        'POST /api/proposals/{id}/messages',
        'GET /api/engagements',
        'GET /api/engagements/{id}',
        'POST /api/engagements/{id}/roe',
        'POST /api/engagements/{id}/messages',
        'POST /api/engagements/{id}/milestones/{milestoneId}/checkout',
        'POST /api/engagements/{id}/milestones/{milestoneId}/checkout/confirm',
        'POST /api/engagements/{id}/milestones/{milestoneId}/checkout/abandon',
        'POST /api/engagements/{id}/milestones/{milestoneId}/deliver',
        'POST /api/engagements/{id}/milestones/{milestoneId}/approve',
        'POST /api/engagements/{id}/milestones/{milestoneId}/changes',
        'POST /api/engagements/{id}/milestones/{milestoneId}/dispute',
        'GET /api/admin/disputes',
        'GET /api/admin/client-requests',
        'POST /api/admin/client-requests/{id}/hide',
        'POST /api/admin/client-requests/{id}/unhide',
        'GET /api/admin/engagements',
        'GET /api/freelancer/earnings',
        'GET /api/freelancer/payout-details',
        'PUT /api/freelancer/payout-details',
        'GET /api/freelancer/payouts',
        'POST /api/admin/disputes/{id}/ruling',
        'GET /api/engagements/{id}/files',
        'POST /api/engagements/{id}/files',
        'GET /api/engagements/{id}/files/{fileId}',
        'GET /api/engagements/{id}/review',
        'POST /api/engagements/{id}/review',
      ]),
    );
    // OpenAPI writes ":id" as "{id}" and a wildcard as "{path}".
    const documented = new Set(
      operationsOf(app).map((o) => `${o.method} ${o.path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const escaping = [...registered].filter(
      (r) => !documented.has(r) && !documented.has(r.replace(/\*$/, ':path')) && !(r in NOT_FUZZED),
    );
    expect(escaping).toEqual([]);
    expect(Object.keys(NOT_FUZZED).filter((r) => !registered.has(r))).toEqual([]);
  });

  it('answers below 500, with the error shape, and changes no row when it refuses', async () => {
    const ops = operationsOf(app);
    for (const op of ops) {
      const pathParams = op.params.filter((p) => p.in === 'path');
      const queryParams = op.params.filter((p) => p.in === 'query');
      const hostile = fc.record({
        identity: fc.constantFrom(...Object.keys(identities)),
        path: fc.tuple(...pathParams.map(() => pathParam(ids)), fc.constant('')),
        query: fc.record(
          Object.fromEntries(
            queryParams.map((p) => [p.name, fc.oneof(plausible(p.schema, ids).map(String), queryValue)]),
          ),
          { requiredKeys: [] },
        ),
        body: op.body
          ? fc.oneof({ weight: 5, arbitrary: bodyOf(op.body, ids) }, { weight: 1, arbitrary: hostileValue })
          : fc.constant(undefined),
      });
      // A well-formed request of the account holding every role, so that runs also reach the handlers and
      // their SQL, not only the schemas (a hostile field anywhere stops a request at validation).
      const wellFormed = fc.record({
        identity: fc.constant('every role'),
        path: fc.tuple(...pathParams.map(() => fc.constantFrom(...ids)), fc.constant('')),
        query: fc.record(
          Object.fromEntries(queryParams.map((p) => [p.name, plausible(p.schema, ids, true).map(String)])),
          { requiredKeys: [] },
        ),
        body: op.body ? shapedBodyOf(op.body, ids) : fc.constant(undefined),
      });
      const request = fc.oneof(hostile, wellFormed);
      let counts = await tableCounts();
      const tally = { runs: 0, reached: 0 };
      runsOf.set(`${op.method} ${op.path}`, tally);
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          tally.runs += 1;
          let url = op.path;
          pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodePathPart(r.path[i]))));
          const res = await app.inject({
            method: op.method as 'GET',
            url,
            query: r.query as Record<string, string>,
            headers: await identities[r.identity](),
            ...(r.body === undefined
              ? {}
              : {
                  payload: JSON.stringify(r.body),
                  headers: { ...(await identities[r.identity]()), 'content-type': 'application/json' },
                }),
          });
          const where = `${op.method} ${url} as ${r.identity}`;
          if (!STOPPED_BEFORE_HANDLER.has(res.statusCode)) tally.reached += 1;
          expect(res.statusCode, `${where} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = apiErrorSchema.safeParse(res.json());
            expect(parsed.success, `${where}: error shape, got ${res.body.slice(0, 300)}`).toBe(true);
            expect(parsed.data?.error.message.length, where).toBeGreaterThan(0);
            const after = await tableCounts();
            // A refused request may still refresh a session it read; nothing else may appear or vanish.
            expect(
              { ...after, sessions: 0 },
              `${where} changed rows while answering ${res.statusCode}`,
            ).toEqual({ ...counts, sessions: 0 });
          } else {
            // An accepted request may write: what it wrote is the new baseline.
            counts = await tableCounts();
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    // Every documented operation, old or new, got the full number of runs.
    const short = ops
      .map((o) => `${o.method} ${o.path}`)
      .filter((key) => (runsOf.get(key)?.runs ?? 0) < RUNS);
    expect(short).toEqual([]);
    const tallies = [...runsOf.values()];
    console.log(
      `fuzz: ${ops.length} operations x ${RUNS} runs, ${tallies.reduce((n, t) => n + t.runs, 0)} requests, ` +
        `${tallies.reduce((n, t) => n + t.reached, 0)} answered by a handler; ` +
        `${tallies.filter((t) => t.reached > 0).length} operations had at least one`,
    );
    const unreached = [...runsOf].filter(([, t]) => t.reached === 0).map(([key]) => key);
    if (unreached.length)
      console.log(`fuzz: stopped before the handler in every run: ${unreached.join(', ')}`);
  }, 600_000);

  it('answers every known-hostile value in every field below 500 (a sweep, not a sample)', async () => {
    const values: unknown[] = [
      '\u0000',
      'a\u0000b',
      '\uD800',
      ...SURROGATES,
      ...IMPOSSIBLE_DATES,
      ...IMPOSSIBLE_INSTANTS,
      "' OR '1'='1",
      '%',
      '\\',
      '<script>alert(1)</script>',
      'x'.repeat(10_000),
      -1,
      0.5,
      1e308,
      [],
      ['a', 'b'],
      { $gt: '' },
      null,
      true,
    ];
    const { db } = await testDatabase();
    const cookie = { cookie: await sessionCookie(db, ids[4]) };
    const failures: string[] = [];
    for (const op of operationsOf(app)) {
      const pathParams = op.params.filter((p) => p.in === 'path');
      const queryParams = op.params.filter((p) => p.in === 'query');
      for (const value of values) {
        const asText = Array.isArray(value) ? value.map(String) : String(value);
        const variants = [
          // Every query and body field holds the value; path ids are real.
          pathParams.reduce((url, p) => url.replace(`{${p.name}}`, ids[0]), op.path),
          // The path ids hold the value.
          ...(pathParams.length
            ? [
                pathParams.reduce(
                  (url, p) => url.replace(`{${p.name}}`, encodePathPart(String(asText) || 'x')),
                  op.path,
                ),
              ]
            : []),
        ];
        for (const url of variants) {
          const body = op.body
            ? Object.fromEntries(Object.keys(op.body.properties ?? {}).map((k) => [k, value]))
            : undefined;
          const res = await app.inject({
            method: op.method as 'GET',
            url,
            query: Object.fromEntries(queryParams.map((p) => [p.name, asText])) as Record<string, string>,
            headers: body ? { ...cookie, 'content-type': 'application/json' } : cookie,
            ...(body ? { payload: JSON.stringify(body) } : {}),
          });
          if (
            res.statusCode >= 500 ||
            (res.statusCode >= 400 && !apiErrorSchema.safeParse(res.json()).success)
          ) {
            failures.push(
              `${op.method} ${url.slice(0, 80)} with ${JSON.stringify(value).slice(0, 20)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses an unpaired surrogate and answers an impossible date below 500 in each string field of each well-formed request', async () => {
    // One field at a time in an otherwise well-formed request, so the value reaches the handler and its SQL
    // when validation lets it through (issue 21, findings 4 and 5).
    const { db } = await testDatabase();
    const failures: string[] = [];
    let checked = 0;
    let valid = 0;
    const isText = (schema: JsonSchema | undefined): boolean =>
      !!schema &&
      (schema.type === 'string' ||
        (Array.isArray(schema.type) && schema.type.includes('string')) ||
        (schema.anyOf ?? schema.oneOf ?? []).some(isText));
    for (const op of operationsOf(app)) {
      const pathParams = op.params.filter((p) => p.in === 'path');
      const queryParams = op.params.filter((p) => p.in === 'query');
      const url = pathParams.reduce((u, p) => u.replace(`{${p.name}}`, ids[0]), op.path);
      const send = async (query: Record<string, string | undefined>, body: unknown) => {
        // A fresh session each time: a base request that signs out everywhere must not sign out the rest.
        const cookie = { cookie: await sessionCookie(db, ids[4]) };
        const res = await app.inject({
          method: op.method as 'GET',
          url,
          query: query as Record<string, string>,
          headers: body === undefined ? cookie : { ...cookie, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        setClock(); // a well-formed POST /api/dev/clock moves it, and would expire the next sessions
        return res;
      };
      // The base is a request the route's validation accepts where one is found, so that a refusal below is
      // the one field's doing.
      const candidates = fc.sample(
        fc.record({
          query: fc.record(
            Object.fromEntries(queryParams.map((p) => [p.name, plausible(p.schema, ids, true).map(String)])),
            { requiredKeys: [] },
          ),
          body: op.body ? shapedBodyOf(op.body, ids) : fc.constant(undefined),
        }),
        { numRuns: 12, seed: 21 },
      );
      let base = candidates[0];
      for (const candidate of candidates)
        if ((await send(candidate.query, candidate.body)).statusCode !== 400) {
          base = candidate;
          valid += 1;
          break;
        }
      const record = (where: string, res: Awaited<ReturnType<typeof send>>, expectField?: string) => {
        checked += 1;
        const shaped = res.statusCode < 400 || apiErrorSchema.safeParse(res.json()).success;
        const named = !expectField || (res.statusCode === 400 && res.json().error.fields?.[expectField]);
        if (res.statusCode >= 500 || !shaped || !named)
          failures.push(`${op.method} ${url} ${where} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
      };
      const bodyFields = Object.entries(op.body?.properties ?? {}).filter(([, schema]) => isText(schema));
      for (const [field] of bodyFields) {
        for (const value of SURROGATES) {
          const body = { ...(base.body as object), [field]: value };
          record(`body.${field}=${JSON.stringify(value)}`, await send(base.query, body), field);
        }
        for (const value of [...IMPOSSIBLE_DATES, ...IMPOSSIBLE_INSTANTS]) {
          const body = { ...(base.body as object), [field]: value };
          record(`body.${field}=${value}`, await send(base.query, body));
        }
      }
      for (const p of queryParams) {
        for (const value of [...IMPOSSIBLE_DATES, ...IMPOSSIBLE_INSTANTS]) {
          record(`?${p.name}=${value}`, await send({ ...base.query, [p.name]: value }, base.body));
        }
      }
    }
    console.log(`hostile fields: ${checked} requests; ${valid} routes with a base their validation accepts`);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 600_000);

  it('refuses "hello \\ud800 there" in the public contact form with a 400 naming the field, storing nothing', async () => {
    const { db } = await testDatabase();
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM contact_messages`))[0].n;
    const before = await count();
    const res = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"Asha","email":"asha@example.com","message":"hello \\ud800 there"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation',
      message: 'This field contains a character that is not allowed.',
      fields: { message: 'This field contains a character that is not allowed.' },
    });
    expect(await count()).toBe(before);
  });

  it('refuses an impossible date in the admin bookings filter with a 400 naming the field', async () => {
    const { db } = await testDatabase();
    const cookie = await sessionCookie(db, ids[4]);
    for (const field of ['from', 'to']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/admin/bookings?${field}=2026-02-30`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: ADMIN_MSG.dateInvalid });
    }
  });

  it('refuses a NUL character with a 400 naming the field, instead of failing in the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/sharks?search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'validation',
      message: 'This field contains a character that is not allowed.',
      fields: { search: 'This field contains a character that is not allowed.' },
    });
  });

  it('refuses any list cursor the server did not write with a 400 naming the field (decision 196)', async () => {
    const sorts = fc.constantFrom('rating', 'experience', 'students', 'price_low', 'price_high');
    // Raw text, and base64url JSON shaped like a cursor with hostile members, so decoding reaches each check.
    const forged = fc.oneof(
      hostileString,
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? '').toString('base64url')),
      fc
        .tuple(
          sorts,
          fc.oneof(hostileNumber, fc.constant(null), hostileString),
          hostileString,
          fc.oneof(fc.uuid({ version: 4 }), hostileString),
        )
        .map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
    );
    await fc.assert(
      fc.asyncProperty(sorts, forged, async (sort, cursor) => {
        const res = await app.inject({ method: 'GET', url: '/api/sharks', query: { sort, cursor } });
        if (res.statusCode === 200) return; // a well-formed position (a uuid, a fitting key): a valid page
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().error.fields)).toContain('cursor');
      }),
      { numRuns: RUNS * 25 },
    );
  });

  it('refuses a body that tries prototype poisoning with a 400, storing nothing', async () => {
    const { db } = await testDatabase();
    const count = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM contact_messages`))[0].n;
    const before = await count();
    // The counterexample fast-check found: otherwise valid fields beside a "__proto__" key.
    for (const payload of [
      '{"__proto__":{},"name":"!","email":"a@a.aa","message":"!"}',
      '{"constructor":{"prototype":{}},"name":"!","email":"a@a.aa","message":"!"}',
    ]) {
      expect(poisoned(JSON.parse(payload))).toBe(true);
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(apiErrorSchema.safeParse(res.json()).success).toBe(true);
    }
    expect(await count()).toBe(before);
  });

  it('stores a contact message only for valid input', async () => {
    const { db } = await testDatabase();
    await fc.assert(
      fc.asyncProperty(
        bodyOf(
          {
            properties: {
              name: { type: 'string' },
              email: { type: 'string', format: 'email' },
              message: { type: 'string' },
            },
          },
          ids,
        ),
        async (body) => {
          const [{ n: before }] = await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM contact_messages`,
          );
          const res = await app.inject({
            method: 'POST',
            url: '/api/contact',
            payload: body as Record<string, unknown>,
          });
          const [{ n: after }] = await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM contact_messages`,
          );
          // Fastify refuses prototype poisoning ("__proto__", "constructor.prototype") before any schema runs.
          const valid = !poisoned(body) && contactSchema.safeParse(body).success;
          expect(res.statusCode).toBe(valid ? 201 : 400);
          expect(Number(after) - Number(before)).toBe(valid ? 1 : 0);
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });
});
