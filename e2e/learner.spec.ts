// The learner's journey: sign up, verify, log in, find a shark by search, follow, book and pay in test mode, see the
// booking on the dashboard and in bookings as a request; then the shark sees it awaiting its answer, earnings
// unmoved. Plus the visitor's detours.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { SESSION_STATUS_LABEL } from '#shared/sessions.ts';
import { DEMO_ACCOUNTS, loginAs, loginAsDemo, signUpVerifiedLearner, uniqueEmail } from './helpers/auth';
import { payAtCheckout } from './helpers/payments';
import { sessionRowInGroup } from './helpers/sessions';
import { rupeesToPaise } from '#shared/money.ts';

const SHARK = DEMO_ACCOUNTS.shark.name; // Arjun Mehta, the demo shark account, whose courses we book

/** An amount the page shows, in paise: the one conversion reads it (decision 210). */
const paiseOf = (text: string) => rupeesToPaise(text.trim()) ?? Number.NaN;

async function sharkEarnings(browser: Browser): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await loginAsDemo(page, 'shark');
    await page.goto('/shark/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByText('Loading', { exact: false })
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => {});
    // The metric is a <dt>Earnings</dt><dd>₹…</dd> pair.
    const value = page.locator('dt', { hasText: /^Earnings$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(value).toContainText('₹');
    return paiseOf((await value.textContent()) ?? '');
  } finally {
    await context.close();
  }
}

