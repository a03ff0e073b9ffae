// A session from request to completion (issue 13): a fresh learner books the demo shark's course and pays for it
// (test mode), the shark accepts from its sessions' "Needs your action", they exchange a message, the learner
// proposes a new time with the slot picker and the shark accepts it, the server's clock moves past the end
// (POST /api/dev/clock), and both dashboards show it completed while the shark's earnings (from the ledger)
// grow by the shark's share of the session's price; on /shark/earnings that share is still pending, available
// once the 48-hour no-show window ends. Then the shark reports a no-show, an admin finds it among the disputes
// and rules that the session took place, which makes the share available at once, and every side's timeline
// shows the ruling. It runs in its own project after the journeys, because it moves the server's clock;
// afterAll puts the clock back.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Enrollments } from '#shared/workspace.ts';
import { EARNING_STATE_LABEL, EARNINGS_TEXT } from '#shared/earnings.ts';
import {
  NO_SHOW_OUTCOME_CHOICE,
  SESSION_EVENT_LABEL,
  SESSION_STATUS_LABEL,
  sessionEventLabel,
  type SessionDetail,
} from '#shared/sessions.ts';
import { cancellationPolicy, SESSION_MSG } from '#shared/sessions-texts.ts';
import { DEMO_ACCOUNTS, loginAs, loginAsDemo, signUpVerifiedLearner, uniqueEmail } from './helpers/auth';
import { payAtCheckout } from './helpers/payments';
import { pickSlot, sessionRowInGroup } from './helpers/sessions';
import { rupeesToPaise } from '#shared/money.ts';

const SHARK = DEMO_ACCOUNTS.shark.name;
/** An amount the page shows, in paise: the one conversion reads it (decision 210). */
const paiseOf = (text: string) => rupeesToPaise(text.trim()) ?? Number.NaN;
const MINUTE = 60_000;

const moveClock = async (request: APIRequestContext, offsetMinutes: number) => {
  const res = await request.post('/api/dev/clock', { data: { offsetMinutes } });
  expect(res.status()).toBe(200);
};

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await moveClock(request, 0);
  } finally {
    await request.dispose();
  }
});

