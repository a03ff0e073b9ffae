// The console's contact messages, newest first, paged and searched on the server (issue 25).
import { useState } from 'react';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useContactMessages } from './api';
import { Section, LoadFailed, Pager, SearchBox } from '#web/components/console-ui.tsx';

export function MessagesPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const messages = useContactMessages(q.trim(), page);
  return (
    <Section title="Contact messages" id="messages-title">
      <SearchBox
        label="Search messages by name, email or text"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {messages.isPending ? (
          <Spinner label="Loading messages" />
        ) : messages.isError ? (
          <LoadFailed error={messages.error} onRetry={() => void messages.refetch()} />
        ) : messages.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q.trim()
              ? 'No message matches this search.'
              : 'No messages yet. They arrive from the contact page.'}
          </p>
        ) : (
          <>
            <p className="muted text-sm" role="status">
              {messages.data.total === 1 ? '1 message' : `${messages.data.total} messages`}
              {q.trim() ? (messages.data.total === 1 ? ' matches this search' : ' match this search') : ''}
            </p>
            <ul className="mt-3 flex flex-col gap-4" aria-label="Messages">
              {messages.data.items.map((m) => (
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
            <Pager
              label="Message pages"
              page={page}
              total={messages.data.total}
              pageSize={messages.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
