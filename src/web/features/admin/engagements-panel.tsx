// The console's Engagements tab (decision 194): every engagement with its parties and milestones' progress,
// searched, filtered by state and paged on the server; each opens at /engagements/:id, which admins may read.
import { useState } from 'react';
import { Link } from 'react-router';
import { ENGAGEMENT_STATUSES, ENGAGEMENT_STATUS_LABELS, type EngagementStatus } from '#shared/engagements.ts';
import { paths } from '#shared/routes.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { Badge, SearchBox, Section, StateSelect } from '#web/components/console-ui.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAdminEngagements } from './console-api';
import { ConsoleList } from './console-list';
import { formatPaise } from '#shared/money.ts';

export function EngagementsPanel() {
  const [status, setStatus] = useState<EngagementStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useAdminEngagements(q.trim(), status, page);
  return (
    <Section
      title="Engagements"
      id="engagements-title"
      intro="Every engagement hired through an accepted proposal, newest first. Open one to read its scope, milestones, thread, files and timeline."
    >
      <div className="grid gap-3 sm:grid-cols-[15rem_minmax(0,1fr)]">
        <StateSelect
          value={status}
          options={ENGAGEMENT_STATUSES}
          labels={ENGAGEMENT_STATUS_LABELS}
          anyLabel="Every state"
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
        <SearchBox
          label="Search engagements by title, client or freelancer (name or email)"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
      </div>
      <div className="mt-4">
        <ConsoleList
          query={list}
          keyOf={(e) => e.id}
          noun={['engagement', 'engagements']}
          searched={q.trim() !== '' || status !== ''}
          empty="No engagements yet. One starts when a client accepts a proposal."
          page={page}
          onPage={setPage}
        >
          {(e) => (
            <>
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <Link
                  to={paths.engagements.detail(e.id)}
                  className="wrap-anywhere text-accent-300 hover:underline"
                >
                  {e.title}
                </Link>
                <Badge tone={e.status === 'active' ? 'ok' : 'muted'}>
                  {ENGAGEMENT_STATUS_LABELS[e.status]}
                </Badge>
                {e.disputed > 0 ? (
                  <Badge tone="warn">
                    {e.disputed} disputed {e.disputed === 1 ? 'milestone' : 'milestones'}
                  </Badge>
                ) : null}
              </p>
              <p className="muted wrap-anywhere">
                Client {e.clientName} ({e.clientEmail})
              </p>
              <p className="muted wrap-anywhere">
                Freelancer {e.freelancerName} ({e.freelancerEmail})
              </p>
              <p className="muted">
                {[
                  SECURITY_SERVICE_LABELS[e.service],
                  formatPaise(e.pricePaise),
                  `${e.approved} of ${e.milestones} milestones approved`,
                  `started ${formatDateTime(e.createdAt)}`,
                ].join(' · ')}
              </p>
            </>
          )}
        </ConsoleList>
      </div>
    </Section>
  );
}
