// /freelancer/dashboard: the freelancer's profile at a glance and where to go next. Like the spec's original,
// the page checks the freelancer role itself too (the route guard is only one layer).
import { FreelancerDashboard } from '#web/features/freelancers/freelancer-dashboard.tsx';
import { MyEngagements } from '#web/features/engagements/engagement-view.tsx';
import { useSession } from '#web/features/viewer/api.ts';

export default function FreelancerDashboardPage() {
  const session = useSession();
  return (
    <>
      <FreelancerDashboard />
      {session.data?.roles.includes('freelancer') ? (
        <div className="container-page pb-10">
          <MyEngagements title="Active engagements" role="freelancer" activeOnly />
        </div>
      ) : null}
    </>
  );
}
