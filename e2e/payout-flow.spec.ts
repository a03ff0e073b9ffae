// A session's money reaches the shark (issue 24): a learner pays for a session with the demo shark, the shark
// accepts, the server's clock moves past the session's end and its 48-hour no-show window (POST /api/dev/clock,
// which runs the sessions' tick: the share becomes available), an admin runs the payouts in the console,
// downloads the bank file (which marks the batch sent) and marks the shark's payout paid with its UTR; the shark
// sees the payout on its earnings page and downloads the month's statement; the admin's trial balance is zero. It moves the server's clock, so it runs in its own project after the
// session life cycle; afterAll puts the clock back.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { PAYOUT_RUN_MSG } from '#shared/payouts.ts';
import { STATEMENTS_SECTION_TEXT } from '#shared/statements.ts';
import { pdfText } from '#server/test/pdf.ts';
import { formatPaise } from '#shared/money.ts';
import type { SessionDetail } from '#shared/sessions.ts';
import {
  DEMO_ACCOUNTS,
  loginAsDemo,
  loginByApi,
  signUpVerifiedLearnerByApi,
  uniqueEmail,
} from './helpers/auth';
import { bookAndPay } from './helpers/payments';

const MINUTE = 60_000;
const ACCOUNT = '918020012345';
const UTR = 'HDFCN52026120100042';

const moveClock = async (request: APIRequestContext, offsetMinutes: number) => {
  const res = await request.post('/api/dev/clock', { data: { offsetMinutes } });
  expect(res.status(), await res.text()).toBe(200);
};

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  try {
    await moveClock(request, 0);
  } finally {
    await request.dispose();
  }
});

