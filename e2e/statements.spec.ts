// Monthly statements (issue 24, decisions 143-144): the demo shark opens Earnings, finds the Statements section,
// downloads this month's statement (a PDF named after the month) and is told why this month has no fee invoice
// yet. No serious accessibility problem in the section, and nothing scrolls sideways at phone width.
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { STATEMENT_MSG, STATEMENTS_SECTION_TEXT } from '#shared/statements.ts';
import { loginAsDemo } from './helpers/auth';

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`a shark downloads this month's statement on a ${viewport.name}`, async ({ page }, info) => {
    await page.setViewportSize(viewport);
    await loginAsDemo(page, 'shark');
    await page.goto('/shark/earnings');
    const section = page.getByRole('region', { name: STATEMENTS_SECTION_TEXT.title });
    const picker = section.getByRole('combobox', { name: STATEMENTS_SECTION_TEXT.month });
    await expect(picker).toBeVisible();
    // This month, the first offered: its statement so far, and its invoice waiting for the month's end.
    await picker.selectOption({ index: 0 });
    const month = await picker.inputValue();
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    await expect(section.getByText(STATEMENT_MSG.monthNotEnded(month))).toBeVisible();
    await expect(section.getByRole('link', { name: STATEMENTS_SECTION_TEXT.feeInvoice })).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: STATEMENTS_SECTION_TEXT.statement }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${month}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`statements-${viewport.name}.png`), fullPage: false });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
  });
}
