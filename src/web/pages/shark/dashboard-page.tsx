// /shark/dashboard: the spec's numbers (upcoming = confirmed sessions ahead, completed, earnings = completed
// sessions' total, average rating), what is booked but not yet held and the requests awaiting an answer (kept
// apart from earnings), then the first sessions of each group (needing an answer, upcoming, past) with its
// count, from the dashboard's own answer: the full lists are on the enrollments page.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { SharkDashboard } from '#web/features/workspace/shark-dashboard.tsx';

export default function DashboardPage() {
  useDocumentTitle(ROUTES.shark.dashboard.title);
  return <SharkDashboard />;
}
