// Meeting rooms and the calendar feed (issue 26): a fresh shark (made by the company, so no other journey's
// shark changes) chooses a new Jitsi room per session on its profile page, a learner books and pays, the shark
// confirms on the session page, which then offers the Jitsi room; the shark makes its calendar address on
// /account, and the feed, fetched at that address with no cookie, lists the session with its room.
import { expect, test } from '@playwright/test';
import { CALENDAR_FEED_MSG } from '#shared/calendar-feed.ts';
import { MEETING_ROOM_MSG } from '#shared/meeting-rooms.ts';
import { SESSION_MSG } from '#shared/sessions.ts';
import { loginAs, loginAsDemo, readMailLink, uniqueEmail } from './helpers/auth';
import { bookAndPay } from './helpers/payments';

const JITSI_ROOM = /https:\/\/meet\.jit\.si\/SharkSecurity-[0-9a-f]{32}/;

test('a shark chooses Jitsi rooms, confirms a session that gets one, and its calendar feed lists it', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('calendar.shark');
  const password = 'tide tables 2026 calendar';

  // The company makes the shark; it sets its password from the mail and logs in.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await loginAsDemo(adminPage, 'admin');
  const created = await adminPage.request.post('/api/admin/sharks', {
    data: { email, name: 'Meera Kulkarni', specialization: 'cloud_security' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { sharkId } = (await created.json()) as { sharkId: string };
  await admin.close();
  const link = new URL(await readMailLink(page.request, email, /ready|password/i), 'http://link');
  const reset = await page.request.post('/api/auth/reset-password', {
    data: { token: link.searchParams.get('token'), password, confirmPassword: password },
  });
  expect(reset.status(), await reset.text()).toBe(200);
  await loginAs(page, 'shark', email, password);

  // Its profile published, a course, and its calendar open every day (the setup, through the API).
  const profile = await page.request.put('/api/workspace/profile', {
    data: {
      name: 'Meera Kulkarni',
      specialization: 'cloud_security',
      experience: 9,
      bio: 'Cloud incident response.',
      published: true,
    },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const course = await page.request.post('/api/workspace/courses', {
    data: { title: 'Cloud IR Drill', description: 'Hands-on.', duration: 1, price: 1200 },
  });
  expect(course.status(), await course.text()).toBe(201);
  const courseId = ((await course.json()) as { course: { id: string } }).course.id;
  const opened = await page.request.put('/api/workspace/availability', {
    data: {
      timeZone: 'Asia/Kolkata',
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 30,
      dailyCap: null,
      published: true,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '21:00' })),
      overrides: [],
    },
  });
  expect(opened.status(), await opened.text()).toBe(200);

  // The shark chooses a new Jitsi room for every session, on its profile page.
  await page.goto('/shark/edit-profile');
  const rooms = page.getByRole('region', { name: MEETING_ROOM_MSG.title });
  await expect(rooms.getByRole('radio', { name: MEETING_ROOM_MSG.manual })).toBeChecked();
  await rooms.getByRole('radio', { name: MEETING_ROOM_MSG.jitsi }).check();
  await expect(rooms.getByText(MEETING_ROOM_MSG.jitsiNote('https://meet.jit.si'))).toBeVisible();
  await rooms.getByRole('button', { name: 'Save meeting rooms' }).click();
  await expect(rooms.getByText(MEETING_ROOM_MSG.saved)).toBeVisible();

  // The demo learner books and pays the first free hour.
  const learnerContext = await browser.newContext({ baseURL });
  const learner = await learnerContext.newPage();
  await loginAsDemo(learner, 'learner');
  const slots = (await (await learner.request.get(`/api/sharks/${sharkId}/slots?hours=1`)).json()) as {
    days: { starts: string[] }[];
  };
  const startsAt = slots.days.find((d) => d.starts.length > 0)!.starts[0];
  const sessionId = await bookAndPay(learner.request, {
    courseId,
    hours: 1,
    startsAt,
    name: 'Priya Raman',
    email: 'priya@example.com',
    phone: '+91 98450 12345',
  });
  await learnerContext.close();

  // The shark confirms on the session page; the page then offers the session's own Jitsi room.
  await page.goto(`/sessions/${sessionId}`);
  await page.getByRole('button', { name: 'Accept request' }).click();
  await expect(page.getByText(SESSION_MSG.accepted)).toBeVisible();
  const join = page.getByRole('link', { name: /Join the meeting/ });
  await expect(join).toHaveAttribute('href', JITSI_ROOM);
  const room = (await join.getAttribute('href'))!;

  // The shark makes its calendar address on /account.
  await page.goto('/account');
  const feedSection = page.getByRole('region', { name: CALENDAR_FEED_MSG.title });
  await expect(feedSection.getByText(CALENDAR_FEED_MSG.none)).toBeVisible();
  await feedSection.getByRole('button', { name: CALENDAR_FEED_MSG.make }).click();
  const address = await feedSection.getByLabel(CALENDAR_FEED_MSG.addressLabel).inputValue();
  expect(address).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
  await expect(feedSection.getByRole('link', { name: CALENDAR_FEED_MSG.openWebcal })).toHaveAttribute(
    'href',
    address.replace(/^https?:/, 'webcal:'),
  );

  // A calendar app (no cookie) reads the feed: the session, confirmed, with its page and its room.
  const app = await playwright.request.newContext();
  try {
    const feed = await app.get(address);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const body = (await feed.text()).replace(/\r\n[ \t]/g, '');
    expect(body).toContain(`UID:session-${sessionId}@`);
    expect(body).toContain('STATUS:CONFIRMED');
    expect(body).toContain(`LOCATION:${room}`);
    expect(body).toMatch(new RegExp(`\nURL[;:].*${baseURL}/sessions/${sessionId}`));
    const again = await app.get(address, { headers: { 'if-none-match': feed.headers().etag } });
    expect(again.status()).toBe(304);
  } finally {
    await app.dispose();
  }
});
