import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SessionAction, type SessionDetail, type SessionMessage } from '#shared/sessions.ts';
import { cancellationPolicy, SESSION_MSG } from '#shared/sessions-texts.ts';
import { formatDateTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';
import { mockApi, polyfillRadix, renderScreen, sessionFor, type Reply } from '#web/testing/test-utils.tsx';
import SessionPage from './session-page';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '8d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a';
const SHARK_ID = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const DAY = 24 * 3600_000;

/** A session three days ahead, an hour long, as the API answers it. */
function detail(over: Partial<SessionDetail> = {}): SessionDetail {
  const startsAt = over.startsAt ?? new Date(Date.now() + 3 * DAY).toISOString();
  const start = new Date(startsAt).getTime();
  return {
    id: ID,
    status: 'requested',
    reviewed: false,
    viewer: 'learner',
    course: { id: '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', title: 'Web App Hacking', cancellationHours: 24 },
    shark: { id: SHARK_ID, name: 'Arjun Mehta', timeZone: 'Asia/Kolkata' },
    learner: {
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '+91 98765 43210',
      timeZone: 'Europe/London',
    },
    hours: 1,
    totalPricePaise: 150_000,
    startsAt,
    endsAt: new Date(start + 3600_000).toISOString(),
    answerBy: new Date(start - DAY).toISOString(),
    freeCancellationUntil: new Date(start - DAY).toISOString(),
    noShowUntil: null,
    lateCancellation: false,
    meetingLink: null,
    pendingReschedule: null,
    brief: { goal: '', level: '', certification: '', stuckOn: '' },
    notes: { notes: '', actionItems: '' },
    events: [
      {
        at: '2026-11-20T10:00:00.000Z',
        kind: 'requested',
        actor: 'learner',
        reason: null,
        startsAt: null,
        late: false,
        outcome: null,
      },
    ],
    actions: ['cancel', 'editBrief', 'message'],
    payment: {
      status: 'captured',
      amountPaise: 150_000,
      paidAt: '2026-11-20T10:00:00.000Z',
      receiptNumber: 'SS/2026-27/R/000007',
      receiptUrl: '/api/payments/documents/0b8e7c4a-1d2f-4e5a-9b6c-7d8e9f0a1b2c.pdf',
      refund: null,
      cancelRefund: { percent: 100, amountPaise: 150_000 },
    },
    ...over,
  };
}

const MESSAGES: SessionMessage[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    author: 'learner',
    authorName: 'Priya Raman',
    body: 'Hi! My lab notes: https://notes.example.com/lab-1. See you then.',
    createdAt: '2026-11-20T10:05:00.000Z',
    mine: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    author: 'shark',
    authorName: 'Arjun Mehta',
    body: 'Great. Do not click javascript:alert(1) links.',
    createdAt: '2026-11-20T11:00:00.000Z',
    mine: false,
  },
];

const actionResult = (message: string, session: SessionDetail): Reply => ({
  status: 200,
  body: { message, session },
});

function renderSession(
  session: SessionDetail | Reply,
  more: Record<string, Reply | ((r: { body: unknown }) => Reply)> = {},
  viewer: 'user' | 'shark' = 'user',
) {
  polyfillRadix();
  const api = mockApi({
    'GET /api/auth/session': { status: 200, body: sessionFor('someone@example.com', [viewer]) },
    [`GET /api/sessions/${ID}`]:
      'status' in session && 'body' in session ? session : { status: 200, body: session },
    [`GET /api/sessions/${ID}/messages`]: { status: 200, body: [] },
    ...more,
  });
  const utils = renderScreen([{ path: '/sessions/:id', element: <SessionPage /> }], `/sessions/${ID}`);
  return { ...api, ...utils, user: userEvent.setup() };
}

