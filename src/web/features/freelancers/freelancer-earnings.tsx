// The freelancer dashboard's earnings (issue 27): what the ledger owes the freelancer for milestones, pending
// (funded, not yet approved) and available (approved, to be paid out), with a link to the earnings page.
import { useId } from 'react';
import { Link } from 'react-router';
import { formatPaise } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { useFreelancerBalance } from './api';

export function FreelancerEarnings() {
  const id = useId();
  const balance = useFreelancerBalance();
  if (!balance.data) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={`${id}-title`} className="heading-3">
          Earnings
        </h2>
        <Link to={paths.freelancer.earnings} className="text-sm text-accent-300 hover:underline">
          Earnings, payouts and payout details
        </Link>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="glass flex flex-col gap-1 p-4">
          <dt className="text-sm text-ink-300">Pending (milestones not yet approved)</dt>
          <dd className="text-xl font-semibold text-ink-100">{formatPaise(balance.data.pendingPaise)}</dd>
        </div>
        <div className="glass flex flex-col gap-1 p-4">
          <dt className="text-sm text-ink-300">Available (approved, to be paid out)</dt>
          <dd className="text-xl font-semibold text-ink-100">{formatPaise(balance.data.availablePaise)}</dd>
        </div>
      </dl>
    </section>
  );
}
