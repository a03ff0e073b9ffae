// The console's Disputes tab (decision 194): the open disputes, oldest first, each with its milestone, amount,
// parties and the note of who opened it; an admin releases or refunds it with a reason (decision 179).
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { paths } from '#shared/routes.ts';
import { Section } from '#web/components/console-ui.tsx';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useDisputes, useRuleDispute } from './console-api';
import { ConsoleList } from './console-list';
import { formatPaise } from '#shared/money.ts';

const REASON_LABEL = 'Reason (mailed to both parties and kept in the audit log)';

/** The two rulings, each confirmed in a dialog that says what happens to the money. */
const RULINGS = [
  {
    outcome: 'release',
    label: 'Release',
    confirmLabel: 'Release to the freelancer',
    danger: ADMIN_DANGER.releaseMilestone,
  },
  {
    outcome: 'refund',
    label: 'Refund',
    confirmLabel: 'Refund the client',
    danger: ADMIN_DANGER.refundMilestone,
  },
] as const;

export function DisputesPanel() {
  const [page, setPage] = useState(1);
  const list = useDisputes(page);
  const rule = useRuleDispute();
  return (
    <Section
      title="Disputes"
      id="disputes-title"
      intro="Milestones a client or a freelancer took to us, oldest first. Read the engagement, then release the milestone to the freelancer or refund it to the client."
    >
      <ConsoleList
        query={list}
        keyOf={(d) => d.milestoneId}
        noun={['open dispute', 'open disputes']}
        searched={false}
        empty="No open disputes."
        page={page}
        onPage={setPage}
      >
        {(d) => {
          const subject = `the milestone ${d.milestoneTitle} (${formatPaise(d.amountPaise)}) of ${d.engagementTitle}`;
          return (
            <>
              <p className="font-medium text-ink-100 wrap-anywhere">
                {d.milestoneTitle} · {formatPaise(d.amountPaise)}
              </p>
              <p className="muted wrap-anywhere">
                <Link
                  to={paths.engagements.detail(d.engagementId)}
                  className="text-accent-300 hover:underline"
                >
                  {d.engagementTitle}
                </Link>{' '}
                · Client {d.clientName} · Freelancer {d.freelancerName}
                {d.openedAt ? ` · disputed ${formatDateTime(d.openedAt)}` : ''}
              </p>
              <p className="muted mt-1 text-xs">Why it was disputed</p>
              <blockquote className="border-l-2 border-warning-400/50 pl-3 text-ink-100 wrap-anywhere">
                {d.reason || 'No note given.'}
              </blockquote>
              <div className="flex flex-wrap gap-2">
                {RULINGS.map(({ outcome, ...texts }) => (
                  <ReasonAction
                    key={outcome}
                    {...texts}
                    subject={subject}
                    reasonLabel={REASON_LABEL}
                    onConfirm={(reason) => rule.mutateAsync({ id: d.milestoneId, outcome, reason })}
                  />
                ))}
              </div>
            </>
          );
        }}
      </ConsoleList>
    </Section>
  );
}
