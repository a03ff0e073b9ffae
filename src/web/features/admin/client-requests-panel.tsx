// The console's Client requests tab (issue 27): every client's requests, searched and paged on the server
// (decision 174); a spam request is hidden with a reason, and shown again (decision 193).
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { REQUEST_STATUS_LABELS } from '#shared/client-requests.ts';
import { paths } from '#shared/routes.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { Badge, SearchBox, Section } from '#web/components/console-ui.tsx';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAdminClientRequests, useHideClientRequest } from './console-api';
import { ConsoleList } from './console-list';

/** Nobody is mailed this reason: the request's client reads it on the request (decision 193). */
const REASON_LABEL = 'Reason (shown to the client and kept in the audit log)';

export function ClientRequestsPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminClientRequests(q.trim(), page);
  const hide = useHideClientRequest();
  return (
    <Section
      title="Client requests"
      id="client-requests-title"
      intro="Every request clients posted, newest first. Hiding a spam request takes it away from every freelancer; its client sees it marked hidden, with your reason."
    >
      <SearchBox
        label="Search requests by title, client name or email, or service"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        <ConsoleList
          query={list}
          keyOf={(r) => r.id}
          noun={['client request', 'client requests']}
          searched={q.trim() !== ''}
          empty="No client requests yet."
          page={page}
          onPage={setPage}
        >
          {(r) => (
            <>
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <Link
                  to={paths.requests.detail(r.id)}
                  className="wrap-anywhere text-accent-300 hover:underline"
                >
                  {r.title}
                </Link>
                <Badge tone={r.status === 'open' ? 'ok' : 'muted'}>{REQUEST_STATUS_LABELS[r.status]}</Badge>
                {r.hiddenAt ? <Badge tone="bad">Hidden</Badge> : null}
              </p>
              <p className="muted wrap-anywhere">
                {[
                  SECURITY_SERVICE_LABELS[r.service],
                  `${r.clientName} (${r.clientEmail})`,
                  `${r.proposalCount} proposal${r.proposalCount === 1 ? '' : 's'}`,
                  `posted ${formatDateTime(r.createdAt)}`,
                ].join(' · ')}
              </p>
              {r.hiddenReason ? (
                <p className="text-danger-400 wrap-anywhere">Hidden: {r.hiddenReason}</p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <ReasonAction
                  label={r.hiddenAt ? 'Show again' : 'Hide'}
                  confirmLabel={r.hiddenAt ? 'Show the request again' : 'Hide the request'}
                  subject={`the request ${r.title}`}
                  danger={r.hiddenAt ? undefined : ADMIN_DANGER.hideRequest}
                  reasonLabel={REASON_LABEL}
                  onConfirm={(reason) => hide.mutateAsync({ id: r.id, hidden: !r.hiddenAt, reason })}
                />
              </div>
            </>
          )}
        </ConsoleList>
      </div>
    </Section>
  );
}
