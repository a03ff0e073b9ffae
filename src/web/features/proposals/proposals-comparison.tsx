// The client's side of a request (issue 27): its proposals side by side (price, days, milestones, the
// freelancer's name, headline, verified credentials and rating), shortlist, accept, and the thread with a
// shortlisted freelancer.
import { useId, useState } from 'react';
import type { RequestStatus } from '#shared/client-requests.ts';
import { PROPOSAL_STATUS_LABELS, type ClientProposal, type ProposalStatus } from '#shared/proposals.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatRating, formatReviewCount } from '#web/lib/format.ts';
import { useClientProposals, useProposalAction } from './api';
import { ProposalThread } from './proposal-thread';
import { formatPaise } from '#shared/money.ts';

const TONE: Record<ProposalStatus, string> = {
  submitted: 'border-white/15 text-ink-300',
  shortlisted: 'border-accent-400/50 text-accent-300',
  accepted: 'border-success-400/40 text-success-400',
  not_chosen: 'border-white/15 text-ink-300',
  withdrawn: 'border-white/15 text-ink-300',
};

export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs ${TONE[status]}`}>
      {PROPOSAL_STATUS_LABELS[status]}
    </span>
  );
}

export function ProposalsComparison({
  requestId,
  requestStatus,
  canAct,
}: {
  requestId: string;
  requestStatus: RequestStatus;
  /** The request's client acts; an admin only reads. */
  canAct: boolean;
}) {
  const list = useClientProposals(requestId);
  if (list.isPending) return <Spinner label="Loading proposals" />;
  if (list.isError)
    return <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  return (
    <section aria-labelledby="proposals-title" className="flex flex-col gap-4">
      <h2 id="proposals-title" className="heading-3">
        Proposals ({list.data.length})
      </h2>
      {list.data.length === 0 ? (
        <EmptyState title="No proposals yet">
          {requestStatus === 'draft'
            ? 'Post the request so that freelancers can see it and propose.'
            : 'Freelancers who offer this service can see your request; their proposals will appear here to compare.'}
        </EmptyState>
      ) : (
        <ul
          aria-label="Proposals side by side"
          className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
        >
          {list.data.map((p) => (
            <ProposalCard
              key={p.id}
              proposal={p}
              canAct={canAct && requestStatus === 'open'}
              canMessage={canAct}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ProposalCard({
  proposal: p,
  canAct,
  canMessage,
}: {
  proposal: ClientProposal;
  canAct: boolean;
  canMessage: boolean;
}) {
  const id = useId();
  const action = useProposalAction();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const act = (kind: 'shortlist' | 'accept') =>
    action.mutate(
      { id: p.id, action: kind },
      {
        onSuccess: (r) => toast(r.message, 'success'),
        onError: (err) => toast(errorMessage(err), 'error'),
        onSettled: () => setConfirming(false),
      },
    );
  const live = p.status === 'submitted' || p.status === 'shortlisted';
  return (
    <li className="glass flex flex-col gap-4 p-5" aria-labelledby={`${id}-name`}>
      <header className="flex flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span id={`${id}-name`} className="font-semibold text-ink-100">
            {p.freelancer.name}
          </span>
          <ProposalStatusBadge status={p.status} />
        </p>
        {p.freelancer.headline ? <p className="muted text-sm">{p.freelancer.headline}</p> : null}
      </header>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="muted">Price</dt>
          <dd className="text-lg font-semibold text-ink-100">{formatPaise(p.pricePaise)}</dd>
        </div>
        <div>
          <dt className="muted">Days</dt>
          <dd className="text-lg font-semibold text-ink-100">{p.days}</dd>
        </div>
        <div>
          <dt className="muted">Verified credentials</dt>
          <dd className="text-ink-100">{p.freelancer.verifiedCredentials || 'None yet'}</dd>
        </div>
        <div>
          <dt className="muted">Rating</dt>
          <dd className="text-ink-100">
            {p.freelancer.rating === null
              ? 'New'
              : `${formatRating(p.freelancer.rating)} · ${formatReviewCount(p.freelancer.reviewCount)}`}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="mb-1 text-sm font-medium text-ink-100">Milestones</h3>
        <ol className="flex flex-col gap-1 text-sm">
          {p.milestones.map((m, i) => (
            <li key={i} className="flex justify-between gap-3">
              <span className="text-ink-300">
                {i + 1}. {m.title}
              </span>
              <span className="text-ink-100 tabular-nums">{formatPaise(m.amountPaise)}</span>
            </li>
          ))}
        </ol>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-ink-100">Approach</summary>
        <p className="mt-2 whitespace-pre-line text-ink-300">{p.approach}</p>
      </details>
      {canAct && live ? (
        <div className="mt-auto flex flex-wrap gap-2">
          {p.status === 'submitted' ? (
            <button
              type="button"
              className="btn-ghost"
              disabled={action.isPending}
              onClick={() => act('shortlist')}
            >
              Shortlist
            </button>
          ) : null}
          {confirming ? (
            <>
              <button
                type="button"
                className="btn-primary"
                disabled={action.isPending}
                onClick={() => act('accept')}
              >
                Yes, accept {p.freelancer.name}
              </button>
              <button type="button" className="btn-ghost" onClick={() => setConfirming(false)}>
                Not now
              </button>
            </>
          ) : (
            <button type="button" className="btn-primary" onClick={() => setConfirming(true)}>
              Accept
            </button>
          )}
        </div>
      ) : null}
      {canMessage && (p.status === 'shortlisted' || p.status === 'accepted') ? (
        <ProposalThread proposalId={p.id} with={p.freelancer.name} />
      ) : null}
    </li>
  );
}
