// The thread between a session's learner and shark, in the one thread component (decision 212): fetched again on an
// interval while the page is open, a sent message kept in place; on a declined, expired or cancelled session a
// line saying it is closed to messages instead of the box (issue 43).
import { sendMessageSchema } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { Thread } from '#web/features/conversations/thread.tsx';
import { useSendSessionMessage, useSessionMessages } from './api';

export function SessionThread({
  sessionId,
  canWrite,
  closed = false,
}: {
  sessionId: string;
  canWrite: boolean;
  /** The session will not take place: no box, and the thread says why. */
  closed?: boolean;
}) {
  const messages = useSessionMessages(sessionId);
  const send = useSendSessionMessage(sessionId);
  return (
    <Thread
      text={{
        title: 'Messages',
        list: 'Message thread',
        field: 'Message',
        empty: closed ? 'No messages.' : 'No messages yet. Say hello or share what you would like to cover.',
        sent: SESSION_MSG.messageSent,
      }}
      messages={messages}
      canWrite={canWrite}
      closedNote={closed ? SESSION_MSG.closedToMessages : null}
      schema={sendMessageSchema}
      send={(input) => send.mutateAsync(input)}
    />
  );
}
