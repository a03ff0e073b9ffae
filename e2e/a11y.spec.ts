// Accessibility: axe-core finds no serious or critical WCAG 2.1 A/AA violation on any page, public or
// signed in (with the demo accounts), at desktop and phone widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAsDemo } from './helpers/auth';

const PUBLIC = [
  '/',
  '/services',
  '/sharks',
  '/sharks?search=cloud&sort=experience',
  '/freelancers',
  '/contact',
  '/cart',
  '/subscriptions',
  '/login',
  '/login/user',
  '/login/shark',
  '/login/freelancer',
  '/login/admin',
  '/signup/user',
  '/signup/freelancer',
  '/signup/shark',
  '/forgotpassword',
  '/update-password',
  '/verify-email',
  '/unauthorized',
  '/privacy',
  '/terms',
  '/cookies',
  '/no-such-page',
];

const SIGNED_IN = {
  learner: ['/user/dashboard', '/user/edit-profile', '/user/bookings', '/user/favorites'],
  freelancer: ['/freelancer/dashboard', '/freelancer/edit-profile', '/freelancer/client-requests'],
  shark: ['/shark/dashboard', '/shark/edit-profile', '/shark/enrollments', '/shark/reviews'],
  admin: ['/admin'],
} as const;

/** Serious and critical violations of a loaded page, one line each, so a failure says what to fix. */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  // Lazy routes show a spinner first; audit the page itself.
  await expect(page.getByRole('status', { name: /loading/i }), `${path} still loading`).toHaveCount(0, {
    timeout: 15_000,
  });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: ${v.id} (${v.impact}) at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`${viewport.name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of PUBLIC) {
      test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
        expect(await violations(page, path)).toEqual([]);
      });
    }

    test('a shark profile has no serious or critical accessibility violations', async ({ page, request }) => {
      const { items } = await (await request.get('/api/sharks')).json();
      expect(await violations(page, `/sharks/${items[0].id}`)).toEqual([]);
    });

    for (const [who, paths] of Object.entries(SIGNED_IN)) {
      test(`${who} pages have no serious or critical accessibility violations`, async ({ page }) => {
        await loginAsDemo(page, who as keyof typeof SIGNED_IN);
        const found: string[] = [];
        for (const path of paths) found.push(...(await violations(page, path)));
        expect(found).toEqual([]);
      });
    }
  });
}
