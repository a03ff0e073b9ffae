// Payout details (issue 24, decision 136): the demo shark opens "Payout details" from its menu, is told about
// each bad field, saves a UPI id and a PAN, sees them masked, and finds the mail about the change. No serious
// accessibility problem on the page, and nothing scrolls sideways at phone width.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PAYOUT_MSG } from '#shared/payouts.ts';
import { DEMO_ACCOUNTS, loginAsDemo } from './helpers/auth';

test('a shark saves a UPI id and its PAN, sees them masked and is mailed about the change', async ({
  page,
  request,
}) => {
  await loginAsDemo(page, 'shark');
  await page.locator('#user-menu').click();
  await page.getByRole('menuitem', { name: 'Payout details' }).click();
  await expect(page).toHaveURL(/\/shark\/payouts$/);
  const saved = page.getByRole('region', { name: 'Where we pay you' });
  await expect(saved).toBeVisible();
  if (await saved.getByRole('button', { name: 'Change' }).isVisible())
    await saved.getByRole('button', { name: 'Change' }).click();

  await page.getByRole('radio', { name: 'UPI' }).check();
  await page.getByLabel('UPI id').fill('demo.shark');
  await page.getByLabel('PAN').fill('ABCPE1234');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByText(PAYOUT_MSG.upiInvalid)).toBeVisible();
  await expect(page.getByText(PAYOUT_MSG.panInvalid)).toBeVisible();

  await page.getByLabel('UPI id').fill('demo.shark@okaxis');
  await page.getByLabel('PAN').fill('abcpe1234f');
  await page.getByRole('button', { name: 'Save payout details' }).click();
  await expect(page.getByText(PAYOUT_MSG.saved, { exact: true })).toBeVisible();
  await expect(saved.getByText('de••••@okaxis')).toBeVisible();
  await expect(saved.getByText('•••• 234F')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('ABCPE1234F');

  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);

  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO_ACCOUNTS.shark.email)}`);
      const mails = (await res.json()) as { template: string; text: string }[];
      return mails.find((m) => m.template === 'payout-details-changed')?.text ?? '';
    })
    .toContain('UPI de••••@okaxis, with the PAN •••• 234F');
});