async function findSharkBySearch(page: Page, name: string) {
  await page.goto('/sharks');
  const term = name.split(' ')[0];
  await page.getByLabel('Search by name or bio').fill(term);
  // Wait for the debounced search to land, so the card found is from the searched list.
  await expect(page).toHaveURL(new RegExp(`[?&]search=${term}`));
  const card = page.getByTestId('shark-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  return card;
}

test.describe('a learner in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });
  test('a new learner follows and books a shark, sees it everywhere, and the shark sees the request awaiting its answer', async ({
    page,
    request,
    browser,
  }) => {
    // A long journey over three logins on a shared two-core machine.
    test.setTimeout(180_000);
    const earningsBefore = await sharkEarnings(browser);

    const account = await signUpVerifiedLearner(page, request, {
      name: 'Maya Learner',
      email: uniqueEmail('maya'),
    });
    await loginAs(page, 'user', account.email, account.password);
    await expect(page).toHaveURL(/\/user\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Maya' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No upcoming sessions' })).toBeVisible();

    // Find the shark by search and follow with the heart; it survives a reload.
    let card = await findSharkBySearch(page, SHARK);
    const heart = card.getByRole('button', { name: `Follow ${SHARK}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.waitForLoadState('networkidle');
    await page.reload();
    card = page.getByTestId('shark-card').filter({ hasText: SHARK });
    await expect(card.getByRole('button', { name: `Follow ${SHARK}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Book from the profile's Courses tab.
    await card.getByRole('link', { name: SHARK }).click();
    await expect(page.getByRole('heading', { level: 1, name: SHARK })).toBeVisible();
    await expect(page.getByRole('button', { name: `Follow ${SHARK}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('tab', { name: 'Courses' }).click();
    const panel = page.getByTestId('booking-panel');
    await expect(panel.getByLabel('Name')).toHaveValue('Maya Learner');
    await expect(panel.getByLabel('Email')).toHaveValue(account.email);
    const courseSelect = panel.getByLabel('Course');
    const courseTitle = (await courseSelect.count())
      ? ((await courseSelect.locator('option:checked').textContent()) ?? '').replace(/\s*\(₹.*$/, '')
      : ((await panel.getByText(/^Course:/).textContent()) ?? '').replace(/^Course:\s*/, '');
    // The demo courses are priced: the server's quote for 2 hours is what the learner pays.
    await panel.getByLabel('Hours').fill('2');
    await expect(panel.getByTestId('quote-lines')).toContainText('× 2 hours');
    const total = (await panel.getByTestId('quote-total').textContent()) ?? '';
    expect(paiseOf(total)).toBeGreaterThan(0);
    // The learner is in New York (timezoneId below); the demo shark works in India. Pick the first free day
    // and time; the shark's local time is written beside it, and the shark later sees that same time.
    await expect(
      // One name per zone (issue 25); New York's changes with daylight saving, India's does not.
      panel.getByText(
        /^Times are in your time zone, Eastern (Standard|Daylight) Time; the shark's local time \(India Standard Time\) is shown beside each\.$/,
      ),
    ).toBeVisible();
    await panel.getByRole('group', { name: 'Days' }).locator('button:not([aria-disabled])').first().click();
    const firstTime = panel.getByRole('radiogroup').locator('label').first();
    const sharkTime = /\(shark: (\d\d:\d\d)\)/.exec((await firstTime.textContent()) ?? '')![1];
    await firstTime.click();
    await panel.getByLabel('Phone').fill('+91 90000 12345');
    // A double click holds the slot once; the checkout asks for the quoted total, and once paid the request is sent.
    await panel.getByRole('button', { name: 'Continue to payment' }).dblclick();
    await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
    const sessionId = await payAtCheckout(page);
    await expect(
      page.getByTestId('checkout-outcome').getByRole('link', { name: 'View your session' }),
    ).toBeVisible();

    // The booking is on the dashboard (upcoming) and in bookings, once.
    await page.goto('/user/dashboard');
    const upcoming = page.getByRole('list', { name: 'Upcoming' });
    await expect(upcoming.getByTestId('session-item')).toHaveCount(1);
    await expect(upcoming).toContainText(courseTitle);
    await expect(upcoming).toContainText(SHARK);
    await expect(upcoming.getByText(SESSION_STATUS_LABEL.requested, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Liked sharks' }).getByRole('link', { name: SHARK }),
    ).toBeVisible();
    await page.goto('/user/bookings');
    const bookings = page.getByRole('list', { name: 'Upcoming' }).getByTestId('session-item');
    await expect(bookings).toHaveCount(1);
    await expect(bookings.first()).toContainText(courseTitle);
    await expect(bookings.first()).toContainText(total);
    await page.goto('/user/favorites');
    await expect(page.getByRole('heading', { name: 'Liked Sharks' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Liked sharks' }).getByRole('link', { name: SHARK }),
    ).toBeVisible();

    // The shark, in India, sees the request waiting for its answer, at the same instant in its own zone. Earnings
    // count completed sessions only, so a request moves nothing yet.
    const sharkContext = await browser.newContext({ timezoneId: 'Asia/Kolkata' });
    try {
      const shark = await sharkContext.newPage();
      await loginAsDemo(shark, 'shark');
      await shark.goto('/shark/enrollments');
      const row = await sessionRowInGroup(shark, 'Needs your action', { sessionId });
      await expect(row).toContainText(courseTitle);
      await expect(row).toContainText('Maya Learner');
      await expect(row.getByText(SESSION_STATUS_LABEL.requested, { exact: true })).toBeVisible();
      await expect(row.getByRole('definition').first()).toContainText(sharkTime);
      await expect(row).toContainText(total);
    } finally {
      await sharkContext.close();
    }
    const after = await sharkEarnings(browser);
    expect(after).toBe(earningsBefore);
  });
});

test('a visitor is asked to log in to follow or book, and comes back to the same shark', async ({ page }) => {
  const card = await findSharkBySearch(page, SHARK);
  await card.getByRole('button', { name: `Follow ${SHARK}` }).click();
  await expect(page.getByText('Please login to follow a shark', { exact: true })).toBeVisible();

  await card.getByRole('link', { name: SHARK }).click();
  await expect(page.getByRole('heading', { level: 1, name: SHARK })).toBeVisible();
  const profileUrl = new URL(page.url()).pathname;
  await page.getByRole('tab', { name: 'Courses' }).click();
  await page.getByTestId('booking-panel').getByLabel('Hours').fill('3');
  await page.getByRole('button', { name: 'Log in to book' }).click();
  await expect(page).toHaveURL(/\/login\/user\?next=/);

  const learner = DEMO_ACCOUNTS.learner;
  await page.getByLabel('Email', { exact: true }).fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`${profileUrl}\\?`));
  // The profile may open on its About tab; the booking panel keeps the hours chosen before logging in.
  const coursesTab = page.getByRole('tab', { name: 'Courses' });
  if ((await coursesTab.getAttribute('aria-selected')) !== 'true') await coursesTab.click();
  await expect(page.getByTestId('booking-panel').getByLabel('Hours')).toHaveValue('3');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
});

test('Notify Me on the reviews tab of a shark without reviews is stored once for a learner', async ({
  page,
}) => {
  await loginAsDemo(page, 'learner');
  // Daniel Okafor has no review yet in the demo data ("New").
  const card = await findSharkBySearch(page, 'Daniel Okafor');
  await expect(card.getByText('New', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: 'Daniel Okafor' }).click();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Notify Me' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'first review is published' }).first(),
  ).toBeVisible();
});
