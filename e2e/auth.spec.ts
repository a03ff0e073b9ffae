// Account journeys in a real browser against the real server: signup, verification from the dev outbox, the
// login portals and their refusals, password reset, guards, the user menu of each role, logout and the admin console.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import {
  DEMO_ACCOUNTS,
  loginAs,
  loginAsDemo,
  readMailLink,
  signUpLearner,
  signUpVerifiedLearner,
  uniqueEmail,
} from './helpers/auth';

const alert = (page: Page) => page.getByRole('alert').filter({ hasNotText: /^$/ }).first();

test.describe('learner account', () => {
  test('signs up, verifies from the mailed link, logs in, sees the menu and logs out', async ({
    page,
    request,
  }) => {
    const account = await signUpLearner(page, { name: 'Asha Verma' });
    await expect(page.getByText(`We sent a verification link to ${account.email}`)).toBeVisible();
    // After 3 s the signup page moves on to the learner login.
    await expect(page).toHaveURL(/\/login\/user$/, { timeout: 6_000 });

    const link = await readMailLink(request, account.email, /verif/i);
    expect(link).toMatch(/^\/verify-email\?token=/);
    await page.goto(link);
    await expect(page.getByRole('status').filter({ hasText: /verified/i })).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('link', { name: 'Log in as User' }).click();
    await expect(page).toHaveURL(/\/login\/user$/);

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/user\/dashboard$/);

    // The session survives a reload.
    await page.reload();
    await page.locator('#user-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(`Hi, ${account.email}`);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Dashboard',
      'Edit profile',
      'Bookings',
      'Liked Sharks',
      'My requests',
      'Be a Freelancer',
      'Be a Shark',
      'Shark portal',
      'Account settings',
      'Terms',
      'Privacy',
      'Logout',
    ]);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.locator('#user-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();
    // The server ended the session: a guarded page now asks to log in.
    await page.goto('/user/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fuser%2Fdashboard$/);
  });

  test('an unverified learner is told to verify and can ask for the mail again', async ({
    page,
    request,
  }) => {
    const account = await signUpLearner(page);
    await page.goto('/login/user');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(alert(page)).toContainText('Please verify your email before logging in.');

    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('alert').getByRole('status')).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            (await (
              await request.get(`/api/dev/outbox?to=${encodeURIComponent(account.email)}`)
            ).json()) as unknown[]
          ).length,
      )
      .toBeGreaterThanOrEqual(2);
  });

  test('empty fields say "Please fill in all fields."', async ({ page }) => {
    await page.goto('/login/freelancer');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(alert(page)).toHaveText('Please fill in all fields.');
  });

  test('forgot password: the reset link sets a new password that logs in', async ({ page, request }) => {
    const account = await signUpVerifiedLearner(page, request);
    await page.goto('/login/user');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgotpassword$/);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: ACCOUNT_MSG.resetRequested })).toHaveText(
      "If this email is registered, you'll receive a password reset link shortly.",
    );

    const link = await readMailLink(request, account.email, /password|reset/i);
    expect(link).toMatch(/^\/update-password\?token=/);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
    await page.getByLabel('Confirm new password').fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('status').first()).toBeVisible();
    await page.getByRole('link', { name: 'Log in' }).click();

    // The link is single-use.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another passphrase');
    await page.getByLabel('Confirm new password').fill('another passphrase');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(alert(page)).toBeVisible();

    await page.goto('/login/user');
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(alert(page)).toBeVisible();
    await loginAs(page, 'user', account.email, 'a brand new passphrase');
    await expect(page).toHaveURL(/\/user\/dashboard$/);
  });

  test('an unknown email and a wrong password get the same answer', async ({ page }) => {
    await page.goto('/login/user');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
    await page.getByLabel('Password', { exact: true }).fill('whatever password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const unknown = await alert(page).textContent();
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.learner.email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(alert(page)).toHaveText(unknown!);
  });
});

