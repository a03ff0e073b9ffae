// The "Mail" section of the admin console: the delivery log, failed mails first, each with its last error and
// a retry button; paged and searched (recipient, subject, template) on the server (issue 25).
import { useState } from 'react';
import type { MailLogEntry } from '#shared/mail.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useMailLog, useRetryMail } from './mail-api';
import { Pager, SearchBox, Section } from '#web/components/console-ui.tsx';

const dateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const when = (iso: string) => dateTime.format(new Date(iso));

const STATUS_CLASS: Record<MailLogEntry['status'], string> = {
  failed: 'border-danger-400/40 bg-danger-400/10 text-danger-400',
  queued: 'border-white/15 bg-white/5 text-ink-300',
  sent: 'border-accent-400/30 bg-accent-400/10 text-accent-300',
};

export function MailLogPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const log = useMailLog(q.trim(), page);
  const retry = useRetryMail();
  const toast = useToast();

  return (
    <Section
      title="Mail"
      id="mail-title"
      intro="Every mail the app sends, failed ones first. A failed mail was tried several times; retry it once the cause is fixed."
    >
      <SearchBox
        label="Search mail by recipient, subject or template"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {log.isPending ? (
          <Spinner label="Loading the delivery log" />
        ) : log.isError ? (
          <div role="alert" className="text-sm text-danger-400">
            <p>{errorMessage(log.error)}</p>
            <button type="button" className="btn-ghost mt-3 py-1.5" onClick={() => void log.refetch()}>
              Retry
            </button>
          </div>
        ) : log.data.items.length === 0 ? (
          <p className="muted text-sm">{q.trim() ? 'No mail matches this search.' : 'No mail yet.'}</p>
        ) : (
          <>
            <p className="text-sm text-ink-300" role="status">
              {log.data.total} mail{log.data.total === 1 ? '' : 's'}
              {q.trim()
                ? ` ${log.data.total === 1 ? 'matches' : 'match'} this search (${log.data.failed} failed in all)`
                : `, ${log.data.failed} failed`}
            </p>
            <ul className="mt-3 flex flex-col gap-3" aria-label="Delivery log">
              {log.data.items.map((m) => (
                <li key={m.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium wrap-anywhere text-ink-100">{m.subject}</p>
                    <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS_CLASS[m.status]}`}>
                      {m.status}
                    </span>
                  </div>
                  <p className="mt-1 text-sm wrap-anywhere text-ink-300">
                    to {m.to} · {m.template} · {m.attempts} attempt{m.attempts === 1 ? '' : 's'} ·{' '}
                    {when(m.createdAt)}
                  </p>
                  {m.lastError && m.status !== 'sent' ? (
                    <p className="mt-2 font-mono text-xs break-all text-danger-400">{m.lastError}</p>
                  ) : null}
                  {m.status === 'failed' ? (
                    <button
                      type="button"
                      className="btn-ghost mt-3 py-1.5"
                      disabled={retry.isPending}
                      onClick={() =>
                        retry.mutate(m.id, {
                          onSuccess: (r) => toast(r.message, 'success'),
                          onError: (err) => toast(errorMessage(err), 'error'),
                        })
                      }
                    >
                      Retry this mail
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager
              label="Delivery log pages"
              page={page}
              total={log.data.total}
              pageSize={log.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