async function signedIn(browser: Browser, baseURL: string, who: keyof typeof DEMO_ACCOUNTS) {
  const context = await browser.newContext({ baseURL, timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  await loginAsDemo(page, who);
  return page;
}

test('a held session is paid out: the run, the bank file, the UTR, and the shark sees the payout', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const shark = await signedIn(browser, baseURL!, 'shark');
  // The shark's bank account, where the payout goes.
  const details = await shark.request.put('/api/workspace/payout-details', {
    data: {
      method: 'bank',
      holderName: DEMO_ACCOUNTS.shark.name,
      accountNumber: ACCOUNT,
      accountNumberConfirm: ACCOUNT,
      ifsc: 'HDFC0001234',
      pan: 'ABCPM1234K',
    },
  });
  expect(details.status(), await details.text()).toBe(200);

  // A fresh learner pays for an hour with the demo shark at its first free slot; the shark accepts.
  const learnerContext = await browser.newContext({ baseURL });
  const learner = learnerContext.request;
  const account = await signUpVerifiedLearnerByApi(learner, {
    name: 'Payout Learner',
    email: uniqueEmail('payout'),
  });
  await loginByApi(learner, 'user', account.email, account.password);
  const found = (await (await learner.get(`/api/sharks?search=${encodeURIComponent('Arjun')}`)).json()) as {
    items: { id: string; name: string }[];
  };
  const sharkId = found.items.find((s) => s.name === DEMO_ACCOUNTS.shark.name)!.id;
  const [course] = (await (await learner.get(`/api/sharks/${sharkId}/courses`)).json()) as { id: string }[];
  const slots = (await (await learner.get(`/api/sharks/${sharkId}/slots?hours=1`)).json()) as {
    days: { starts: string[] }[];
  };
  const startsAt = slots.days.find((d) => d.starts.length > 0)!.starts[0];
  const sessionId = await bookAndPay(learner, {
    courseId: course.id,
    hours: 1,
    startsAt,
    name: account.name,
    email: account.email,
    phone: '+91 90000 11223',
  });
  await learnerContext.close();
  const accepted = await shark.request.post(`/api/sessions/${sessionId}/accept`, { data: {} });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const session = (await (await shark.request.get(`/api/sessions/${sessionId}`)).json()) as SessionDetail;

  // The clock passes the end and the 48-hour no-show window: the tick completes the session and releases its share.
  const due = Date.parse(session.endsAt) + 48 * 60 * MINUTE + 5 * MINUTE;
  await moveClock(shark.request, Math.ceil((due - Date.now()) / MINUTE));
  await moveClock(shark.request, Math.ceil((due - Date.now()) / MINUTE) + 2);
  const earnings = (await (await shark.request.get('/api/workspace/earnings')).json()) as {
    balance: { availablePaise: number; paidOutPaise: number };
  };
  const owed = earnings.balance.availablePaise;
  expect(owed).toBeGreaterThanOrEqual(50_000);
  const paidBefore = earnings.balance.paidOutPaise;

  // The admin runs the payouts: the shark's available balance becomes one payout of the period.
  const admin = await signedIn(browser, baseURL!, 'admin');
  await admin.goto('/admin?tab=finance&section=payouts');
  const panel = admin.getByRole('region', { name: 'Payouts' });
  await panel.getByRole('button', { name: 'Run payouts now' }).click();
  await expect(admin.getByText(/^Payout run for \d{4}-W\d{2}: \d+ made/)).toBeVisible();
  // Other demo sharks have balances too (most without payout details: skipped): find this one.
  await panel.getByLabel('Shark (name or email)').fill(DEMO_ACCOUNTS.shark.email);
  const row = panel.getByTestId('admin-payout').filter({ hasText: DEMO_ACCOUNTS.shark.email });
  await expect(row).toContainText(formatPaise(owed));
  await expect(row.getByTestId('payout-status')).toHaveText('Created');
  await expect(row).toContainText('Bank account •••• 2345 at HDFC0001234');

  // The bank file holds the account in full; downloading it hands the batch to the bank (sent).
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download bank file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payouts-\d{4}-W\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'Payout id,Beneficiary name,Account number,IFSC,UPI id,Amount (INR),Narration',
  );
  expect(csv).toContain(`${DEMO_ACCOUNTS.shark.name},${ACCOUNT},HDFC0001234,,${(owed / 100).toFixed(2)},`);
  await admin.reload();
  await panel.getByLabel('Shark (name or email)').fill(DEMO_ACCOUNTS.shark.email);
  await expect(row.getByTestId('payout-status')).toHaveText('Sent');

  // Marked paid with the bank's reference.
  await row.getByRole('button', { name: `Mark the payout to ${DEMO_ACCOUNTS.shark.name} paid` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Mark the payout paid' });
  await dialog.getByLabel('UTR (bank reference)').fill('abc');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText(PAYOUT_RUN_MSG.utrInvalid)).toBeVisible();
  await dialog.getByLabel('UTR (bank reference)').fill(UTR);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(admin.getByText(PAYOUT_RUN_MSG.markedPaid, { exact: true })).toBeVisible();
  await expect(row.getByTestId('payout-status')).toHaveText('Paid');
  await expect(row).toContainText(UTR);

  // The shark sees the payout: paid, with its amount, method and reference, and the paid-out tile grew.
  await shark.goto('/shark/earnings');
  const payout = shark.getByTestId('payout').filter({ hasText: UTR });
  await expect(payout).toContainText(formatPaise(owed));
  await expect(payout).toContainText('Bank account •••• 2345 at HDFC0001234');
  await expect(payout.getByTestId('payout-status')).toHaveText('Paid');
  const tiles = shark.getByLabel('Your balance');
  await expect(
    tiles.locator('dt', { hasText: 'Paid out' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(formatPaise(paidBefore + owed));
  await expect(
    tiles.locator('dt', { hasText: 'Available' }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(formatPaise(0));

  // The shark downloads the month's statement: a PDF of the month's ledger, the payout in it.
  const statements = shark.getByRole('region', { name: STATEMENTS_SECTION_TEXT.title });
  const [statement] = await Promise.all([
    shark.waitForEvent('download'),
    statements.getByRole('link', { name: STATEMENTS_SECTION_TEXT.statement }).click(),
  ]);
  expect(statement.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
  const pdf = await readFile((await statement.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await pdfText(pdf)).replace(/\s+/g, ' ')).toContain('Payout created Payout ');

  // The admin's trial balance: every account of the ledger, and a total of zero.
  await admin.goto('/admin?tab=finance&section=trial-balance');
  await expect(admin.getByTestId('trial-balance-total')).toContainText('₹0.00');
});
