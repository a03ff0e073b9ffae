// The console's audit log: who did what, when and why, a page at a time.
import { useState } from 'react';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useAuditLog } from './console-api';
import { Section, Pager } from '#web/components/console-ui.tsx';

export function AuditLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  return (
    <Section
      title="Audit log"
      id="audit-title"
      intro="Every admin action and role change, newest first. Nobody can edit or delete it."
    >
      {log.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : log.isError ? (
        <ErrorState message={errorMessage(log.error)} onRetry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <p className="muted text-sm">No action recorded yet.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-white/10" aria-label="Audit entries">
            {log.data.items.map((e) => (
              <li key={e.id} className="py-3 text-sm">
                <p className="font-medium text-ink-100">
                  <span className="font-mono">{e.action}</span> on {e.targetType}{' '}
                  <span className="font-mono text-xs break-all">{e.targetId}</span>
                </p>
                <p className="muted">
                  {e.actorEmail ?? (e.actorId ? e.actorId : 'system')} · {formatDateTime(e.createdAt)}
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
    </Section>
  );
}
