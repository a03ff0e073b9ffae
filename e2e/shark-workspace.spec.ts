// The shark's workspace journey: the company creates a shark account, the shark sets its password from the
// mail, logs in, fills its profile with a photo, publishes, creates/edits/deletes a course with an image and
// sees it on its public page. Also: an admin acting for a shark. Set SHOTS_DIR to save screenshots of each page.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { formatPaise } from '#shared/money.ts';
import { SESSION_STATUS_LABEL } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { DEMO_ACCOUNTS, loginAs, loginAsDemo, readMailLink, uniqueEmail } from './helpers/auth';
import { bookAndPay } from './helpers/payments';

const png = (color: string, width = 320, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/**
 * Checks a page at desktop and phone widths: no serious accessibility problem (axe; skipped while a dialog
 * covers the page), nothing scrolls sideways. Saves screenshots when asked for (SHOTS_DIR).
 */
async function shoot(page: Page, name: string, { axe = true } = {}) {
  if (axe) {
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${name}: ${v.id}`),
    ).toEqual([]);
  }
  for (const [label, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${label} scrolls sideways`).toBeLessThanOrEqual(0);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a new shark sets its password, fills its profile with a photo, publishes and manages a course with an image', async ({
  page,
  request,
  browser,
}) => {
  // A long journey on a shared, busy machine.
  test.setTimeout(240_000);
  const email = uniqueEmail('shark');
  const password = 'deep blue waters 2026';

  // The company creates the account (the admin API behind the admin console).
  await loginAsDemo(page, 'admin');
  const created = await page.request.post('/api/admin/sharks', {
    data: { email, name: 'Nisha Rao', specialization: 'forensics' },
  });
  expect(created.status()).toBe(201);
  const { sharkId } = (await created.json()) as { sharkId: string };
  await page.context().clearCookies();

  // The shark sets its password from the mail and logs in at /login/shark.
  const link = await readMailLink(request, email, /ready|password/i);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await loginAs(page, 'shark', email, password);
  await expect(page).toHaveURL(/\/shark\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome back, Nisha Rao' })).toBeVisible();
  await expect(page.getByText('Upcoming sessions', { exact: true })).toBeVisible();
  await expect(page.getByText('Average rating', { exact: true })).toBeVisible();
  await shoot(page, 'dashboard-new-shark');

  // Not published yet: the public page says so.
  expect((await request.get(`/api/sharks/${sharkId}`)).status()).toBe(404);

  // Profile with a photo, published.
  await page.getByRole('link', { name: 'Edit profile & courses' }).click();
  await expect(page).toHaveURL(/\/shark\/edit-profile$/);
  await page.getByLabel('Name', { exact: true }).fill('Nisha Rao');
  await page.getByLabel('Code name (optional)').fill('Mako');
  await page.getByLabel('Specialization').selectOption('forensics');
  await page.getByLabel('Experience (years)').fill('11');
  await page.getByLabel('Bio').fill('Memory forensics and incident response for banks.');
  await page
    .getByLabel('Profile photo')
    .setInputFiles({ name: 'nisha.png', mimeType: 'image/png', buffer: await png('#22d3ee', 400, 400) });
  await expect(page.getByRole('img', { name: 'Profile photo preview' })).toHaveAttribute('src', /^blob:/);
  await page.getByText('Published', { exact: true }).click();
  await expect(page.getByRole('switch')).toBeChecked();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile updated successfully!' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile photo preview' })).toHaveAttribute(
    'src',
    /^\/media\/avatars\/sharks\/[0-9a-f-]+\/profile\.png\?v=\d+$/,
  );

  // A course with an image.
  await page.getByRole('button', { name: '+ Add course' }).click();
  const dialog = page.getByRole('dialog', { name: 'New course' });
  await dialog.getByLabel('Title').fill('Memory Forensics 101');
  await dialog.getByLabel('Description').fill('Volatility, timelines and triage on real images.');
  await dialog.getByLabel('Duration (hours)').fill('4');
  await dialog.getByLabel('Price per hour (₹)').fill('1800');
  await dialog
    .getByLabel('Course image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png('#0891b2') });
  await shoot(page, 'edit-profile-course-dialog', { axe: false });
  await dialog.getByRole('button', { name: 'Create course' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Your courses' });
  await expect(list.getByText('Memory Forensics 101')).toBeVisible();
  await expect(list.getByText(/^CRS-[A-Z0-9]{6}$/)).toBeVisible();
  await expect(list.locator('img')).toHaveAttribute(
    'src',
    /^\/media\/course-images\/courses\/[0-9a-f-]+\/\d+_[0-9a-f]+\.png$/,
  );

  // Edit it.
  await page.getByRole('button', { name: 'Edit Memory Forensics 101' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Memory Forensics 101' });
  await edit.getByLabel('Title').fill('Memory Forensics Bootcamp');
  await edit.getByLabel('Price per hour (₹)').fill('2100');
  const lateRefund = edit.getByRole('group', { name: 'Refund when a learner cancels late' });
  await expect(lateRefund.getByRole('radio', { name: '50% refund' })).toBeChecked();
  await lateRefund.getByText('No refund').click();
  await edit.getByRole('button', { name: 'Save course' }).click();
  await expect(edit).toBeHidden();
  await expect(list.getByText('Memory Forensics Bootcamp')).toBeVisible();
  await expect(list.getByText(/₹2,100\/hour/)).toBeVisible();
  // The choice is kept: the course opens with it.
  await page.getByRole('button', { name: 'Edit Memory Forensics Bootcamp' }).click();
  const reopened = page.getByRole('dialog', { name: 'Edit Memory Forensics Bootcamp' });
  await expect(reopened.getByRole('radio', { name: 'No refund' })).toBeChecked();
  await reopened.getByRole('button', { name: 'Cancel' }).click();
  await expect(reopened).toBeHidden();
  await shoot(page, 'edit-profile');

  // The public page shows the published profile, its photo and the course with its image.
  await page.goto(`/sharks/${sharkId}`);
  await expect(page.getByRole('heading', { name: 'Nisha Rao', level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'Courses' }).click();
  await expect(page.getByRole('heading', { name: 'Memory Forensics Bootcamp' })).toBeVisible();
  const courseImage = page.locator('img[src^="/media/course-images/"]').first();
  await expect(courseImage).toBeVisible();
  expect(await courseImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // A second course, deleted after confirming.
  await page.goto('/shark/edit-profile');
  await page.getByRole('button', { name: '+ Add course' }).click();
  const second = page.getByRole('dialog', { name: 'New course' });
  await second.getByLabel('Title').fill('Quick Triage');
  await second.getByLabel('Description').fill('One evening of triage.');
  await second.getByLabel('Duration (hours)').fill('2');
  await second.getByLabel('Price per hour (₹)').fill('900');
  await second
    .getByLabel('Course image')
    .setInputFiles({ name: 'triage.png', mimeType: 'image/png', buffer: await png('#67e8f9') });
  await second.getByRole('button', { name: 'Create course' }).click();
  await expect(second).toBeHidden();
  await expect(list.getByText('Quick Triage')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Quick Triage' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this course?' });
  await shoot(page, 'edit-profile-delete-confirm', { axe: false });
  await confirm.getByRole('button', { name: 'Delete course' }).click();
  await expect(confirm).toBeHidden();
  await expect(list.getByText('Quick Triage')).toBeHidden();
  const publicCourses = (await (await request.get(`/api/sharks/${sharkId}/courses`)).json()) as {
    title: string;
  }[];
  expect(publicCourses.map((c) => c.title)).toEqual(['Memory Forensics Bootcamp']);

  // A learner books the first course; the shark sees the student, the numbers, and cannot delete a booked course.
  const learnerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const learner = await learnerContext.newPage();
  await loginAsDemo(learner, 'learner');
  const courseId = (publicCourses as unknown as { id: string }[])[0].id;
  // The new shark opens its calendar (every day 09:00-21:00 in India); the learner books its first free slot.
  const opened = await page.request.put('/api/workspace/availability', {
    data: {
      timeZone: 'Asia/Kolkata',
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 30,
      dailyCap: null,
      published: true,
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '09:00', end: '21:00' })),
      overrides: [],
    },
  });
  expect(opened.status()).toBe(200);
  const slots = (await (await learner.request.get(`/api/sharks/${sharkId}/slots?hours=2`)).json()) as {
    days: { starts: string[] }[];
  };
  const startsAt = slots.days.find((d) => d.starts.length > 0)!.starts[0];
  // The course is priced: the booking reaches the shark once paid (test mode).
  await bookAndPay(learner.request, {
    courseId,
    hours: 2,
    startsAt,
    name: 'Priya Raman',
    email: DEMO_ACCOUNTS.learner.email,
    phone: '+91 98450 12345',
  });
  await learnerContext.close();

  // The booking is a request until the shark answers: it waits in "Needs your action", with the learner's name but
  // not its email or phone (issue 43: the session page shows them once the shark accepts).
  await page.goto('/shark/enrollments');
  const needsAction = page.getByRole('list', { name: 'Needs your action' });
  const row = needsAction.getByRole('listitem').filter({ hasText: 'Memory Forensics Bootcamp' });
  await expect(row.getByText('Priya Raman', { exact: true })).toBeVisible();
  await expect(row.getByText(SESSION_STATUS_LABEL.requested, { exact: true })).toBeVisible();
  await expect(row).not.toContainText(DEMO_ACCOUNTS.learner.email);
  await expect(row).not.toContainText('+91 98450 12345');
  await expect(row.getByText('₹4,200')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming (0)' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Bookings per course' }).getByRole('listitem').filter({
      hasText: 'Memory Forensics Bootcamp',
    }),
  ).toContainText('1 booking · 0 held · ₹0 earned');
  await shoot(page, 'enrollments-shark');

  // Earnings count held sessions only: the paid request is counted apart, as awaiting an answer, and its share
  // (the price quote's figure, which the ledger posted at payment) as booked, not yet held.
  const quote = await page.request.get(`/api/bookings/quote?courseId=${courseId}&hours=2`);
  const { sharkPaise } = (await quote.json()) as { sharkPaise: number };
  expect(sharkPaise).toBeGreaterThan(0);
  await page.goto('/shark/dashboard');
  const numbers = page.getByLabel('Your numbers');
  const tile = (label: string) => numbers.getByText(label, { exact: true }).locator('xpath=..');
  await expect(tile('Upcoming sessions').getByRole('definition')).toHaveText('0');
  await expect(tile('Completed sessions').getByRole('definition')).toHaveText('0');
  await expect(tile('Earnings').getByRole('definition')).toHaveText('₹0');
  await expect(tile('Average rating').getByRole('definition')).toHaveText('—No ratings yet');
  await expect(tile('Booked, not yet held').getByRole('definition')).toHaveText(formatPaise(sharkPaise));
  await expect(tile('Needs your action').getByRole('definition')).toHaveText('1');
  await expect(
    page.getByRole('list', { name: 'Needs your action' }).getByText('Priya Raman', { exact: true }),
  ).toBeVisible();
  await shoot(page, 'dashboard-with-booking');

  // A booked course cannot be deleted: it is archived (hidden from new bookings) and can be restored.
  await page.goto('/shark/edit-profile');
  await expect(page.getByRole('button', { name: 'Delete Memory Forensics Bootcamp' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Archive Memory Forensics Bootcamp' }).click();
  await expect(page.getByText(SESSION_MSG.courseArchived, { exact: true })).toBeVisible();
  const courses = page.getByRole('list', { name: 'Your courses' });
  await expect(courses.getByRole('heading', { name: 'Memory Forensics Bootcamp Archived' })).toBeVisible();
  expect(await (await request.get(`/api/sharks/${sharkId}/courses`)).json()).toEqual([]);
  await page.getByRole('button', { name: 'Restore Memory Forensics Bootcamp' }).click();
  await expect(page.getByText(SESSION_MSG.courseRestored, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Archive Memory Forensics Bootcamp' })).toBeVisible();
  const restored = (await (await request.get(`/api/sharks/${sharkId}/courses`)).json()) as {
    title: string;
  }[];
  expect(restored.map((c) => c.title)).toEqual(['Memory Forensics Bootcamp']);
});

test('an admin picks a shark on the edit-profile and enrollments pages', async ({ page }) => {
  await loginAsDemo(page, 'admin');
  await page.goto('/shark/enrollments');
  await shoot(page, 'enrollments-admin-picker');
  const picker = page.getByLabel('Shark', { exact: true });
  const demo = picker.locator('option', { hasText: DEMO_ACCOUNTS.shark.email });
  await picker.selectOption((await demo.getAttribute('value'))!);
  await expect(page).toHaveURL(/\/shark\/enrollments\?sharkId=[0-9a-f-]+$/);
  await expect(
    page.getByRole('list', { name: 'Bookings per course' }).getByText('Web Application Pentesting Bootcamp'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Upcoming \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Past \(\d+\)$/ })).toBeVisible();
  await shoot(page, 'enrollments');

  await page.getByRole('link', { name: 'Edit profile & courses' }).click();
  await expect(page).toHaveURL(/\/shark\/edit-profile\?sharkId=[0-9a-f-]+$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(DEMO_ACCOUNTS.shark.name);
  await expect(page.getByRole('list', { name: 'Your courses' })).toBeVisible();
});

test('the demo shark sees its numbers on the dashboard', async ({ page }) => {
  await loginAsDemo(page, 'shark');
  await expect(page).toHaveURL(/\/shark\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${DEMO_ACCOUNTS.shark.name}` }),
  ).toBeVisible();
  await expect(page.getByText('Earnings', { exact: true })).toBeVisible();
  await expect(page.getByText(/₹[\d,]+/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit availability' })).toBeVisible();
  await shoot(page, 'dashboard');
});
