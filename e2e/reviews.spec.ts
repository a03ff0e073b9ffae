// Reviews you can trust (issue 14): the demo learner reviews her completed session with the demo shark, the review
// shows on the profile with the verified mark and moves the average, the shark replies, someone reports it, an
// admin hides it, and the average moves back.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAsDemo } from './helpers/auth';

/** A fresh browser context signed in as one demo account. */
async function as(browser: Browser, who: keyof typeof DEMO_ACCOUNTS): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsDemo(page, who);
  return page;
}

const ratingFact = (page: Page) => page.locator('dt', { hasText: /^Rating$/ }).locator('xpath=..');

test('a completed session is reviewed, shown verified, replied to, reported, hidden, and the average moves back', async ({
  browser,
}) => {
  // Four people in four browser contexts: give the journey the time of four.
  test.setTimeout(240_000);
  const learner = await as(browser, 'learner');
  await learner.goto('/user/bookings');
  await learner.getByRole('link', { name: /^Leave a review of .* with Arjun Mehta$/ }).click();
  await expect(learner).toHaveURL(/\/sessions\/[0-9a-f-]{36}\/review$/);
  await expect(learner.getByRole('heading', { level: 1, name: /^Review your session: / })).toBeVisible();

  const pick = (legend: string, stars: string) =>
    learner.getByRole('group', { name: legend }).getByLabel(stars, { exact: true }).check({ force: true });
  await pick('Overall rating', '1 star');
  await pick('Knowledge', '2 stars');
  await pick('Preparation', '1 star');
  await pick('Clarity', '2 stars');
  await learner
    .getByLabel(/^Your review/)
    .fill('The session started late and the lab never worked, so we ran out of time.');
  await learner.getByRole('button', { name: 'Publish review' }).click();
  await expect(learner.getByText('Thank you! Your review is published.').first()).toBeVisible();

  // The profile: the review with the verified mark, and the average with the count.
  await learner.getByRole('link', { name: 'Arjun Mehta' }).first().click();
  await expect(learner.getByRole('heading', { level: 1, name: 'Arjun Mehta' })).toBeVisible();
  // The demo shark had one four-star review: with this one-star review the average is 2.5 over 2.
  await expect(ratingFact(learner)).toHaveText('Rating★ 2.5 · 2 reviews');
  await learner.getByRole('tab', { name: 'Reviews' }).click();
  const review = learner.getByRole('article', { name: 'Review by Priya R., 1 out of 5' });
  await expect(review).toBeVisible();
  await expect(review.getByText('✓ Verified session')).toBeVisible();
  const profileUrl = learner.url().replace(/\?.*$/, '');

  // The shark replies once, in public.
  const shark = await as(browser, 'shark');
  await shark.goto('/shark/reviews');
  const own = shark.getByRole('article', { name: 'Review by Priya R., 1 out of 5' });
  await own.getByRole('button', { name: 'Reply to the review by Priya R.' }).click();
  await own.getByLabel(/Your public reply/).fill('Sorry about the lab, Priya: the next session is on me.');
  await own.getByRole('button', { name: 'Publish reply' }).click();
  await expect(shark.getByText('Your reply is published under the review.').first()).toBeVisible();

  await learner.goto(`${profileUrl}?tab=reviews`);
  await expect(review.getByText('Sorry about the lab, Priya: the next session is on me.')).toBeVisible();

  // Someone signed in reports it.
  const freelancer = await as(browser, 'freelancer');
  await freelancer.goto(`${profileUrl}?tab=reviews`);
  await freelancer
    .getByRole('article', { name: 'Review by Priya R., 1 out of 5' })
    .getByRole('button', { name: 'Report the review by Priya R.' })
    .click();
  const dialog = freelancer.getByRole('dialog', { name: 'Report this review' });
  await dialog.getByLabel('Reason').fill('This looks like revenge for a refund dispute.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(freelancer.getByText('Thanks: our team will look at this review.').first()).toBeVisible();

  // An admin hides it with a reason; the average and the count move back.
  const admin = await as(browser, 'admin');
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Reviews' }).click();
  const reported = admin.getByRole('article', { name: 'Review by Priya R., 1 out of 5' });
  await expect(
    reported.getByText('This looks like revenge for a refund dispute.', { exact: false }),
  ).toBeVisible();
  await reported.getByRole('button', { name: 'Hide the review by Priya R.' }).click();
  const hide = admin.getByRole('dialog', { name: 'Hide the review by Priya R.?' });
  await hide.getByLabel(/Reason/).fill('Not about the session itself.');
  await hide.getByRole('button', { name: 'Hide the review' }).click();
  await expect(admin.getByText('Review hidden. The learner has been told.').first()).toBeVisible();

  await learner.goto(`${profileUrl}?tab=reviews`);
  await expect(learner.getByRole('heading', { level: 1, name: 'Arjun Mehta' })).toBeVisible();
  await expect(review).toBeHidden();
  await expect(ratingFact(learner)).toHaveText('Rating★ 4.0 · 1 review');
});
