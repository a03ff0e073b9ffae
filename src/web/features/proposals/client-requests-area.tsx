// The freelancer's client requests area (issue 27): invitations, open requests in its services, and its own
// proposals with their state.
import { Link } from 'react-router';
import type { RequestCard } from '#shared/client-requests.ts';
import { paths } from '#shared/routes.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useFreelancerArea } from './api';
import { ProposalStatusBadge } from './proposals-comparison';
import { formatPaise } from '#shared/money.ts';

const budget = (r: RequestCard) =>
  r.budgetMinPaise === r.budgetMaxPaise
    ? formatPaise(r.budgetMinPaise)
    : `${formatPaise(r.budgetMinPaise)} – ${formatPaise(r.budgetMaxPaise)}`;

function RequestLine({ request: r, extra }: { request: RequestCard; extra?: React.ReactNode }) {
  return (
    <li className="glass flex flex-col gap-1 p-4 sm:p-5">
      <p className="flex flex-wrap items-center gap-2">
        <Link
          to={paths.freelancer.clientRequest(r.id)}
          className="font-semibold text-ink-100 hover:text-accent-300"
        >
          {r.title}
        </Link>
        {r.ndaRequired ? (
          <span className="rounded-full border border-white/15 px-2 py-0.5 text-xs text-ink-300">NDA</span>
        ) : null}
        {extra}
      </p>
      <p className="muted text-sm">
        {[SECURITY_SERVICE_LABELS[r.service], budget(r), `Proposals by ${formatDate(r.deadline)}`].join(
          ' · ',
        )}
      </p>
    </li>
  );
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-ink-100">{title}</h2>
      <ul className="flex flex-col gap-3">{children}</ul>
    </section>
  );
}

export function ClientRequestsArea() {
  const area = useFreelancerArea();
  if (area.isPending) return <Spinner label="Loading client requests" />;
  if (area.isError)
    return <ErrorState message={errorMessage(area.error)} onRetry={() => void area.refetch()} />;
  const { matching, invitations, proposals, services } = area.data;
  if (!matching.length && !invitations.length && !proposals.length)
    return (
      <EmptyState
        title="No client requests yet"
        action={
          <>
            <Link to={paths.freelancer.editProfile} className="btn-primary">
              Update your skills
            </Link>
            <Link to={paths.freelancer.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </>
        }
      >
        {services.length
          ? `No open request matches your services (${services.map((s) => SECURITY_SERVICE_LABELS[s as keyof typeof SECURITY_SERVICE_LABELS] ?? s).join(', ')}) yet, and no client has invited you. New requests appear here as clients post them.`
          : 'Choose the services you offer in your profile: open requests for those services will appear here, with the requests clients invite you to.'}
      </EmptyState>
    );
  return (
    <div className="flex flex-col gap-8">
      {invitations.length ? (
        <Group title="Invitations">
          {invitations.map((r) => (
            <RequestLine key={r.id} request={r} />
          ))}
        </Group>
      ) : null}
      <Group title="Open requests in your services">
        {matching.length ? (
          matching.map((r) => <RequestLine key={r.id} request={r} />)
        ) : (
          <li className="muted text-sm">No other open request matches your services right now.</li>
        )}
      </Group>
      {proposals.length ? (
        <Group title="Your proposals">
          {proposals.map((p) => (
            <RequestLine
              key={p.id}
              request={p.request}
              extra={
                <>
                  <ProposalStatusBadge status={p.status} />
                  <span className="text-sm text-ink-300">{formatPaise(p.pricePaise)}</span>
                </>
              }
            />
          ))}
        </Group>
      ) : null}
    </div>
  );
}
