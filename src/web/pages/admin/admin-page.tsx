// /admin: the company's console (features/admin), with the reported reviews that features/reviews moderates and
// the Finance tab of features/finance.
import { ROUTES } from '#shared/routes.ts';
import { AdminConsole } from '#web/features/admin/admin-console.tsx';
import { FinanceConsole } from '#web/features/finance/finance-console.tsx';
import { ReportedReviewsPanel } from '#web/features/reviews/reported-reviews.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export default function AdminPage() {
  useDocumentTitle(ROUTES.admin.title);
  return <AdminConsole reportedReviews={<ReportedReviewsPanel />} finance={<FinanceConsole />} />;
}
