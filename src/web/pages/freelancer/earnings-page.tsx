// /freelancer/earnings (issue 27): the freelancer's money, as a shark's earnings and payout pages show theirs: the
// balance, a line per paid milestone, the payouts, and where the freelancer is paid. The payout mails link here,
// to #payout-details for a change of details.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PAYOUT_DETAILS_ANCHOR } from '#shared/payouts.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { MilestoneEarnings } from '#web/features/freelancers/milestone-earnings.tsx';
import { useFreelancerEarningLines } from '#web/features/freelancers/api.ts';
import { PayoutDetailsManager } from '#web/features/payouts/payout-details.tsx';
import { PayoutList } from '#web/features/payouts/payout-list.tsx';
import { type PayoutOwner, usePayoutDetails, usePayouts } from '#web/features/payouts/api.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

const OWNER: PayoutOwner = { kind: 'freelancer' };

/**
 * A mail's link to #payout-details: the browser looks for the anchor before the page has loaded its parts, so
 * scroll there once everything above it has its height.
 */
function useScrollToDetails() {
  const { hash } = useLocation();
  const ready = [useFreelancerEarningLines(), usePayouts(OWNER), usePayoutDetails(OWNER)].every(
    (q) => !q.isPending,
  );
  useEffect(() => {
    if (ready && hash === `#${PAYOUT_DETAILS_ANCHOR}`)
      document.getElementById(PAYOUT_DETAILS_ANCHOR)?.scrollIntoView();
  }, [ready, hash]);
}

export default function FreelancerEarningsPage() {
  useDocumentTitle(ROUTES.freelancer.earnings.title);
  useScrollToDetails();
  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelancer</p>
          <h1 className="heading-2 mt-1">Earnings</h1>
          <p className="muted mt-2">
            What clients paid for your milestones, the platform fee and tax inside it, and your share.
          </p>
        </div>
        <Link className="btn-ghost" to={paths.freelancer.dashboard}>
          Dashboard
        </Link>
      </header>
      <MilestoneEarnings />
      <PayoutList owner={OWNER} />
      <section id={PAYOUT_DETAILS_ANCHOR} aria-label="Payout details" className="scroll-mt-24">
        <PayoutDetailsManager owner={OWNER} />
      </section>
    </div>
  );
}
