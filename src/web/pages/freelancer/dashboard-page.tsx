// /freelancer/dashboard: the freelancer's profile at a glance and where to go next. Like the spec's original,
// the page checks the freelancer role itself too (the route guard is only one layer).
import { FreelancerDashboard } from '#web/features/freelancers/freelancer-dashboard.tsx';

export default function FreelancerDashboardPage() {
  return <FreelancerDashboard />;
}
