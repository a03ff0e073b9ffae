// The one thread component (decision 212): what a session's, a proposal's and an engagement's thread show, the
// line where an engagement started after the proposal's messages, and the box that sends by the server's rule.
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENGAGEMENT_EVENT_LABELS, engagementMessageInputSchema } from '#shared/engagements.ts';
import { PROPOSAL_MSG, proposalMessageInputSchema } from '#shared/proposals.ts';
import { sendMessageSchema } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { renderScreen } from '#web/testing/test-utils.tsx';
import { textWith, Thread, type ThreadMessageView, type ThreadMessages } from './thread';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const message = (over: Partial<ThreadMessageView> & { id: string; body: string }): ThreadMessageView => ({
  authorName: 'Kabir Shah',
  createdAt: '2030-01-20T10:00:00.000Z',
  mine: false,
  ...over,
});
const loaded = (data: ThreadMessageView[]): ThreadMessages => ({
  isPending: false,
  isError: false,
  error: null,
  data,
});
const SESSION_TEXT = {
  title: 'Messages',
  list: 'Message thread',
  field: 'Message',
  empty: 'No messages yet.',
  sent: SESSION_MSG.messageSent,
};

function renderThread(ui: React.ReactElement) {
  renderScreen([{ path: '/t', element: ui }], '/t');
  return userEvent.setup();
}

describe('the thread', () => {
  it("shows the messages oldest first, the viewer's own as You, and only http(s) links as links", async () => {
    renderThread(
      <Thread
        text={SESSION_TEXT}
        messages={loaded([
          message({ id: 'a', body: 'Lab: https://example.com/lab. Not javascript:alert(1)' }),
          message({ id: 'b', body: 'Thanks!', mine: true, authorName: 'Asha Menon' }),
        ])}
        canWrite={false}
        schema={sendMessageSchema}
        send={vi.fn()}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Message thread' })).getAllByTestId('message');
    expect(items.map((li) => [li.dataset.mine, li.textContent])).toEqual([
      ['false', expect.stringMatching(/^Kabir Shah · .*Lab: https:\/\/example\.com\/lab\./)],
      ['true', expect.stringMatching(/^You · .*Thanks!$/)],
    ]);
    expect(within(items[0]).getByRole('link', { name: 'https://example.com/lab' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow ugc',
    );
    expect(within(items[0]).getAllByRole('link')).toHaveLength(1);
    // Not the viewer's to write: no box.
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so while loading, when empty, and replaces the box by the reason a thread is closed', async () => {
    renderThread(
      <Thread
        text={SESSION_TEXT}
        messages={{ isPending: true, isError: false, error: null, data: undefined }}
        canWrite
        schema={sendMessageSchema}
        send={vi.fn()}
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading messages' })).toBeInTheDocument();
    cleanup();
    renderThread(
      <Thread
        text={SESSION_TEXT}
        messages={loaded([])}
        canWrite
        closedNote={SESSION_MSG.closedToMessages}
        schema={sendMessageSchema}
        send={vi.fn()}
      />,
    );
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    expect(screen.getByText(SESSION_MSG.closedToMessages)).toBeInTheDocument();
    expect(screen.queryByLabelText('Message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('marks where the engagement started, after the messages written on the proposal', async () => {
    renderThread(
      <Thread
        text={textWith('Kabir Shah', 'Message sent.')}
        messages={loaded([
          message({ id: 'p1', body: 'Can you start Monday?', mine: true, from: 'proposal' }),
          message({ id: 'p2', body: 'Yes, Monday works.', from: 'proposal' }),
          message({ id: 'e1', body: 'Starting now.', from: 'engagement' }),
        ])}
        canWrite
        schema={engagementMessageInputSchema}
        send={vi.fn()}
        startedLabel={ENGAGEMENT_EVENT_LABELS.created}
      />,
    );
    const list = screen.getByRole('list', { name: 'Messages with Kabir Shah' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual(['message', 'message', 'thread-started', 'message']);
    expect(within(list).getByTestId('thread-started')).toHaveTextContent(ENGAGEMENT_EVENT_LABELS.created);
  });

  it('shows the line after the last proposal message when the engagement has none of its own yet, and none without', async () => {
    renderThread(
      <Thread
        text={textWith('Asha Menon', 'Message sent.')}
        messages={loaded([message({ id: 'p1', body: 'Hello', from: 'proposal' })])}
        canWrite
        schema={engagementMessageInputSchema}
        send={vi.fn()}
        startedLabel={ENGAGEMENT_EVENT_LABELS.created}
      />,
    );
    expect(screen.getAllByRole('listitem').at(-1)).toHaveAttribute('data-testid', 'thread-started');
    cleanup();
    renderThread(
      <Thread
        text={textWith('Asha Menon', 'Message sent.')}
        messages={loaded([message({ id: 'e1', body: 'Hello', from: 'engagement' })])}
        canWrite
        schema={engagementMessageInputSchema}
        send={vi.fn()}
        startedLabel={ENGAGEMENT_EVENT_LABELS.created}
      />,
    );
    expect(screen.queryByTestId('thread-started')).not.toBeInTheDocument();
  });

  it("checks the body by the kind's rule, sends it trimmed, clears the box and tells screen readers", async () => {
    const send = vi.fn(async () => ({ message: PROPOSAL_MSG.messageSent }));
    const user = renderThread(
      <Thread
        look="card"
        text={textWith('Kabir Shah', PROPOSAL_MSG.messageSent)}
        messages={loaded([])}
        canWrite
        schema={proposalMessageInputSchema}
        send={send}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Messages with Kabir Shah' })).toBeInTheDocument();
    const box = screen.getByLabelText('Message to Kabir Shah');
    expect(box).toHaveAttribute('placeholder', 'Write to Kabir Shah');
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(PROPOSAL_MSG.messageRequired)).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(PROPOSAL_MSG.messageRequired);
    expect(send).not.toHaveBeenCalled();

    await user.clear(box);
    await user.type(box, '  Can you start on Monday?  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PROPOSAL_MSG.messageSent);
    expect(send).toHaveBeenCalledWith({ body: 'Can you start on Monday?' });
    expect(box).toHaveValue('');
  });

  it("keeps the text and shows the server's refusal when a message is not taken", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(409, 'conflict', PROPOSAL_MSG.messagesClosed);
    });
    const user = renderThread(
      <Thread
        look="card"
        text={textWith('the client', PROPOSAL_MSG.messageSent)}
        messages={loaded([])}
        canWrite
        schema={proposalMessageInputSchema}
        send={send}
      />,
    );
    await user.type(screen.getByLabelText('Message to the client'), 'Still there?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PROPOSAL_MSG.messagesClosed);
    expect(screen.getByLabelText('Message to the client')).toHaveValue('Still there?');
    expect(screen.queryByText(PROPOSAL_MSG.messageSent)).not.toBeInTheDocument();
  });
});
