// The company runs the marketplace from /admin (issue 15): an application becomes a published shark whose
// verified credential shows on the public profile and on the card; the Finance tab (issue 24) finds a payment,
// refunds part of it and shows the trial balance.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN_DANGER, ADMIN_MSG } from '#shared/admin.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { FINANCE_MSG } from '#shared/finance.ts';
import {
  DEMO_ACCOUNTS,
  loginAs,
  loginAsDemo,
  loginByApi,
  readMailLink,
  signUpVerifiedLearnerByApi,
  uniqueEmail,
} from './helpers/auth';
import { bookAndPay } from './helpers/payments';

test('an application is approved, the shark sets a password, adds a credential the admin verifies, and publishes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('applicant');
  const name = `Tara Menon ${Date.now().toString(36)}`;

  // A visitor applies to be a shark.
  await page.goto('/signup/shark');
  const form = page.getByRole('form', { name: 'Shark application' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Specialization').selectOption('forensics');
  await form.getByLabel('Experience (years)').fill('7');
  await form
    .getByLabel('Why do you want to mentor?')
    .fill('I have run forensics for a bank for seven years.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('button', { name: 'Send application' })).toBeHidden();

  // An admin approves it: the account is created and the set-password link is mailed.
  await loginAsDemo(page, 'admin');
  await page.getByRole('tab', { name: 'Applications' }).click();
  await page.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(page.getByText(ADMIN_MSG.applicationApproved, { exact: true })).toBeVisible();
  await page.locator('#user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The new shark sets a password from the mail and adds a credential.
  await page.goto(await readMailLink(request, email, /account is ready/));
  await page.getByLabel('New password', { exact: true }).fill('forensic passphrase 7');
  await page.getByLabel('Confirm new password').fill('forensic passphrase 7');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await loginAs(page, 'shark', email, 'forensic passphrase 7');
  await page.goto('/shark/credentials');
  await page.getByLabel('Type').selectOption('certification');
  await page.getByLabel('Name', { exact: true }).fill('GCFA');
  await page.getByLabel('Issuer (optional)').fill('GIAC');
  await page.getByLabel('Verification link (https)').fill('https://www.credly.com/badges/gcfa-e2e');
  await page.getByRole('button', { name: 'Add credential' }).click();
  await expect(page.getByText(CREDENTIAL_MSG.added, { exact: true })).toBeVisible();
  await page.locator('#user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  // The admin checks it against its link and verifies it.
  await loginAsDemo(page, 'admin');
  await page.getByRole('tab', { name: 'Credentials' }).click();
  // The queue is paged and searched on the server (issue 25): find the shark's credential by its name.
  await page.getByRole('searchbox', { name: 'Search credentials by name, issuer or owner' }).fill(name);
  await expect(
    page.getByRole('status').filter({ hasText: 'pending credential matches this search' }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Verify GCFA of ${name}` }).click();
  await expect(page.getByRole('button', { name: `Verify GCFA of ${name}` })).toBeHidden();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(
    page.getByText(`${DEMO_ACCOUNTS.admin.name} verified GCFA of ${name}`, { exact: false }).first(),
  ).toBeVisible();
  await page.locator('#user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();

  // The shark completes the profile and publishes it.
  await loginAs(page, 'shark', email, 'forensic passphrase 7');
  await page.goto('/shark/edit-profile');
  await page
    .getByLabel('Bio')
    .fill('Incident response and disk forensics for banks; I teach evidence handling.');
  await page.getByRole('switch').check({ force: true });
  await page.getByRole('button', { name: 'Save profile' }).click();
  // The alert shows the spec's text with a check icon in place of its emoji.
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: ACCOUNT_MSG.profileUpdated.replace('✅ ', '') })
      .first(),
  ).toBeVisible();

  // Anyone now sees the verified credential on the card and on the profile.
  await page.goto(`/sharks?search=${encodeURIComponent(name)}`);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card.getByText('1 verified credential')).toBeVisible();
  await card
    .getByRole('link', { name: new RegExp(name) })
    .first()
    .click();
  const verified = page.getByRole('list', { name: 'Verified credentials' });
  await expect(verified).toContainText('GCFA');
  await expect(verified).toContainText(CREDENTIAL_MSG.verifiedBy);
});

test('the finance tab finds a payment, refunds part of it with a reason, and shows a trial balance of ₹0.00', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A learner pays for a session (through the API, as the checkout page does in test mode).
  const learner = await signUpVerifiedLearnerByApi(request, {
    name: 'Farah Finance',
    email: uniqueEmail('farah'),
  });
  await loginByApi(request, 'user', learner.email, learner.password);
  const { items } = (await (await request.get('/api/sharks')).json()) as { items: { id: string }[] };
  const sharkId = items[items.length - 1]!.id;
  const courses = (await (await request.get(`/api/sharks/${sharkId}/courses`)).json()) as { id: string }[];
  const slots = (await (await request.get(`/api/sharks/${sharkId}/slots?hours=1`)).json()) as {
    days: { starts: string[] }[];
  };
  // Days ahead of what the other journeys book, so the slot is never just taken.
  const startsAt = slots.days
    .flatMap((d) => d.starts)
    .find((s) => Date.parse(s) > Date.now() + 12 * 86_400_000)!;
  const bookingId = await bookAndPay(request, {
    courseId: courses[0]!.id,
    hours: 1,
    startsAt,
    name: learner.name,
    email: learner.email,
    phone: '+91 90000 70024',
  });

  await loginAsDemo(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Finance' }).click();
  await page.getByLabel('Search payments').fill(learner.email);
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row').filter({ hasText: learner.email });
  await expect(row).toContainText('captured');
  await expect(row.getByRole('link', { name: 'Session' })).toHaveAttribute('href', `/sessions/${bookingId}`);

  // A manual refund: the server's refusal beside the amount, then part of it with a reason.
  await row.getByRole('button', { name: /^Refund Farah Finance's payment of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  await dialog.getByLabel('Amount in rupees').fill('9999999');
  await dialog.getByLabel(/Reason/).fill('The video call dropped for twenty minutes');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(
    dialog.getByText(/^The amount is more than this payment's refundable balance of ₹/),
  ).toBeVisible();
  await dialog.getByLabel('Amount in rupees').fill('100.50');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText(FINANCE_MSG.refundRecorded('₹100.50'), { exact: true })).toBeVisible();
  await expect(row).toContainText(/(Pending|Processed): ₹100\.50/);
  await expect(row.getByRole('button', { name: /^Refund / })).toHaveCount(0);

  // The refund is listed with the admin's words, and the ledger still balances.
  await page.getByRole('tab', { name: 'Refunds' }).click();
  await page.getByLabel(/Search refunds/).fill(learner.email);
  await expect(page.getByRole('list', { name: 'Refunds' })).toContainText(
    '“The video call dropped for twenty minutes”',
  );
  await page.getByRole('tab', { name: 'Trial balance' }).click();
  await expect(page.getByTestId('trial-balance-total')).toContainText('₹0.00');
});

test('issue 25: the sharks tab is paged and searched, Unpublish asks first, the audit log names who and whom; a phone sees every tab', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAsDemo(page, 'admin');
  // A shark of this test's own, so no other journey's shark is unpublished.
  const name = `Ishaan Kapoor ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/admin/sharks', {
    data: { email: uniqueEmail('ishaan'), name, specialization: 'forensics' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { sharkId } = (await created.json()) as { sharkId: string };
  const published = await page.request.put(`/api/admin/sharks/${sharkId}/publication`, {
    data: { published: true, reason: 'Profile reviewed.' },
  });
  expect(published.status(), await published.text()).toBe(200);

  await page.goto('/admin');
  const list = page.getByRole('list', { name: 'Shark accounts' });
  // The demo has more sharks than a page: 10 rows and the pager, not one long list.
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const pager = page.getByRole('navigation', { name: 'Shark pages' });
  await expect(pager).toContainText(/Page 1 of \d+/);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText(/Page 2 of \d+/);
  await page.getByLabel('Search sharks by name or email').fill(name);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(pager).toBeHidden();

  // Unpublish is a danger button; the dialog says what happens, and "Keep it" changes nothing.
  const unpublish = list.getByRole('button', { name: `Unpublish ${name}` });
  await expect(unpublish).toHaveClass(/text-danger-400/);
  await unpublish.click();
  const dialog = page.getByRole('dialog', { name: `Unpublish ${name}?` });
  await expect(dialog).toContainText(ADMIN_DANGER.unpublish);
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toBeHidden();
  await expect(list).toContainText('Published');
  await unpublish.click();
  await dialog.getByLabel(/Reason/).fill('Bio copies another profile.');
  await dialog.getByRole('button', { name: 'Unpublish the profile' }).click();
  await expect(page.getByText(ADMIN_MSG.sharkUnpublished, { exact: true })).toBeVisible();
  await expect(list).toContainText('Unpublished');

  // The audit log in words, with a link to the profile, and searchable.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  await page.getByLabel('Search the log by person, action or reason').fill(name);
  const entries = page.getByRole('list', { name: 'Audit entries' });
  // The account's creation (its shark role), the publication and the unpublish, newest first.
  await expect(entries.getByTestId('audit-entry')).toHaveCount(3);
  await expect(entries.getByTestId('audit-entry').first()).toContainText(
    `${DEMO_ACCOUNTS.admin.name} unpublished the profile of ${name}`,
  );
  await expect(entries.getByRole('link', { name }).first()).toHaveAttribute('href', `/sharks/${sharkId}`);
  await expect(entries).not.toContainText('shark.unpublish');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${width}: ${v.id}`)).toEqual([]);
  }

  // On a phone every tab is on the screen (they wrap), none cut off.
  const tabs = page.getByRole('tab');
  for (let i = 0; i < (await tabs.count()); i++) {
    const box = (await tabs.nth(i).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.getByRole('tab', { name: 'Sharks' }).click();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `sharks 390: ${v.id}`)).toEqual([]);
});