const ALL_BUTTONS = [
  'Accept request',
  'Decline',
  'Propose a new time',
  'Cancel session',
  'Withdraw request',
  'Report a no-show',
  'Accept new time',
  'Decline new time',
  'Save link',
  'Save brief',
  'Save notes',
  'Send',
];
const BUTTON_OF: Partial<Record<SessionAction, string>> = {
  accept: 'Accept request',
  decline: 'Decline',
  reschedule: 'Propose a new time',
  cancel: 'Cancel session',
  reportNoShow: 'Report a no-show',
  setMeetingLink: 'Save link',
  editBrief: 'Save brief',
  editNotes: 'Save notes',
  message: 'Send',
};

describe('the session page', () => {
  it('shows the course, both sides, hours, price, status, times in both zones, the policy and payment', async () => {
    renderSession(detail());
    expect(await screen.findByRole('heading', { level: 1, name: 'Web App Hacking' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Arjun Mehta')).toBeInTheDocument();
    expect(within(details).getByText('Priya Raman')).toBeInTheDocument();
    expect(within(details).getByText('₹1,500')).toBeInTheDocument();
    expect(within(details).getByText('Awaiting the shark')).toBeInTheDocument();
    expect(
      within(details).getByText('Requested: waiting for the shark to accept. Nothing is confirmed yet.'),
    ).toBeInTheDocument();
    expect(
      within(details).getByText(
        'Free cancellation until 24 h before the session. Later cancellations by the learner are recorded as late.',
      ),
    ).toBeInTheDocument();
    const payment = screen.getByTestId('session-payment');
    expect(payment).toHaveTextContent('Paid ₹1,500');
    expect(
      within(payment).getByRole('link', { name: 'Download receipt SS/2026-27/R/000007' }),
    ).toHaveAttribute('href', '/api/payments/documents/0b8e7c4a-1d2f-4e5a-9b6c-7d8e9f0a1b2c.pdf');
    const s = detail();
    const times = within(details).getByTestId('session-times');
    expect(times).toHaveTextContent(`Your time: ${formatDateTimeIn(s.startsAt, viewerTimeZone())}`);
    expect(times).toHaveTextContent(`Shark's time: ${formatDateTimeIn(s.startsAt, 'Asia/Kolkata')}`);
    expect(times).toHaveTextContent(zoneName('Asia/Kolkata', new Date(s.startsAt)));
    expect(times).not.toHaveTextContent("Learner's time");
    expect(document.title).toBe('Session: Web App Hacking | Shark Security');
  });

  it("names a request's deadline to each side, and a paid request's full refund if it passes (issue 43)", async () => {
    const s = detail();
    const when = `${formatDateTimeIn(s.answerBy!, viewerTimeZone())} (your time)`;
    const deadline = async () =>
      (await screen.findByRole('region', { name: 'Details' })).textContent?.replace(/\s+/g, ' ');
    renderSession(s);
    expect(await deadline()).toContain(
      `The shark answers by ${when} or the request expires and you are refunded in full.`,
    );
    cleanup();
    renderSession(
      detail({ viewer: 'shark', actions: ['accept', 'decline', 'setMeetingLink', 'message'] }),
      {},
      'shark',
    );
    expect(await deadline()).toContain(
      `Answer by ${when} or the request expires and the learner is refunded in full.`,
    );
    cleanup();
    renderSession(detail({ totalPricePaise: 0, payment: null }));
    expect(await deadline()).toContain(`The shark answers by ${when} or the request expires.`);
  });

  it('names each zone once, and one line when both sides share it, even as Asia/Calcutta (issue 25)', async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const spy = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Asia/Calcutta' };
    });
    try {
      const s = detail({ status: 'confirmed', actions: ['cancel', 'message'] });
      renderSession(s);
      const details = await screen.findByRole('region', { name: 'Details' });
      const times = within(details).getByTestId('session-times');
      expect(times).toHaveTextContent(
        `Your time and the shark's: ${formatDateTimeIn(s.startsAt, 'Asia/Kolkata')} – ${formatDateTimeIn(s.endsAt, 'Asia/Kolkata').slice(-5)} (India Standard Time)`,
      );
      expect(within(times).getAllByRole('listitem')).toHaveLength(1);
      expect(document.body).not.toHaveTextContent('Calcutta');
      expect(document.body).not.toHaveTextContent('Asia/Kolkata');
      expect(document.body).not.toHaveTextContent(/shark: \d/);
    } finally {
      spy.mockRestore();
    }
  });

  it("the shark's own page never says the payment is arranged with the shark", async () => {
    renderSession(
      detail({ viewer: 'shark', status: 'confirmed', actions: ['cancel', 'setMeetingLink', 'message'] }),
      {},
      'shark',
    );
    await screen.findByRole('heading', { level: 1, name: 'Web App Hacking' });
    expect(document.body).not.toHaveTextContent(/arranged with/i);
  });

  it('offers no review once the learner has published one (issue 25)', async () => {
    renderSession(detail({ status: 'completed', reviewed: true, actions: ['reportNoShow', 'message'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Web App Hacking' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Leave a review' })).toBeNull();
  });

  it("offers a completed session's learner a review, and nobody else", async () => {
    renderSession(detail({ status: 'completed', actions: ['reportNoShow', 'message'] }));
    expect(await screen.findByRole('link', { name: 'Leave a review' })).toHaveAttribute(
      'href',
      `/sessions/${ID}/review`,
    );
    cleanup();
    renderSession(
      detail({ viewer: 'shark', status: 'completed', actions: ['reportNoShow', 'message'] }),
      {},
      'shark',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Web App Hacking' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Leave a review' })).toBeNull();
  });

  it("shows an admin's ruling on a no-show in the timeline, with its reason", async () => {
    const event = (kind: SessionDetail['events'][number]['kind'], over: object = {}) => ({
      at: '2026-11-21T12:00:00.000Z',
      kind,
      actor: 'shark' as const,
      reason: null,
      startsAt: null,
      late: false,
      outcome: null,
      ...over,
    });
    renderSession(
      detail({
        status: 'completed',
        actions: ['message'],
        events: [
          ...detail().events,
          event('no_show', { reason: 'The learner never joined' }),
          event('no_show_resolved', {
            actor: 'admin',
            reason: 'The meeting log shows both in the call.',
            outcome: 'took_place',
          }),
        ],
      }),
    );
    const timeline = await screen.findByRole('list', { name: 'Timeline' });
    expect(
      within(timeline).getByText('No-show reviewed by Shark Security: the session took place'),
    ).toBeInTheDocument();
    expect(timeline).toHaveTextContent('“The meeting log shows both in the call.”');
  });

  it('offers only the actions the server lists', async () => {
    for (const [status, actions] of [
      ['requested', ['cancel', 'editBrief', 'message']],
      ['requested', ['accept', 'decline', 'setMeetingLink', 'message']],
      ['confirmed', ['cancel', 'reschedule', 'editBrief', 'message']],
      ['completed', ['reportNoShow', 'editNotes', 'message']],
      ['cancelled', []],
    ] as [SessionDetail['status'], SessionAction[]][]) {
      const viewer = actions.includes('accept') || actions.includes('editNotes') ? 'shark' : 'learner';
      renderSession(detail({ status, actions, viewer }));
      await screen.findByRole('heading', { level: 1, name: 'Web App Hacking' });
      // The learner's cancel of a request is a withdrawal (issue 43).
      const withdraw = viewer === 'learner' && status === 'requested';
      const expected = actions
        .map((a) => (a === 'cancel' && withdraw ? 'Withdraw request' : BUTTON_OF[a]))
        .filter(Boolean);
      for (const name of ALL_BUTTONS) {
        if (expected.includes(name)) expect(screen.getByRole('button', { name })).toBeInTheDocument();
        else expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
      }
      if (actions.length === 0)
        expect(screen.getByText('Nothing to do on this session now.')).toBeInTheDocument();
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it('the shark accepts: the server message shows and the cached session turns confirmed', async () => {
    const confirmed = detail({
      viewer: 'shark',
      status: 'confirmed',
      answerBy: null,
      actions: ['cancel', 'reschedule', 'setMeetingLink', 'message'],
      events: [
        ...detail().events,
        {
          at: '2026-11-20T12:00:00.000Z',
          kind: 'confirmed',
          actor: 'shark',
          reason: null,
          startsAt: null,
          late: false,
          outcome: null,
        },
      ],
    });
    const { calls, user } = renderSession(
      detail({ viewer: 'shark', actions: ['accept', 'decline', 'setMeetingLink', 'message'] }),
      { [`POST /api/sessions/${ID}/accept`]: actionResult(SESSION_MSG.accepted, confirmed) },
      'shark',
    );
    await user.click(await screen.findByRole('button', { name: 'Accept request' }));
    expect(await screen.findByText('Session confirmed. The learner has been told.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === `/api/sessions/${ID}/accept`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Accept request' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Details' })).getByText('Confirmed'),
    ).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Accepted by the shark')).toBeInTheDocument();
    expect(within(timeline).getByText('Arjun Mehta (shark)', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      `/api/sessions/${ID}/calendar.ics`,
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('download');
  });

  it('declining asks for a reason in a dialog; closing it returns focus to the Decline button', async () => {
    const declined = detail({ viewer: 'shark', status: 'declined', actions: [] });
    const { calls, user } = renderSession(
      detail({ viewer: 'shark', actions: ['accept', 'decline', 'message'] }),
      { [`POST /api/sessions/${ID}/decline`]: actionResult(SESSION_MSG.declined, declined) },
      'shark',
    );
    const opener = await screen.findByRole('button', { name: 'Decline' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await user.type(within(again).getByLabelText('Reason'), 'busy');
    await user.click(within(again).getByRole('button', { name: 'Decline request' }));
    expect(
      await within(again).findByText('Please give a reason (at least 5 characters).'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/decline'))).toBe(false);
    await user.click(within(again).getByRole('button', { name: 'Keep it' }));
    expect(opener).toHaveFocus();

    await user.click(opener);
    const third = await screen.findByRole('dialog', { name: 'Decline this request?' });
    await user.type(within(third).getByLabelText('Reason'), 'Travelling that week');
    await user.click(within(third).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('Request declined. The learner has been told.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/decline'))?.body).toEqual({ reason: 'Travelling that week' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a learner cancelling after the free window is warned that it is recorded as late', async () => {
    const startsAt = new Date(Date.now() + 5 * 3600_000).toISOString();
    const late = detail({
      status: 'confirmed',
      startsAt,
      endsAt: new Date(Date.now() + 6 * 3600_000).toISOString(),
      freeCancellationUntil: new Date(Date.now() - 19 * 3600_000).toISOString(),
      actions: ['cancel', 'message'],
    });
    const cancelled = detail({
      status: 'cancelled',
      actions: [],
      lateCancellation: true,
      events: [
        ...late.events,
        {
          at: new Date().toISOString(),
          kind: 'cancelled',
          actor: 'learner',
          reason: 'Sick today, sorry',
          startsAt: null,
          late: true,
          outcome: null,
        },
      ],
    });
    const { user } = renderSession(late, {
      [`POST /api/sessions/${ID}/cancel`]: actionResult(SESSION_MSG.cancelled, cancelled),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(
      within(dialog).getByText(
        'The session starts in less than 24 h: cancelling now is recorded as a late cancellation.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Sick today, sorry');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    const notice = await screen.findByText('Session cancelled. The other side has been told.');
    const timeline = screen.getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Late cancellation')).toBeInTheDocument();
    // The Cancel button that opened the dialog is gone with the cancelled session: focus is on the answer.
    expect(screen.queryByRole('button', { name: 'Cancel session' })).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toContainElement(notice));
    expect(within(timeline).getByText('“Sick today, sorry”')).toBeInTheDocument();
  });

  it('no warning when the learner cancels inside the free window', async () => {
    const { user } = renderSession(detail({ status: 'confirmed', actions: ['cancel', 'message'] }));
    await user.click(await screen.findByRole('button', { name: 'Cancel session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect(within(dialog).queryByText(/late cancellation/)).not.toBeInTheDocument();
  });

  it('withdrawing a request the shark has not accepted is never called late, even hours before it (issue 25)', async () => {
    const soon = Date.now() + 5 * 3600_000;
    const { user } = renderSession(
      detail({
        status: 'requested',
        startsAt: new Date(soon).toISOString(),
        endsAt: new Date(soon + 3600_000).toISOString(),
        freeCancellationUntil: new Date(soon - 24 * 3600_000).toISOString(),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Withdraw request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(within(dialog).getByText(SESSION_MSG.withdrawRequest)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(SESSION_MSG.lateCancellation(24))).not.toBeInTheDocument();
  });

  it('a request is withdrawn by the learner and declined by the shark: nobody is offered "Cancel session" (issue 43)', async () => {
    const request = detail();
    const withdrawn = detail({
      status: 'cancelled',
      actions: [],
      events: [
        ...request.events,
        {
          at: new Date().toISOString(),
          kind: 'cancelled',
          actor: 'learner',
          reason: 'Found another time',
          startsAt: null,
          late: false,
          outcome: null,
        },
      ],
    });
    const { calls, user } = renderSession(request, {
      [`POST /api/sessions/${ID}/cancel`]: actionResult(SESSION_MSG.withdrawn, withdrawn),
    });
    const opener = await screen.findByRole('button', { name: 'Withdraw request' });
    expect(screen.queryByRole('button', { name: 'Cancel session' })).not.toBeInTheDocument();
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this request?' });
    expect(within(dialog).getByTestId('cancel-refund')).toHaveTextContent(
      'Withdrawing now refunds ₹1,500 (100%) to the original payment method.',
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Found another time');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Request withdrawn. The shark has been told.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/cancel'))?.body).toEqual({ reason: 'Found another time' });
    cleanup();
    vi.unstubAllGlobals();

    // The shark's page of the same request, with the actions the server lists for it.
    renderSession(
      detail({ viewer: 'shark', actions: ['accept', 'decline', 'setMeetingLink', 'message'] }),
      {},
      'shark',
    );
    expect(await screen.findByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept request' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel session' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
  });

  it("a cancelled session's learner reads the thread but has no box, and no brief line meant for the shark (issue 43)", async () => {
    renderSession(
      detail({
        status: 'cancelled',
        answerBy: null,
        actions: [],
        payment: null,
        totalPricePaise: 0,
      }),
      { [`GET /api/sessions/${ID}/messages`]: { status: 200, body: MESSAGES } },
    );
    const thread = await screen.findByRole('list', { name: 'Message thread' });
    expect(within(thread).getAllByTestId('message')).toHaveLength(2);
    expect(screen.getByText(SESSION_MSG.closedToMessages)).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    const brief = screen.getByRole('region', { name: "Learner's brief" });
    expect(within(brief).getByText('You did not write a brief.')).toBeInTheDocument();
    expect(screen.queryByText('The learner has not written a brief.')).not.toBeInTheDocument();
    const notes = screen.getByRole('region', { name: "Shark's notes and action items" });
    expect(within(notes).getByText('No notes: this session did not take place.')).toBeInTheDocument();
    expect(screen.queryByText(/Say hello/)).not.toBeInTheDocument();
  });

  it("shows the shark the learner's email and phone once confirmed, and not on a request (issue 43)", async () => {
    // A request: the server sends the shark no contact.
    renderSession(
      detail({
        viewer: 'shark',
        learner: { name: 'Priya Raman', email: null, phone: null, timeZone: 'Europe/London' },
        actions: ['accept', 'decline', 'setMeetingLink', 'message'],
      }),
      {},
      'shark',
    );
    const requested = await screen.findByRole('region', { name: 'Details' });
    expect(within(requested).getByText('Priya Raman')).toBeInTheDocument();
    expect(within(requested).queryByTestId('learner-contact')).not.toBeInTheDocument();
    expect(requested).not.toHaveTextContent('priya@example.com');
    expect(requested).not.toHaveTextContent('+91 98765 43210');
    cleanup();
    vi.unstubAllGlobals();

    renderSession(
      detail({ viewer: 'shark', status: 'confirmed', actions: ['cancel', 'setMeetingLink', 'message'] }),
      {},
      'shark',
    );
    const confirmed = await screen.findByRole('region', { name: 'Details' });
    expect(within(confirmed).getByTestId('learner-contact')).toHaveTextContent(
      'priya@example.com · +91 98765 43210',
    );
  });

  it('puts a confirmed session\'s countdown and "Join the meeting" first, and the messages before the brief (issue 25)', async () => {
    const startsAt = new Date(Date.now() + 2 * 3600_000 + 20 * 60_000 + 30_000).toISOString();
    renderSession(
      detail({
        status: 'confirmed',
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 3600_000).toISOString(),
        meetingLink: 'https://meet.example.com/abc',
        actions: ['cancel', 'editBrief', 'message'],
      }),
    );
    const join = await screen.findByRole('region', { name: 'Starts in 2 h 21 min.' });
    expect(within(join).getByRole('link', { name: /Join the meeting/ })).toHaveAttribute(
      'href',
      'https://meet.example.com/abc',
    );
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    const order = (id: string) => regions.indexOf(id);
    expect(order('session-join')).toBe(0);
    expect(order('session-join')).toBeLessThan(order('session-details'));
    const messages = screen.getByRole('heading', { level: 2, name: 'Messages' });
    const brief = screen.getByRole('heading', { level: 2, name: "Learner's brief" });
    const notes = screen.getByRole('heading', { level: 2, name: "Shark's notes and action items" });
    expect(messages.compareDocumentPosition(brief) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(messages.compareDocumentPosition(notes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // One Join button on the page, not a second one among the actions.
    expect(screen.getAllByRole('link', { name: /Join the meeting/ })).toHaveLength(1);
  });

  it('a requested session has no countdown or Join yet', async () => {
    renderSession(detail({ meetingLink: 'https://meet.example.com/abc' }));
    await screen.findByRole('heading', { level: 1, name: 'Web App Hacking' });
    expect(screen.queryByTestId('session-join')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Join the meeting/ })).not.toBeInTheDocument();
  });

  it('proposes a new time from the free slots of the same hours', async () => {
    const s = detail({ status: 'confirmed', hours: 2, actions: ['reschedule', 'cancel', 'message'] });
    const newStart = '2099-01-15T13:00:00.000Z';
    const proposed = detail({
      ...s,
      actions: ['cancel', 'message'],
      pendingReschedule: { proposedBy: 'learner', startsAt: newStart, endsAt: '2099-01-15T15:00:00.000Z' },
    });
    const { calls, user } = renderSession(s, {
      [`GET /api/sharks/${SHARK_ID}/slots`]: () => ({
        status: 200,
        body: {
          sharkId: SHARK_ID,
          timeZone: 'Asia/Kolkata',
          hours: 2,
          published: true,
          days: [{ date: '2099-01-15', starts: [newStart] }],
        },
      }),
      [`POST /api/sessions/${ID}/reschedule`]: actionResult(SESSION_MSG.rescheduleProposed, proposed),
    });
    const fetchMock = vi.mocked(fetch);
    await user.click(await screen.findByRole('button', { name: 'Propose a new time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose a new time' });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Thursday, 15 January 2099, 1 free time' }),
    );
    await user.click(within(dialog).getByRole('radio'));
    await user.click(within(dialog).getByRole('button', { name: 'Propose this time' }));
    expect(await screen.findByText('New time proposed. The other side has been told.')).toBeInTheDocument();
    const slotCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/slots'));
    const askedHours = new URL(String(slotCall?.[0]), 'http://localhost').searchParams.get('hours');
    expect(askedHours).toBe('2');
    expect(calls.find((c) => c.path.endsWith('/reschedule'))?.body).toEqual({ startsAt: newStart });
    expect(screen.getByRole('heading', { name: 'You proposed a new time' })).toBeInTheDocument();
  });

  it('the other side accepts a proposed time', async () => {
    const pending = detail({
      status: 'confirmed',
      viewer: 'shark',
      pendingReschedule: {
        proposedBy: 'learner',
        startsAt: '2099-01-15T13:00:00.000Z',
        endsAt: '2099-01-15T14:00:00.000Z',
      },
      actions: ['acceptReschedule', 'declineReschedule', 'cancel', 'message'],
    });
    const moved = detail({
      ...pending,
      pendingReschedule: null,
      startsAt: '2099-01-15T13:00:00.000Z',
      actions: [],
    });
    const { user } = renderSession(
      pending,
      { [`POST /api/sessions/${ID}/reschedule/accept`]: actionResult(SESSION_MSG.rescheduleAccepted, moved) },
      'shark',
    );
    const panel = await screen.findByRole('region', { name: 'The learner proposed a new time' });
    expect(within(panel).getByTestId('session-times')).toHaveTextContent(
      `Learner's time: ${formatDateTimeIn('2099-01-15T13:00:00.000Z', 'Europe/London')}`,
    );
    await user.click(within(panel).getByRole('button', { name: 'Accept new time' }));
    expect(await screen.findByText('The session has moved to the new time.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The learner proposed a new time' })).not.toBeInTheDocument();
  });

  it('the shark sets a meeting link; the learner sees it as a button once confirmed', async () => {
    const { user, calls } = renderSession(
      detail({ viewer: 'shark', status: 'confirmed', actions: ['setMeetingLink', 'message'] }),
      {
        [`PUT /api/sessions/${ID}/meeting-link`]: ({ body }) =>
          actionResult(
            SESSION_MSG.saved,
            detail({
              viewer: 'shark',
              status: 'confirmed',
              meetingLink: (body as { meetingLink: string }).meetingLink,
              actions: ['setMeetingLink', 'message'],
            }),
          ),
      },
      'shark',
    );
    const input = await screen.findByLabelText('Meeting link');
    await user.type(input, 'http://meet.example.com/abc');
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    expect(
      await screen.findByText('Enter an https:// link to the meeting (Meet, Zoom, Jitsi…).'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'https://meet.example.com/abc');
    await user.click(screen.getByRole('button', { name: 'Save link' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/meeting-link'))?.body).toEqual({
      meetingLink: 'https://meet.example.com/abc',
    });
    expect(screen.getByRole('link', { name: /Join the meeting/ })).toHaveAttribute(
      'href',
      'https://meet.example.com/abc',
    );

    cleanup();
    vi.unstubAllGlobals();
    renderSession(detail({ status: 'confirmed', meetingLink: 'https://meet.example.com/abc', actions: [] }));
    const join = await screen.findByRole('link', { name: /Join the meeting/ });
    expect(join).toHaveAttribute('href', 'https://meet.example.com/abc');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('the learner writes a brief; the payee reads it and writes notes the learner keeps', async () => {
    const { user, calls } = renderSession(detail(), {
      [`PUT /api/sessions/${ID}/brief`]: ({ body }) =>
        actionResult(SESSION_MSG.saved, detail({ brief: body as SessionDetail['brief'] })),
    });
    await user.type(await screen.findByLabelText('What you want from this session'), 'Pass OSCP');
    await user.type(screen.getByLabelText('Target certification'), 'OSCP');
    await user.click(screen.getByRole('button', { name: 'Save brief' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/brief'))?.body).toEqual({
      goal: 'Pass OSCP',
      level: '',
      certification: 'OSCP',
      stuckOn: '',
    });
    cleanup();
    vi.unstubAllGlobals();

    const brief = { goal: 'Pass OSCP', level: '', certification: 'OSCP', stuckOn: 'HTB Lame' };
    const { user: shark, calls: sharkCalls } = renderSession(
      detail({ viewer: 'shark', status: 'completed', brief, actions: ['editNotes', 'message'] }),
      {
        [`PUT /api/sessions/${ID}/notes`]: ({ body }) =>
          actionResult(
            SESSION_MSG.saved,
            detail({ viewer: 'shark', brief, notes: body as SessionDetail['notes'] }),
          ),
      },
      'shark',
    );
    const briefSection = await screen.findByRole('region', { name: "Learner's brief" });
    expect(within(briefSection).getByText('HTB Lame')).toBeInTheDocument();
    expect(within(briefSection).queryByRole('textbox')).not.toBeInTheDocument();
    await shark.type(screen.getByLabelText('Action items'), 'Redo the box without hints');
    await shark.click(screen.getByRole('button', { name: 'Save notes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sharkCalls.find((c) => c.path.endsWith('/notes'))?.body).toEqual({
      notes: '',
      actionItems: 'Redo the box without hints',
    });
    cleanup();
    vi.unstubAllGlobals();

    renderSession(
      detail({
        status: 'completed',
        notes: { notes: '', actionItems: 'Redo the box without hints' },
        actions: [],
      }),
    );
    const notes = await screen.findByRole('region', { name: "Shark's notes and action items" });
    expect(within(notes).getByText('Redo the box without hints')).toBeInTheDocument();
  });

  it('the thread: oldest first, mine on the right, safe links, and Send adds the message', async () => {
    const sent: SessionMessage = {
      id: '33333333-3333-4333-8333-333333333333',
      author: 'learner',
      authorName: 'Priya Raman',
      body: 'Thanks!',
      createdAt: '2026-11-20T12:00:00.000Z',
      mine: true,
    };
    // The server's thread: the sent message is in it once the POST has stored it.
    const stored = [...MESSAGES];
    const { user, calls } = renderSession(detail(), {
      [`GET /api/sessions/${ID}/messages`]: () => ({ status: 200, body: [...stored] }),
      [`POST /api/sessions/${ID}/messages`]: () => {
        stored.push(sent);
        return { status: 201, body: sent };
      },
    });
    const thread = await screen.findByRole('list', { name: 'Message thread' });
    const items = within(thread).getAllByTestId('message');
    expect(items.map((m) => m.getAttribute('data-mine'))).toEqual(['true', 'false']);
    expect(items[0]).toHaveClass('self-end');
    expect(items[1]).toHaveClass('self-start');
    const link = within(items[0]).getByRole('link', { name: 'https://notes.example.com/lab-1' });
    expect(link).toHaveAttribute('href', 'https://notes.example.com/lab-1');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(within(items[1]).queryByRole('link')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message first.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(thread).findByText('Thanks!')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path.endsWith('/messages'))?.body).toEqual({
      body: 'Thanks!',
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('fetches the thread again on an interval while the page is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let fetches = 0;
      renderSession(detail(), {
        [`GET /api/sessions/${ID}/messages`]: () => {
          fetches++;
          return { status: 200, body: fetches > 1 ? MESSAGES : [] };
        },
      });
      expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(16_000);
      });
      expect(await screen.findByRole('list', { name: 'Message thread' })).toBeInTheDocument();
      expect(fetches).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows "Session not found." for a session the API does not show this account', async () => {
    renderSession({
      status: 404,
      body: { error: { code: 'not_found', message: SESSION_MSG.notFound } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Session not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('has no axe violations, with every part shown and with a dialog open', async () => {
    // jsdom lays nothing out: contrast is checked in the browser tests, everything else here.
    const check = async () => {
      const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    };
    const { user } = renderSession(
      detail({
        viewer: 'shark',
        status: 'confirmed',
        meetingLink: 'https://meet.example.com/abc',
        course: {
          id: '6b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
          title: 'Web App Hacking',
          cancellationHours: 0,
        },
        pendingReschedule: {
          proposedBy: 'learner',
          startsAt: '2099-01-15T13:00:00.000Z',
          endsAt: '2099-01-15T14:00:00.000Z',
        },
        brief: { goal: 'Pass OSCP', level: 'Beginner', certification: '', stuckOn: '' },
        actions: [
          'acceptReschedule',
          'declineReschedule',
          'cancel',
          'setMeetingLink',
          'editNotes',
          'message',
        ],
      }),
      { [`GET /api/sessions/${ID}/messages`]: { status: 200, body: MESSAGES } },
      'shark',
    );
    await screen.findByRole('list', { name: 'Message thread' });
    expect(screen.getByText(cancellationPolicy(0))).toBeInTheDocument();
    await check();
    await user.click(screen.getByRole('button', { name: 'Cancel session' }));
    await screen.findByRole('dialog', { name: 'Cancel this session?' });
    await check();
  });
});
