// Issue 38, finding 7: a number in a query string is decimal digits, nothing else. `hours=0x10` was read as 16,
// `page=0x2` as 2, `0b1` as 1 and `1e1` as 10; each is now a 400 whose `fields` names the parameter.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_PAGE_MSG } from '#shared/console-page.ts';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';
import { SESSION_LIST_MSG } from '#shared/session-lists.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import {
  createAccount,
  createCourse,
  createShark,
  openEveryDayInIndia,
  sessionCookie,
} from '#server/test/fixtures.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(() => app.close());
beforeEach(resetDb);

async function setup() {
  const { db } = await testDatabase();
  const shark = await createShark(db, { published: true });
  await openEveryDayInIndia(db, shark.id);
  const course = await createCourse(db, shark.id, { pricePaise: 150_000 });
  const learner = await createAccount(db, { roles: ['user'] });
  const admin = await createAccount(db, { roles: ['admin'] });
  return {
    shark,
    course,
    learnerCookie: await sessionCookie(db, learner.id),
    adminCookie: await sessionCookie(db, admin.id),
  };
}
type World = Awaited<ReturnType<typeof setup>>;

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Hex, binary and exponent: each read as a number by z.coerce, each refused now. */
const NOT_DIGITS = ['0x10', '0x2', '0b1', '1e1', '+2', ' 2', '2.0'];

/** Each query number: its URL for a value, who asks, the field's message for text that is not a number. */
const CASES: { name: string; url: (w: World, v: string) => string; cookie?: keyof World; message: string }[] =
  [
    {
      name: 'hours of the free slots',
      url: (w, v) => `/api/sharks/${w.shark.id}/slots?hours=${encodeURIComponent(v)}`,
      message: 'Hours must be a number',
    },
    {
      name: 'hours of a quote',
      url: (w, v) => `/api/bookings/quote?courseId=${w.course.id}&hours=${encodeURIComponent(v)}`,
      message: 'Hours must be a number',
    },
    {
      name: 'page of the sharks list',
      url: (_w, v) => `/api/sharks?page=${encodeURIComponent(v)}`,
      message: 'Page must be a number',
    },
    {
      name: 'page of the freelancers directory',
      url: (_w, v) => `/api/freelancers?page=${encodeURIComponent(v)}`,
      message: FREELANCER_MSG.pageInvalid,
    },
    {
      name: "page of a shark's reviews",
      url: (w, v) => `/api/sharks/${w.shark.id}/reviews?page=${encodeURIComponent(v)}`,
      message: CONSOLE_PAGE_MSG.pageInvalid,
    },
    {
      name: "page of the learner's sessions",
      url: (_w, v) => `/api/me/sessions?group=upcoming&page=${encodeURIComponent(v)}`,
      cookie: 'learnerCookie',
      message: SESSION_LIST_MSG.badPage,
    },
    {
      name: "page of an admin console's list",
      url: (_w, v) => `/api/admin/users?page=${encodeURIComponent(v)}`,
      cookie: 'adminCookie',
      message: CONSOLE_PAGE_MSG.pageInvalid,
    },
  ];

describe('numbers in query strings (issue 38, finding 7)', () => {
  it('refuses hex, binary, exponent and signed or spaced text with a 400 naming the field', async () => {
    const w = await setup();
    for (const c of CASES) {
      const field = c.url(w, '1').includes('hours=') ? 'hours' : 'page';
      const cookie = c.cookie ? (w[c.cookie] as string) : undefined;
      for (const v of NOT_DIGITS) {
        const res = await get(c.url(w, v), cookie);
        expect(res.statusCode, `${c.name}: ${v}`).toBe(400);
        expect(res.json().error, `${c.name}: ${v}`).toMatchObject({
          code: 'validation',
          message: c.message,
          fields: { [field]: c.message },
        });
      }
      // Decimal digits are still read as the number they say.
      const ok = await get(c.url(w, '2'), cookie);
      expect(ok.statusCode, `${c.name}: 2 (${ok.body})`).toBe(200);
    }
  });

  it('still reads the digits themselves: a quote of 2 hours costs twice the hour', async () => {
    const w = await setup();
    const res = await get(`/api/bookings/quote?courseId=${w.course.id}&hours=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hours: 2, hourlyPaise: 150_000, totalPaise: 300_000 });
    // The hours a shark's slots are counted for are the ones asked, and 16 (what 0x10 was read as) is over the cap.
    const slots = await get(`/api/sharks/${w.shark.id}/slots?hours=3`);
    expect(slots.json()).toMatchObject({ hours: 3 });
    expect((await get(`/api/sharks/${w.shark.id}/slots?hours=16`)).json().error.fields).toEqual({
      hours: 'You can book at most 12 hours at a time',
    });
  });
});
