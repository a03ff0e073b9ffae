// Issue 25, section 1 and /sharks on a phone: the demo catalogue's cards lead with a portrait (an image, not
// initials), a headline and the next free time; a profile shows its headline, links, skills and a bio in
// paragraphs; at 390 px the filters sit behind a "Filters" button so the results come first. axe finds nothing
// on /sharks or a profile at 390 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

const cards = (page: Page) => page.getByTestId('shark-card');

test('a demo shark card shows a portrait, a headline and the next free time; the profile shows the rest', async ({
  page,
}) => {
  await page.goto('/sharks');
  const card = cards(page).first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading').textContent())!.trim();
  // A real image of the shark, loaded, not the initials fallback.
  const portrait = card.getByRole('img', { name: `Photo of ${name}` });
  await expect(portrait).toHaveAttribute(
    'src',
    /^\/media\/avatars\/sharks\/[0-9a-f-]{36}\/profile\.webp\?v=\d+$/,
  );
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(320);
  await expect(card.getByRole('img', { name: `Initials of ${name}` })).toHaveCount(0);
  await expect(card.getByTestId('shark-headline')).toHaveText(/\S+ at \S+|Independent/);
  await expect(card.getByTestId('shark-next-available')).toHaveText(
    /^Next available: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2} \S+$/,
  );
  // Every card of the first page has its own portrait.
  const sources = await cards(page)
    .getByRole('img', { name: /^Photo of / })
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  expect(new Set(sources).size).toBe(await cards(page).count());

  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('profile-headline')).not.toBeEmpty();
  await expect(page.getByText('Speaks:')).toBeVisible();
  const links = page.getByRole('list', { name: `Links of ${name}` }).getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
    expect(href).toMatch(/^https:\/\/([a-z]+\.)?(linkedin|github|hackthebox|tryhackme)\.com\/\S+$/);
  const about = page.getByRole('region', { name: `About ${name}` });
  expect(await about.locator('p').count()).toBeGreaterThanOrEqual(2);
  await expect(about.getByRole('list', { name: 'Skills' }).getByRole('listitem').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters sit behind a "Filters" button and the first results show on the first screen', async ({
    page,
  }) => {
    await page.goto('/sharks');
    const filters = page.getByRole('button', { name: 'Filters' });
    await expect(filters).toBeVisible();
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('Specialization')).toBeHidden();
    const first = await cards(page).first().boundingBox();
    expect(first!.y + 120).toBeLessThan(844);

    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await page.getByLabel('Specialization').selectOption('forensics');
    await expect(page).toHaveURL(/specialization=forensics/);
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    await expect(cards(page).first()).toContainText('Forensics');
  });
});

test('at desktop width the filters stay in the toolbar, with no Filters button', async ({ page }) => {
  await page.goto('/sharks');
  await expect(page.getByLabel('Specialization')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toBeHidden();
});

for (const { name, width, height } of WIDTHS)
  test(`axe finds nothing on /sharks and a profile at ${width} px (${name})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/sharks');
    await expect(cards(page).first().getByTestId('shark-next-available')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await cards(page).first().getByRole('heading').getByRole('link').click();
    await expect(page.getByTestId('profile-headline')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
