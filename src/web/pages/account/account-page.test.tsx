import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { CALENDAR_FEED_MSG } from '#shared/calendar-feed.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor, standIn } from '#web/testing/test-utils.tsx';
import AccountPage from './account-page';

const routes = [
  { path: '/account', element: <AccountPage /> },
  standIn('/login', 'Login chooser'),
  standIn('/', 'Home'),
];
const session = sessionFor('asha@example.com', ['user'], { fullName: 'Asha Rao' });

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/account', () => {
  it('shows the five sections and the download link', async () => {
    mockApi({ 'GET /api/auth/session': { status: 200, body: session } });
    renderScreen(routes, '/account');
    expect(await screen.findByRole('heading', { name: 'Account settings', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Account settings | Shark Security');
    for (const name of [
      'Change password',
      'Sign out everywhere',
      'Change email',
      'Calendar feed',
      'Download my data',
      'Delete my account',
    ])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('asha@example.com')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download my data' });
    expect(link).toHaveAttribute('href', '/api/me/account/export');
    expect(link).toHaveAttribute('download');
    expect(
      screen.getByText(/your calendar settings .*Secret addresses are never in it\./),
    ).toBeInTheDocument();
  });

  it('changes the password: checks the form first, shows the server refusal beside its field, then success', async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'POST /api/me/account/password': () =>
        ++attempt === 1
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation',
                  message: ACCOUNT_MSG.currentPasswordWrong,
                  fields: { currentPassword: ACCOUNT_MSG.currentPasswordWrong },
                },
              },
            }
          : { status: 200, body: { message: ACCOUNT_MSG.passwordChanged } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/account');
    const button = await screen.findByRole('button', { name: 'Change password' });
    await user.click(button);
    expect(await screen.findByText(ACCOUNT_MSG.currentPasswordRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/me/account/password')).toHaveLength(0);

    const section = screen.getByRole('region', { name: 'Change password' });
    await user.type(within(section).getByLabelText('Current password'), 'wrong-password');
    await user.type(within(section).getByLabelText('New password'), 'a-new-long-passphrase');
    await user.type(within(section).getByLabelText('Confirm new password'), 'a-new-long-passphrase');
    await user.click(button);
    expect(await within(section).findByText(ACCOUNT_MSG.currentPasswordWrong)).toBeInTheDocument();
    expect(within(section).getByLabelText('Current password')).toHaveAccessibleDescription(
      ACCOUNT_MSG.currentPasswordWrong,
    );

    await user.clear(within(section).getByLabelText('Current password'));
    await user.type(within(section).getByLabelText('Current password'), 'the-right-password');
    await user.click(button);
    expect(await within(section).findByText(ACCOUNT_MSG.passwordChanged)).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/me/account/password').at(-1)!.body).toEqual({
      currentPassword: 'the-right-password',
      password: 'a-new-long-passphrase',
      confirmPassword: 'a-new-long-passphrase',
    });
  });

  it('asks for the new address and the password, then says to open the link', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'POST /api/me/account/email': { status: 200, body: { message: ACCOUNT_MSG.emailChangeRequested } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/account');
    const section = await screen.findByRole('region', { name: 'Change email' });
    await user.type(within(section).getByLabelText('New email'), 'New@Example.com');
    await user.type(within(section).getByLabelText('Current password'), 'my-password-1');
    await user.click(within(section).getByRole('button', { name: 'Send the link' }));
    expect(await within(section).findByText(ACCOUNT_MSG.emailChangeRequested)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/me/account/email')!.body).toEqual({
      email: 'new@example.com',
      currentPassword: 'my-password-1',
    });
  });

  it('signs out everywhere after a confirmation, then goes to the login page', async () => {
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'POST /api/me/account/sign-out-everywhere': {
        status: 200,
        body: { message: ACCOUNT_MSG.signedOutEverywhere },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/account');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(calls.filter((c) => c.path === '/api/me/account/sign-out-everywhere')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Login chooser' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MSG.signedOutEverywhere)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/me/account/sign-out-everywhere')!.body).toEqual({
      confirm: true,
    });
  });

  it("deletes the account only with the password and DELETE typed, and shows a shark's refusal", async () => {
    let attempt = 0;
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/me/account/delete': { status: 200, body: { sessions: [] } },
      'POST /api/me/account/delete': () =>
        ++attempt === 1
          ? {
              status: 409,
              body: { error: { code: 'upcoming_sessions', message: ACCOUNT_MSG.deleteCancelUpcomingFirst } },
            }
          : { status: 200, body: { message: ACCOUNT_MSG.accountDeleted } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/account');
    expect(await screen.findByText(/stay with their shark as records/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const submit = within(dialog).getByRole('button', { name: 'Delete my account for good' });
    expect(await within(dialog).findByText('You have no upcoming sessions to cancel.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'my-password-1');
    await user.type(within(dialog).getByLabelText('Type DELETE here'), 'delete');
    await user.click(submit);
    expect(await within(dialog).findByText(ACCOUNT_MSG.deleteConfirmRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/me/account/delete')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Type DELETE here'));
    await user.type(within(dialog).getByLabelText('Type DELETE here'), 'DELETE');
    await user.click(submit);
    expect(await within(dialog).findByText(ACCOUNT_MSG.deleteCancelUpcomingFirst)).toBeInTheDocument();

    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MSG.accountDeleted)).toBeInTheDocument();
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/api/me/account/delete').at(-1)!.body,
    ).toEqual({
      currentPassword: 'my-password-1',
      confirm: 'DELETE',
    });
  });

  it('lists, before the deletion is confirmed, each session it cancels with what it refunds (issue 38)', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/me/account/delete': {
        status: 200,
        body: {
          sessions: [
            {
              id: 'a',
              courseTitle: 'Web App Hacking',
              startsAt: '2026-11-26T13:00:00.000Z',
              timeZone: 'Asia/Kolkata',
              late: true,
              paidPaise: 150_000,
              refundPaise: 75_000,
              refundPercent: 50,
            },
            {
              id: 'b',
              courseTitle: 'Cloud Security Basics',
              startsAt: '2026-12-10T04:30:00.000Z',
              timeZone: 'Asia/Kolkata',
              late: false,
              paidPaise: 200_000,
              refundPaise: 200_000,
              refundPercent: 100,
            },
            {
              id: 'c',
              courseTitle: 'Intro Call',
              startsAt: '2026-12-11T04:30:00.000Z',
              timeZone: 'Asia/Kolkata',
              late: false,
              paidPaise: 0,
              refundPaise: 0,
              refundPercent: null,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/account');
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const list = await within(dialog).findByRole('list', { name: 'Sessions deleting cancels' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Web App Hacking, Thu, 26 Nov, 2026 18:30: a late cancellation: ₹750 of ₹1,500 refunded (50%)',
      'Cloud Security Basics, Thu, 10 Dec, 2026 10:00: ₹2,000 refunded in full',
      'Intro Call, Fri, 11 Dec, 2026 10:00: nothing was paid',
    ]);
    expect(within(dialog).getByText(/Deleting cancels these 3 sessions/)).toBeInTheDocument();
  });

  it("makes a calendar address, shows it once with Copy and the apps' instructions, and replaces it after a confirmation", async () => {
    let made = 0;
    const address = (n: number) => ({
      createdAt: '2026-11-23T04:30:00.000Z',
      url: `http://localhost/calendar/secret-${n}.ics`,
      webcalUrl: `webcal://localhost/calendar/secret-${n}.ics`,
    });
    const { calls } = mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/me/calendar-feed': { status: 200, body: { createdAt: null } },
      'POST /api/me/calendar-feed': () => ({ status: 200, body: address(++made) }),
    });
    const writeText = vi.fn(async () => {});
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen(routes, '/account');
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(section).findByText(CALENDAR_FEED_MSG.none)).toBeInTheDocument();
    for (const text of [CALENDAR_FEED_MSG.google, CALENDAR_FEED_MSG.outlook, CALENDAR_FEED_MSG.apple])
      expect(within(section).getByText(text)).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: CALENDAR_FEED_MSG.make }));
    const field = await within(section).findByLabelText(CALENDAR_FEED_MSG.addressLabel);
    expect(field).toHaveValue('http://localhost/calendar/secret-1.ics');
    expect(within(section).getByRole('link', { name: CALENDAR_FEED_MSG.openWebcal })).toHaveAttribute(
      'href',
      'webcal://localhost/calendar/secret-1.ics',
    );
    expect(within(section).getByText(CALENDAR_FEED_MSG.shownOnce)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: CALENDAR_FEED_MSG.copy }));
    expect(writeText).toHaveBeenCalledWith('http://localhost/calendar/secret-1.ics');
    expect(await within(section).findByText(CALENDAR_FEED_MSG.copied)).toBeInTheDocument();

    // A new address asks first; cancelling keeps the current one.
    await user.click(within(section).getByRole('button', { name: CALENDAR_FEED_MSG.makeNew }));
    let dialog = await screen.findByRole('dialog', { name: CALENDAR_FEED_MSG.confirmTitle });
    expect(dialog).toHaveTextContent(CALENDAR_FEED_MSG.confirmBody);
    await user.click(within(dialog).getByRole('button', { name: CALENDAR_FEED_MSG.cancel }));
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/me/calendar-feed')).toHaveLength(1);
    await user.click(within(section).getByRole('button', { name: CALENDAR_FEED_MSG.makeNew }));
    dialog = await screen.findByRole('dialog', { name: CALENDAR_FEED_MSG.confirmTitle });
    await user.click(within(dialog).getByRole('button', { name: CALENDAR_FEED_MSG.confirmYes }));
    expect(
      await within(section).findByDisplayValue('http://localhost/calendar/secret-2.ics'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/me/calendar-feed')).toHaveLength(2);
  });

  it('says an address is live without showing it again', async () => {
    mockApi({
      'GET /api/auth/session': { status: 200, body: session },
      'GET /api/me/calendar-feed': { status: 200, body: { createdAt: '2026-11-20T04:30:00.000Z' } },
    });
    renderScreen(routes, '/account');
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(
      await within(section).findByText(new RegExp(CALENDAR_FEED_MSG.hidden.slice(0, 40))),
    ).toBeInTheDocument();
    expect(within(section).queryByLabelText(CALENDAR_FEED_MSG.addressLabel)).toBeNull();
    expect(within(section).getByRole('button', { name: CALENDAR_FEED_MSG.makeNew })).toBeInTheDocument();
  });
});