test.describe('portals refuse the wrong account type', () => {
  test('a learner at the shark portal', async ({ page }) => {
    await page.goto('/login/shark');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.learner.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.learner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(alert(page)).toHaveText('Unauthorized: You are not registered as a Shark.');
    await expect(page).toHaveURL(/\/login\/shark$/);
  });

  test('a shark at the user portal', async ({ page }) => {
    await page.goto('/login/user');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.shark.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.shark.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The spec's words, word for word, then the portals such an account logs in at (issue 38).
    await expect(
      alert(page).getByText('Unauthorized. Please login with a user account.', { exact: true }),
    ).toBeVisible();
    await expect(alert(page).getByRole('link', { name: 'Freelancer portal' })).toBeVisible();
  });

  test('a freelancer at the user portal (user must be the only role)', async ({ page }) => {
    await page.goto('/login/user');
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.freelancer.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.freelancer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // The spec's words, word for word, then the portals such an account logs in at (issue 38).
    await expect(
      alert(page).getByText('Unauthorized. Please login with a user account.', { exact: true }),
    ).toBeVisible();
    await expect(alert(page).getByRole('link', { name: 'Freelancer portal' })).toBeVisible();
  });

  test('a learner at the freelancer and admin portals', async ({ page }) => {
    for (const portal of ['freelancer', 'admin'] as const) {
      await page.goto(`/login/${portal}`);
      await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.learner.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.learner.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(alert(page)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/login/${portal}$`));
    }
  });

  test('an unknown portal goes home', async ({ page }) => {
    await page.goto('/login/pirate');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('each role', () => {
  const MENUS = {
    shark: {
      dashboard: /\/shark\/dashboard$/,
      items: [
        'Dashboard',
        'Edit profile',
        'Availability',
        'Student Enrollments',
        'Credentials',
        'Reviews',
        'Earnings',
        'Payout details',
        'My requests',
        'Freelancer signup',
        'Subscriptions',
        'Account settings',
        'Terms',
        'Privacy',
        'Logout',
      ],
    },
    freelancer: {
      dashboard: /\/freelancer\/dashboard$/,
      items: [
        'Dashboard',
        'Edit profile',
        'Client requests',
        'Earnings',
        'My requests',
        'Become a Shark',
        'Subscriptions',
        'Account settings',
        'Terms',
        'Privacy',
        'Logout',
      ],
    },
    admin: {
      dashboard: /\/admin$/,
      items: [
        'Admin console',
        'Shark profiles',
        'Student Enrollments',
        'Account settings',
        'Terms',
        'Privacy',
        'Logout',
      ],
    },
  } as const;
  for (const [who, { dashboard, items }] of Object.entries(MENUS) as Array<
    [keyof typeof MENUS, (typeof MENUS)[keyof typeof MENUS]]
  >) {
    test(`${who}: logs in at its portal, lands on its page and gets its menu`, async ({ page }) => {
      await loginAsDemo(page, who);
      await expect(page).toHaveURL(dashboard);
      await page.locator('#user-menu').click();
      await expect(page.getByRole('menu')).toContainText(`Hi, ${DEMO_ACCOUNTS[who].email}`);
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([...items]);
      // A click outside closes it.
      await page.mouse.click(10, 400);
      await expect(page.getByRole('menu')).toBeHidden();
    });
  }

  test('a signed-in shark who opens /login/shark goes to the shark dashboard', async ({ page }) => {
    await loginAsDemo(page, 'shark');
    await page.goto('/login/shark');
    await expect(page).toHaveURL(/\/shark\/dashboard$/);
  });
});

test.describe('guards', () => {
  test('a visitor at /shark/dashboard is sent to log in and comes back after', async ({ page }) => {
    await page.goto('/shark/dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Fshark%2Fdashboard$/);
    await page.getByRole('link', { name: 'Log in as Shark' }).click();
    await page.getByLabel('Email', { exact: true }).fill(DEMO_ACCOUNTS.shark.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.shark.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/shark\/dashboard$/);
  });

  test('a learner at /shark/dashboard gets 403 - Unauthorized', async ({ page }) => {
    await loginAsDemo(page, 'learner');
    await page.goto('/shark/dashboard');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText('403 - Unauthorized')).toBeVisible();
  });
});

test('an admin creates a shark account, and the shark sets a password from the mail and logs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('shark');
  await loginAsDemo(page, 'admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Nisha Rao');
  await page.getByLabel('Specialization (optional)').selectOption('forensics');
  await page.getByRole('button', { name: 'Create shark account' }).click();
  await expect(page.getByText(`Shark account created for Nisha Rao (${email})`)).toBeVisible();
  // The list is paged by name (issue 25): find the new account by its email.
  await page.getByLabel('Search sharks by name or email').fill(email);
  const row = page
    .getByRole('list', { name: 'Shark accounts' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(row).toContainText('Unpublished');
  await expect(row.getByRole('link', { name: 'Edit profile of Nisha Rao' })).toHaveAttribute(
    'href',
    /\/shark\/edit-profile\?sharkId=/,
  );

  // The same email cannot be used twice.
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Nisha Again');
  await page.getByRole('button', { name: 'Create shark account' }).click();
  await expect(alert(page)).toBeVisible();

  await page.locator('#user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  const link = await readMailLink(request, email);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('shark passphrase 1');
  await page.getByLabel('Confirm new password').fill('shark passphrase 1');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await loginAs(page, 'shark', email, 'shark passphrase 1');
  await expect(page).toHaveURL(/\/shark\/dashboard$/);
});

test.describe('look and access', () => {
  const PAGES = [
    '/login',
    '/login/user',
    '/login/shark',
    '/login/freelancer',
    '/login/admin',
    '/signup/user',
    '/signup/freelancer',
    '/forgotpassword',
    '/update-password?token=abcdefghijkl',
    '/verify-email',
  ];

  test('account pages have no serious accessibility problems and fit a phone', async ({ page }) => {
    test.setTimeout(180_000);
    for (const path of PAGES) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await expect(page).toHaveTitle(/Shark Security$/);
      const { violations } = await new AxeBuilder({ page }).include('main').analyze();
      expect(
        violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${path}: ${v.id}`),
      ).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} scrolls sideways`,
      ).toBeLessThanOrEqual(390);
    }
  });

  test('the admin console has no serious accessibility problems and fits a phone', async ({ page }) => {
    await loginAsDemo(page, 'admin');
    await expect(page.getByRole('list', { name: 'Shark accounts' })).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
