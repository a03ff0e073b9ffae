// The admin console's reported reviews: open reports first, each review with its reports' reasons, hidden or
// published again with a reason (mailed to the learner, kept in the audit log). Paged and searched on the server
// (issue 25).
import { useState } from 'react';
import { paths } from '#shared/routes.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Pager, SearchBox, Section } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { useModerateReview, useReportedReviews } from './api';
import { ReviewCard } from './review-card';

export function ReportedReviewsPanel() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const reported = useReportedReviews(q.trim(), page);
  const moderate = useModerateReview();
  return (
    <Section
      title="Reported reviews"
      id="reported-reviews-title"
      intro="Reviews someone reported, open reports first. Hiding takes a review off the profile and out of the average; the learner is told the reason."
    >
      <SearchBox
        label="Search reported reviews by text, shark or learner"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <div className="mt-4">
        {reported.isPending ? (
          <Spinner label="Loading reported reviews" />
        ) : reported.isError ? (
          <ErrorState message={errorMessage(reported.error)} onRetry={() => void reported.refetch()} />
        ) : reported.data.items.length === 0 ? (
          <p className="muted text-sm">
            {q.trim()
              ? 'No reported review matches this search.'
              : 'No reported reviews. Reports from learners and sharks appear here.'}
          </p>
        ) : (
          <>
            <p className="muted text-sm" role="status">
              {reported.data.total === 1 ? '1 reported review' : `${reported.data.total} reported reviews`}
              {q.trim() ? (reported.data.total === 1 ? ' matches this search' : ' match this search') : ''}
            </p>
            <ul className="mt-3 flex flex-col gap-4" aria-label="Reported reviews">
              {reported.data.items.map((r) => (
                <li key={r.id}>
                  <ReviewCard
                    review={r}
                    sharkName={r.sharkName}
                    badge={
                      <>
                        <a
                          href={paths.sharks.profile(r.sharkId)}
                          className="text-sm text-accent-300 hover:underline"
                        >
                          of {r.sharkName}
                        </a>
                        {r.hidden ? (
                          <span className="rounded-full border border-danger-400/40 px-2 py-0.5 text-xs text-danger-400">
                            Hidden
                          </span>
                        ) : null}
                        {r.openReports > 0 ? (
                          <span className="rounded-full border border-warning-400/40 px-2 py-0.5 text-xs text-warning-400">
                            {r.openReports} open {r.openReports === 1 ? 'report' : 'reports'}
                          </span>
                        ) : null}
                      </>
                    }
                  >
                    <div className="flex flex-col gap-1 text-sm">
                      <p className="font-medium text-ink-100">Reports</p>
                      <ul className="flex flex-col gap-1">
                        {r.reports.map((report, i) => (
                          <li key={i} className="muted break-words">
                            {formatDateTime(report.at)}: {report.reason}
                          </li>
                        ))}
                      </ul>
                      {r.hidden && r.hiddenReason ? (
                        <p className="text-danger-400">Hidden: {r.hiddenReason}</p>
                      ) : null}
                    </div>
                    <ReasonAction
                      label={r.hidden ? 'Publish again' : 'Hide'}
                      confirmLabel={r.hidden ? 'Publish the review again' : 'Hide the review'}
                      subject={`the review by ${r.authorName}`}
                      danger={r.hidden ? undefined : ADMIN_DANGER.hideReview}
                      onConfirm={(reason) =>
                        moderate.mutateAsync({ reviewId: r.id, hidden: !r.hidden, reason })
                      }
                    />
                  </ReviewCard>
                </li>
              ))}
            </ul>
            <Pager
              label="Reported review pages"
              page={page}
              total={reported.data.total}
              pageSize={reported.data.pageSize}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </Section>
  );
}
