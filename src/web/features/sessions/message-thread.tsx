// The message thread between a session's learner and shark: oldest first, the viewer's own on the right,
// links clickable (and safe), fetched again on an interval while the page is open; a box and Send below, or on a
// declined, expired or cancelled session a line saying it is closed to messages (issue 43).
import { useId } from 'react';
import { sendMessageSchema, type SendMessageInput } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { TextAreaField } from '#web/components/form/field.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useSendSessionMessage, useSessionMessages } from './api';
import { LinkedText } from './linked-text';

export function MessageThread({
  sessionId,
  canWrite,
  closed = false,
}: {
  sessionId: string;
  canWrite: boolean;
  /** The session will not take place: no box, and the thread says why. */
  closed?: boolean;
}) {
  const id = useId();
  const messages = useSessionMessages(sessionId);
  const send = useSendSessionMessage(sessionId);
  const form = useApiForm<SendMessageInput>({
    schema: sendMessageSchema,
    fields: ['body'],
    defaultValues: { body: '' },
    onSubmit: async (values) => {
      await send.mutateAsync(values);
      form.reset({ body: '' });
    },
  });

  return (
    <section aria-labelledby={`${id}-title`} className="glass flex flex-col gap-4 p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-100">
        Messages
      </h2>
      {messages.isPending ? (
        <div role="status" aria-label="Loading messages" className="flex flex-col gap-2">
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="ml-auto h-14 w-2/3" />
        </div>
      ) : messages.isError ? (
        <FormAlert>{errorMessage(messages.error)}</FormAlert>
      ) : messages.data.length === 0 ? (
        <p className="muted text-sm">
          {closed ? 'No messages.' : 'No messages yet. Say hello or share what you would like to cover.'}
        </p>
      ) : (
        <ol aria-label="Message thread" className="flex flex-col gap-3">
          {messages.data.map((m) => (
            <li
              key={m.id}
              data-testid="message"
              data-mine={m.mine}
              className={`flex max-w-[85%] flex-col gap-1 rounded-2xl border px-4 py-3 text-sm ${
                m.mine
                  ? 'self-end border-accent-400/40 bg-accent-400/10'
                  : 'self-start border-white/10 bg-ink-950/50'
              }`}
            >
              <p className="text-xs text-ink-400">
                <span className="font-medium text-ink-300">{m.mine ? 'You' : m.authorName}</span> ·{' '}
                <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              </p>
              <p className="break-words whitespace-pre-wrap text-ink-100">
                <LinkedText text={m.body} />
              </p>
            </li>
          ))}
        </ol>
      )}
      {closed ? <p className="text-sm text-ink-300">{SESSION_MSG.closedToMessages}</p> : null}
      {canWrite ? (
        <Form form={form} className="flex flex-col gap-3">
          <TextAreaField
            id={`${id}-body`}
            label="Message"
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          <FormAlert>{form.formError}</FormAlert>
          {send.isSuccess && !form.formState.isDirty ? (
            <p role="status" className="sr-only">
              {SESSION_MSG.messageSent}
            </p>
          ) : null}
          <SubmitButton
            className="btn-primary self-end"
            pending={form.formState.isSubmitting}
            pendingLabel="Sending…"
          >
            Send
          </SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
