// Focus after a dialog closes (issue 17), one family of dialogs at a time, by keyboard: it goes back to the
// button that opened the dialog, or, when that button went away with what the dialog removed, to a sensible
// next control; never to <body>. The session dialogs (cancel, decline, no-show, new time) are covered by the
// keyboard journey (keyboard-journey.spec.ts).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAsDemo, uniqueEmail } from './helpers/auth';

/** Focuses `opener` and opens it with Enter, returning the dialog named `name`. */
async function openWithEnter(page: Page, opener: Locator, name: string) {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function expectNotOnBody(page: Page) {
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
}

test('the delete-course and course-form dialogs hand focus back, or on to the next course after a delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsDemo(page, 'admin');
  // A fresh shark of its own (the admin acts for it), so deleting its courses touches nobody else's.
  const created = await page.request.post('/api/admin/sharks', {
    data: { email: uniqueEmail('focus.shark'), name: 'Focus Shark', specialization: 'forensics' },
  });
  expect(created.status()).toBe(201);
  const { sharkId } = (await created.json()) as { sharkId: string };
  for (const title of ['Disk Imaging', 'Memory Capture', 'Log Triage']) {
    const res = await page.request.post(`/api/workspace/courses?sharkId=${sharkId}`, {
      data: { title, description: 'Hands-on.', duration: 2, pricePaise: 100_000 },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/shark/edit-profile?sharkId=${sharkId}`);
  const list = page.getByRole('list', { name: 'Your courses' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const titles = await list.getByRole('heading').allTextContents();

  // The course form: Escape goes back to the Edit button.
  const edit = page.getByRole('button', { name: `Edit ${titles[0]}` });
  await openWithEnter(page, edit, `Edit ${titles[0]}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(edit).toBeFocused();

  // Delete: Escape and Cancel go back to the Delete button; a delete moves on to the next course.
  const remove = page.getByRole('button', { name: `Delete ${titles[1]}` });
  await openWithEnter(page, remove, 'Delete this course?');
  await page.keyboard.press('Escape');
  await expect(remove).toBeFocused();
  let dialog = await openWithEnter(page, remove, 'Delete this course?');
  await dialog.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(remove).toBeFocused();
  dialog = await openWithEnter(page, remove, 'Delete this course?');
  await dialog.getByRole('button', { name: 'Delete course' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: `Edit ${titles[2]}` })).toBeFocused();

  // The last course of the list deleted: the one before it; the very last: "Add course".
  dialog = await openWithEnter(
    page,
    page.getByRole('button', { name: `Delete ${titles[2]}` }),
    'Delete this course?',
  );
  await dialog.getByRole('button', { name: 'Delete course' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Edit ${titles[0]}` })).toBeFocused();
  dialog = await openWithEnter(
    page,
    page.getByRole('button', { name: `Delete ${titles[0]}` }),
    'Delete this course?',
  );
  await dialog.getByRole('button', { name: 'Delete course' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('No courses yet')).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Add course' })).toBeFocused();
  await expectNotOnBody(page);

  // The admin's inline reason form (publish, suspend, reject...): it takes focus, and Cancel gives it back.
  await page.goto('/admin');
  await page.getByLabel('Search sharks by name or email').fill('Focus Shark');
  const publish = page.getByRole('button', { name: 'Publish Focus Shark' }).first();
  await publish.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/^Reason/)).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Publish Focus Shark' }).first()).toBeFocused();
});

test('the account dialogs and the review report dialog hand focus back to their buttons', async ({
  page,
  request,
}) => {
  await loginAsDemo(page, 'admin');
  await page.goto('/account');
  for (const [button, name] of [
    ['Sign out everywhere', 'Sign out everywhere?'],
    ['Delete my account', 'Delete your account?'],
  ] as const) {
    const opener = page.getByRole('button', { name: button, exact: true });
    const dialog = await openWithEnter(page, opener, name);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await openWithEnter(page, opener, name);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect(opener).toBeFocused();
  }

  // A published review's Report button.
  const { items } = (await (await request.get('/api/sharks?sort=rating')).json()) as {
    items: { id: string }[];
  };
  await page.goto(`/sharks/${items[0]!.id}`);
  await page.getByRole('tab', { name: 'Reviews' }).click();
  const report = page.getByRole('button', { name: /^Report the review by / }).first();
  const dialog = await openWithEnter(page, report, 'Report this review');
  await expect(dialog.getByLabel('Reason')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
});
