// The learner's whole journey by keyboard alone (issue 17): log in, find a shark by search, open its profile,
// pick a course, a day (arrow keys) and a time in the slot picker, book and pay on the checkout and the test
// gateway's page, open the session, send a message and cancel it in its dialog. Only Tab, Shift+Tab, arrows, Enter, Space and typed text: no clicks, no fills.
// Every element that takes focus on the way shows it (an outline or a ring), and when a dialog closes focus is
// on the element that opened it or on the answer, never on <body>.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { DEMO_ACCOUNTS, signUpVerifiedLearner, uniqueEmail } from './helpers/auth';

const SHARK = DEMO_ACCOUNTS.shark.name;

/**
 * The focused element, and whether it shows a focus indicator: its own outline or box-shadow, or (a visually
 * hidden radio or file input) that of its label.
 */
function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { onBody: true, visible: false, what: '<body>' };
    const shows = (e: Element | null | undefined) => {
      if (!e) return false;
      const s = getComputedStyle(e);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
      return outline || (s.boxShadow !== '' && s.boxShadow !== 'none');
    };
    const label = (el as HTMLInputElement).labels?.[0] ?? el.closest('label');
    const name =
      el.getAttribute('aria-label') ??
      (label?.textContent || el.textContent || el.tagName).trim().slice(0, 60);
    return {
      onBody: false,
      visible: shows(el) || shows(label),
      what: `${el.tagName.toLowerCase()} "${name}"`,
    };
  });
}

/** Every focused element seen without a visible indicator; the test expects none at the end. */
const invisible = new Set<string>();

async function checkFocus(page: Page) {
  const state = await focusState(page);
  expect(state.onBody, 'focus fell to <body>').toBe(false);
  if (!state.visible) invisible.add(`${page.url().replace(/^https?:\/\/[^/]+/, '')}: ${state.what}`);
}

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab (or Shift+Tab) until `target` has focus, checking each stop on the way shows its focus. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await checkFocus(page);
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target.toString()}`);
}

/** Types into the focused field, replacing what it held. */
async function typeHere(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

test('a learner books a session, writes to the shark and cancels it with the keyboard alone', async ({
  page,
  request,
}) => {
  // Many single key presses, each checked, over five pages on a shared two-core machine.
  test.setTimeout(240_000);
  invisible.clear();
  const account = await signUpVerifiedLearner(page, request, {
    name: 'Kiran Keys',
    email: uniqueEmail('kiran'),
  });

  // Log in by the form.
  await page.goto('/login/user');
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type(account.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(account.password);
  await tabTo(page, page.getByRole('button', { name: 'Log in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/user\/dashboard$/);

  // The new page has the focus on its content: back up into the navigation for the sharks list, then search.
  await expect(page.getByRole('main')).toBeFocused();
  await tabTo(page, page.getByRole('navigation').getByRole('link', { name: 'Sharks', exact: true }).first(), {
    back: true,
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sharks$/);
  await tabTo(page, page.getByLabel('Search by name or bio'));
  await page.keyboard.type('Arjun');
  await expect(page).toHaveURL(/[?&]search=Arjun/);
  const card = page.getByTestId('shark-card').filter({ hasText: SHARK });
  await expect(card).toHaveCount(1);
  await tabTo(page, card.getByRole('link', { name: SHARK }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: SHARK })).toBeVisible();

  // The profile's tabs: one tab stop, arrows move between them.
  const coursesTab = page.getByRole('tab', { name: 'Courses' });
  await tabTo(page, page.getByRole('tab', { selected: true }));
  // On a loaded machine the tab list may still be wiring its arrow keys just after the page shows: press again
  // until the focus has moved (it never overshoots: a press comes only while Courses is not focused).
  await expect(async () => {
    if (!(await isFocused(coursesTab))) await page.keyboard.press('ArrowRight');
    await checkFocus(page);
    expect(await isFocused(coursesTab)).toBe(true);
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  await expect(coursesTab).toHaveAttribute('aria-selected', 'true');

  // The booking panel: course, hours, a day by the arrow keys, a time, the phone; then book.
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByLabel('Name')).toHaveValue('Kiran Keys');
  const courseSelect = panel.getByLabel('Course');
  if (await courseSelect.count()) {
    await tabTo(page, courseSelect);
    await page.keyboard.press('ArrowDown');
  }
  await tabTo(page, panel.getByLabel('Hours'));
  await typeHere(page, '1');
  const days = panel.getByRole('group', { name: 'Days' });
  await tabTo(page, days);
  const firstDay = await days.locator(':focus').getAttribute('aria-label');
  await page.keyboard.press('ArrowRight');
  await checkFocus(page);
  expect(await days.locator(':focus').getAttribute('aria-label')).not.toBe(firstDay);
  await page.keyboard.press('ArrowLeft');
  await checkFocus(page);
  expect(await days.locator(':focus').getAttribute('aria-label')).toBe(firstDay);
  await page.keyboard.press('Enter');
  await expect(days.locator(':focus')).toHaveAttribute('aria-pressed', 'true');
  const times = panel.getByRole('radiogroup');
  await tabTo(page, times.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(times.getByRole('radio').first()).toBeChecked();
  await tabTo(page, panel.getByLabel('Phone'));
  await page.keyboard.type('+91 90000 33333');
  await tabTo(page, panel.getByRole('button', { name: 'Continue to payment' }));
  await page.keyboard.press('Enter');

  // The checkout (a page load), then the test gateway's page: Pay on each.
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]+\/checkout$/);
  await tabTo(page, page.getByRole('button', { name: /^Pay ₹/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(PAYMENT_MSG.testMode)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: PAYMENT_MSG.pay, exact: true }));
  await page.keyboard.press('Enter');
  const confirmation = page.getByTestId('checkout-outcome');
  await expect(confirmation.getByText(PAYMENT_MSG.paid)).toBeVisible();
  // The answer takes the focus, so the next Tab goes on from there.
  await expect(confirmation).toBeFocused();
  await checkFocus(page);
  await tabTo(page, confirmation.getByRole('link', { name: 'View your session' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]+$/);

  // A message to the shark.
  await tabTo(page, page.getByLabel('Message', { exact: true }));
  await page.keyboard.type('Hello! Looking forward to it.');
  await tabTo(page, page.getByRole('button', { name: 'Send' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Message thread' }).getByText('Hello! Looking forward to it.'),
  ).toBeVisible();

  // Withdraw the request (not accepted yet): Escape first hands focus back to the button; then the reason, and
  // the answer takes the focus.
  const cancel = page.getByRole('button', { name: 'Withdraw request' });
  await tabTo(page, cancel, { back: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await checkFocus(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await checkFocus(page);
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Something came up, sorry.');
  await tabTo(page, dialog.getByRole('button', { name: 'Withdraw request' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(SESSION_MSG.withdrawn)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw request' })).toHaveCount(0);
  await expect(page.locator(':focus')).toContainText(SESSION_MSG.withdrawn);
  await checkFocus(page);

  expect([...invisible], 'focused elements without a visible focus indicator').toEqual([]);
});
