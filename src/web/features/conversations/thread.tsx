// One thread on screen (issue 39, item 5; decision 212), for a session, a proposal and an engagement: the messages
// oldest first, the viewer's own on the right, links clickable (and safe); a box and Send below, or a line saying
// why no message can be sent (a closed session). An engagement's thread begins with the messages of the proposal
// it came from, and a line marks where the engagement started. What the thread says (its heading, its list's
// name, its box's label) is the page's; where its messages come from and go to too.
import { Fragment, useId, useState } from 'react';
import type { z } from 'zod';
import type { MessageFrom } from '#shared/conversations.ts';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { TextAreaField } from '#web/components/form/field.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { LinkedText } from './linked-text';

/** A message as every thread's answer has it; an engagement's also says where it was written. */
export interface ThreadMessageView {
  id: string;
  authorName: string;
  body: string;
  createdAt: string;
  mine: boolean;
  from?: MessageFrom;
}

/** What a thread says: the page's words. */
export interface ThreadText {
  /** The heading. */
  title: string;
  /** The list's accessible name. */
  list: string;
  /** The box's label. */
  field: string;
  /** The label is read by screen readers only (the heading already names the other party). */
  fieldHidden?: boolean;
  placeholder?: string;
  /** In place of the list while there is no message. */
  empty: string;
  /** Told to screen readers once a message is sent. */
  sent: string;
}

/** The words of a thread with a named other party: a proposal's, an engagement's. */
export const textWith = (other: string, sent: string): ThreadText => ({
  title: `Messages with ${other}`,
  list: `Messages with ${other}`,
  field: `Message to ${other}`,
  fieldHidden: true,
  placeholder: `Write to ${other}`,
  empty: 'No messages yet.',
  sent,
});

/** The messages as a query holds them (or as a page already has them: nothing pending). */
export interface ThreadMessages {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ThreadMessageView[] | undefined;
}

export function Thread({
  text,
  look = 'page',
  messages,
  canWrite,
  closedNote = null,
  schema,
  send,
  startedLabel,
}: {
  text: ThreadText;
  /** A section of the page of its own (a session, an engagement), or a part of a proposal's card. */
  look?: 'page' | 'card';
  messages: ThreadMessages;
  /** The viewer may write here now. */
  canWrite: boolean;
  /** Why no message can be sent here any more: shown in place of the box. */
  closedNote?: string | null;
  /** The body's rule, the server's own (its words beside the box). */
  schema: z.ZodType<{ body: string }, { body: string }>;
  /** Sends one message; resolves once it is stored. */
  send: (input: { body: string }) => Promise<unknown>;
  /** The line after the messages written on the proposal, where the engagement started. */
  startedLabel?: string;
}) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const form = useApiForm<{ body: string }>({
    schema,
    fields: ['body'],
    defaultValues: { body: '' },
    onSubmit: async (values) => {
      setSent(false);
      await send(values);
      form.reset({ body: '' });
      setSent(true);
    },
  });
  const list = messages.data ?? [];
  // The last message written on the proposal: the line where the engagement started follows it.
  const lastEarlier = startedLabel ? list.reduce((last, m, i) => (m.from === 'proposal' ? i : last), -1) : -1;
  const Heading = look === 'page' ? 'h2' : 'h3';

  return (
    <section
      aria-labelledby={`${id}-title`}
      className={
        look === 'page'
          ? 'glass flex flex-col gap-4 p-5 sm:p-6'
          : 'flex flex-col gap-2 border-t border-white/10 pt-3'
      }
    >
      <Heading
        id={`${id}-title`}
        className={
          look === 'page' ? 'text-lg font-semibold text-ink-100' : 'text-sm font-medium text-ink-100'
        }
      >
        {text.title}
      </Heading>
      {messages.isPending ? (
        <div role="status" aria-label="Loading messages" className="flex flex-col gap-2">
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="ml-auto h-14 w-2/3" />
        </div>
      ) : messages.isError ? (
        <FormAlert>{errorMessage(messages.error)}</FormAlert>
      ) : list.length === 0 ? (
        <p className="muted text-sm">{text.empty}</p>
      ) : (
        <ol
          aria-label={text.list}
          className={`flex flex-col gap-3 ${look === 'card' ? 'max-h-64 overflow-y-auto' : ''}`}
        >
          {list.map((m, i) => (
            <Fragment key={m.id}>
              <li
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
              {i === lastEarlier ? (
                <li
                  data-testid="thread-started"
                  className="flex items-center gap-3 text-xs text-ink-400 before:h-px before:flex-1 before:bg-white/10 after:h-px after:flex-1 after:bg-white/10"
                >
                  {startedLabel}
                </li>
              ) : null}
            </Fragment>
          ))}
        </ol>
      )}
      {closedNote ? <p className="text-sm text-ink-300">{closedNote}</p> : null}
      {canWrite && !closedNote ? (
        <Form form={form} className="flex flex-col gap-3">
          <TextAreaField
            id={`${id}-body`}
            label={text.fieldHidden ? <span className="sr-only">{text.field}</span> : text.field}
            placeholder={text.placeholder}
            inputClassName={look === 'card' ? 'input min-h-16 resize-y' : undefined}
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          <FormAlert>{form.formError}</FormAlert>
          {sent && !form.formState.isDirty ? (
            <p role="status" className="sr-only">
              {text.sent}
            </p>
          ) : null}
          <SubmitButton
            className={look === 'page' ? 'btn-primary self-end' : 'btn-ghost self-start'}
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
