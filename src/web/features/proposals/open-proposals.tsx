// The freelancer dashboard's open proposals (issue 27): those still submitted or shortlisted, each linking its
// request. Nothing when there is none.
import { useId } from 'react';
import { Link } from 'react-router';
import { PROPOSAL_STATUS_LABELS } from '#shared/proposals.ts';
import { paths } from '#shared/routes.ts';
import { useFreelancerArea } from './api';
import { formatPaise } from '#shared/money.ts';

export function OpenProposals() {
  const id = useId();
  const area = useFreelancerArea();
  const open = (area.data?.proposals ?? []).filter(
    (p) => p.status === 'submitted' || p.status === 'shortlisted',
  );
  if (!open.length) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="heading-3">
        Open proposals
      </h2>
      <ul className="flex flex-col gap-2">
        {open.map((p) => (
          <li key={p.id} className="glass flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
            <Link
              to={paths.freelancer.clientRequest(p.requestId)}
              className="font-medium text-accent-300 hover:underline"
            >
              {p.request.title}
            </Link>
            <span className="text-ink-300">
              {formatPaise(p.pricePaise)} · {PROPOSAL_STATUS_LABELS[p.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
