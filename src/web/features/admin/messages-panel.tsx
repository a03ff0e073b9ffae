// The console's contact messages, newest first.
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useContactMessages } from './api';
import { Section, LoadFailed } from '#web/components/console-ui.tsx';

export function MessagesPanel() {
  const messages = useContactMessages();
  return (
    <Section title="Contact messages" id="messages-title">
      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <LoadFailed error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <p className="muted text-sm">No messages yet. They arrive from the contact page.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Messages">
          {messages.data.map((m) => (
            <li key={m.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-ink-100">
                  {m.name}{' '}
                  <a
                    href={`mailto:${m.email}`}
                    className="text-sm font-normal break-all text-accent-400 hover:underline"
                  >
                    {m.email}
                  </a>
                </p>
                <span className="font-mono text-xs text-ink-400">{formatDateTime(m.createdAt)}</span>
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
