// Issue 25, section 5: a session page a learner in India trusts. Withdrawing a request is never called late; once
// confirmed, the countdown and "Join the meeting" come first on a phone and the messages come before the brief;
// each zone is named once (the browser says Asia/Calcutta, the shark works in Asia/Kolkata: one line, "India
// Standard Time"); the shark's own page never says the payment is arranged with the shark. Runs in the journeys
// project on the real clock: nothing here depends on the hour.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { DEMO_ACCOUNTS, loginAs, loginByApi, signUpVerifiedLearnerByApi, uniqueEmail } from './helpers/auth';
import { bookAndPay } from './helpers/payments';

test.use({ timezoneId: 'Asia/Calcutta' });

/** A fresh learner's paid request with the demo shark, on a free slot well ahead (never one another journey takes). */
async function requestWithDemoShark(request: APIRequestContext, daysAhead: number) {
  const learner = await signUpVerifiedLearnerByApi(request, {
    name: 'Zoya Wording',
    email: uniqueEmail('zoya'),
  });
  await loginByApi(request, 'user', learner.email, learner.password);
  const found = (await (
    await request.get(`/api/sharks?search=${encodeURIComponent(DEMO_ACCOUNTS.shark.name)}`)
  ).json()) as { items: { id: string; name: string }[] };
  const sharkId = found.items.find((s) => s.name === DEMO_ACCOUNTS.shark.name)!.id;
  const courses = (await (await request.get(`/api/sharks/${sharkId}/courses`)).json()) as { id: string }[];
  const slots = (await (await request.get(`/api/sharks/${sharkId}/slots?hours=1`)).json()) as {
    days: { starts: string[] }[];
  };
  const startsAt = slots.days
    .flatMap((d) => d.starts)
    .filter((s) => Date.parse(s) > Date.now() + daysAhead * 86_400_000)
    .at(Math.floor(Math.random() * 6))!;
  // The zone Chromium reports in India; the server stores it as Asia/Kolkata.
  const booking = {
    courseId: courses[0]!.id,
    hours: 1,
    startsAt,
    name: learner.name,
    email: learner.email,
    phone: '+91 90000 70025',
    timeZone: 'Asia/Calcutta',
  };
  const id = await bookAndPay(request, booking);
  return { id, learner };
}

async function asDemoShark(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Asia/Calcutta' });
  const page = await context.newPage();
  await loginAs(page, 'shark', DEMO_ACCOUNTS.shark.email, DEMO_ACCOUNTS.shark.password);
  return page;
}

async function expectNoAxeViolations(page: Page, name: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test('withdrawing a request the shark has not accepted is never called a late cancellation', async ({
  page,
  request,
}) => {
  const { id, learner } = await requestWithDemoShark(request, 20);
  await loginAs(page, 'user', learner.email, learner.password);
  await page.goto(`/sessions/${id}`);
  await page.getByRole('button', { name: 'Withdraw request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
  await expect(dialog.getByText(SESSION_MSG.withdrawRequest)).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByTestId('cancel-refund')).toContainText('(100%)');
  await dialog.getByLabel('Reason').fill('Found a time that suits me better.');
  await dialog.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByText(SESSION_MSG.withdrawn)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Timeline' }).getByText('Late cancellation')).toHaveCount(0);
});

test('a confirmed session at 390 px: countdown and Join first, messages before the brief, one name per zone', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { id, learner } = await requestWithDemoShark(request, 24);
  const shark = await asDemoShark(browser);
  expect((await shark.request.post(`/api/sessions/${id}/accept`)).status()).toBe(200);
  expect(
    (
      await shark.request.put(`/api/sessions/${id}/meeting-link`, {
        data: { meetingLink: 'https://meet.jit.si/shark-security-e2e-wording' },
      })
    ).status(),
  ).toBe(200);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(page, 'user', learner.email, learner.password);
  await page.goto(`/sessions/${id}`);
  const join = page.getByTestId('session-join');
  await expect(join.getByRole('heading', { level: 2 })).toHaveText(/^Starts in \d+ days?(, \d+ h)?\.$/);
  await expect(join.getByRole('link', { name: /Join the meeting/ })).toHaveAttribute(
    'href',
    'https://meet.jit.si/shark-security-e2e-wording',
  );
  // On the first screen of a phone, above the details.
  const joinBox = (await join.boundingBox())!;
  expect(joinBox.y + joinBox.height).toBeLessThan(844);
  const detailsBox = (await page.getByRole('region', { name: 'Details' }).boundingBox())!;
  expect(joinBox.y).toBeLessThan(detailsBox.y);
  const messagesY = (await page.getByRole('heading', { level: 2, name: 'Messages' }).boundingBox())!.y;
  const briefY = (await page.getByRole('heading', { level: 2, name: "Learner's brief" }).boundingBox())!.y;
  expect(messagesY).toBeLessThan(briefY);

  const times = page.getByTestId('session-times');
  await expect(times.getByRole('listitem')).toHaveCount(1);
  await expect(times).toContainText("Your time and the shark's:");
  await expect(times).toContainText('(India Standard Time)');
  await expect(page.locator('main')).not.toContainText('Calcutta');
  await expect(page.locator('main')).not.toContainText('Asia/Kolkata');
  await expect(page.locator('main')).not.toContainText(/shark: \d/);
  await expectNoAxeViolations(page, 'session 390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page, 'session 1280');

  // The shark's own page: the same one-line time, and never "Payment is arranged with the shark".
  await shark.goto(`/sessions/${id}`);
  await expect(shark.getByTestId('session-times')).toContainText("Your time and the learner's:");
  await expect(shark.locator('main')).not.toContainText(/arranged with the shark/i);
  await shark.context().close();
});
