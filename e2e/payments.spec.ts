// Paying for a session in test mode (issue 23), three learners of the demo shark's priced course:
// - one books, pays on the checkout and the test gateway's page, the shark accepts; the session page says
//   "Paid ₹…" and the receipt downloads, a PDF whose text carries its number and the amount; the bookings list
//   offers the same receipt, named by its number;
// - the shark declines a second learner's paid request: that learner sees the full refund and its credit note,
//   on the session page and in the bookings list;
// - on a 390 px phone, a third learner's payment fails, then the checkout is closed (each time the slot is free
//   again, with a clear message); then they pay and cancel before the course's window: a full refund with a
//   credit note whose PDF says so.
// Screenshots of the checkout pages (desktop and phone) are saved with the test's results (and in SHOTS_DIR when set).
import { readFile } from 'node:fs/promises';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { MONEY_DOCUMENT_TEXT } from '#shared/money-documents.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { SESSION_STATUS_LABEL } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { pdfText } from '#server/test/pdf.ts';
import {
  DEMO_ACCOUNTS,
  loginAs,
  loginAsDemo,
  loginByApi,
  signUpVerifiedLearnerByApi,
  uniqueEmail,
} from './helpers/auth';
import { bookAndPay, payAtCheckout } from './helpers/payments';
import { pickSlot } from './helpers/sessions';
import { formatPaise, rupeesToPaise } from '#shared/money.ts';

const SHARK = DEMO_ACCOUNTS.shark.name;
const DAY = 24 * 60 * 60_000;
/** An amount the page shows ("₹1,500", "₹1,500.50"), in paise: the one conversion reads it (decision 210). */
const paiseOf = (text: string) => rupeesToPaise(text.trim()) ?? Number.NaN;
/** An amount as the PDF documents write it: always with paise ("₹1,500.00"). */
const documentAmount = (paise: number) => formatPaise(paise, { exact: true });

async function demoSharkId(request: APIRequestContext): Promise<string> {
  const { items } = (await (await request.get(`/api/sharks?search=${SHARK.split(' ')[0]}`)).json()) as {
    items: { id: string; name: string }[];
  };
  return items.find((s) => s.name === SHARK)!.id;
}

/** The free starts of the shark's calendar for `hours`, as instants. */
async function freeStarts(request: APIRequestContext, sharkId: string, hours = 1): Promise<number[]> {
  const res = await request.get(`/api/sharks/${sharkId}/slots?hours=${hours}`);
  expect(res.status()).toBe(200);
  const { days } = (await res.json()) as { days: { starts: string[] }[] };
  return days.flatMap((d) => d.starts).map((s) => Date.parse(s));
}

/**
 * The booking panel of the demo shark's profile, for one hour of its first course, its total read from the
 * server's quote. Each learner books days apart from the others (and from other specs, which book the first
 * free times), so no one finds its slot just taken.
 */
async function openBookingPanel(page: Page, sharkId: string) {
  await page.goto(`/sharks/${sharkId}?tab=courses`);
  const panel = page.getByTestId('booking-panel');
  await expect(panel.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await panel.getByLabel('Hours').fill('1');
  await expect(panel.getByTestId('quote-lines')).toContainText('× 1 hour');
  const total = (await panel.getByTestId('quote-total').textContent()) ?? '';
  expect(paiseOf(total)).toBeGreaterThan(0);
  return { panel, total };
}

/** The text of a PDF that a download link of the page serves. */
async function downloadedPdfText(page: Page, link: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  return text.replace(/\s+/g, ' ');
}

/** Reloads the session page until its refund has been processed by the provider (a job and a webhook away). */
async function expectRefunded(page: Page, total: string) {
  const refund = page.getByTestId('session-refund');
  await expect(async () => {
    await page.reload();
    await expect(refund).toContainText(`Refunded: ${total} (100%)`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return refund;
}

async function sharkPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ timezoneId: 'Asia/Kolkata' })).newPage();
  await loginAsDemo(page, 'shark');
  return page;
}

