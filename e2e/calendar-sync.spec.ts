// A shark's calendars in sync (issue 26), as one journey: a fresh shark (made by the company, so no other
// journey's shark changes) chooses a new Jitsi room per session, adds the secret iCal address of its other
// calendar (served here on 127.0.0.1; the e2e server runs with CALENDAR_FETCH_ALLOW_LOOPBACK=true) and sees its
// busy time greyed in the preview; on the profile the slot inside that event is gone from the picker; a learner
// requests and pays another time, the shark confirms it, the session page offers the session's own Jitsi room,
// and the shark's calendar feed, fetched at its address with no cookie, lists the session with that room.
// Removing the calendar gives the blocked hour back. (This one journey replaced calendar-feed.spec.ts and
// calendar-imports.spec.ts, which walked the two halves with two sharks.)
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { CALENDAR_FEED_MSG } from '#shared/calendar-feed.ts';
import { CALENDAR_IMPORT_MSG } from '#shared/calendar-imports.ts';
import { MEETING_ROOM_MSG } from '#shared/meeting-rooms.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { loginAs, loginAsDemo, readMailLink, uniqueEmail } from './helpers/auth';
import { payAtCheckout } from './helpers/payments';

const JITSI_ROOM = /https:\/\/meet\.jit\.si\/SharkSecurity-[0-9a-f]{32}/;
const HOUR = 3_600_000;
/** 2026-11-27T05:30:00.000Z -> 20261127T053000Z */
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');

test("a shark's other calendar blocks a slot, a confirmed session gets a Jitsi room, and the shark's feed lists it", async ({
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
    data: { title: 'Cloud IR Drill', description: 'Hands-on.', duration: 1, pricePaise: 120_000 },
  });
  expect(course.status(), await course.text()).toBe(201);
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

  // The shark's other calendar: a dentist appointment over a free hour on its second free day (the day the
  // picker's "Next available" leads to from the first). The first may be today's last hours, whatever the hour
  // of the run; the second is a whole day, 09:00-21:00 in India.
  const free = (await (await page.request.get(`/api/sharks/${sharkId}/slots?hours=1`)).json()) as {
    days: { date: string; starts: string[] }[];
  };
  const freeDays = free.days.filter((d) => d.starts.length > 0);
  expect(freeDays.length, 'two days with free hours').toBeGreaterThanOrEqual(2);
  const day = freeDays[1]!;
  expect(day.starts.length, 'a whole day of free starts').toBeGreaterThanOrEqual(8);
  const busyStart = day.starts[4]!;
  const busyEnd = new Date(Date.parse(busyStart) + HOUR).toISOString();
  const later = day.starts.find((s) => Date.parse(s) >= Date.parse(busyEnd) + HOUR)!;
  expect(later, 'a free time after the dentist').toBeTruthy();
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//e2e//calendar-sync//EN',
    'BEGIN:VEVENT',
    'UID:e2e-dentist',
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    'SUMMARY:Dentist',
    `DTSTART:${stamp(busyStart)}`,
    `DTEND:${stamp(busyEnd)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ].join('\r\n');
  const server: Server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/calendar', etag: '"e2e"' }).end(ics),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  let sessionId: string;
  try {
    // The shark adds the calendar's secret address; it is shown masked, read at once, and its busy time greyed
    // in the preview without its title.
    await page.goto('/shark/availability');
    const section = page.getByRole('region', { name: 'Your other calendars' });
    await section
      .getByLabel('Calendar address (secret address in iCal format)')
      .fill(`http://127.0.0.1:${port}/calendar/ical/e2e-secret/basic.ics`);
    await section.getByRole('button', { name: 'Add calendar' }).click();
    await expect(page.getByText(CALENDAR_IMPORT_MSG.added, { exact: true })).toBeVisible();
    const list = section.getByRole('list', { name: 'Your other calendars' });
    await expect(list).toContainText(`127.0.0.1:${port}/…/basic.ics`);
    await expect(list).not.toContainText('e2e-secret');
    await expect(list).toContainText('Last read', { timeout: 30_000 });
    await page.reload();
    await expect(page.getByText(new RegExp(CALENDAR_IMPORT_MSG.busyLabel)).first()).toBeVisible();
    await expect(page.getByText('Dentist')).toHaveCount(0);

    // A learner on the shark's profile: on that day the dentist's hour is no longer offered; a later one is.
    const learnerContext = await browser.newContext({ baseURL, timezoneId: 'Asia/Kolkata' });
    const learner = await learnerContext.newPage();
    await loginAsDemo(learner, 'learner');
    await learner.goto(`/sharks/${sharkId}?tab=courses`);
    const panel = learner.getByTestId('booking-panel');
    await expect(panel.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
    await panel.getByLabel('Hours').fill('1');
    await panel.getByRole('button', { name: /^Next available: / }).click();
    const times = panel.getByRole('radiogroup');
    await expect(times).toHaveAccessibleName(new RegExp(`^Start times on .*${Number(day.date.slice(8))} `));
    const offered = await times
      .getByRole('radio')
      .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
    expect(offered).toContain(later);
    expect(offered).not.toContain(busyStart);
    expect(offered.filter((s) => Date.parse(s) > Date.parse(busyStart) - HOUR && s < busyEnd)).toEqual([]);

    // The learner requests the later hour and pays.
    await times.locator(`label:has(input[value="${later}"])`).click();
    await expect(times.locator(`input[value="${later}"]`)).toBeChecked();
    await panel.getByLabel('Phone').fill('+91 98450 12345');
    await panel.getByRole('button', { name: 'Continue to payment' }).click();
    sessionId = await payAtCheckout(learner);
    await learnerContext.close();

    // Removing the calendar gives the dentist's hour back.
    await page.goto('/shark/availability');
    await page
      .getByRole('region', { name: 'Your other calendars' })
      .getByRole('button', { name: `Remove 127.0.0.1:${port}/…/basic.ics` })
      .click();
    await expect(page.getByText(CALENDAR_IMPORT_MSG.removed, { exact: true })).toBeVisible();
    const back = (await (
      await page.request.get(`/api/sharks/${sharkId}/slots?hours=1&from=${day.date}&to=${day.date}`)
    ).json()) as typeof free;
    expect(back.days[0]!.starts).toContain(busyStart);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

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

  // A calendar app (no cookie) reads the feed: the session, confirmed, at its time, with its page and its room.
  const app = await playwright.request.newContext();
  try {
    const feed = await app.get(address);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const body = (await feed.text()).replace(/\r\n[ \t]/g, '');
    expect(body).toContain(`UID:session-${sessionId}@`);
    expect(body).toContain('STATUS:CONFIRMED');
    expect(body).toContain(`DTSTART:${stamp(later)}`);
    expect(body).toContain(`LOCATION:${room}`);
    expect(body).toMatch(new RegExp(`\nURL[;:].*${baseURL}/sessions/${sessionId}`));
    const again = await app.get(address, { headers: { 'if-none-match': feed.headers().etag } });
    expect(again.status()).toBe(304);
  } finally {
    await app.dispose();
  }
});
