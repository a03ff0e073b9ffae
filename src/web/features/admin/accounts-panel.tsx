// The console's accounts: search, page through, and suspend or lift a suspension with a reason (decision 032).
import { useState } from 'react';
import { ErrorState } from '#web/components/error-state.tsx';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useLiftSuspension, useSuspend, useUserSearch } from './console-api';
import { Section, Badge, SearchBox, Pager } from '#web/components/console-ui.tsx';

export function AccountsPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useUserSearch(q.trim(), page);
  const suspend = useSuspend();
  const lift = useLiftSuspension();
  return (
    <Section
      title="Accounts"
      id="accounts-title"
      intro="A suspended account cannot log in, its sessions end at once and its shark profile is hidden."
    >
      <SearchBox
        label="Search accounts by email or name"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {users.isPending ? (
          <Spinner label="Loading accounts" />
        ) : users.isError ? (
          <ErrorState message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <p className="muted text-sm">No account matches this search.</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Accounts">
              {users.data.items.map((u) => (
                <li key={u.id} className="flex flex-col gap-1 py-3">
                  <div className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
                    {u.name ?? u.email}
                    {u.roles.map((r) => (
                      <Badge key={r} tone="muted">
                        {r}
                      </Badge>
                    ))}
                    {u.suspendedAt ? <Badge tone="bad">Suspended</Badge> : <Badge tone="ok">Active</Badge>}
                  </div>
                  <p className="muted text-sm wrap-anywhere">
                    {u.email} · {u.bookings} booking{u.bookings === 1 ? '' : 's'} · since{' '}
                    {formatDateTime(u.createdAt)}
                  </p>
                  {u.suspensionReason ? (
                    <p className="text-sm text-danger-400">Suspended: {u.suspensionReason}</p>
                  ) : null}
                  <div>
                    {u.suspendedAt ? (
                      <ReasonAction
                        label="Lift suspension"
                        confirmLabel="Lift the suspension"
                        subject={u.email}
                        onConfirm={(reason) => lift.mutateAsync({ id: u.id, reason })}
                      />
                    ) : (
                      <ReasonAction
                        label="Suspend"
                        confirmLabel="Suspend the account"
                        subject={u.email}
                        danger={ADMIN_DANGER.suspend}
                        onConfirm={(reason) => suspend.mutateAsync({ id: u.id, reason })}
                      />
                    )}
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              label="Account pages"
              page={page}
              total={users.data.total}
              pageSize={users.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
