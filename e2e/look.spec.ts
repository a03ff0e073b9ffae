// How the pages look at a phone (390 px) and a desktop (1280 px) width, where a layout can break while every
// text is still there: lines that wrap word by word in a narrow card, words split in the middle, actions that
// fall outside their card, tap targets under 44 px. Found by looking at the screenshots of issue 16
// (docs/screenshots/README.md); read-only on the demo catalogue.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAsDemo } from './helpers/auth';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** How many lines the visible text of an element takes on screen (screen-reader-only text is no line). */
const lineCount = (el: Locator) =>
  el.evaluate((node) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.parentElement?.closest('.sr-only')) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      for (const r of range.getClientRects()) if (r.width > 1 && r.height > 1) tops.add(Math.round(r.top));
    }
    return tops.size;
  });

async function demoSharkId(page: Page): Promise<string> {
  const res = await page.request.get('/api/sharks?search=Arjun%20Mehta');
  return ((await res.json()) as { items: Array<{ id: string }> }).items[0].id;
}

test.describe('shark cards', () => {
  test('in the four-column grid a card gives its name, specialization and experience a line each, its headline two at most', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/sharks');
    const cards = page.getByTestId('shark-card');
    await expect(cards).toHaveCount(8);
    for (const card of await cards.all()) {
      const name = (await card.getByRole('heading').textContent()) ?? '';
      for (const line of [
        card.getByRole('heading'),
        card.getByText(/ years? experience$/),
        card.getByTestId('shark-specialization'),
      ])
        expect(await lineCount(line), `${name}: ${await line.textContent()}`).toBe(1);
      const headline = card.getByTestId('shark-headline');
      if (await headline.count())
        expect(await lineCount(headline), `${name}: ${await headline.textContent()}`).toBeLessThanOrEqual(2);
    }
  });
});

test.describe('the profile header', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px its facts keep each phrase whole: the review count is a line under the stars`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/sharks/${await demoSharkId(page)}`);
      const fact = (label: string) =>
        page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
      expect(await lineCount(fact('Experience'))).toBe(1);
      expect(await lineCount(fact('Students'))).toBe(1);
      expect(await lineCount(fact('Rating'))).toBe(2);
      expect(await lineCount(fact('Rating').getByText(/\d+ reviews?$/))).toBe(1);
    });
  }
});

test.describe("the learner's sessions", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    test(`at ${viewport.width} px a completed session's Leave a review sits inside its card`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await loginAsDemo(page, 'learner');
      await page.goto('/user/bookings');
      const reviewable = page
        .getByTestId('session-item')
        .filter({ has: page.getByRole('link', { name: /^Leave a review of / }) });
      await expect(reviewable.first()).toBeVisible();
      for (const item of await reviewable.all()) {
        const card = (await item.boundingBox())!;
        const action = (await item.getByRole('link', { name: /^Leave a review of / }).boundingBox())!;
        expect(action.y).toBeGreaterThan(card.y);
        expect(action.y + action.height).toBeLessThan(card.y + card.height);
        expect(action.x).toBeGreaterThan(card.x);
      }
    });
  }
});

/**
 * Controls smaller than 44x44 px on the page: buttons, links, tabs, fields, and the labels of radio buttons
 * and checkboxes (the box itself is the label's). A link inside running text and a card's name, whose link
 * covers the whole card, are exempt.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll(
      'a, button, [role="tab"], input:not([type="radio"]):not([type="checkbox"]), select, textarea, label:has(input[type="radio"], input[type="checkbox"])',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!box.width || !box.height || style.visibility === 'hidden' || el.closest('.sr-only')) continue;
      if (getComputedStyle(el, '::after').position === 'absolute') continue;
      const inText = style.display === 'inline' && (el.parentElement?.textContent ?? '') !== el.textContent;
      if (inText) continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        small.push(
          `${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });

test.describe('tap targets at 390 px', () => {
  test.use({ viewport: PHONE });

  test('every control of the public pages is at least 44x44 px', async ({ page }) => {
    const id = await demoSharkId(page);
    const found: string[] = [];
    for (const path of [
      '/',
      '/sharks',
      `/sharks/${id}`,
      `/sharks/${id}?tab=courses`,
      `/sharks/${id}?tab=reviews`,
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      if (path.endsWith('courses'))
        await page
          .getByRole('group', { name: 'Days' })
          .locator('button:not([aria-disabled])')
          .first()
          .click();
      found.push(...(await smallTargets(page)).map((s) => `${path}: ${s}`));
    }
    expect(found).toEqual([]);
  });

  test("every control of the learner's and the shark's pages is at least 44x44 px", async ({ browser }) => {
    const found: string[] = [];
    for (const [who, paths] of [
      ['learner', ['/user/dashboard', '/user/bookings', '/user/favorites']],
      ['shark', ['/shark/dashboard', '/shark/edit-profile', '/shark/enrollments']],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await loginAsDemo(page, who);
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        found.push(...(await smallTargets(page)).map((s) => `${path}: ${s}`));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

/** Words of the page's main content that start on one line and end on the next ("Penetr" / "ation"). */
const splitWords = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const split: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      if (text.parentElement?.closest('.sr-only')) continue;
      for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
        // An email address wider than its column has no space to wrap at, so it may break anywhere (other
        // specs running beside this one create sharks with long generated addresses).
        if (m[0].includes('@')) continue;
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) split.push(m[0]);
      }
    }
    return split;
  });

test.describe('words at 390 px', () => {
  test.use({ viewport: PHONE });

  test("the admin console's sharks and the shark's sessions split no word in the middle", async ({
    browser,
  }) => {
    const found: string[] = [];
    for (const [who, path] of [
      ['admin', '/admin'],
      ['shark', '/shark/dashboard'],
      ['shark', '/shark/enrollments'],
    ] as const) {
      const context = await browser.newContext({ viewport: PHONE });
      const page = await context.newPage();
      await loginAsDemo(page, who);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      found.push(...(await splitWords(page)).map((w) => `${path}: ${w}`));
      await context.close();
    }
    expect(found).toEqual([]);
  });
});

test("the footer's email and its (copy) hint have a space between them", async ({ page }) => {
  await page.goto('/');
  const button = page.getByRole('contentinfo').getByRole('button', { name: /^Copy email address/ });
  const gap = await button.evaluate((el) => {
    const hint = el.querySelector('span')!;
    const range = document.createRange();
    range.selectNodeContents(el.firstChild!);
    return hint.getBoundingClientRect().left - range.getBoundingClientRect().right;
  });
  expect(gap).toBeGreaterThanOrEqual(4);
});
