// The console's sharks: search them, see published, suspended and verified credentials, open a shark's
// workspace pages, and publish or unpublish with a reason.
import { useState } from 'react';
import { Link } from 'react-router';
import { SPECIALIZATION_LABELS } from '#shared/constants.ts';
import { paths } from '#shared/routes.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSetPublication, useSharkSearch } from './console-api';
import { Section, Badge, Pager, SearchBox } from '#web/components/console-ui.tsx';

export function SharksStatePanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const sharks = useSharkSearch(q.trim(), page);
  const publication = useSetPublication();
  return (
    <Section title="Sharks" id="sharks-title">
      <SearchBox
        label="Search sharks by name or email"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {sharks.isPending ? (
          <Spinner label="Loading sharks" />
        ) : sharks.isError ? (
          <ErrorState message={errorMessage(sharks.error)} onRetry={() => void sharks.refetch()} />
        ) : sharks.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q
              ? 'No shark matches this search.'
              : 'No shark accounts yet. Create the first one with the form.'}
          </p>
        ) : (
          <>
            <p className="muted text-sm" role="status">
              {sharks.data.total === 1 ? '1 shark' : `${sharks.data.total} sharks`}
              {q.trim() ? ' match this search' : ''}
            </p>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Shark accounts">
              {sharks.data.items.map((s) => (
                <li key={s.id} className="flex flex-col gap-2 py-3">
                  <div className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
                    {s.name}
                    <Badge tone={s.published ? 'ok' : 'warn'}>
                      {s.published ? 'Published' : 'Unpublished'}
                    </Badge>
                    {s.suspended ? <Badge tone="bad">Suspended</Badge> : null}
                    <Badge tone="muted">
                      {s.verifiedCredentials}/{s.credentials} credentials verified
                    </Badge>
                  </div>
                  <p className="muted text-sm wrap-anywhere">
                    {s.email} · {SPECIALIZATION_LABELS[s.specialization]}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={withSharkId(paths.shark.editProfile, s.id)}
                      className="btn-ghost py-1.5"
                      aria-label={`Edit profile of ${s.name}`}
                    >
                      Edit profile
                    </Link>
                    <Link
                      to={withSharkId(paths.shark.enrollments, s.id)}
                      className="btn-ghost py-1.5"
                      aria-label={`Enrollments of ${s.name}`}
                    >
                      Enrollments
                    </Link>
                    <ReasonAction
                      label={s.published ? 'Unpublish' : 'Publish'}
                      confirmLabel={s.published ? 'Unpublish the profile' : 'Publish the profile'}
                      subject={s.name}
                      danger={s.published ? ADMIN_DANGER.unpublish : undefined}
                      onConfirm={(reason) =>
                        publication.mutateAsync({ id: s.id, published: !s.published, reason })
                      }
                    />
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              label="Shark pages"
              page={page}
              total={sharks.data.total}
              pageSize={sharks.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
