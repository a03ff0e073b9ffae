// Shared browser-test steps for accounts: log in through a portal, read a mailed link from the dev outbox,
// sign up (and verify) a fresh learner. Other specs reuse these instead of repeating the forms.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '#server/seed.ts';

export { DEMO_ACCOUNTS };
export type Portal = 'user' | 'shark' | 'freelancer' | 'admin';

/** A unique address per call, so journeys never collide on one database. */
export const uniqueEmail = (prefix = 'learner') =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Fills a portal's form and waits until the app has left the login page. */
export async function loginAs(page: Page, portal: Portal, email: string, password: string) {
  await page.goto(`/login/${portal}`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login(\/|\?|$)/);
}

/** Logs in as one of the seeded demo accounts through its own portal. */
export function loginAsDemo(page: Page, who: keyof typeof DEMO_ACCOUNTS) {
  const portal: Portal = who === 'learner' ? 'user' : who;
  const a = DEMO_ACCOUNTS[who];
  return loginAs(page, portal, a.email, a.password);
}

type OutboxMail = { subject: string; text: string; link: string | null; createdAt: string };

/**
 * The link of the newest mail to `email` (optionally whose subject matches), as a path on this site, waiting for it
 * to arrive. Links are made absolute with the server's origin; tests follow only the path and query.
 */
export async function readMailLink(
  request: APIRequestContext,
  email: string,
  subject?: RegExp,
): Promise<string> {
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        if (!res.ok()) return null;
        const mails = (await res.json()) as OutboxMail[];
        const mail = mails.find((m) => m.link && (!subject || subject.test(m.subject)));
        found = mail?.link ?? null;
        return found;
      },
      { message: `a mail with a link to ${email}`, timeout: 10_000 },
    )
    .not.toBeNull();
  const url = new URL(found!);
  return url.pathname + url.search;
}

/** Signs up a learner through /signup/user and waits for "Account Created". */
export async function signUpLearner(
  page: Page,
  { name = 'Test Learner', email = uniqueEmail(), password = 'correct horse battery' } = {},
) {
  await page.goto('/signup/user');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByText('Account Created')).toBeVisible();
  return { name, email, password };
}

/** Signs up a learner, follows the mailed verification link, and returns the credentials (not logged in). */
export async function signUpVerifiedLearner(
  page: Page,
  request: APIRequestContext,
  opts: { name?: string; email?: string; password?: string } = {},
) {
  const account = await signUpLearner(page, opts);
  const link = await readMailLink(request, account.email, /verif/i);
  await page.goto(link);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  return account;
}

/**
 * Signs up an account through the API (POST /api/auth/signup/user or /freelancer) and verifies the address with
 * the mailed link's token, for journeys whose subject is not the sign-up form. Returns the credentials (not
 * logged in).
 */
async function signUpVerifiedByApi(
  request: APIRequestContext,
  portal: 'user' | 'freelancer',
  account: { name: string; email: string; password: string },
  extra: Record<string, unknown> = {},
) {
  const { name, email, password } = account;
  const res = await request.post(`/api/auth/signup/${portal}`, {
    data: { name, email, password, confirmPassword: password, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = new URL(await readMailLink(request, email, /verif/i), 'http://link');
  const verified = await request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token') },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return account;
}

/** A verified learner made through the API (see signUpVerifiedByApi). */
export function signUpVerifiedLearnerByApi(
  request: APIRequestContext,
  { name = 'Test Learner', email = uniqueEmail(), password = 'correct horse battery' } = {},
) {
  return signUpVerifiedByApi(request, 'user', { name, email, password }, { terms: true });
}

/** A verified freelancer made through the API (see signUpVerifiedByApi), with its skills. */
export function signUpVerifiedFreelancerByApi(
  request: APIRequestContext,
  {
    name = 'Test Freelancer',
    email = uniqueEmail('freelancer'),
    password = 'correct horse battery',
    skills = 'Web application testing',
  } = {},
) {
  return signUpVerifiedByApi(request, 'freelancer', { name, email, password }, { skills });
}

/**
 * Logs in through the API. Given a page's `request` (page.request), the page's browser context shares the login
 * cookie, so its next page load is signed in.
 */
export async function loginByApi(
  request: APIRequestContext,
  portal: Portal,
  email: string,
  password: string,
) {
  const res = await request.post('/api/auth/login', { data: { email, password, portal } });
  expect(res.status(), await res.text()).toBe(200);
}