/** A full-page screenshot in the test's results (and SHOTS_DIR), after checking nothing scrolls sideways. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  const shot = await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
  await testInfo.attach(name, { body: shot, contentType: 'image/png' });
}

test('a learner pays for a session, the shark accepts, and the session page shows "Paid" and a receipt with its number and amount', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const sharkId = await demoSharkId(page.request);
  const account = await signUpVerifiedLearnerByApi(page.request, {
    name: 'Asha Payer',
    email: uniqueEmail('asha'),
  });
  await loginAs(page, 'user', account.email, account.password);

  // Before paying: the quote's lines and the refund terms, in the panel.
  const { panel, total } = await openBookingPanel(page, sharkId);
  await expect(panel.getByTestId('quote-lines')).toContainText('Platform fee (10%), included');
  await expect(panel.getByTestId('refund-terms')).toContainText('Refunds: free cancellation');
  await pickSlot(panel, Date.now() + 3 * DAY);
  await panel.getByLabel('Phone').fill('+91 90000 70001');
  await panel.getByRole('button', { name: 'Continue to payment' }).click();

  // The checkout: the same total, the slot held for a stated time, the refund terms; nothing booked yet.
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]+\/checkout$/);
  const checkout = page.getByTestId('checkout');
  await expect(checkout.getByRole('heading', { level: 1, name: 'Pay for your session' })).toBeVisible();
  await expect(checkout.getByTestId('quote-total')).toHaveText(total);
  await expect(checkout.getByRole('note')).toContainText(`${PAYMENT_MSG.hold} Held until`);
  await checkout.getByTestId('refund-terms').locator('summary').click();
  await expect(checkout.getByRole('row', { name: /^The shark declines/ }).getByRole('cell')).toHaveText(
    `${total} (100%)`,
  );
  await shoot(page, testInfo, 'checkout-1280');
  await checkout.getByRole('button', { name: `Pay ${total}` }).click();

  // The test gateway's page says no money moves, and asks for the same amount.
  await expect(page).toHaveURL(/\/test-checkout\//);
  await expect(page.getByText(PAYMENT_MSG.testMode)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Amount${total}`);
  await shoot(page, testInfo, 'test-checkout-1280');
  await page.getByRole('button', { name: PAYMENT_MSG.pay, exact: true }).click();
  const outcome = page.getByTestId('checkout-outcome');
  await expect(outcome.getByRole('status')).toHaveText(PAYMENT_MSG.paid);
  await outcome.getByRole('link', { name: 'View your session' }).click();
  await expect(page).toHaveURL(/\/sessions\/[0-9a-f-]+$/);
  const sessionPath = new URL(page.url()).pathname;
  await expect(page.getByText(SESSION_MSG.awaitingShark)).toBeVisible();
  await expect(page.getByTestId('session-payment')).toContainText(`Paid ${total}`);

  // The shark accepts the paid request.
  const shark = await sharkPage(browser);
  await shark.goto(sessionPath);
  await shark.getByRole('button', { name: 'Accept request' }).click();
  await expect(shark.getByText(SESSION_MSG.accepted)).toBeVisible();
  await shark.context().close();

  // The learner's session is confirmed and paid; its receipt downloads, and says its number and the amount.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Details' }).getByText(SESSION_STATUS_LABEL.confirmed, { exact: true }),
  ).toBeVisible();
  const payment = page.getByTestId('session-payment');
  await expect(payment).toContainText(`Paid ${total}`);
  await expect(payment.getByTestId('session-refund')).toHaveCount(0);
  const receipt = payment.getByRole('link', { name: /^Download receipt / });
  const number = ((await receipt.textContent()) ?? '').replace(/^Download receipt /, '');
  expect(number).toMatch(/^[A-Z]+\/\d\d-\d\d\/\d{6}$/);
  const text = await downloadedPdfText(page, receipt);
  expect(text).toContain(number);
  expect(text).toContain(documentAmount(paiseOf(total)));

  // The same receipt downloads from the learner's bookings, its link named by its number.
  await page.goto('/user/bookings');
  const row = page.getByRole('list', { name: 'Upcoming' }).getByTestId('session-item');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Paid ${total}`);
  const listed = row.getByRole('link', { name: `Download receipt ${number}`, exact: true });
  await expect(listed).toHaveText('Receipt');
  expect(await downloadedPdfText(page, listed)).toContain(number);
});

test("the shark declines a second learner's paid request, and that learner sees the full refund", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const sharkId = await demoSharkId(page.request);
  const account = await signUpVerifiedLearnerByApi(page.request, {
    name: 'Bela Declined',
    email: uniqueEmail('bela'),
  });
  await loginByApi(page.request, 'user', account.email, account.password);
  // Booking and paying is the first learner's journey: this one pays through the API, as the checkout page does.
  const courses = (await (await page.request.get(`/api/sharks/${sharkId}/courses`)).json()) as {
    id: string;
    pricePaise: number;
  }[];
  const startsAt = (await freeStarts(page.request, sharkId)).find((t) => t > Date.now() + 5 * DAY)!;
  const sessionId = await bookAndPay(page.request, {
    courseId: courses[0]!.id,
    hours: 1,
    startsAt: new Date(startsAt).toISOString(),
    name: account.name,
    email: account.email,
    phone: '+91 90000 70002',
  });
  await page.goto(`/sessions/${sessionId}`);
  const total = (await page.getByTestId('session-payment').textContent())!.match(/Paid (₹[\d,.]+)/)![1]!;
  expect(paiseOf(total)).toBe(courses[0]!.pricePaise);

  const shark = await sharkPage(browser);
  await shark.goto(`/sessions/${sessionId}`);
  await shark.getByRole('button', { name: 'Decline' }).click();
  const dialog = shark.getByRole('dialog', { name: 'Decline this request?' });
  await dialog.getByLabel('Reason').fill('I am travelling that week, sorry.');
  await dialog.getByRole('button', { name: 'Decline request' }).click();
  await expect(shark.getByText(SESSION_MSG.declined)).toBeVisible();
  await shark.context().close();

  // The learner's session page: declined, paid, and refunded in full (pending first, then processed).
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Details' }).getByText(SESSION_STATUS_LABEL.declined, { exact: true }),
  ).toBeVisible();
  const refund = await expectRefunded(page, total);
  const note = refund.getByRole('link', { name: /^Download credit note / });
  await expect(note).toBeVisible();
  const noteName = (await note.textContent())!;
  await expect(page.getByTestId('session-payment')).toContainText(`Paid ${total}`);

  // The bookings list says the same, with the same credit note.
  await page.goto('/user/bookings');
  // Declined: listed under Cancelled, not Past (issue 43).
  const row = page.getByRole('list', { name: 'Cancelled' }).getByTestId('session-item');
  await expect(row).toContainText(`Paid ${total} · Refunded: ${total} (100%)`);
  await expect(row.getByRole('link', { name: noteName, exact: true })).toHaveText('Credit note');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a failed and a closed checkout each free the slot; then the learner pays, withdraws the request, and gets it all back with a credit note', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const sharkId = await demoSharkId(page.request);
    const account = await signUpVerifiedLearnerByApi(page.request, {
      name: 'Chitra Cancels',
      email: uniqueEmail('chitra'),
    });
    await loginAs(page, 'user', account.email, account.password);

    // The course's window is at most 72 h: a week ahead, cancelling is "before the window".
    let { panel, total } = await openBookingPanel(page, sharkId);
    const startsAt = await pickSlot(panel, Date.now() + 7 * DAY);
    await panel.getByLabel('Phone').fill('+91 90000 70003');
    await panel.getByRole('button', { name: 'Continue to payment' }).click();
    const checkout = page.getByTestId('checkout');
    await expect(checkout.getByRole('button', { name: `Pay ${total}` })).toBeVisible();
    // The slot is held: nobody else is offered it.
    expect(await freeStarts(page.request, sharkId)).not.toContain(Date.parse(startsAt));
    await checkout.getByTestId('refund-terms').locator('summary').click();
    await shoot(page, testInfo, 'checkout-390');

    // The payment fails at the gateway: a clear message, nothing booked, the slot free again.
    await checkout.getByRole('button', { name: `Pay ${total}` }).click();
    await expect(page.getByText(PAYMENT_MSG.testMode)).toBeVisible();
    await shoot(page, testInfo, 'test-checkout-390');
    await page.getByRole('button', { name: PAYMENT_MSG.failTest }).click();
    const outcome = page.getByTestId('checkout-outcome');
    await expect(outcome.getByRole('alert')).toHaveText(PAYMENT_MSG.failed);
    await shoot(page, testInfo, 'checkout-failed-390');
    expect(await freeStarts(page.request, sharkId)).toContain(Date.parse(startsAt));
    expect((await (await page.request.get('/api/me/bookings')).json()) as unknown[]).toEqual([]);

    // Again, the same time; this time the window is closed without paying: the slot is free again.
    await outcome.getByRole('link', { name: 'Pick a time again' }).click();
    ({ panel, total } = await openBookingPanel(page, sharkId));
    expect(await pickSlot(panel, Date.parse(startsAt) - 1)).toBe(startsAt);
    await panel.getByLabel('Phone').fill('+91 90000 70003');
    await panel.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await page.getByRole('button', { name: PAYMENT_MSG.closeTest }).click();
    await expect(outcome.getByRole('status')).toHaveText(PAYMENT_MSG.abandoned);
    expect(await freeStarts(page.request, sharkId)).toContain(Date.parse(startsAt));

    // A third time it is paid.
    await outcome.getByRole('link', { name: 'Pick a time again' }).click();
    ({ panel, total } = await openBookingPanel(page, sharkId));
    expect(await pickSlot(panel, Date.parse(startsAt) - 1)).toBe(startsAt);
    await panel.getByLabel('Phone').fill('+91 90000 70003');
    await panel.getByRole('button', { name: 'Continue to payment' }).click();
    const sessionId = await payAtCheckout(page);
    await shoot(page, testInfo, 'checkout-paid-390');
    await outcome.getByRole('link', { name: 'View your session' }).click();
    await expect(page).toHaveURL(new RegExp(`/sessions/${sessionId}$`));
    await expect(page.getByTestId('session-payment')).toContainText(`Paid ${total}`);

    // Withdrawing the request (not accepted yet): the dialog says all of it comes back.
    await page.getByRole('button', { name: 'Withdraw request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this request?' });
    await expect(dialog.getByTestId('cancel-refund')).toHaveText(
      `Withdrawing now refunds ${total} (100%) to the original payment method.`,
    );
    await dialog.getByLabel('Reason').fill('My exam moved to that week.');
    await dialog.getByRole('button', { name: 'Withdraw request' }).click();
    await expect(page.getByText(SESSION_MSG.withdrawn)).toBeVisible();

    // The refund is full and processed, and its credit note says its number and the amount.
    const refund = await expectRefunded(page, total);
    await shoot(page, testInfo, 'session-refunded-390');
    const note = refund.getByRole('link', { name: /^Download credit note / });
    const number = ((await note.textContent()) ?? '').replace(/^Download credit note /, '');
    expect(number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    const text = await downloadedPdfText(page, note);
    expect(text).toContain(number);
    expect(text).toContain(`${MONEY_DOCUMENT_TEXT.total.credit_note} ${documentAmount(paiseOf(total))}`);
  });
});
