// The thread of a shortlisted proposal, between the request's client and the proposal's freelancer.
import { useId, useState } from 'react';
import { PROPOSAL_MSG } from '#shared/proposals.ts';
import { FieldError } from '#web/components/form/field.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useProposalMessages, useSendProposalMessage } from './api';

export function ProposalThread({ proposalId, with: other }: { proposalId: string; with: string }) {
  const id = useId();
  const messages = useProposalMessages(proposalId);
  const send = useSendProposalMessage(proposalId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 border-t border-white/10 pt-3">
      <h3 id={`${id}-title`} className="text-sm font-medium text-ink-100">
        Messages with {other}
      </h3>
      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <p className="text-sm text-danger-400">{errorMessage(messages.error)}</p>
      ) : messages.data.length === 0 ? (
        <p className="muted text-sm">No messages yet.</p>
      ) : (
        <ol
          className="flex max-h-64 flex-col gap-2 overflow-y-auto text-sm"
          aria-label={`Messages with ${other}`}
        >
          {messages.data.map((m) => (
            <li key={m.id} className={`rounded-lg px-3 py-2 ${m.mine ? 'bg-accent-400/10' : 'bg-white/5'}`}>
              <p className="text-xs text-ink-300">
                {m.mine ? 'You' : m.authorName} · {formatDateTime(m.createdAt)}
              </p>
              <p className="whitespace-pre-line text-ink-100">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form
        className="flex flex-col gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!body.trim()) return setError(PROPOSAL_MSG.messageRequired);
          setError(null);
          send.mutate(body, {
            onSuccess: () => setBody(''),
            onError: (err) => setError(errorMessage(err)),
          });
        }}
      >
        <label htmlFor={`${id}-body`} className="sr-only">
          Message to {other}
        </label>
        <textarea
          id={`${id}-body`}
          className="input min-h-16"
          placeholder={`Write to ${other}`}
          value={body}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setBody(e.target.value)}
        />
        <FieldError id={`${id}-error`} message={error} />
        <div>
          <button type="submit" className="btn-ghost" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send'}
          </button>
        </div>
      </form>
    </section>
  );
}
