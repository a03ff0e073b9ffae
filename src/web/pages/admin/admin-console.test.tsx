// The console's marketplace sections (decision 032): application decisions, suspension, credentials, audit log,
// and the ruling on a disputed no-show (decision 053).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_DANGER, ADMIN_MSG } from '#shared/admin.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { RECONCILIATION_MSG } from '#shared/reconciliation.ts';
import { PAYOUT_RUN_MSG } from '#shared/payouts.ts';
import { mockApi, polyfillRadix, renderScreen } from '#web/testing/test-utils.tsx';
import AdminPage from './admin-page';

beforeEach(polyfillRadix);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/admin', element: <AdminPage /> }];
const at = '2026-11-22T10:00:00.000Z';
const APP_ID = '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b';
const USER_ID = '2d9a2c74-3e3f-4b7a-9cad-9e8f7a6b5c4d';

describe('admin console: running the marketplace', () => {
  it('approves an application and rejects another with a reason', async () => {
    let status = 'new';
    const application = (over: object) => ({
      id: APP_ID,
      name: 'Zoya Khan',
      email: 'zoya@example.com',
      specialization: 'cloud_security',
      experience: 5,
      links: null,
      motivation: 'I want to teach cloud hardening to beginners.',
      status,
      reason: null,
      decidedAt: null,
      createdAt: at,
      ...over,
    });
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/shark-applications': () => ({
        status: 200,
        body: {
          items: [application({}), application({ id: USER_ID, name: 'Ravi', status: 'new' })],
          page: 1,
          pageSize: 25,
          total: 2,
        },
      }),
      [`POST /api/admin/shark-applications/${APP_ID}/approve`]: () => {
        status = 'approved';
        return {
          status: 200,
          body: {
            message: ADMIN_MSG.applicationApproved,
            status: 'approved',
            userId: USER_ID,
            sharkId: USER_ID,
          },
        };
      },
      [`POST /api/admin/shark-applications/${USER_ID}/reject`]: ({ body }) =>
        (body as { reason: string }).reason
          ? {
              status: 200,
              body: {
                message: ADMIN_MSG.applicationRejected,
                status: 'rejected',
                userId: null,
                sharkId: null,
              },
            }
          : { status: 400, body: { error: { code: 'validation', message: 'x', fields: { reason: 'x' } } } },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Applications' }));
    await user.click(await screen.findByRole('button', { name: 'Approve Zoya Khan' }));
    expect(await screen.findByText(ADMIN_MSG.applicationApproved)).toBeInTheDocument();
    expect(await screen.findByText('Approved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject Ravi' }));
    const form = screen.getByRole('form', { name: 'Reject Ravi' });
    await user.click(within(form).getByRole('button', { name: 'Reject the application' }));
    expect(await within(form).findByText(ADMIN_MSG.reasonRequired)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Reason/), 'Not this quarter.');
    await user.click(within(form).getByRole('button', { name: 'Reject the application' }));
    expect(await screen.findByText(ADMIN_MSG.applicationRejected)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'Not this quarter.' });
  });

  it('searches accounts and suspends one with a reason', async () => {
    let suspended = false;
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/users': () => ({
        status: 200,
        body: {
          items: [
            {
              id: USER_ID,
              email: 'asha@example.com',
              name: 'Asha',
              roles: ['user'],
              suspendedAt: suspended ? at : null,
              suspensionReason: suspended ? 'Abuse.' : null,
              bookings: 2,
              createdAt: at,
            },
          ],
          page: 1,
          pageSize: 25,
          total: 1,
        },
      }),
      [`POST /api/admin/users/${USER_ID}/suspension`]: () => {
        suspended = true;
        return { status: 200, body: { message: ADMIN_MSG.accountSuspended } };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Accounts' }));
    const list = await screen.findByRole('list', { name: 'Accounts' });
    expect(within(list).getByText('Active')).toBeInTheDocument();
    expect(list).toHaveTextContent('2 bookings');
    await user.type(screen.getByLabelText('Search accounts by email or name'), 'asha');
    // Suspending is destructive (issue 25): a danger-styled button opens a confirmation dialog that says what
    // happens; the dialog takes focus and hands it back to its button on "Keep it": never <body>.
    const suspendButton = within(list).getByRole('button', { name: 'Suspend asha@example.com' });
    expect(suspendButton).toHaveClass('text-danger-400');
    await user.click(suspendButton);
    const dialog = await screen.findByRole('dialog', { name: 'Suspend asha@example.com?' });
    expect(dialog).toHaveTextContent(ADMIN_DANGER.suspend);
    await waitFor(() => expect(screen.getByLabelText(/Reason/)).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.path.endsWith('/suspension'))).toBe(false);
    await waitFor(() =>
      expect(within(list).getByRole('button', { name: 'Suspend asha@example.com' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/Reason/)).toHaveFocus());
    await user.type(screen.getByLabelText(/Reason/), 'Abuse.');
    await user.click(screen.getByRole('button', { name: 'Suspend the account' }));
    expect(await screen.findByText(ADMIN_MSG.accountSuspended)).toBeInTheDocument();
    expect(await screen.findByText('Suspended: Abuse.')).toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(calls.some((c) => c.path === '/api/admin/users' && c.method === 'GET')).toBe(true);
  });

  it('verifies a pending credential and shows the audit log', async () => {
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/credentials': {
        status: 200,
        body: {
          items: [
            {
              id: APP_ID,
              sharkId: USER_ID,
              freelancerId: null,
              kind: 'certification',
              name: 'OSCP',
              issuer: 'OffSec',
              credentialId: 'OS-1',
              url: 'https://www.credly.com/badges/abc',
              issuedOn: '2024-01-10',
              expiresOn: null,
              status: 'pending',
              reason: null,
              verifiedAt: null,
              createdAt: at,
              ownerName: 'Nisha Rao',
              ownerKind: 'shark',
            },
          ],
          page: 1,
          pageSize: 25,
          total: 1,
        },
      },
      [`POST /api/admin/credentials/${APP_ID}/review`]: {
        status: 200,
        body: { message: CREDENTIAL_MSG.verified },
      },
      'GET /api/admin/audit-log': {
        status: 200,
        body: {
          items: [
            {
              id: 1,
              actorId: USER_ID,
              actorEmail: 'admin@example.com',
              actorName: 'Asha Rao',
              action: 'credential.verify',
              targetType: 'credential',
              targetId: APP_ID,
              targetName: 'OSCP of Nisha Rao',
              targetSharkId: null,
              reason: null,
              details: {},
              createdAt: at,
            },
          ],
          page: 1,
          pageSize: 50,
          total: 1,
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Credentials' }));
    const queue = await screen.findByRole('list', { name: 'Credentials to review' });
    expect(within(queue).getByRole('link', { name: 'https://www.credly.com/badges/abc' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await user.click(within(queue).getByRole('button', { name: 'Verify OSCP of Nisha Rao' }));
    expect(await screen.findByText(CREDENTIAL_MSG.verified)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/review'))?.body).toEqual({ verified: true });

    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    const log = await screen.findByRole('list', { name: 'Audit entries' });
    expect(log).toHaveTextContent('Asha Rao verified OSCP of Nisha Rao');
    expect(log).toHaveTextContent('admin@example.com');
    expect(log).not.toHaveTextContent('credential.verify');
  });

  it('resolves a disputed no-show in a dialog: field errors, focus back on close, then the ruling on the row', async () => {
    let resolution: object | null = null;
    const booking = () => ({
      id: APP_ID,
      learnerName: 'Asha Rao',
      learnerEmail: 'asha@example.com',
      sharkId: USER_ID,
      sharkName: 'Arjun Mehta',
      courseTitle: 'Web Pentesting',
      courseCode: 'WP-1',
      date: '2026-12-03',
      time: '18:00',
      hours: 1,
      totalPricePaise: 150_000,
      createdAt: at,
      status: resolution ? 'completed' : 'no_show',
      noShow: { reportedBy: 'shark', note: 'The learner never joined', at, resolution },
    });
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/bookings': () => ({
        status: 200,
        body: { items: [booking()], page: 1, pageSize: 25, total: 1 },
      }),
      [`POST /api/admin/bookings/${APP_ID}/resolve-no-show`]: ({ body }) => {
        const { outcome, reason } = body as { outcome: string; reason: string };
        resolution = { outcome, reason, at };
        return { status: 200, body: { message: SESSION_MSG.noShowResolved, session: {} } };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin');
    await user.click(screen.getByRole('tab', { name: 'Sessions' }));
    const list = await screen.findByRole('list', { name: 'Sessions' });
    expect(list).toHaveTextContent('No-show reported by the shark: “The learner never joined”');
    expect(within(list).getByText('Disputed')).toBeInTheDocument();

    // The filter offers the unresolved disputes.
    await user.selectOptions(screen.getByLabelText('Status'), 'disputed');
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/admin/bookings')).toBe(true);

    const opener = within(list).getByRole('button', {
      name: 'Resolve the no-show of Web Pentesting on 2026-12-03 18:00',
    });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog', { name: 'Resolve the no-show' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    dialog = await screen.findByRole('dialog', { name: 'Resolve the no-show' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve the no-show' }));
    expect(await within(dialog).findByText(SESSION_MSG.outcomeRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SESSION_MSG.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByLabelText(/The session took place/));
    await user.type(within(dialog).getByLabelText(/Reason/), 'The meeting log shows both in the call.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve the no-show' }));
    expect(await screen.findByText(SESSION_MSG.noShowResolved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      outcome: 'took_place',
      reason: 'The meeting log shows both in the call.',
    });
    expect(await within(list).findByText('Resolved: the session took place')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /Resolve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('admin console: the reconciliation', () => {
  const EXC_ID = '5c4b3a29-1807-4f6e-8d5c-4b3a29180706';
  const exception = (over: object = {}) => ({
    id: EXC_ID,
    kind: 'amount_mismatch',
    day: '2026-11-22',
    providerPaymentId: 'pay_AbCdEf12345678',
    paymentId: APP_ID,
    bookingId: USER_ID,
    payoutIds: [],
    reference: null,
    providerAmountPaise: 100000,
    ledgerAmountPaise: 300000,
    summary:
      "The provider captured ₹1,000 as pay_AbCdEf12345678; the booking's payment records ₹3,000 and the ledger ₹3,000.",
    foundAt: at,
    resolvedAt: null,
    resolvedByEmail: null,
    resolutionNote: null,
    ...over,
  });

  it('opens from ?tab=finance&section=exceptions, lists open exceptions and resolves one with a note', async () => {
    let resolved = false;
    const note = 'The bank reversed ₹2,000; Razorpay confirmed by mail.';
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/reconciliation/exceptions': ({ url }) => {
        const open = url.searchParams.get('status') !== 'resolved';
        const items =
          open === resolved
            ? []
            : [
                exception(
                  resolved
                    ? { resolvedAt: at, resolvedByEmail: 'asha@example.com', resolutionNote: note }
                    : {},
                ),
              ];
        return {
          status: 200,
          body: { items, page: 1, pageSize: 20, total: items.length, open: resolved ? 0 : 1 },
        };
      },
      [`POST /api/admin/reconciliation/exceptions/${EXC_ID}/resolve`]: ({ body }) => {
        const text = ((body as { note?: string }).note ?? '').trim();
        if (!text)
          return {
            status: 400,
            body: {
              error: {
                code: 'validation',
                message: RECONCILIATION_MSG.noteRequired,
                fields: { note: RECONCILIATION_MSG.noteRequired },
              },
            },
          };
        resolved = true;
        return {
          status: 200,
          body: { message: RECONCILIATION_MSG.resolved, exception: exception({ resolvedAt: at }) },
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=finance&section=exceptions');
    expect(screen.getByRole('tab', { name: 'Finance' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Exceptions' })).toHaveAttribute('aria-selected', 'true');
    const list = await screen.findByRole('list', { name: 'Open exceptions' });
    expect(within(list).getByText('Amount mismatch')).toBeInTheDocument();
    expect(list).toHaveTextContent(
      "The provider captured ₹1,000 as pay_AbCdEf12345678; the booking's payment records ₹3,000 and the ledger ₹3,000.",
    );
    expect(screen.getByText('1 open')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /^Resolve: Amount mismatch/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the exception' });
    await user.click(within(dialog).getByRole('button', { name: 'Resolve the exception' }));
    expect(await within(dialog).findByText(RECONCILIATION_MSG.noteRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note'), note);
    await user.click(within(dialog).getByRole('button', { name: 'Resolve the exception' }));
    expect(await screen.findByText(RECONCILIATION_MSG.resolved)).toBeInTheDocument();
    expect(await screen.findByText(RECONCILIATION_MSG.noneOpen)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/resolve'))?.body).toEqual({ note });

    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    const done = await screen.findByRole('list', { name: 'Resolved exceptions' });
    expect(done).toHaveTextContent(`Resolved by asha@example.com`);
    expect(done).toHaveTextContent(note);
  });
});

describe('payouts in the Finance tab', () => {
  const PAYOUT_ID = '3f2a1b0c-9d8e-4f7a-8b6c-5d4e3f2a1b0c';
  const payout = (over: Record<string, unknown> = {}) => ({
    id: PAYOUT_ID,
    period: '2026-W48',
    amountPaise: 120_000,
    status: 'sent',
    provider: 'manual',
    destination: 'bank account •••• 7890 at HDFC0001234',
    reference: null,
    failureReason: null,
    createdAt: '2026-11-23T03:30:00.000Z',
    sentAt: '2026-11-23T05:00:00.000Z',
    paidAt: null,
    failedAt: null,
    payeeKind: 'shark',
    payeeId: '0b7e0a52-1c1d-4f5e-9a8b-7c6d5e4f3a2b',
    payeeName: 'Arjun Mehta',
    payeeEmail: 'arjun@example.com',
    ...over,
  });

  it("lists the period's batch and marks a payout failed with the reason the shark reads", async () => {
    let failed = false;
    const { calls } = mockApi({
      'GET /api/admin/sharks/states': { status: 200, body: { items: [], page: 1, pageSize: 25, total: 0 } },
      'GET /api/admin/payouts': () => ({
        status: 200,
        body: {
          total: 1,
          periods: ['2026-W48'],
          items: [
            failed
              ? payout({
                  status: 'failed',
                  failureReason: 'Account closed',
                  failedAt: '2026-11-24T05:00:00.000Z',
                })
              : payout(),
          ],
        },
      }),
      [`POST /api/admin/payouts/${PAYOUT_ID}/failed`]: ({ body }) => {
        const reason = ((body as { reason?: string }).reason ?? '').trim();
        if (!reason)
          return {
            status: 400,
            body: {
              error: {
                code: 'validation',
                message: PAYOUT_RUN_MSG.reasonRequired,
                fields: { reason: PAYOUT_RUN_MSG.reasonRequired },
              },
            },
          };
        failed = true;
        return { status: 200, body: { message: PAYOUT_RUN_MSG.markedFailed, payout: payout() } };
      },
    });
    const user = userEvent.setup();
    renderScreen(routes, '/admin?tab=finance&section=payouts');
    expect(screen.getByRole('tab', { name: 'Payouts' })).toHaveAttribute('aria-selected', 'true');
    const table = within(await screen.findByTestId('payouts-table'));
    const row = table.getByTestId('admin-payout');
    expect(row).toHaveTextContent('Arjun Mehta');
    expect(row).toHaveTextContent('₹1,200');
    expect(row).toHaveTextContent('Bank account •••• 7890 at HDFC0001234');
    expect(screen.getByRole('link', { name: 'Download bank file' })).toHaveAttribute(
      'href',
      '/api/admin/payouts/bank-file?period=2026-W48',
    );

    await user.click(within(row).getByRole('button', { name: 'Mark the payout to Arjun Mehta failed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the payout failed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText(PAYOUT_RUN_MSG.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (mailed to the shark)'), 'Account closed');
    await user.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText(PAYOUT_RUN_MSG.markedFailed)).toBeInTheDocument();
    await waitFor(() => expect(table.getByTestId('payout-status')).toHaveTextContent('Failed'));
    expect(table.getByText('Account closed')).toBeInTheDocument();
    // The empty reason was refused in the form, before any request.
    expect(calls.filter((c) => c.path === `/api/admin/payouts/${PAYOUT_ID}/failed`)).toHaveLength(1);
  });
});
