// Issue 27, freelancer profiles and the directory: the demo freelancer edits its profile and the directory and
// its public profile show the change; the directory and a profile pass axe at phone and desktop widths.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './helpers/a11y';
import { loginAsDemo } from './helpers/auth';

const SHOTS = 'test-results/screenshots';

/** Saves the profile form and waits for the server's answer and the toast. */
async function save(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/freelancer/profile') && r.request().method() === 'PUT',
  );
  await page
    .getByRole('form', { name: 'Freelancer profile' })
    .getByRole('button', { name: 'Save profile' })
    .click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('Profile updated successfully!', { exact: true }).first()).toBeVisible();
}

test('the demo freelancer changes its headline and day rate; the directory and the profile show them', async ({
  page,
}) => {
  const headline = `Web, API and mobile pentester ${Date.now().toString(36)}`;
  await loginAsDemo(page, 'freelancer');
  await page.goto('/freelancer/edit-profile');
  const form = page.getByRole('form', { name: 'Freelancer profile' });
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Kabir Shah');
  const original = {
    headline: await form.getByLabel('Headline', { exact: true }).inputValue(),
    rate: await form.getByLabel('Day rate (₹)', { exact: true }).inputValue(),
  };
  expect(original.rate).not.toBe('');
  await form.getByLabel('Headline', { exact: true }).fill(headline);
  await form.getByLabel('Day rate (₹)', { exact: true }).fill('19500');
  await save(page);

  await page.goto('/freelancers?sort=rate-low');
  const card = page.getByTestId('freelancer-card').filter({ hasText: 'Kabir Shah' });
  await expect(card).toContainText(headline);
  await expect(card.getByTestId('freelancer-rate')).toHaveText('₹19,500 per day');
  await card.getByRole('link', { name: 'Kabir Shah' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kabir Shah' })).toBeVisible();
  await expect(page.getByText(headline)).toBeVisible();
  await expect(page.getByTestId('freelancer-rate')).toContainText('₹19,500');
  await expect(page.getByRole('list', { name: 'Verified credentials' })).toContainText('OSCP');
  // The server writes the head for a shared link.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('<title>Kabir Shah, security freelancer | Shark Security</title>');
  expect(html).toContain('"@type":"Person"');

  // The demo stays the demo: the headline and day rate go back.
  await page.goto('/freelancer/edit-profile');
  await form.getByLabel('Headline', { exact: true }).fill(original.headline);
  await form.getByLabel('Day rate (₹)', { exact: true }).fill(original.rate);
  await save(page);
});

for (const [width, height, tag] of [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test(`the directory and a profile at ${tag} width: axe finds nothing, no sideways scroll`, async ({
    page,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    const found: string[] = [];
    await page.goto('/freelancers');
    await expect(page.getByTestId('freelancer-card').first()).toBeVisible();
    found.push(...(await axeViolations(page, '/freelancers')));
    await page.screenshot({ path: `${SHOTS}/freelancers-${tag}.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByTestId('freelancer-card').filter({ hasText: 'Aditi Kulkarni' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Aditi Kulkarni' })).toBeVisible();
    found.push(...(await axeViolations(page, '/freelancers/:id')));
    await page.screenshot({ path: `${SHOTS}/freelancer-profile-${tag}.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.goto('/freelancers/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1, name: 'Freelancer not found' })).toBeVisible();
    found.push(...(await axeViolations(page, 'not found')));
    expect(found).toEqual([]);
  });
}
