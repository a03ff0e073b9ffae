// A message the viewer sends stays in the thread even when a read of the thread that was answered before it was
// stored arrives after it (the session life cycle's browser test saw "Message sent." over "No messages yet.").
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionMessage } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { mockApi, renderScreen } from '#web/testing/test-utils.tsx';
import { SessionThread } from './session-thread';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SESSION_ID = '3c1f4e2a-5b6d-4c7e-8f90-a1b2c3d4e5f6';

describe('the message thread', () => {
  it('keeps a sent message when an older read of the thread answers after it', async () => {
    const stored: SessionMessage[] = [];
    let reads = 0;
    let answerFirstRead: () => void = () => {};
    mockApi({
      [`GET /api/sessions/${SESSION_ID}/messages`]: async () => {
        reads++;
        // What the database held when the read ran: the first read ran before the message was stored.
        const snapshot = [...stored];
        if (reads === 1) await new Promise<void>((resolve) => (answerFirstRead = resolve));
        return { status: 200, body: snapshot };
      },
      [`POST /api/sessions/${SESSION_ID}/messages`]: ({ body }) => {
        const message: SessionMessage = {
          id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a',
          author: 'learner',
          authorName: 'Asha Rao',
          body: (body as { body: string }).body,
          createdAt: '2026-11-27T10:00:00.000Z',
          mine: true,
        };
        stored.push(message);
        return { status: 201, body: message };
      },
    });
    renderScreen([{ path: '/s', element: <SessionThread sessionId={SESSION_ID} canWrite /> }], '/s');
    expect(await screen.findByRole('status', { name: 'Loading messages' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Message'), 'Hi! Can we cover SQL injection?');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(SESSION_MSG.messageSent)).toBeInTheDocument();
    // The first read, made before the message was stored, answers now with an empty thread.
    answerFirstRead();

    const thread = await screen.findByRole('list', { name: 'Message thread' });
    expect(within(thread).getByText('Hi! Can we cover SQL injection?')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/No messages yet/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Message thread' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });
});
