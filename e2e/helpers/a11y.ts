// Accessibility inside journeys: a page with real data is checked where a journey already opens it, with axe's
// WCAG 2.1 A/AA rules (as e2e/a11y.spec.ts sweeps the demo pages) at a phone and a desktop width.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const WIDTHS = [1280, 390] as const;
type Width = (typeof WIDTHS)[number];

const viewportOf = (width: Width) => ({ width, height: width === 390 ? 844 : 800 });

/** WCAG 2.1 A/AA violations of the page as it is now, with where (as e2e/a11y.spec.ts counts them). */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations.map(
    (v) =>
      `${label}: ${v.id} (${v.impact}) at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

/**
 * The page at 1280 and 390 px: axe's violations, and a sideways scroll at either width as one more line; `each`
 * runs at each width after the checks (a screenshot). The desktop width is set back at the end.
 */
export async function axeAtBothWidths(
  page: Page,
  label: string,
  each?: (width: Width) => Promise<void>,
): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportOf(width));
    found.push(...(await axeViolations(page, `${label} at ${width}px`)));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) found.push(`${label} at ${width}px: scrolls sideways by ${overflow}px`);
    await each?.(width);
  }
  await page.setViewportSize(viewportOf(1280));
  return found;
}
