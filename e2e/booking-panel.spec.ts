// Issue 25, sections 2 to 4 in a browser: the numbers a learner trusts (Students moves on an accepted session
// only; each dashboard tile counts its list), a booking that survives "Log in to book" (log in, or sign up and
// verify), and the lighter panel (week strip, Next available, morning/afternoon/evening on a phone, the summary,
// the phone saved once, focus clear of the fixed header), axe clean at 390 and 1280 px.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_ACCOUNTS,
  loginByApi,
  readMailLink,
  signUpVerifiedLearnerByApi,
  uniqueEmail,
} from './helpers/auth';
import { bookAndPay } from './helpers/payments';

const DAY = 86_400_000;
const SHARK = DEMO_ACCOUNTS.shark.name; // Arjun Mehta: the demo shark account, so it can accept a request

async function demoSharkId(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get(`/api/sharks?search=${SHARK.split(' ')[0]}`)).json()) as {
    items: { id: string; name: string }[];
  };
  return items.find((s) => s.name === SHARK)!.id;
}

async function audit(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

/** The header is fixed: whatever has the focus must show below it. */
async function clearOfHeader(page: Page, locator: ReturnType<Page['locator']>) {
  const header = await page.locator('header').first().boundingBox();
  const box = await locator.boundingBox();
  expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
}

test.describe('a booking that survives the login', () => {
  test('a visitor chooses, logs in, and is back on the same panel with the same choice and what they typed', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const learner = await signUpVerifiedLearnerByApi(request, { email: uniqueEmail('return') });
    await page.goto(`/sharks/${await demoSharkId(request)}?tab=courses`);
    const panel = page.getByTestId('booking-panel');
    await panel.getByLabel('Hours').fill('2');
    const strip = panel.getByRole('group', { name: 'Days' });
    // A week at a time, with the next free day one press away.
    await expect(strip.getByRole('button')).toHaveCount(7);
    await panel.getByRole('button', { name: /^Next available: / }).click();
    const day = await strip.locator('[aria-pressed="true"]').getAttribute('aria-label');
    await panel.getByRole('radiogroup').locator('label').last().click();
    await panel.getByLabel('Name').fill('Asha Return');
    await panel.getByLabel('Phone').fill('+91 93333 44444');
    const chosen = new URL(page.url());
    expect(chosen.searchParams.get('hours')).toBe('2');
    expect(chosen.searchParams.get('day')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(chosen.searchParams.get('slot')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(chosen.hash).toBe('#book');
    const summary = await panel.getByTestId('booking-summary').textContent();
    expect(summary).toMatch(/^\w{3} \d{1,2} \w{3}, \d\d:\d\d \S+ · 2 h · ₹[\d,]+$/);

    await panel.getByRole('button', { name: 'Log in to book' }).click();
    await expect(page).toHaveURL(/\/login\/user\?next=/);
    // Only a path on this site is followed.
    expect(new URL(new URL(page.url()).searchParams.get('next')!, page.url()).href).toBe(chosen.href);
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(chosen.pathname + chosen.search + chosen.hash);
    const back = page.getByTestId('booking-panel');
    await expect(back.getByLabel('Hours')).toHaveValue('2');
    await expect(
      back.getByRole('group', { name: 'Days' }).getByRole('button', { name: day! }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(back.getByRole('radiogroup').getByRole('radio').last()).toBeChecked();
    await expect(back.getByLabel('Name')).toHaveValue('Asha Return');
    await expect(back.getByLabel('Phone')).toHaveValue('+91 93333 44444');
    await expect(back.getByTestId('booking-summary')).toHaveText(summary!);
    // Scrolled into view, its heading focused and not under the fixed header.
    const heading = back.getByRole('heading', { name: 'Book a session' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await clearOfHeader(page, heading);
    // A learner without a phone on the profile is asked once to keep it there.
    await expect(
      back.getByRole('checkbox', { name: 'Save this number to my profile for next time' }),
    ).toBeChecked();
  });

  test('a visitor without an account signs up, verifies, logs in and is back on the same choice', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto(`/sharks/${await demoSharkId(page.request)}?tab=courses`);
    const panel = page.getByTestId('booking-panel');
    // The week's last free day and its last time: the other journeys book the first ones.
    await panel.getByRole('group', { name: 'Days' }).locator('button:not([aria-disabled])').last().click();
    await panel.getByRole('radiogroup').locator('label').last().click();
    await panel.getByLabel('Phone').fill('+91 94444 55555');
    const chosen = new URL(page.url());
    await panel.getByRole('button', { name: 'Log in to book' }).click();
    await page.getByRole('link', { name: 'Create a learner account' }).click();
    await expect(page).toHaveURL(/\/signup\/user\?next=/);

    const email = uniqueEmail('newcomer');
    const password = 'correct horse battery';
    await page.getByLabel('Full name').fill('Nila Newcomer');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Account Created')).toBeVisible();
    // The mailed link opens in a tab of its own; the first tab has moved on to the login, the way back kept.
    const mail = await context.newPage();
    await mail.goto(await readMailLink(page.request, email, /verif/i));
    await expect(mail.getByRole('link', { name: 'Log in' })).toBeVisible();
    await mail.close();
    await expect(page).toHaveURL(/\/login\/user\?next=/);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await expect(page).toHaveURL(chosen.pathname + chosen.search + chosen.hash);
    const back = page.getByTestId('booking-panel');
    await expect(back.getByRole('radiogroup').getByRole('radio').last()).toBeChecked();
    await expect(back.getByLabel('Phone')).toHaveValue('+91 94444 55555');
    await expect(back.getByLabel('Name')).toHaveValue('Nila Newcomer');
  });

  test('a return path to another site is never followed', async ({ page, request }) => {
    const learner = await signUpVerifiedLearnerByApi(request, { email: uniqueEmail('evil') });
    await page.goto(`/login/user?next=${encodeURIComponent('//evil.example/steal')}`);
    await page.getByLabel('Email', { exact: true }).fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });
});

test.describe('a lighter booking panel', () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: a week strip, the summary beside the button, axe clean`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
      const learner = await signUpVerifiedLearnerByApi(request, { email: uniqueEmail(`strip${width}`) });
      await loginByApi(page.request, 'user', learner.email, learner.password);
      await page.goto(`/sharks/${await demoSharkId(request)}?tab=courses`);
      const panel = page.getByTestId('booking-panel');
      const strip = panel.getByRole('group', { name: 'Days' });
      await expect(strip.getByRole('button')).toHaveCount(7);
      await expect(panel.getByRole('button', { name: 'Previous week' })).toBeDisabled();
      const firstDay = await strip.getByRole('button').first().getAttribute('aria-label');
      await panel.getByRole('button', { name: 'Next week' }).click();
      await expect(strip.getByRole('button').first()).not.toHaveAttribute('aria-label', firstDay!);
      await panel.getByRole('button', { name: 'Previous week' }).click();
      await expect(strip.getByRole('button').first()).toHaveAttribute('aria-label', firstDay!);
      // On a phone the times are grouped by the part of the day.
      const parts = panel.getByRole('radiogroup').getByText(/^(Morning|Afternoon|Evening)$/);
      if (width < 640) await expect(parts.first()).toBeVisible();
      else await expect(parts).toHaveCount(0);
      await panel.getByRole('radiogroup').locator('label').first().click();
      await expect(panel.getByTestId('booking-summary')).toHaveText(
        /^\w{3} \d{1,2} \w{3}, \d\d:\d\d \S+ · 1 h · ₹[\d,]+$/,
      );
      expect(await audit(page, `profile at ${width}`)).toEqual([]);
    });
  }

  test('a time on the next date in the learner\'s zone says "+1 day"', async ({ browser, request }) => {
    // Kiritimati is 8.5 hours ahead of India: a start from 15:30 in India is after midnight there.
    const context = await browser.newContext({ timezoneId: 'Pacific/Kiritimati' });
    const page = await context.newPage();
    await page.goto(`/sharks/${await demoSharkId(request)}?tab=courses`);
    const panel = page.getByTestId('booking-panel');
    const days = panel.getByRole('group', { name: 'Days' }).locator('button:not([aria-disabled])');
    await expect(days.first()).toBeVisible();
    let nextDay = 0;
    for (let i = 0; i < (await days.count()); i++) {
      await days.nth(i).click();
      await expect(panel.getByRole('radiogroup').locator('label').first()).toBeVisible();
      for (const label of await panel.getByRole('radiogroup').locator('label').allTextContents()) {
        const shark = /\(shark: (\d\d):(\d\d)\)/.exec(label)!;
        const late = Number(shark[1]) * 60 + Number(shark[2]) >= 15 * 60 + 30;
        expect(label.includes('+1 day'), label).toBe(late);
        if (late) nextDay++;
      }
    }
    expect(nextDay).toBeGreaterThan(0);
    await context.close();
  });
});

test.describe('numbers that agree', () => {
  test('Students moves on an accepted session only; each dashboard tile counts the list below it', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const sharkId = await demoSharkId(request);
    const students = async () =>
      ((await (await request.get(`/api/sharks/${sharkId}`)).json()) as { studentCount: number }).studentCount;
    const before = await students();

    const learner = await signUpVerifiedLearnerByApi(request, { email: uniqueEmail('counted') });
    const learnerContext = await browser.newContext();
    await loginByApi(learnerContext.request, 'user', learner.email, learner.password);
    const courses = (await (await request.get(`/api/sharks/${sharkId}/courses`)).json()) as { id: string }[];
    const slots = (await (await request.get(`/api/sharks/${sharkId}/slots?hours=1`)).json()) as {
      days: { starts: string[] }[];
    };
    // Far ahead of what the other journeys book, so the slot is never just taken.
    const starts = slots.days.flatMap((d) => d.starts).filter((s) => Date.parse(s) > Date.now() + 40 * DAY);
    const book = (startsAt: string) =>
      bookAndPay(learnerContext.request, {
        courseId: courses[0]!.id,
        hours: 1,
        startsAt,
        name: learner.name,
        email: learner.email,
        phone: '+91 90000 25025',
      });
    const first = await book(starts[0]!);
    expect(await students()).toBe(before);

    const sharkContext = await browser.newContext();
    await loginByApi(sharkContext.request, 'shark', DEMO_ACCOUNTS.shark.email, DEMO_ACCOUNTS.shark.password);
    const accept = async (id: string) =>
      expect((await sharkContext.request.post(`/api/sessions/${id}/accept`, { data: {} })).status()).toBe(
        200,
      );
    await accept(first);
    expect(await students()).toBe(before + 1);
    const second = await book(starts[3]!);
    await accept(second);
    expect(await students()).toBe(before + 1);

    // The dashboards: each tile counts its list, under the list's name.
    const sharkPage = await sharkContext.newPage();
    await sharkPage.goto('/shark/dashboard');
    const tiles = sharkPage.getByLabel('Your numbers');
    const tile = (label: string) =>
      tiles.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
    for (const [label, list] of [
      ['Upcoming sessions', 'Upcoming'],
      ['Needs your action', 'Needs your action'],
    ] as const) {
      await expect(tile(label)).toHaveText(/^\d+$/);
      const value = (await tile(label).textContent())!;
      const heading = sharkPage.getByRole('heading', { name: new RegExp(`^${list} \\(\\d+\\)$`) });
      if (value === '0') await expect(heading).toHaveCount(0);
      else await expect(heading).toHaveText(`${list} (${value})`);
    }
    const learnerPage = await learnerContext.newPage();
    await learnerPage.goto('/user/dashboard');
    await expect(learnerPage.getByRole('heading', { name: 'Upcoming (2)' })).toBeVisible();
    await expect(
      learnerPage.getByText('Upcoming sessions', { exact: true }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('2');

    // Cancelling both confirmed sessions takes the learner out of Students again.
    for (const id of [first, second])
      expect(
        (
          await learnerContext.request.post(`/api/sessions/${id}/cancel`, {
            data: { reason: 'Plans changed' },
          })
        ).status(),
      ).toBe(200);
    expect(await students()).toBe(before);
    await learnerContext.close();
    await sharkContext.close();
  });
});
