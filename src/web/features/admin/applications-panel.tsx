// The console's shark applications ("Be a Shark"), newest first, each with its decision; paged and searched on
// the server (issue 25).
import { useState } from 'react';
import { SPECIALIZATION_LABELS, type Specialization } from '#shared/constants.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime, formatYears } from '#web/lib/format.ts';
import { useSharkApplications } from './api';
import { ApplicationActions } from './application-actions';
import { Section, LoadFailed, Pager, SearchBox } from '#web/components/console-ui.tsx';

const specLabel = (s: string) =>
  s in SPECIALIZATION_LABELS ? SPECIALIZATION_LABELS[s as Specialization] : s;

export function ApplicationsPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const apps = useSharkApplications(q.trim(), page);
  return (
    <Section title="Shark applications" id="applications-title">
      <SearchBox
        label="Search applications by name, email or text"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {apps.isPending ? (
          <Spinner label="Loading applications" />
        ) : apps.isError ? (
          <LoadFailed error={apps.error} onRetry={() => void apps.refetch()} />
        ) : apps.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q.trim()
              ? 'No application matches this search.'
              : 'No applications yet. Visitors apply at “Be a Shark”.'}
          </p>
        ) : (
          <>
            <p className="muted text-sm" role="status">
              {apps.data.total === 1 ? '1 application' : `${apps.data.total} applications`}
              {q.trim() ? (apps.data.total === 1 ? ' matches this search' : ' match this search') : ''}
            </p>
            <ul className="mt-3 grid gap-4 md:grid-cols-2" aria-label="Applications">
              {apps.data.items.map((a) => (
                <li key={a.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="font-medium text-ink-100">{a.name}</p>
                    <span className="font-mono text-xs text-ink-400">{formatDateTime(a.createdAt)}</span>
                  </div>
                  <p className="muted text-sm wrap-anywhere">
                    <a href={`mailto:${a.email}`} className="text-accent-400 hover:underline">
                      {a.email}
                    </a>
                  </p>
                  <p className="mt-2 text-sm text-ink-300">
                    {specLabel(a.specialization)} · {formatYears(a.experience)}
                  </p>
                  <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{a.motivation}</p>
                  {a.links ? (
                    <p className="muted mt-2 text-sm wrap-anywhere whitespace-pre-line">{a.links}</p>
                  ) : null}
                  <ApplicationActions application={a} />
                </li>
              ))}
            </ul>
            <Pager
              label="Application pages"
              page={page}
              total={apps.data.total}
              pageSize={apps.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
