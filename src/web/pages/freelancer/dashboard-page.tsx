// /freelancer/dashboard: the freelancer's profile at a glance, open proposals, active engagements, earnings. Like the spec's original,
// the page checks the freelancer role itself too (the route guard is only one layer).
import { FreelancerDashboard } from '#web/features/freelancers/freelancer-dashboard.tsx';
import { FreelancerEarnings } from '#web/features/freelancers/freelancer-earnings.tsx';
import { MyEngagements } from '#web/features/engagements/engagement-view.tsx';
import { OpenProposals } from '#web/features/proposals/open-proposals.tsx';
import { useSession } from '#web/features/viewer/api.ts';

export default function FreelancerDashboardPage() {
  const session = useSession();
  return (
    <>
      <FreelancerDashboard />
      {session.data?.roles.includes('freelancer') ? (
        <div className="container-page flex flex-col gap-8 pb-10">
          <OpenProposals />
          <MyEngagements title="Active engagements" role="freelancer" activeOnly />
          <FreelancerEarnings />
        </div>
      ) : null}
    </>
  );
}