/** The shark's "Earnings" tile, in paise. */
async function earnings(page: Page): Promise<number> {
  await page.goto('/shark/dashboard');
  const value = page.locator('dt', { hasText: /^Earnings$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(value).toContainText('₹');
  return paiseOf((await value.textContent()) ?? '');
}

/** The shark's share of `hours` of a course, in paise: the price quote's own figure, which the ledger posts. */
async function shareOf(request: APIRequestContext, courseId: string, hours: number): Promise<number> {
  const res = await request.get(`/api/bookings/quote?courseId=${courseId}&hours=${hours}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { sharkPaise: number }).sharkPaise;
}

/** The shark's line of this learner's latest paid session on /shark/earnings (the most recently paid first). */
async function earningLine(page: Page, learnerName: string) {
  await page.goto('/shark/earnings');
  return page.getByTestId('earning-line').filter({ hasText: learnerName }).first();
}

/** "28 Nov, 18:30" in India, as the earnings page writes when a share becomes available. */
const dayTimeInIndia = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));

async function newPage(browser: Browser, timezoneId: string) {
  const context = await browser.newContext({ timezoneId });
  return context.newPage();
}

test('a learner books, the shark accepts, they talk, the session moves, is held, counts in earnings, and an admin rules on a reported no-show', async ({
  page,
  request,
  browser,
}) => {
  // Two people, two browsers and many pages on a shared two-core machine.
  test.setTimeout(240_000);

  const shark = await newPage(browser, 'Asia/Kolkata');
  await loginAsDemo(shark, 'shark');
  const earningsBefore = await earnings(shark);

  // A fresh verified learner books a free slot on the shark's profile, several days ahead so it can still move.
  const account = await signUpVerifiedLearner(page, request, {
    name: 'Lena Learner',
    email: uniqueEmail('lena'),
  });
  await loginAs(page, 'user', account.email, account.password);
  await page.goto('/sharks?search=Arjun');
  await page.getByTestId('shark-card').filter({ hasText: SHARK }).getByRole('link', { name: SHARK }).click();
  await expect(page.getByRole('heading', { level: 1, name: SHARK })).toBeVisible();
  await page.getByRole('tab', { name: 'Courses' }).click();
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByLabel('Name')).toHaveValue('Lena Learner');
  const courseSelect = panel.getByLabel('Course');
  const courseTitle = (await courseSelect.count())
    ? ((await courseSelect.locator('option:checked').textContent()) ?? '').replace(/\s*\(₹.*$/, '')
    : ((await panel.getByText(/^Course:/).textContent()) ?? '').replace(/^Course:\s*/, '');
  await panel.getByLabel('Hours').fill('1');
  await expect(panel.getByTestId('quote-lines')).toContainText('× 1 hour');
  const total = (await panel.getByTestId('quote-total').textContent()) ?? '';
  const price = paiseOf(total);
  expect(price).toBeGreaterThan(0);
  const policy = (await panel.getByTestId('cancellation-policy').textContent()) ?? '';
  const windowHours = [0, 12, 24, 48, 72].find((h) => cancellationPolicy(h) === policy);
  expect(windowHours, policy).toBeDefined();
  // Far enough ahead that the session can still be moved (outside the cancellation window) a day later.
  const HOUR = 60 * MINUTE;
  const firstStart = await pickSlot(panel, Date.now() + (windowHours! + 24) * HOUR);
  await panel.getByLabel('Phone').fill('+91 90000 54321');
  // The course is priced: the learner pays its total in test mode, and the request reaches the shark.
  await panel.getByRole('button', { name: 'Continue to payment' }).click();
  const sessionId = await payAtCheckout(page);
  const sessionPath = `/sessions/${sessionId}`;

  // The session page says it is paid and awaits the shark.
  await page.getByTestId('checkout-outcome').getByRole('link', { name: 'View your session' }).click();
  await expect(page).toHaveURL(new RegExp(`${sessionPath}$`));
  await expect(page.getByTestId('session-payment')).toContainText(`Paid ${total}`);
  await expect(page.getByRole('heading', { level: 1, name: courseTitle })).toBeVisible();
  await expect(page.getByText(SESSION_MSG.awaitingShark)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Details' }).getByText(cancellationPolicy(windowHours!)),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Details' }).getByText(SESSION_STATUS_LABEL.requested, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept request' })).toHaveCount(0);

  // The shark finds it under "Needs your action" in its sessions (other specs' requests may come first) and
  // accepts it on the session page.
  await shark.goto('/shark/enrollments');
  const pending = await sessionRowInGroup(shark, 'Needs your action', { sessionId });
  await pending.getByRole('link').first().click();
  await expect(shark).toHaveURL(new RegExp(`${sessionPath}$`));
  await shark.getByRole('button', { name: 'Accept request' }).click();
  await expect(shark.getByText(SESSION_MSG.accepted)).toBeVisible();
  const sharkDetails = shark.getByRole('region', { name: 'Details' });
  await expect(sharkDetails.getByText(SESSION_STATUS_LABEL.confirmed, { exact: true })).toBeVisible();
  await expect(
    shark.getByRole('list', { name: 'Timeline' }).getByText(SESSION_EVENT_LABEL.confirmed),
  ).toBeVisible();

  // They exchange a message; each sees the other's.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Details' }).getByText(SESSION_STATUS_LABEL.confirmed, { exact: true }),
  ).toBeVisible();
  const learnerNote = 'Hi! I would like to focus on SQL injection in login forms.';
  await page.getByRole('textbox', { name: 'Message' }).fill(learnerNote);
  await page.getByRole('button', { name: 'Send' }).click();
  const learnerThread = page.getByRole('list', { name: 'Message thread' });
  await expect(learnerThread.getByRole('listitem').filter({ hasText: learnerNote })).toContainText('You');

  await shark.reload();
  const sharkThread = shark.getByRole('list', { name: 'Message thread' });
  await expect(sharkThread.getByRole('listitem').filter({ hasText: learnerNote })).toContainText(
    'Lena Learner',
  );
  const sharkNote = 'Sounds good. Bring a lab you are stuck on: https://example.com/lab';
  await shark.getByRole('textbox', { name: 'Message' }).fill(sharkNote);
  await shark.getByRole('button', { name: 'Send' }).click();
  await expect(sharkThread.getByRole('listitem').filter({ hasText: sharkNote })).toContainText('You');

  await page.reload();
  const fromShark = learnerThread.getByRole('listitem').filter({ hasText: 'Sounds good.' });
  await expect(fromShark).toContainText(SHARK);
  await expect(fromShark.getByRole('link', { name: 'https://example.com/lab' })).toHaveAttribute(
    'href',
    'https://example.com/lab',
  );

  // The learner proposes a new time with the slot picker; the shark accepts it.
  await page.getByRole('button', { name: 'Propose a new time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Propose a new time' });
  const newStart = await pickSlot(dialog, Date.parse(firstStart) + 12 * HOUR);
  await dialog.getByRole('button', { name: 'Propose this time' }).click();
  await expect(page.getByText(SESSION_MSG.rescheduleProposed)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You proposed a new time' })).toBeVisible();

  await shark.reload();
  await expect(shark.getByRole('heading', { name: 'The learner proposed a new time' })).toBeVisible();
  await shark.getByRole('button', { name: 'Accept new time' }).click();
  await expect(shark.getByText(SESSION_MSG.rescheduleAccepted)).toBeVisible();
  await expect(
    shark.getByRole('list', { name: 'Timeline' }).getByText(SESSION_EVENT_LABEL.reschedule_accepted),
  ).toBeVisible();
  const moved = (await (await shark.request.get(`/api/sessions/${sessionId}`)).json()) as SessionDetail;
  expect(moved.status).toBe('confirmed');
  expect(Date.parse(moved.startsAt)).toBe(Date.parse(newStart));

  // Before the clock moves: the learner's dashboard lists it as upcoming, confirmed.
  await page.goto('/user/dashboard');
  await expect(
    page
      .getByRole('list', { name: 'Upcoming' })
      .getByTestId('session-item')
      .filter({ hasText: courseTitle })
      .getByText(SESSION_STATUS_LABEL.confirmed, { exact: true }),
  ).toBeVisible();

  // Every confirmed session of the shark that ends before the new time completes with it (seeded ones too).
  const target = Date.parse(moved.endsAt) + 5 * MINUTE;
  const enrollments = (await (await shark.request.get('/api/workspace/enrollments')).json()) as Enrollments;
  const completing = enrollments.courses
    .flatMap((c) => c.students.map((s) => ({ ...s, courseId: c.courseId })))
    .filter((s) => s.status === 'confirmed' && s.endsAt && Date.parse(s.endsAt) <= target);
  expect(completing.map((s) => s.id)).toContain(sessionId);
  let earned = 0;
  for (const s of completing) earned += await shareOf(shark.request, s.courseId, s.hours);

  // The session's time passes. Both sign in again: days later, their old logins may have gone idle.
  await moveClock(request, Math.ceil((target - Date.now()) / MINUTE));
  await page.context().clearCookies();
  await loginAs(page, 'user', account.email, account.password);
  await shark.context().clearCookies();
  await loginAsDemo(shark, 'shark');

  // Both dashboards show it completed, and the shark's earnings moved by its share of the price.
  await page.goto('/user/dashboard');
  const learnerRow = page
    .getByRole('list', { name: 'Past' })
    .getByTestId('session-item')
    .filter({ hasText: courseTitle });
  await expect(learnerRow.getByText(SESSION_STATUS_LABEL.completed, { exact: true })).toBeVisible();
  await expect(learnerRow).toContainText(`with ${SHARK}`);
  await expect(page.getByRole('list', { name: 'Upcoming' })).toHaveCount(0);

  // The shark's Past list, paged: the other journeys leave sessions dated later than this one, which the
  // dashboard's three-row preview shows first.
  await shark.goto('/shark/enrollments');
  const sharkRow = await sessionRowInGroup(shark, 'Past', { sessionId });
  await expect(sharkRow.getByText(SESSION_STATUS_LABEL.completed, { exact: true })).toBeVisible();
  expect(await earnings(shark)).toBe(earningsBefore + earned);

  // On the earnings page its share is still pending: available when the 48-hour no-show window ends.
  const line = await earningLine(shark, 'Lena Learner');
  await expect(line.getByTestId('earning-state')).toHaveText(EARNING_STATE_LABEL.pending);
  const windowEnds = new Date(Date.parse(moved.endsAt) + 48 * HOUR).toISOString();
  await expect(line.getByTestId('earning-available-from')).toHaveText(
    EARNINGS_TEXT.availableFrom(dayTimeInIndia(windowEnds)),
  );

  await page.goto(sessionPath);
  await expect(
    page.getByRole('list', { name: 'Timeline' }).getByText(SESSION_EVENT_LABEL.completed, { exact: true }),
  ).toBeVisible();

  // The shark reports that the learner did not come; an admin finds the dispute and rules that it took place.
  await shark.goto(sessionPath);
  await shark.getByRole('button', { name: 'Report a no-show' }).click();
  const report = shark.getByRole('dialog', { name: 'Report a no-show' });
  await report.getByLabel('Note').fill('The learner never joined the call.');
  await report.getByRole('button', { name: 'Report no-show' }).click();
  await expect(shark.getByText(SESSION_MSG.noShowReported, { exact: true })).toBeVisible();

  const admin = await newPage(browser, 'Asia/Kolkata');
  await loginAsDemo(admin, 'admin');
  await admin.getByRole('tab', { name: 'Sessions' }).click();
  await admin.getByLabel('Status').selectOption('disputed');
  const disputed = admin
    .getByRole('list', { name: 'Sessions' })
    .getByRole('listitem')
    .filter({ hasText: account.email });
  await expect(disputed).toContainText('No-show reported by the shark');
  await disputed.getByRole('button', { name: /^Resolve the no-show of / }).click();
  const ruling = admin.getByRole('dialog', { name: 'Resolve the no-show' });
  await ruling.getByLabel(NO_SHOW_OUTCOME_CHOICE.took_place).check();
  await ruling.getByLabel(/Reason/).fill('The meeting log shows both sides in the call for the hour.');
  await ruling.getByRole('button', { name: 'Resolve the no-show' }).click();
  await expect(admin.getByText(SESSION_MSG.noShowResolved, { exact: true })).toBeVisible();
  await expect(disputed).toHaveCount(0);

  // The learner, the shark and the admin see the ruling on the timeline; it counts as completed again.
  const label = sessionEventLabel({ kind: 'no_show_resolved', outcome: 'took_place' });
  for (const viewer of [page, shark, admin]) {
    await viewer.goto(sessionPath);
    await expect(
      viewer.getByRole('list', { name: 'Timeline' }).getByText(label, { exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByText(SESSION_STATUS_LABEL.completed, { exact: true }).first()).toBeVisible();

  // The ruling made the shark's share available at once; the Earnings tile, the total of completed sessions,
  // is what it was.
  const released = await earningLine(shark, 'Lena Learner');
  await expect(released.getByTestId('earning-state')).toHaveText(EARNING_STATE_LABEL.available);
  await expect(released.getByTestId('earning-available-from')).toHaveCount(0);
  expect(await earnings(shark)).toBe(earningsBefore + earned);
  await admin.context().close();
  await shark.context().close();
});
