// /admin: the company's console (features/admin), with the reported reviews that features/reviews moderates and
// the Finance tab of features/finance, with the payouts' batch (features/payouts) and the reconciliation's
// exceptions (features/reconciliation) inside it.
import { ROUTES } from '#shared/routes.ts';
import { AdminConsole } from '#web/features/admin/admin-console.tsx';
import { FinanceConsole } from '#web/features/finance/finance-console.tsx';
import { AdminPayoutsPanel } from '#web/features/payouts/admin-payouts-panel.tsx';
import { ExceptionsPanel } from '#web/features/reconciliation/exceptions-panel.tsx';
import { ReportedReviewsPanel } from '#web/features/reviews/reported-reviews.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export default function AdminPage() {
  useDocumentTitle(ROUTES.admin.title);
  return (
    <AdminConsole
      reportedReviews={<ReportedReviewsPanel />}
      finance={<FinanceConsole payouts={<AdminPayoutsPanel />} exceptions={<ExceptionsPanel />} />}
    />
  );
}
