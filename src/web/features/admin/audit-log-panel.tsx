// The console's audit log: who did what to whom, when and why, in words with links (issue 25), a page at a time,
// searched on the server.
import { useState } from 'react';
import { Link } from 'react-router';
import { AUDIT_ACTION_LABEL, type AuditEntry } from '#shared/admin.ts';
import { paths } from '#shared/routes.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useAuditLog } from './console-api';
import { Section, Pager, SearchBox } from '#web/components/console-ui.tsx';

/** What the action was done to, by name, linked where it has a page of its own. */
function Target({ entry }: { entry: AuditEntry }) {
  const name =
    entry.targetName ??
    (entry.targetId
      ? `${entry.targetType.replaceAll('_', ' ')} ${entry.targetId.slice(0, 8)}`
      : entry.targetType);
  const to =
    entry.targetSharkId && (entry.targetType === 'shark' || entry.targetType === 'user')
      ? paths.sharks.profile(entry.targetSharkId)
      : entry.targetType === 'session' && entry.targetId
        ? paths.sessions.detail(entry.targetId)
        : null;
  return to ? (
    <Link to={to} className="text-accent-300 hover:underline">
      {name}
    </Link>
  ) : (
    <span className="text-ink-100">{name}</span>
  );
}

export function AuditLogPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const log = useAuditLog(q.trim(), page);
  return (
    <Section
      title="Audit log"
      id="audit-title"
      intro="Every admin action and role change, newest first. Nobody can edit or delete it."
    >
      <SearchBox
        label="Search the log by person, action or reason"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {log.isPending ? (
          <Spinner label="Loading the audit log" />
        ) : log.isError ? (
          <ErrorState message={errorMessage(log.error)} onRetry={() => void log.refetch()} />
        ) : log.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q.trim() ? 'No entry matches this search.' : 'No action recorded yet.'}
          </p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Audit entries">
              {log.data.items.map((e) => (
                <li key={e.id} className="py-3 text-sm" data-testid="audit-entry">
                  <p className="font-medium text-ink-100">
                    {e.actorName ?? e.actorEmail ?? 'The system'}{' '}
                    <span className="text-ink-300">{AUDIT_ACTION_LABEL[e.action] ?? e.action}</span>{' '}
                    <Target entry={e} />
                  </p>
                  <p className="muted">
                    {e.actorName && e.actorEmail ? `${e.actorEmail} · ` : ''}
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                  </p>
                  {e.reason ? <p className="text-ink-300">Reason: {e.reason}</p> : null}
                </li>
              ))}
            </ul>
            <Pager
              label="Audit log pages"
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
