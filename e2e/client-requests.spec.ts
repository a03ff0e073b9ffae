// Client requests and proposals (issue 27): the demo learner posts a request from the services page, the demo
// freelancer (who offers penetration testing) proposes with two milestones, and the client compares, shortlists,
// messages and accepts it.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeAtBothWidths } from './helpers/a11y';
import { DEMO_ACCOUNTS, loginAsDemo } from './helpers/auth';

async function as(browser: Browser, who: keyof typeof DEMO_ACCOUNTS): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAsDemo(page, who);
  return page;
}

/** A calendar date `days` from now (far enough ahead that India's and UTC's today never matter). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a client posts a request, a freelancer proposes with two milestones, the client shortlists and accepts', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Pentest of our portal ${Date.now().toString(36)}`;
  const client = await as(browser, 'learner');
  await client.goto('/services');
  await client.getByRole('button', { name: 'Learn more about Penetration Testing' }).click();
  await client.getByRole('dialog').getByRole('link', { name: 'Post a request' }).click();
  await expect(client).toHaveURL(/\/requests\/new\?service=pentesting$/);
  await expect(client.getByLabel('Service', { exact: true })).toHaveValue('pentesting');
  await expect(
    client.getByText(/Never enter passwords, API keys, tokens or other secrets here/),
  ).toBeVisible();
  await client.getByLabel('Title', { exact: true }).fill(title);
  await client.getByLabel('Asset', { exact: true }).fill('https://portal.example.in');
  await client.getByLabel('Proposals by (deadline)', { exact: true }).fill(inDays(20));
  await client.getByLabel('Testing window: first day', { exact: true }).fill(inDays(25));
  await client.getByLabel('Testing window: last day', { exact: true }).fill(inDays(35));
  await client.getByLabel('Budget from (₹)', { exact: true }).fill('90000');
  await client.getByLabel('Budget up to (₹)', { exact: true }).fill('50000');
  await client.getByRole('button', { name: 'Post request' }).click();
  await expect(client.getByText('The budget minimum must not be above its maximum')).toBeVisible();
  await client.getByLabel('Budget from (₹)', { exact: true }).fill('50000');
  await client.getByLabel('Budget up to (₹)', { exact: true }).fill('120000');
  await client.getByRole('button', { name: 'Post request' }).click();
  await expect(client.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  await expect(client.getByRole('heading', { name: 'No proposals yet' })).toBeVisible();
  const requestUrl = client.url();

  const freelancer = await as(browser, 'freelancer');
  await freelancer.goto('/freelancer/client-requests');
  await freelancer
    .getByRole('region', { name: 'Open requests in your services' })
    .getByRole('link', { name: title })
    .click();
  await expect(freelancer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(freelancer.getByText('https://portal.example.in')).toBeVisible();
  await freelancer.getByLabel('Price (₹)', { exact: true }).fill('90000');
  await freelancer.getByLabel('Days of work', { exact: true }).fill('10');
  await freelancer
    .getByLabel('Approach', { exact: true })
    .fill('OWASP WSTG testing of the portal, a report and a retest.');
  await freelancer.getByLabel('Milestone 1', { exact: true }).fill('Testing and report');
  await freelancer.getByLabel('Amount 1 (₹)', { exact: true }).fill('60000');
  await freelancer.getByRole('button', { name: 'Add a milestone' }).click();
  await freelancer.getByLabel('Milestone 2', { exact: true }).fill('Retest');
  await freelancer.getByLabel('Amount 2 (₹)', { exact: true }).fill('30000');
  await freelancer.getByRole('button', { name: 'Send proposal' }).click();
  await expect(freelancer.getByText('Your proposal was sent to the client.').first()).toBeVisible();
  await expect(
    freelancer.getByRole('region', { name: 'Your proposal' }).getByText('Submitted'),
  ).toBeVisible();

  await client.goto(requestUrl);
  const card = client.getByRole('listitem', { name: 'Kabir Shah' });
  await expect(card.getByText('₹90,000')).toBeVisible();
  await expect(card.getByText('2. Retest')).toBeVisible();
  expect(await axeAtBothWidths(client, 'the proposals comparison')).toEqual([]);
  await card.getByRole('button', { name: 'Shortlist' }).click();
  await expect(
    client.getByText('The proposal is shortlisted: you can now message the freelancer.').first(),
  ).toBeVisible();
  await card
    .getByLabel('Message to Kabir Shah', { exact: true })
    .fill('Can you start on the first day of the window?');
  await card.getByRole('button', { name: 'Send' }).click();
  await expect(card.getByText('Can you start on the first day of the window?')).toBeVisible();
  await card.getByRole('button', { name: 'Accept' }).click();
  await card.getByRole('button', { name: 'Yes, accept Kabir Shah' }).click();
  await expect(
    client
      .getByText('You accepted this proposal. The request is awarded and the other freelancers are told.')
      .first(),
  ).toBeVisible();
  await expect(
    client.getByRole('heading', { level: 1, name: new RegExp(title) }).getByText('Awarded'),
  ).toBeVisible();
  await expect(card.getByText('Accepted')).toBeVisible();

  await freelancer.reload();
  await expect(freelancer.getByRole('region', { name: 'Your proposal' }).getByText('Accepted')).toBeVisible();
  await expect(freelancer.getByText('Can you start on the first day of the window?')).toBeVisible();
  expect(await axeAtBothWidths(freelancer, "the freelancer's request page")).toEqual([]);
});
