// Stored content with markup and `javascript:` links, saved through the real API, renders as text and
// never runs: in the shark's public profile (including the head the server writes), and in the admin's
// inbox of contact messages and shark applications.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, loginAsDemo, readMailLink, uniqueEmail } from './helpers/auth';
import { baseURL } from '../playwright.config';

const SCRIPT = '<script>window.__xss = "script"</script>';
const IMG = '<img src=x onerror="window.__xss = \'img\'">';
const BREAKOUT = '"><script>window.__xss = "head"</script>';
const JS_LINK = 'javascript:window.__xss="link"';

/**
 * A shark of its own, made the company's way (admin API, password set from the mail) and signed in on
 * `request`, so these hostile edits never touch the demo shark that other specs search for.
 */
async function signedInNewShark(request: APIRequestContext): Promise<{ email: string }> {
  const admin = DEMO_ACCOUNTS.admin;
  const adminLogin = await request.post('/api/auth/login', {
    headers: { origin: baseURL },
    data: { email: admin.email, password: admin.password, portal: 'admin' },
  });
  expect(adminLogin.status()).toBe(200);
  const email = uniqueEmail('xss-shark');
  const created = await request.post('/api/admin/sharks', {
    headers: { origin: baseURL },
    data: { email, name: 'Hostile Input', specialization: 'pentesting' },
  });
  expect(created.status()).toBe(201);
  await request.post('/api/auth/logout', { headers: { origin: baseURL } });
  const token = new URL(await readMailLink(request, email), baseURL).searchParams.get('token')!;
  const password = 'correct horse battery staple';
  const reset = await request.post('/api/auth/reset-password', {
    headers: { origin: baseURL },
    data: { token, password, confirmPassword: password },
  });
  expect(reset.status()).toBe(200);
  const login = await request.post('/api/auth/login', {
    headers: { origin: baseURL },
    data: { email, password, portal: 'shark' },
  });
  expect(login.status()).toBe(200);
  return { email };
}

/** Fails the test if anything the page did looked like injected code running. */
async function watchForScript(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return async () => {
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  };
}

test('a shark bio and name full of markup show as text on the profile, and the server-written head escapes them', async ({
  page,
  request,
}) => {
  await signedInNewShark(request);
  const current = await (await request.get('/api/workspace/profile')).json();
  const name = `Hostile ${IMG}`;
  const bio = `${BREAKOUT} ${SCRIPT} ${JS_LINK}`;
  const saved = await request.put('/api/workspace/profile', {
    headers: { origin: baseURL },
    data: {
      name,
      codeName: current.codeName,
      specialization: current.specialization,
      experience: current.experience,
      bio,
      published: true,
    },
  });
  expect(saved.status()).toBe(200);
  const sharkId: string = (await saved.json()).profile.id;

  // The HTML the server sends (title, description, Open Graph) carries the text escaped, never as markup.
  const html = await (await request.get(`/sharks/${sharkId}`)).text();
  expect(html).not.toContain('<script>window.__xss');
  expect(html).not.toContain('<img src=x');
  expect(html).toContain('&lt;script&gt;');

  const check = await watchForScript(page);
  await page.goto(`/sharks/${sharkId}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByText(SCRIPT, { exact: false }).first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await check();

  // The list card shows the same text safely.
  await page.goto(`/sharks?search=${encodeURIComponent('onerror')}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await check();
});

test('a course link must be http(s): a javascript: enrollment form is refused by the API', async ({
  request,
}) => {
  await signedInNewShark(request);
  const res = await request.post('/api/workspace/courses', {
    headers: { origin: baseURL },
    data: {
      title: 'Links',
      description: 'A course',
      duration: 2,
      pricePaise: 10_000,
      enrollmentFormUrl: JS_LINK,
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.fields.enrollmentFormUrl).toBeTruthy();
});

test('contact messages and shark applications with markup and javascript: links read as text in the admin inbox', async ({
  page,
  request,
}) => {
  const message = `Hello ${SCRIPT} ${IMG} see ${JS_LINK}`;
  const sent = await request.post('/api/contact', {
    headers: { origin: baseURL },
    data: { name: `Mallory ${IMG}`, email: 'mallory@example.com', message },
  });
  expect(sent.status()).toBe(201);
  const applied = await request.post('/api/shark-applications', {
    headers: { origin: baseURL },
    data: {
      name: 'Mallory',
      email: 'mallory@example.com',
      specialization: 'red_teaming',
      experience: 3,
      links: JS_LINK,
      motivation: `I want to mentor. ${SCRIPT}`,
    },
  });
  expect(applied.status()).toBe(201);

  const check = await watchForScript(page);
  await loginAsDemo(page, 'admin');
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Contact messages' }).click();
  await expect(page.getByText(message).first()).toBeVisible();
  await check();
  await page.getByRole('tab', { name: 'Applications' }).click();
  await expect(page.getByText(JS_LINK).first()).toBeVisible();
  await check();
});
