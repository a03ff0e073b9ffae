// Issue 25, section 6, the shark's tools: the availability page's time zone is a searchable list of places, not
// a free-text zone name. Nothing is saved, so the demo shark's calendar is left as it was.
import { expect, test } from '@playwright/test';
import { loginAsDemo } from './helpers/auth';

test('the availability time zone is searched by city and offers places', async ({ page }) => {
  await loginAsDemo(page, 'shark');
  await page.goto('/shark/availability');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('kolkata');
  const places = page.getByRole('listbox', { name: 'Time zones' });
  await expect(places.getByRole('option', { name: /^Kolkata \(Asia\) · India Standard Time/ })).toBeVisible();
  await zone.fill('no such place');
  await expect(places.getByRole('option')).toHaveText('No place matches “no such place”.');
});
