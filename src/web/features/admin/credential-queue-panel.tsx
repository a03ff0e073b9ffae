// The console's credentials to verify: by state, each approved or rejected with a reason; paged and searched on
// the server (issue 25).
import { useState } from 'react';
import { CREDENTIAL_STATUSES, type CredentialStatus } from '#shared/credentials.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useCredentialQueue, useReviewCredential } from './console-api';
import { Section, Pager, SearchBox } from '#web/components/console-ui.tsx';

export function CredentialQueuePanel() {
  const [status, setStatus] = useState<CredentialStatus>('pending');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const queue = useCredentialQueue(status, q.trim(), page);
  const review = useReviewCredential();
  const toast = useToast();
  return (
    <Section
      title="Credentials"
      id="credentials-title"
      intro="Open each verification link and check the name, the credential and its dates before verifying."
    >
      <div className="grid gap-3 sm:grid-cols-[15rem_minmax(0,1fr)]">
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          Show
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CredentialStatus);
              setPage(1);
            }}
          >
            {CREDENTIAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <SearchBox
          label="Search credentials by name, issuer or owner"
          value={q}
          onChange={(v) => {
            setQ(v);
            setPage(1);
          }}
        />
      </div>
      <div className="mt-4">
        {queue.isPending ? (
          <Spinner label="Loading credentials" />
        ) : queue.isError ? (
          <ErrorState message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} />
        ) : queue.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q.trim() ? `No ${status} credential matches this search.` : `No ${status} credentials.`}
          </p>
        ) : (
          <>
            <p className="muted text-sm" role="status">
              {queue.data.total === 1
                ? `1 ${status} credential`
                : `${queue.data.total} ${status} credentials`}
              {q.trim() ? (queue.data.total === 1 ? ' matches this search' : ' match this search') : ''}
            </p>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Credentials to review">
              {queue.data.items.map((c) => (
                <li key={c.id} className="flex flex-col gap-1 py-3 text-sm">
                  <p className="font-medium text-ink-100">
                    {c.name} · {c.ownerName}
                    <span className="muted ml-2 text-xs">
                      {c.ownerKind === 'freelancer' ? 'Freelancer' : 'Shark'}
                    </span>
                  </p>
                  <p className="muted wrap-anywhere">
                    {[
                      c.issuer,
                      c.credentialId,
                      c.issuedOn && `issued ${c.issuedOn}`,
                      c.expiresOn && `expires ${c.expiresOn}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <a
                    href={c.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="break-all text-accent-400 hover:underline"
                  >
                    {c.url}
                  </a>
                  {c.reason ? <p className="text-danger-400">Rejected: {c.reason}</p> : null}
                  <div className="flex flex-wrap gap-2">
                    {c.status !== 'verified' ? (
                      <button
                        type="button"
                        className="btn-primary py-1.5"
                        aria-label={`Verify ${c.name} of ${c.ownerName}`}
                        disabled={review.isPending}
                        onClick={() =>
                          review.mutate(
                            { id: c.id, verified: true },
                            {
                              onSuccess: (r) => toast(r.message, 'success'),
                              onError: (err) => toast(errorMessage(err), 'error'),
                            },
                          )
                        }
                      >
                        Verify
                      </button>
                    ) : null}
                    {c.status !== 'rejected' ? (
                      <ReasonAction
                        label="Reject"
                        confirmLabel="Reject the credential"
                        subject={`${c.name} of ${c.ownerName}`}
                        danger={ADMIN_DANGER.rejectCredential}
                        onConfirm={(reason) => review.mutateAsync({ id: c.id, verified: false, reason })}
                      />
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              label="Credential pages"
              page={page}
              total={queue.data.total}
              pageSize={queue.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
