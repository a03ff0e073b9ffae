// The admin console's sections for running the marketplace (decision 032): sharks with their state,
// accounts, sessions, credentials to verify, and the audit log. Each action asks for a reason where the
// person concerned is told one.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { SharkApplication } from '#shared/applications.ts';
import { SPECIALIZATION_LABELS } from '#shared/constants.ts';
import {
  BOOKING_STATUS_FILTERS,
  BOOKING_STATUS_FILTER_LABEL,
  NO_SHOW_ROW,
  type AdminBooking,
  type BookingSearchQuery,
} from '#shared/admin.ts';
import { SESSION_STATUS_LABEL } from '#shared/sessions.ts';
import { CREDENTIAL_STATUSES, type CredentialStatus } from '#shared/credentials.ts';
import { paths } from '#shared/routes.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { useToast } from '#web/components/toast.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import {
  useApproveApplication,
  useAuditLog,
  useBookingSearch,
  useCredentialQueue,
  useLiftSuspension,
  useRejectApplication,
  useReviewCredential,
  useSetPublication,
  useSharkSearch,
  useSuspend,
  useUserSearch,
} from './console-api';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { ResolveNoShowDialog } from './resolve-no-show';

function Section({
  title,
  id,
  intro,
  children,
}: {
  title: string;
  id: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="glass p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-100">
        {title}
      </h2>
      {intro ? <p className="muted mt-1 text-sm">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'muted'; children: ReactNode }) {
  const cls = {
    ok: 'border-success-400/40 text-success-400',
    warn: 'border-warning-400/40 text-warning-400',
    bad: 'border-danger-400/40 text-danger-400',
    muted: 'border-white/15 text-ink-300',
  }[tone];
  return <span className={`rounded-full border px-2 py-0.5 text-xs ${cls}`}>{children}</span>;
}

function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-ink-300">
      {label}
      <input type="search" className="input" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

function Pager({
  page,
  total,
  pageSize,
  onPage,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      <button
        type="button"
        className="btn-ghost py-1.5"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-ink-300">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn-ghost py-1.5"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

const STATUS_LABEL: Record<SharkApplication['status'], string> = {
  new: 'New',
  awaiting_confirmation: 'Approved, awaiting confirmation',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Approve or reject one application (shown inside its card). */
export function ApplicationActions({ application }: { application: SharkApplication }) {
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const toast = useToast();
  const open = application.status === 'new' || application.status === 'awaiting_confirmation';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Badge tone={application.status === 'rejected' ? 'bad' : application.status === 'new' ? 'muted' : 'ok'}>
        {STATUS_LABEL[application.status]}
      </Badge>
      {application.reason ? <span className="muted text-xs">Reason: {application.reason}</span> : null}
      {application.status === 'new' ? (
        <button
          type="button"
          className="btn-primary py-1.5"
          aria-label={`Approve ${application.name}`}
          disabled={approve.isPending}
          onClick={() =>
            approve.mutate(application.id, {
              onSuccess: (r) => toast(r.message, 'success'),
              onError: (err) => toast(errorMessage(err), 'error'),
            })
          }
        >
          Approve
        </button>
      ) : null}
      {open ? (
        <ReasonAction
          label="Reject"
          confirmLabel="Reject the application"
          subject={application.name}
          onConfirm={(reason) => reject.mutateAsync({ id: application.id, reason })}
        />
      ) : null}
    </div>
  );
}

export function SharksStatePanel() {
  const [q, setQ] = useState('');
  const sharks = useSharkSearch(q.trim());
  const publication = useSetPublication();
  return (
    <Section title="Sharks" id="sharks-title">
      <SearchBox label="Search sharks by name or email" value={q} onChange={setQ} />
      <div className="mt-4">
        {sharks.isPending ? (
          <Spinner label="Loading sharks" />
        ) : sharks.isError ? (
          <ErrorState message={errorMessage(sharks.error)} onRetry={() => void sharks.refetch()} />
        ) : sharks.data.length === 0 ? (
          <p className="muted text-sm">
            {q
              ? 'No shark matches this search.'
              : 'No shark accounts yet. Create the first one with the form.'}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-white/10" aria-label="Shark accounts">
            {sharks.data.map((s) => (
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
                    onConfirm={(reason) =>
                      publication.mutateAsync({ id: s.id, published: !s.published, reason })
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

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

export function SessionsPanel() {
  const [filters, setFilters] = useState<BookingSearchQuery>({
    learner: '',
    shark: '',
    course: '',
    from: '',
    to: '',
    page: 1,
  });
  const bookings = useBookingSearch(filters);
  const set = (key: keyof BookingSearchQuery) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value, page: 1 }));
  return (
    <Section title="Sessions" id="sessions-title" intro="Bookings by learner, shark, course and date.">
      <div className="grid gap-3 sm:grid-cols-3">
        <SearchBox
          label="Learner (name or email)"
          value={String(filters.learner ?? '')}
          onChange={set('learner')}
        />
        <SearchBox label="Shark" value={String(filters.shark ?? '')} onChange={set('shark')} />
        <SearchBox
          label="Course (title or code)"
          value={String(filters.course ?? '')}
          onChange={set('course')}
        />
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          From
          <input
            type="date"
            className="input"
            value={filters.from ?? ''}
            onChange={(e) => set('from')(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          To
          <input
            type="date"
            className="input"
            value={filters.to ?? ''}
            onChange={(e) => set('to')(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          Status
          <select
            className="input"
            value={String(filters.status ?? '')}
            onChange={(e) => set('status')(e.target.value)}
          >
            <option value="">Any status</option>
            {BOOKING_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {BOOKING_STATUS_FILTER_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-4">
        {bookings.isPending ? (
          <Spinner label="Loading sessions" />
        ) : bookings.isError ? (
          <ErrorState message={errorMessage(bookings.error)} onRetry={() => void bookings.refetch()} />
        ) : bookings.data.items.length === 0 ? (
          <p className="muted text-sm">No session matches these filters.</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Sessions">
              {bookings.data.items.map((b) => (
                <li key={b.id} className="py-3 text-sm">
                  <p className="font-medium text-ink-100">
                    <Link to={paths.sessions.detail(b.id)} className="hover:underline">
                      {b.date} {b.time} · {b.courseTitle} ({b.courseCode})
                    </Link>
                  </p>
                  <p className="muted">
                    {b.learnerName} &lt;{b.learnerEmail}&gt; with {b.sharkName} · {b.hours} h · ₹
                    {b.totalPrice} · {SESSION_STATUS_LABEL[b.status]}
                  </p>
                  {b.noShow ? <NoShowLine booking={b} noShow={b.noShow} /> : null}
                </li>
              ))}
            </ul>
            <Pager
              label="Session pages"
              page={Number(filters.page ?? 1)}
              total={bookings.data.total}
              pageSize={bookings.data.pageSize}
              onPage={(p) => setFilters((f) => ({ ...f, page: p }))}
            />
          </>
        )}
      </div>
    </Section>
  );
}

/** A reported no-show on its session's row: the report, then either "Resolve" or the ruling. */
function NoShowLine({
  booking,
  noShow,
}: {
  booking: AdminBooking;
  noShow: NonNullable<AdminBooking['noShow']>;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
      <div>
        <p className="text-ink-100">
          {NO_SHOW_ROW.reported(noShow.reportedBy)}
          {noShow.note ? `: “${noShow.note}”` : ''}
        </p>
        {noShow.resolution ? (
          <p className="mt-1">
            <Badge tone="ok">{NO_SHOW_ROW.resolved(noShow.resolution.outcome)}</Badge>
            {noShow.resolution.reason ? (
              <span className="muted ml-2">“{noShow.resolution.reason}”</span>
            ) : null}
          </p>
        ) : (
          <p className="mt-1">
            <Badge tone="warn">{NO_SHOW_ROW.disputed}</Badge>
          </p>
        )}
      </div>
      {noShow.resolution ? null : (
        <ResolveNoShowDialog
          bookingId={booking.id}
          subject={`${booking.courseTitle} on ${booking.date} ${booking.time}`}
          reportedBy={noShow.reportedBy}
        />
      )}
    </div>
  );
}

export function CredentialQueuePanel() {
  const [status, setStatus] = useState<CredentialStatus>('pending');
  const queue = useCredentialQueue(status);
  const review = useReviewCredential();
  const toast = useToast();
  return (
    <Section
      title="Credentials"
      id="credentials-title"
      intro="Open each verification link and check the name, the credential and its dates before verifying."
    >
      <label className="flex flex-col gap-1 text-sm text-ink-300 sm:w-60">
        Show
        <select
          className="input"
          value={status}
          onChange={(e) => setStatus(e.target.value as CredentialStatus)}
        >
          {CREDENTIAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-4">
        {queue.isPending ? (
          <Spinner label="Loading credentials" />
        ) : queue.isError ? (
          <ErrorState message={errorMessage(queue.error)} onRetry={() => void queue.refetch()} />
        ) : queue.data.length === 0 ? (
          <p className="muted text-sm">No {status} credentials.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-white/10" aria-label="Credentials to review">
            {queue.data.map((c) => (
              <li key={c.id} className="flex flex-col gap-1 py-3 text-sm">
                <p className="font-medium text-ink-100">
                  {c.name} · {c.sharkName}
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
                      aria-label={`Verify ${c.name} of ${c.sharkName}`}
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
                      subject={`${c.name} of ${c.sharkName}`}
                      onConfirm={(reason) => review.mutateAsync({ id: c.id, verified: false, reason })}
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

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
